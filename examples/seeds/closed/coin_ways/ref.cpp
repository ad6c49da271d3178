#include <bits/stdc++.h>
using namespace std;

int main() {
    const int MOD = 1000000007;
    int n, S;
    scanf("%d %d", &n, &S);
    vector<int> ways(S + 1, 0);
    ways[0] = 1;
    // Denominations in the outer loop, so each multiset is counted once.
    for (int i = 0; i < n; i++) {
        int c;
        scanf("%d", &c);
        for (int s = c; s <= S; s++) ways[s] = (ways[s] + ways[s - c]) % MOD;
    }
    printf("%d\n", ways[S]);
}
