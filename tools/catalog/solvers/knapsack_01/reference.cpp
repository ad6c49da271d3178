// knapsack_01 reference: full DP table over (items, capacity), then backtrack the choices.
#include <bits/stdc++.h>
using namespace std;

int main() {
    int n, W;
    if (scanf("%d %d", &n, &W) != 2) return 0;
    vector<int> w(n + 1);
    vector<long long> v(n + 1);
    for (int i = 1; i <= n; i++) scanf("%d %lld", &w[i], &v[i]);
    vector<vector<long long>> dp(n + 1, vector<long long>(W + 1, 0));
    for (int i = 1; i <= n; i++)
        for (int c = 0; c <= W; c++) {
            dp[i][c] = dp[i - 1][c];
            if (c >= w[i]) dp[i][c] = max(dp[i][c], dp[i - 1][c - w[i]] + v[i]);
        }
    vector<int> chosen;
    for (int i = n, c = W; i >= 1; i--)
        if (dp[i][c] != dp[i - 1][c]) { chosen.push_back(i); c -= w[i]; }
    reverse(chosen.begin(), chosen.end());
    printf("%zu\n", chosen.size());
    for (size_t i = 0; i < chosen.size(); i++) printf("%d%c", chosen[i], i + 1 < chosen.size() ? ' ' : '\n');
}
