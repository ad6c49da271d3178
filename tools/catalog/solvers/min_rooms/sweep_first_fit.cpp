// Start-time sweep, lowest-numbered free room (linear scan over rooms' last end times).
#include <bits/stdc++.h>
using namespace std;
int main() {
    int n;
    scanf("%d", &n);
    vector<array<int, 3>> iv(n);
    for (int i = 0; i < n; i++) scanf("%d %d", &iv[i][0], &iv[i][1]), iv[i][2] = i;
    sort(iv.begin(), iv.end());
    vector<int> lastEnd, room(n);
    for (auto& [s, e, i] : iv) {
        size_t r = 0;
        while (r < lastEnd.size() && lastEnd[r] > s) r++;
        if (r == lastEnd.size()) lastEnd.push_back(e);
        else lastEnd[r] = e;
        room[i] = r + 1;
    }
    for (int i = 0; i < n; i++) printf("%d%c", room[i], i + 1 == n ? '\n' : ' ');
}
