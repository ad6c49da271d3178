// coin_change reference: unbounded-coin DP over amounts with the last coin recorded for the walk back.
#include <bits/stdc++.h>
using namespace std;

int main() {
    int n, A;
    if (scanf("%d %d", &n, &A) != 2) return 0;
    vector<int> c(n);
    for (auto& x : c) scanf("%d", &x);
    const int INF = INT_MAX / 2;
    vector<int> dp(A + 1, INF), last(A + 1, -1);
    dp[0] = 0;
    for (int a = 1; a <= A; a++)
        for (int x : c)
            if (x <= a && dp[a - x] + 1 < dp[a]) { dp[a] = dp[a - x] + 1; last[a] = x; }
    if (dp[A] >= INF) { printf("-1\n"); return 0; }
    vector<int> coins;
    for (int a = A; a > 0; a -= last[a]) coins.push_back(last[a]);
    printf("%zu\n", coins.size());
    for (size_t i = 0; i < coins.size(); i++) printf("%d%c", coins[i], i + 1 < coins.size() ? ' ' : '\n');
    if (coins.empty()) printf("\n");
}
