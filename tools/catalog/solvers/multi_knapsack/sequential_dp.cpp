// Multiple knapsack: fill the knapsacks one at a time, largest capacity first, each with an exact 0/1
// knapsack DP over the items not yet packed; then sweep again, re-solving each knapsack over its own
// items plus the unpacked pool, until a sweep gains nothing.
#include <bits/stdc++.h>
using namespace std;

int main() {
    int n, k;
    if (scanf("%d %d", &n, &k) != 2) return 0;
    vector<int> cap(k), w(n); vector<long long> p(n);
    for (auto &c : cap) scanf("%d", &c);
    for (int i = 0; i < n; i++) scanf("%d %lld", &w[i], &p[i]);
    vector<int> order(k), out(n, 0);
    iota(order.begin(), order.end(), 0);
    stable_sort(order.begin(), order.end(), [&](int a, int b) { return cap[a] > cap[b]; });
    // solve knapsack j exactly over its current items plus the unpacked pool; never loses profit
    auto refill = [&](int j) {
        vector<int> items;
        for (int i = 0; i < n; i++) if ((out[i] == 0 || out[i] == j + 1) && w[i] <= cap[j]) items.push_back(i);
        for (int i : items) out[i] = 0;
        int C = cap[j], m = items.size();
        long long totalW = 0;
        for (int i : items) totalW += w[i];
        if (totalW <= C) { for (int i : items) out[i] = j + 1; return; }
        vector<long long> dp(C + 1, 0);
        vector<vector<char>> take(m, vector<char>(C + 1, 0));
        for (int t = 0; t < m; t++) {
            int wi = w[items[t]]; long long pi = p[items[t]];
            for (int c = C; c >= wi; c--) if (dp[c - wi] + pi > dp[c]) { dp[c] = dp[c - wi] + pi; take[t][c] = 1; }
        }
        int c = C;
        for (int t = m - 1; t >= 0; t--) if (take[t][c]) { out[items[t]] = j + 1; c -= w[items[t]]; }
    };
    auto total = [&]() { long long s = 0; for (int i = 0; i < n; i++) if (out[i]) s += p[i]; return s; };
    for (int j : order) refill(j);
    // block-coordinate sweeps: re-solving one knapsack against the pool can pull in better leftovers
    for (int sweep = 0; sweep < 4; sweep++) {
        long long before = total();
        for (int j : order) refill(j);
        if (total() == before) break;
    }
    for (int i = 0; i < n; i++) printf("%d%c", out[i], i + 1 < n ? ' ' : '\n');
}
