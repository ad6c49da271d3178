// Weaker: by deadline (ties: the more profitable first), keeping a job only if it can still finish on time.
#include <bits/stdc++.h>
using namespace std;
int main() {
    int n;
    if (scanf("%d", &n) != 1) return 0;
    vector<long long> d(n), p(n);
    for (int i = 0; i < n; i++) scanf("%lld %lld", &d[i], &p[i]);
    vector<int> idx(n);
    iota(idx.begin(), idx.end(), 0);
    stable_sort(idx.begin(), idx.end(), [&](int a, int b) { return d[a] != d[b] ? d[a] < d[b] : p[a] > p[b]; });
    vector<int> on_time, late;
    for (int j : idx) ((long long)on_time.size() + 1 <= d[j] ? on_time : late).push_back(j);
    bool first = true;
    for (int j : on_time) { printf(first ? "%d" : " %d", j + 1); first = false; }
    for (int j : late) printf(" %d", j + 1);
    printf("\n");
}
