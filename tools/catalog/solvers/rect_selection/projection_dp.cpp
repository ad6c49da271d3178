// Exact weighted interval scheduling on each projection (x and y); keep the better, then fill greedily.
#include <bits/stdc++.h>
using namespace std;
int n;
vector<array<int, 5>> r;
bool overlap(int a, int b) {
    return r[a][0] < r[b][2] && r[b][0] < r[a][2] && r[a][1] < r[b][3] && r[b][1] < r[a][3];
}
vector<int> wis(int lo, int hi) {  // lo/hi = coordinate index (0,2) or (1,3)
    vector<int> idx(n);
    iota(idx.begin(), idx.end(), 0);
    sort(idx.begin(), idx.end(), [&](int a, int b) { return r[a][hi] < r[b][hi]; });
    vector<long long> dp(n + 1, 0);
    vector<int> take(n + 1, 0), prv(n + 1, 0);
    vector<int> ends(n);
    for (int i = 0; i < n; i++) ends[i] = r[idx[i]][hi];
    for (int i = 1; i <= n; i++) {
        int id = idx[i - 1];
        int p = upper_bound(ends.begin(), ends.end(), r[id][lo]) - ends.begin();  // items ending <= start
        prv[i] = p;
        long long with = dp[p] + r[id][4];
        if (with > dp[i - 1]) dp[i] = with, take[i] = 1;
        else dp[i] = dp[i - 1];
    }
    vector<int> out;
    for (int i = n; i > 0;) {
        if (take[i]) out.push_back(idx[i - 1]), i = prv[i];
        else i--;
    }
    return out;
}
int main() {
    scanf("%d", &n);
    r.resize(n);
    for (auto& a : r) for (int j = 0; j < 5; j++) scanf("%d", &a[j]);
    vector<int> best;
    long long bestW = -1;
    for (int axis = 0; axis < 2; axis++) {
        vector<int> s = wis(axis, axis + 2);
        vector<char> in(n, 0);
        for (int i : s) in[i] = 1;
        vector<int> order(n);
        iota(order.begin(), order.end(), 0);
        sort(order.begin(), order.end(), [&](int a, int b) { return r[a][4] > r[b][4] || (r[a][4] == r[b][4] && a < b); });
        for (int i : order) {
            if (in[i]) continue;
            bool ok = true;
            for (int j : s) if (overlap(i, j)) { ok = false; break; }
            if (ok) s.push_back(i), in[i] = 1;
        }
        long long w = 0;
        for (int i : s) w += r[i][4];
        if (w > bestW) bestW = w, best = s;
    }
    sort(best.begin(), best.end());
    printf("%d\n", (int)best.size());
    for (size_t i = 0; i < best.size(); i++) printf("%d%c", best[i] + 1, i + 1 == best.size() ? '\n' : ' ');
}
