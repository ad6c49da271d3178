// Weaker idea: process meetings by END time, lowest-numbered room that fits (rooms keep sorted sets).
#include <bits/stdc++.h>
using namespace std;
int main() {
    int n;
    scanf("%d", &n);
    vector<array<int, 3>> iv(n);
    for (int i = 0; i < n; i++) scanf("%d %d", &iv[i][0], &iv[i][1]), iv[i][2] = i;
    sort(iv.begin(), iv.end(), [](auto& a, auto& b) { return a[1] < b[1] || (a[1] == b[1] && a[0] < b[0]); });
    vector<set<pair<int, int>>> rooms;
    vector<int> room(n);
    for (auto& [s, e, i] : iv) {
        size_t r = 0;
        for (; r < rooms.size(); r++) {
            auto it = rooms[r].lower_bound({s, INT_MIN});
            bool ok = (it == rooms[r].end() || e <= it->first) && (it == rooms[r].begin() || prev(it)->second <= s);
            if (ok) break;
        }
        if (r == rooms.size()) rooms.emplace_back();
        rooms[r].insert({s, e});
        room[i] = r + 1;
    }
    for (int i = 0; i < n; i++) printf("%d%c", room[i], i + 1 == n ? '\n' : ' ');
}
