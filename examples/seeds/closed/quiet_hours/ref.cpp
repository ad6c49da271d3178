#include <bits/stdc++.h>
using namespace std;

int main() {
    const long long MOD = 1000000007;
    int n, k;
    scanf("%d %d", &n, &k);
    // f[i] = 2 f[i-1] - f[i-1-k]: a string of length i-1 extended by any letter, minus those that
    // now end in exactly k ones (a valid prefix of length i-1-k, a '0', then k ones); f[-1] = 1.
    vector<long long> f(n + 1);
    f[0] = 1;
    for (int i = 1; i <= n; i++) {
        long long drop = i - 1 - k >= 0 ? f[i - 1 - k] : (i - 1 - k == -1 ? 1 : 0);
        f[i] = ((2 * f[i - 1] - drop) % MOD + MOD) % MOD;
    }
    printf("%lld\n", f[n]);
}
