// Weighted tardiness: simulated annealing over permutations with swap moves; a swap of positions i < j
// only changes completion times inside [i, j], so only that segment is re-evaluated. Starts from EDD.
#include <bits/stdc++.h>
using namespace std;

int n;
vector<long long> P, Dd, Wt;

int main() {
    if (scanf("%d", &n) != 1) return 0;
    P.resize(n); Dd.resize(n); Wt.resize(n);
    for (int i = 0; i < n; i++) scanf("%lld %lld %lld", &P[i], &Dd[i], &Wt[i]);
    vector<int> s(n);
    iota(s.begin(), s.end(), 0);
    stable_sort(s.begin(), s.end(), [&](int a, int b) { return Dd[a] < Dd[b]; });
    vector<long long> start(n + 1, 0);  // start[k] = completion of the first k jobs
    auto rebuild = [&]() { for (int k = 0; k < n; k++) start[k + 1] = start[k] + P[s[k]]; };
    rebuild();
    long long cur = 0;
    for (int k = 0; k < n; k++) cur += Wt[s[k]] * max(0LL, start[k + 1] - Dd[s[k]]);
    long long best = cur;
    vector<int> bestS = s;
    mt19937 rng(7);
    double avgW = 0;
    for (int i = 0; i < n; i++) avgW += Wt[i] * P[i];
    avgW /= n;
    double T0 = avgW * 2, T1 = max(0.5, avgW * 0.002);
    const long iters = 600000;
    for (long it = 0; it < iters; it++) {
        double T = T0 * pow(T1 / T0, (double)it / iters);
        int i = rng() % n, span = 1 + rng() % min(n - 1, 30);
        int j = min(n - 1, i + span);
        if (i == j) continue;
        long long before = 0, after = 0, t = start[i];
        for (int k = i; k <= j; k++) before += Wt[s[k]] * max(0LL, start[k + 1] - Dd[s[k]]);
        swap(s[i], s[j]);
        for (int k = i; k <= j; k++) { t += P[s[k]]; after += Wt[s[k]] * max(0LL, t - Dd[s[k]]); }
        long long d = after - before;
        if (d <= 0 || (rng() % 1000000) / 1e6 < exp(-d / T)) {
            t = start[i];
            for (int k = i; k <= j; k++) { t += P[s[k]]; start[k + 1] = t; }
            cur += d;
            if (cur < best) { best = cur; bestS = s; }
        } else swap(s[i], s[j]);
    }
    for (int k = 0; k < n; k++) printf("%d%c", bestS[k] + 1, k + 1 < n ? ' ' : '\n');
}
