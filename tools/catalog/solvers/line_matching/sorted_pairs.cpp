// Exact: sort worker and job indices by position and pair them in order.
#include <bits/stdc++.h>
using namespace std;
int main() {
    int n;
    if (scanf("%d", &n) != 1) return 0;
    vector<long long> a(n), b(n);
    for (auto& x : a) scanf("%lld", &x);
    for (auto& x : b) scanf("%lld", &x);
    vector<int> wi(n), ji(n), job(n);
    iota(wi.begin(), wi.end(), 0);
    iota(ji.begin(), ji.end(), 0);
    sort(wi.begin(), wi.end(), [&](int x, int y) { return a[x] < a[y]; });
    sort(ji.begin(), ji.end(), [&](int x, int y) { return b[x] < b[y]; });
    for (int k = 0; k < n; k++) job[wi[k]] = ji[k] + 1;
    for (int i = 0; i < n; i++) printf(i ? " %d" : "%d", job[i]);
    printf("\n");
}
