// Weaker: sweep by start; a booking no moment sees yet is stabbed at its last instant.
#include <bits/stdc++.h>
using namespace std;
int main() {
    int n;
    if (scanf("%d", &n) != 1) return 0;
    vector<pair<long long, long long>> v(n);
    for (auto& x : v) scanf("%lld %lld", &x.first, &x.second);
    sort(v.begin(), v.end());
    set<long long> pts;
    for (auto& [s, e] : v) {
        auto it = pts.lower_bound(s);
        if (it == pts.end() || *it >= e) pts.insert(e - 1);
    }
    printf("%zu\n", pts.size());
    bool first = true;
    for (long long p : pts) { printf(first ? "%lld" : " %lld", p); first = false; }
    printf("\n");
}
