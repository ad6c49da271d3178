// lcs reference: suffix DP in a 16-bit table (3001 x 3001), then a forward walk that rebuilds one LCS.
#include <bits/stdc++.h>
using namespace std;

int main() {
    int n, m;
    if (scanf("%d %d", &n, &m) != 2) return 0;
    static char bufa[4000], bufb[4000];
    scanf("%3999s %3999s", bufa, bufb);
    string a(bufa), b(bufb);
    vector<vector<uint16_t>> dp(n + 1, vector<uint16_t>(m + 1, 0));
    for (int i = n - 1; i >= 0; i--)
        for (int j = m - 1; j >= 0; j--)
            dp[i][j] = a[i] == b[j] ? dp[i + 1][j + 1] + 1 : max(dp[i + 1][j], dp[i][j + 1]);
    string s;
    int i = 0, j = 0;
    while (i < n && j < m) {
        if (a[i] == b[j]) { s += a[i]; i++; j++; }
        else if (dp[i + 1][j] >= dp[i][j + 1]) i++;
        else j++;
    }
    printf("%zu\n", s.size());
    if (!s.empty()) printf("%s\n", s.c_str());
}
