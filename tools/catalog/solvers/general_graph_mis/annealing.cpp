// Simulated annealing for MIS in the space of independent sets: insert a vertex and evict its neighbours.
#include <bits/stdc++.h>
using namespace std;
int main() {
    int n, m;
    if (scanf("%d %d", &n, &m) != 2) return 0;
    vector<vector<int>> adj(n + 1);
    for (int i = 0; i < m; i++) {
        int u, v;
        scanf("%d %d", &u, &v);
        adj[u].push_back(v), adj[v].push_back(u);
    }
    mt19937 rng(2024);
    uniform_real_distribution<double> U(0, 1);
    vector<char> inS(n + 1, 0);
    vector<int> tight(n + 1, 0);
    int sz = 0;
    auto add = [&](int v) { inS[v] = 1, sz++; for (int u : adj[v]) tight[u]++; };
    auto rem = [&](int v) { inS[v] = 0, sz--; for (int u : adj[v]) tight[u]--; };
    vector<char> best(n + 1, 0);
    int bestSz = 0;
    long long steps = max(200000LL, 20000000LL / max(1, 2 * m / max(1, n) + 1));
    double T0 = 1.2, T1 = 0.08;
    for (long long s = 0; s < steps; s++) {
        double T = T0 * pow(T1 / T0, (double)s / steps);
        int v = rng() % n + 1;
        if (inS[v]) continue;
        int delta = 1 - tight[v];
        if (delta >= 0 || U(rng) < exp(delta / T)) {
            if (tight[v])
                for (int u : adj[v]) if (inS[u]) rem(u);
            add(v);
            if (sz > bestSz) bestSz = sz, best = inS;
        }
    }
    // final greedy fill keeps it maximal
    vector<int> tb(n + 1, 0);
    for (int v = 1; v <= n; v++) if (best[v]) for (int u : adj[v]) tb[u]++;
    for (int v = 1; v <= n; v++) if (!best[v] && tb[v] == 0) { best[v] = 1; for (int u : adj[v]) tb[u]++; }
    vector<int> out;
    for (int v = 1; v <= n; v++) if (best[v]) out.push_back(v);
    printf("%d\n", (int)out.size());
    for (size_t i = 0; i < out.size(); i++) printf("%d%c", out[i], i + 1 == out.size() ? '\n' : ' ');
}
