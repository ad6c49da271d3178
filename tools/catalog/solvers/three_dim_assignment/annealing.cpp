// Simulated annealing over (p, q): swap machines, shifts or both of two workers, Metropolis acceptance.
#include <bits/stdc++.h>
using namespace std;
int n;
int C[40][40][40];
int main() {
    if (scanf("%d", &n) != 1) return 0;
    int mx = 1;
    for (int i = 0; i < n; i++) for (int j = 0; j < n; j++) for (int k = 0; k < n; k++) scanf("%d", &C[i][j][k]), mx = max(mx, C[i][j][k]);
    // greedy start
    vector<array<int, 4>> t;
    for (int i = 0; i < n; i++) for (int j = 0; j < n; j++) for (int k = 0; k < n; k++) t.push_back({C[i][j][k], i, j, k});
    sort(t.begin(), t.end());
    vector<char> ui(n), uj(n), uk(n);
    vector<int> p(n), q(n);
    for (auto& [c, i, j, k] : t) if (!ui[i] && !uj[j] && !uk[k]) ui[i] = uj[j] = uk[k] = 1, p[i] = j, q[i] = k;
    long long cur = 0;
    for (int i = 0; i < n; i++) cur += C[i][p[i]][q[i]];
    long long best = cur;
    vector<int> bp = p, bq = q;
    mt19937 rng(31337);
    uniform_real_distribution<double> U(0, 1);
    const long long steps = 2000000;
    double T0 = mx * 0.05, T1 = 0.5;
    for (long long s = 0; s < steps; s++) {
        double T = T0 * pow(T1 / T0, (double)s / steps);
        int a = rng() % n, b = rng() % n;
        if (a == b) continue;
        int mode = rng() % 3;
        int pa = p[a], pb = p[b], qa = q[a], qb = q[b];
        if (mode == 0) swap(pa, pb);
        else if (mode == 1) swap(qa, qb);
        else swap(pa, pb), swap(qa, qb);  // the two workers trade their whole (machine, shift) pairs
        long long d = (long long)C[a][pa][qa] + C[b][pb][qb] - C[a][p[a]][q[a]] - C[b][p[b]][q[b]];
        if (d <= 0 || U(rng) < exp(-d / T)) {
            p[a] = pa, p[b] = pb, q[a] = qa, q[b] = qb, cur += d;
            if (cur < best) best = cur, bp = p, bq = q;
        }
    }
    for (int i = 0; i < n; i++) printf("%d%c", bp[i] + 1, i + 1 == n ? '\n' : ' ');
    for (int i = 0; i < n; i++) printf("%d%c", bq[i] + 1, i + 1 == n ? '\n' : ' ');
}
