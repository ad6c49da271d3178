// Coin-system design by greedy forward selection: from {1}, add the denomination whose incremental DP
// (dp'[v] = min(dp[v], dp'[v-c] + 1)) lowers the weighted coin total most, until k coins or no gain.
#include <bits/stdc++.h>
using namespace std;

int main() {
    int k, m;
    if (scanf("%d %d", &k, &m) != 2) return 0;
    vector<int> a(m);
    int A = 0;
    for (auto &x : a) { scanf("%d", &x); A = max(A, x); }
    vector<long long> cnt(A + 1, 0);
    for (int x : a) cnt[x]++;
    vector<int> dp(A + 1), nd(A + 1);
    for (int v = 0; v <= A; v++) dp[v] = v;  // only the coin 1
    vector<int> chosen{1};
    while ((int)chosen.size() < k) {
        long long bestCost = LLONG_MAX; int bestC = -1;
        long long cur = 0;
        for (int v = 1; v <= A; v++) cur += cnt[v] * dp[v];
        for (int c = 2; c <= A; c++) {
            if (find(chosen.begin(), chosen.end(), c) != chosen.end()) continue;
            long long cost = 0;
            for (int v = 0; v <= A; v++) {
                nd[v] = dp[v];
                if (v >= c && nd[v - c] + 1 < nd[v]) nd[v] = nd[v - c] + 1;
                cost += cnt[v] * nd[v];
            }
            if (cost < bestCost) { bestCost = cost; bestC = c; }
        }
        if (bestC < 0 || bestCost >= cur) break;
        chosen.push_back(bestC);
        for (int v = bestC; v <= A; v++) dp[v] = min(dp[v], dp[v - bestC] + 1);
    }
    printf("%d", (int)chosen.size());
    for (int c : chosen) printf(" %d", c);
    printf("\n");
}
