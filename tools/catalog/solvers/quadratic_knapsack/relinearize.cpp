// Quadratic knapsack: iterated linearisation. Item values are p_i + (1-a) * bonuses to chosen partners
// + a * bonuses to all partners (a shrinks each round); the linear 0/1 knapsack is solved exactly by
// DP and its answer becomes the next round's selection. Keeps the best true objective.
#include <bits/stdc++.h>
using namespace std;

int main() {
    int n; int cap;
    if (scanf("%d %d", &n, &cap) != 2) return 0;
    vector<int> w(n); vector<long long> p(n);
    for (int i = 0; i < n; i++) scanf("%d %lld", &w[i], &p[i]);
    int q; scanf("%d", &q);
    vector<vector<pair<int, long long>>> nb(n);
    for (int k = 0; k < q; k++) {
        int i, j; long long g; scanf("%d %d %lld", &i, &j, &g); i--; j--;
        nb[i].push_back({j, g}); nb[j].push_back({i, g});
    }
    auto value = [&](const vector<char> &x) {
        long long v = 0;
        for (int i = 0; i < n; i++) if (x[i]) { v += p[i]; for (auto [j, g] : nb[i]) if (j > i && x[j]) v += g; }
        return v;
    };
    vector<char> x(n, 0), best(n, 0);
    long long bestV = 0;
    vector<double> dp(cap + 1);
    vector<vector<char>> take(n, vector<char>(cap + 1));
    const int rounds = 24;
    for (int r = 0; r < rounds; r++) {
        double a = 0.5 * (1.0 - (double)r / (rounds - 1));
        vector<double> v(n);
        for (int i = 0; i < n; i++) {
            double s = p[i];
            for (auto [j, g] : nb[i]) s += (x[j] ? (1 - a) : 0.0) * g + a * g * 0.5;
            v[i] = s;
        }
        fill(dp.begin(), dp.end(), 0.0);
        for (int i = 0; i < n; i++) {
            auto &t = take[i];
            for (int c = cap; c >= 0; c--) {
                t[c] = 0;
                if (c >= w[i] && dp[c - w[i]] + v[i] > dp[c]) { dp[c] = dp[c - w[i]] + v[i]; t[c] = 1; }
            }
        }
        vector<char> y(n, 0);
        int c = cap;
        for (int i = n - 1; i >= 0; i--) if (take[i][c]) { y[i] = 1; c -= w[i]; }
        long long val = value(y);
        if (val > bestV) { bestV = val; best = y; }
        if (y == x && a == 0) break;
        x = y;
    }
    string s;
    for (int i = 0; i < n; i++) { s += best[i] ? '1' : '0'; s += i + 1 < n ? ' ' : '\n'; }
    fputs(s.c_str(), stdout);
}
