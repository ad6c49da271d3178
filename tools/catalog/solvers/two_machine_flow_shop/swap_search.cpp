// Weaker: adjacent-swap local search from the input order, a bounded number of passes.
#include <bits/stdc++.h>
using namespace std;
static long long makespan(const vector<int>& o, const vector<long long>& a, const vector<long long>& b) {
    long long f = 0, s = 0;
    for (int j : o) { f += a[j]; s = max(s, f) + b[j]; }
    return s;
}
int main() {
    int n;
    if (scanf("%d", &n) != 1) return 0;
    vector<long long> a(n), b(n);
    for (int i = 0; i < n; i++) scanf("%lld %lld", &a[i], &b[i]);
    vector<int> o(n);
    iota(o.begin(), o.end(), 0);
    long long best = makespan(o, a, b);
    for (int pass = 0; pass < 3; pass++) {
        bool better = false;
        for (int i = 0; i + 1 < n; i++) {
            swap(o[i], o[i + 1]);
            long long m = makespan(o, a, b);
            if (m < best) { best = m; better = true; }
            else swap(o[i], o[i + 1]);
        }
        if (!better) break;
    }
    for (int i = 0; i < n; i++) printf(i ? " %d" : "%d", o[i] + 1);
    printf("\n");
}
