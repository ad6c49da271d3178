// Multiple knapsack: simulated annealing over feasible assignments. Moves: move an item to another
// knapsack or the pool, swap two items across knapsacks (or with the pool), and insert an unpacked item
// by ejecting random residents. Starts from a smallest-knapsack-first DP fill; keeps the best packing.
#include <bits/stdc++.h>
using namespace std;

int main() {
    int n, k;
    if (scanf("%d %d", &n, &k) != 2) return 0;
    vector<long long> cap(k + 1, 0), w(n), p(n);
    for (int j = 1; j <= k; j++) scanf("%lld", &cap[j]);
    for (int i = 0; i < n; i++) scanf("%lld %lld", &w[i], &p[i]);
    vector<int> a(n, 0);
    vector<long long> room(k + 1);
    for (int j = 1; j <= k; j++) room[j] = cap[j];
    room[0] = LLONG_MAX / 4;
    // start: fill knapsacks smallest first, each by an exact 0/1 DP over the items still unpacked
    vector<int> ks(k);
    iota(ks.begin(), ks.end(), 1);
    stable_sort(ks.begin(), ks.end(), [&](int x, int y) { return cap[x] < cap[y]; });
    for (int j : ks) {
        vector<int> items;
        for (int i = 0; i < n; i++) if (!a[i] && w[i] <= cap[j]) items.push_back(i);
        int C = (int)cap[j], m = items.size();
        vector<long long> dp(C + 1, 0);
        vector<vector<char>> take(m, vector<char>(C + 1, 0));
        for (int t = 0; t < m; t++) {
            int wi = (int)w[items[t]];
            for (int c = C; c >= wi; c--) if (dp[c - wi] + p[items[t]] > dp[c]) { dp[c] = dp[c - wi] + p[items[t]]; take[t][c] = 1; }
        }
        int c = C;
        for (int t = m - 1; t >= 0; t--) if (take[t][c]) { a[items[t]] = j; c -= (int)w[items[t]]; room[j] -= w[items[t]]; }
    }
    long long cur = 0;
    for (int i = 0; i < n; i++) if (a[i]) cur += p[i];
    long long best = cur;
    vector<int> bestA = a;
    double avgP = 0;
    for (int i = 0; i < n; i++) avgP += p[i];
    avgP /= n;
    mt19937 rng(77);
    const long iters = 500000;
    double T0 = avgP * 0.1, T1 = avgP * 0.0005;
    for (long it = 0; it < iters; it++) {
        double T = T0 * pow(T1 / T0, (double)it / iters);
        int i = rng() % n;
        int mv = rng() % 3;
        if (mv == 2) {
            // insert with ejection: an unpacked item enters knapsack j, random residents leave until it fits
            if (a[i] != 0) continue;
            int j = 1 + rng() % k;
            if (cap[j] < w[i]) continue;
            vector<int> inJ;
            for (int t = 0; t < n; t++) if (a[t] == j) inJ.push_back(t);
            shuffle(inJ.begin(), inJ.end(), rng);
            long long r = room[j], lost = 0;
            size_t c = 0;
            while (r < w[i] && c < inJ.size()) { r += w[inJ[c]]; lost += p[inJ[c]]; c++; }
            if (r < w[i]) continue;
            long long d = p[i] - lost;
            if (d >= 0 || (rng() % 1000000) / 1e6 < exp(d / T)) {
                for (size_t t = 0; t < c; t++) a[inJ[t]] = 0;
                room[j] = r - w[i]; a[i] = j; cur += d;
            }
        } else if (mv == 0) {
            int j = rng() % (k + 1);
            if (j == a[i] || room[j] < w[i]) continue;
            long long d = (j ? p[i] : 0) - (a[i] ? p[i] : 0);
            if (d >= 0 || (rng() % 1000000) / 1e6 < exp(d / T)) {
                room[a[i]] += w[i]; room[j] -= w[i]; a[i] = j; cur += d;
            }
        } else {
            int i2 = rng() % n;
            int x = a[i], y = a[i2];
            if (x == y) continue;
            if (room[x] + w[i] < w[i2] || room[y] + w[i2] < w[i]) continue;
            long long d = (y ? p[i] : 0) + (x ? p[i2] : 0) - (x ? p[i] : 0) - (y ? p[i2] : 0);
            if (d >= 0 || (rng() % 1000000) / 1e6 < exp(d / T)) {
                room[x] += w[i] - w[i2]; room[y] += w[i2] - w[i]; a[i] = y; a[i2] = x; cur += d;
            }
        }
        if (cur > best) { best = cur; bestA = a; }
    }
    for (int i = 0; i < n; i++) printf("%d%c", bestA[i], i + 1 < n ? ' ' : '\n');
}
