// Weaker: the seed's greedy (earliest end first, every request that fits), blind to the payments.
#include <bits/stdc++.h>
using namespace std;
int main() {
    int n;
    if (scanf("%d", &n) != 1) return 0;
    vector<array<long long, 3>> r(n);
    for (int i = 0; i < n; i++) { long long w; scanf("%lld %lld %lld", &r[i][1], &r[i][0], &w); r[i][2] = i + 1; }
    sort(r.begin(), r.end());
    vector<long long> chosen;
    long long end = -1;
    for (auto& x : r)
        if (x[1] >= end) { chosen.push_back(x[2]); end = x[0]; }
    printf("%zu\n", chosen.size());
    for (size_t i = 0; i < chosen.size(); i++) printf(i ? " %lld" : "%lld", chosen[i]);
    printf("\n");
}
