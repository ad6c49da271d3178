#include <bits/stdc++.h>
using namespace std;

int main() {
    int n;
    scanf("%d", &n);
    vector<vector<long long>> c(n, vector<long long>(n));
    for (auto &row : c)
        for (auto &x : row) scanf("%lld", &x);
    // best[mask]: translators 0..popcount(mask)-1 hold exactly the documents in mask.
    vector<long long> best(1 << n, LLONG_MAX);
    best[0] = 0;
    for (int mask = 0; mask < (1 << n); mask++) {
        if (best[mask] == LLONG_MAX) continue;
        int i = __builtin_popcount(mask);
        if (i == n) continue;
        for (int j = 0; j < n; j++)
            if (!(mask >> j & 1)) best[mask | 1 << j] = min(best[mask | 1 << j], best[mask] + c[i][j]);
    }
    printf("%lld\n", best[(1 << n) - 1]);
}
