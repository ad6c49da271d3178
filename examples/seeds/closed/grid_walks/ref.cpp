#include <bits/stdc++.h>
using namespace std;

int main() {
    const long long MOD = 1000000007;
    int n, m;
    cin >> n >> m;
    vector<string> grid(n);
    for (auto &row : grid) cin >> row;
    vector<long long> ways(m, 0);
    ways[0] = 1;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < m; j++) {
            if (grid[i][j] == '#') ways[j] = 0;
            else if (j > 0) ways[j] = (ways[j] + ways[j - 1]) % MOD;
        }
    cout << ways[m - 1] << "\n";
}
