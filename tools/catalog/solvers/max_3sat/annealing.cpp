// Simulated annealing on single-variable flips, Metropolis acceptance on the change in satisfied clauses.
#include <bits/stdc++.h>
using namespace std;
int main() {
    int n, m;
    if (scanf("%d %d", &n, &m) != 2) return 0;
    vector<array<int, 3>> cl(m);
    vector<vector<pair<int, int>>> occ(n + 1);  // (clause, literal)
    for (int i = 0; i < m; i++)
        for (int j = 0; j < 3; j++) scanf("%d", &cl[i][j]), occ[abs(cl[i][j])].push_back({i, cl[i][j]});
    mt19937 rng(99);
    uniform_real_distribution<double> U(0, 1);
    vector<char> val(n + 1);
    for (int v = 1; v <= n; v++) val[v] = rng() & 1;
    auto isTrue = [&](int x) { return (val[abs(x)] == 1) == (x > 0); };
    vector<int> nt(m, 0);
    int sat = 0;
    for (int i = 0; i < m; i++) { for (int x : cl[i]) nt[i] += isTrue(x); sat += nt[i] > 0; }
    vector<char> best = val;
    int bestSat = sat;
    long long steps = 4000000LL / max(1, 3 * m / n);
    double T0 = 2.0, T1 = 0.05;
    for (long long s = 0; s < steps; s++) {
        double T = T0 * pow(T1 / T0, (double)s / steps);
        int v = rng() % n + 1, d = 0;
        for (auto [c, lit] : occ[v]) {
            if (isTrue(lit)) d -= nt[c] == 1;
            else d += nt[c] == 0;
        }
        if (d >= 0 || U(rng) < exp(d / T)) {
            for (auto [c, lit] : occ[v]) nt[c] += isTrue(lit) ? -1 : 1;
            val[v] ^= 1;
            sat += d;
            if (sat > bestSat) bestSat = sat, best = val;
        }
    }
    for (int v = 1; v <= n; v++) printf("%d%c", best[v], v == n ? '\n' : ' ');
}
