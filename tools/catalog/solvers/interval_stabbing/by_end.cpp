// Exact: sort by (end, start); stab each booking not yet seen at end - 1.
#include <bits/stdc++.h>
using namespace std;
int main() {
    int n;
    if (scanf("%d", &n) != 1) return 0;
    vector<pair<long long, long long>> v(n);
    for (auto& x : v) scanf("%lld %lld", &x.second, &x.first);
    sort(v.begin(), v.end());
    vector<long long> pts;
    long long last = -1;
    for (auto& [e, s] : v)
        if (last < s) { last = e - 1; pts.push_back(last); }
    printf("%zu\n", pts.size());
    for (size_t i = 0; i < pts.size(); i++) printf(i ? " %lld" : "%lld", pts[i]);
    printf("\n");
}
