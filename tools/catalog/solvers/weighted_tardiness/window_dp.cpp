// Weighted tardiness: start from the best of EDD, modified-due-date and ATC dispatch orders, then re-sequence each window of
// K consecutive jobs optimally with a DP over subsets (the window's start time is fixed), alternating with
// a pairwise-interchange descent, until neither neighbourhood improves.
#include <bits/stdc++.h>
using namespace std;

int main() {
    int n;
    if (scanf("%d", &n) != 1) return 0;
    vector<long long> P(n), D(n), W(n);
    for (int i = 0; i < n; i++) scanf("%lld %lld %lld", &P[i], &D[i], &W[i]);
    auto cost = [&](const vector<int> &o) {
        long long t = 0, c = 0;
        for (int j : o) { t += P[j]; c += W[j] * max(0LL, t - D[j]); }
        return c;
    };
    // start from the best of three dispatch rules: EDD, modified due date, apparent tardiness cost
    vector<int> s(n);
    iota(s.begin(), s.end(), 0);
    stable_sort(s.begin(), s.end(), [&](int a, int b) { return D[a] < D[b]; });
    double pbar = 0;
    for (int j = 0; j < n; j++) pbar += P[j];
    pbar /= n;
    for (int rule = 0; rule < 4; rule++) {
        vector<int> o;
        vector<char> used(n, 0);
        long long t = 0;
        for (int k = 0; k < n; k++) {
            int bj = -1; double bv = 0;
            for (int j = 0; j < n; j++) if (!used[j]) {
                double v = rule == 0 ? (double)max(D[j], t + P[j]) / W[j]
                                     : -(double)W[j] / P[j] * exp(-max(0.0, (double)(D[j] - P[j] - t)) / (rule * pbar));
                if (bj < 0 || v < bv) { bv = v; bj = j; }
            }
            used[bj] = 1; o.push_back(bj); t += P[bj];
        }
        if (cost(o) < cost(s)) s = o;
    }
    const int K = min(n, 10);
    vector<long long> f(1 << K), sum(1 << K);
    vector<int> from(1 << K);
    // variable neighbourhood descent: exact window re-sequencing, then pairwise interchanges of jobs
    // at most R positions apart; repeat while either improves
    const int R = 40;
    vector<long long> start(n + 1);
    for (int round = 0; round < 60; round++) {
        bool improved = false;
        for (int a = 0; a + K <= n;) {
            long long t0 = 0;
            for (int k = 0; k < a; k++) t0 += P[s[k]];
            vector<int> job(s.begin() + a, s.begin() + a + K);
            long long old = 0, tt = t0;
            for (int k = 0; k < K; k++) { tt += P[job[k]]; old += W[job[k]] * max(0LL, tt - D[job[k]]); }
            int full = (1 << K) - 1;
            f[0] = 0; sum[0] = 0;
            for (int m = 1; m <= full; m++) {
                int low = __builtin_ctz(m);
                sum[m] = sum[m & (m - 1)] + P[job[low]];
                f[m] = LLONG_MAX;
                long long end = t0 + sum[m];
                for (int b = m; b; b &= b - 1) {
                    int j = __builtin_ctz(b);
                    long long c = f[m ^ (1 << j)] + W[job[j]] * max(0LL, end - D[job[j]]);
                    if (c < f[m]) { f[m] = c; from[m] = j; }
                }
            }
            if (f[full] < old) {
                improved = true;
                int m = full;
                for (int k = K - 1; k >= 0; k--) { int j = from[m]; s[a + k] = job[j]; m ^= 1 << j; }
            }
            if (a + K == n) break;
            a = min(a + max(1, K / 2), n - K);
        }
        for (int k = 0; k < n; k++) start[k + 1] = start[k] + P[s[k]];
        for (int i = 0; i < n; i++) {
            for (int j = i + 1; j < n && j <= i + R; j++) {
                long long before = 0, after = 0, t = start[i];
                for (int k = i; k <= j; k++) before += W[s[k]] * max(0LL, start[k + 1] - D[s[k]]);
                swap(s[i], s[j]);
                for (int k = i; k <= j; k++) { t += P[s[k]]; after += W[s[k]] * max(0LL, t - D[s[k]]); }
                if (after < before) {
                    improved = true;
                    t = start[i];
                    for (int k = i; k <= j; k++) { t += P[s[k]]; start[k + 1] = t; }
                } else swap(s[i], s[j]);
            }
        }
        if (!improved) break;
    }
    for (int k = 0; k < n; k++) printf("%d%c", s[k] + 1, k + 1 < n ? ' ' : '\n');
}
