// Quadratic knapsack: simulated annealing over feasible selections with add / drop / swap moves.
// gain[i] = p_i + sum of bonuses between i and chosen items, kept up to date incrementally.
#include <bits/stdc++.h>
using namespace std;

int main() {
    int n; long long cap;
    if (scanf("%d %lld", &n, &cap) != 2) return 0;
    vector<long long> w(n), p(n);
    for (int i = 0; i < n; i++) scanf("%lld %lld", &w[i], &p[i]);
    int q; scanf("%d", &q);
    vector<vector<pair<int, long long>>> nb(n);
    for (int k = 0; k < q; k++) {
        int i, j; long long g; scanf("%d %d %lld", &i, &j, &g); i--; j--;
        nb[i].push_back({j, g}); nb[j].push_back({i, g});
    }
    // dense bonus lookup for swap deltas
    vector<vector<long long>> B(n, vector<long long>(n, 0));
    for (int i = 0; i < n; i++) for (auto [j, g] : nb[i]) B[i][j] = g;
    vector<char> x(n, 0);
    vector<long long> gain = p;
    long long val = 0, used = 0;
    auto flip = [&](int i) {
        if (x[i]) { val -= gain[i]; used -= w[i]; x[i] = 0; for (auto [j, g] : nb[i]) gain[j] -= g; }
        else { val += gain[i]; used += w[i]; x[i] = 1; for (auto [j, g] : nb[i]) gain[j] += g; }
    };
    vector<char> best = x;
    long long bestV = 0;
    mt19937 rng(2024);
    const long iters = 2200000;
    // temperature scale: the mean gain of an item in a random half-full selection
    double scale = 0;
    for (int i = 0; i < n; i++) { scale += p[i]; for (auto [j, g] : nb[i]) scale += 0.25 * g; }
    scale = max(1.0, scale / n);
    double T0 = scale * 0.5, T1 = scale * 0.005;
    for (long it = 0; it < iters; it++) {
        double T = T0 * pow(T1 / T0, (double)it / iters);
        int i = rng() % n;
        if (!x[i]) {
            if (used + w[i] <= cap) {
                flip(i);  // adding never lowers the value (all gains are >= 0)
            } else {
                int j = rng() % n, tries = 0;
                while (!x[j] && tries++ < 20) j = rng() % n;
                if (!x[j] || used - w[j] + w[i] > cap) continue;
                long long d = gain[i] - gain[j] - B[i][j];
                if (d >= 0 || (rng() % 1000000) / 1e6 < exp(d / T)) { flip(j); flip(i); }
            }
        } else {
            long long d = -gain[i];
            if ((rng() % 1000000) / 1e6 < exp(d / T)) flip(i);
        }
        if (val > bestV) { bestV = val; best = x; }
    }
    string s;
    for (int i = 0; i < n; i++) { s += best[i] ? '1' : '0'; s += i + 1 < n ? ' ' : '\n'; }
    fputs(s.c_str(), stdout);
}
