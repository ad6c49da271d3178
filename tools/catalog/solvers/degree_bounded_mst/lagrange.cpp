// Degree-bounded MST: Lagrangian relaxation of the degree constraints. Each round sorts edges by
// w + lambda_u + lambda_v, builds (a) the plain MST to get degree violations for a subgradient step and
// (b) a degree-constrained Kruskal tree in the same order, whose real weight is a candidate answer.
#include <bits/stdc++.h>
using namespace std;

int n, m, D;
vector<int> U, V;
vector<long long> W;

struct DSU {
    vector<int> p;
    DSU(int n) : p(n) { iota(p.begin(), p.end(), 0); }
    int f(int x) { while (p[x] != x) x = p[x] = p[p[x]]; return x; }
    bool u(int a, int b) { a = f(a); b = f(b); if (a == b) return false; p[a] = b; return true; }
};

int main() {
    if (scanf("%d %d %d", &n, &m, &D) != 3) return 0;
    U.resize(m); V.resize(m); W.resize(m);
    for (int i = 0; i < m; i++) { scanf("%d %d %lld", &U[i], &V[i], &W[i]); U[i]--; V[i]--; }
    vector<int> best(n - 1);
    iota(best.begin(), best.end(), 0);
    long long bestW = 0;
    for (int i = 0; i < n - 1; i++) bestW += W[i];
    vector<double> lam(n, 0.0);
    vector<int> order(m);
    iota(order.begin(), order.end(), 0);
    double wavg = 0;
    for (int i = 0; i < m; i++) wavg += W[i];
    wavg /= m;
    double step = wavg * 0.5;
    const int rounds = 120;
    vector<double> key(m);
    for (int r = 0; r < rounds; r++) {
        for (int i = 0; i < m; i++) key[i] = W[i] + lam[U[i]] + lam[V[i]];
        sort(order.begin(), order.end(), [&](int a, int b) { return key[a] < key[b] || (key[a] == key[b] && a < b); });
        // (a) unconstrained MST of the penalised weights: degree excess drives the subgradient
        DSU mst(n);
        vector<int> deg(n, 0);
        for (int e : order) if (mst.u(U[e], V[e])) { deg[U[e]]++; deg[V[e]]++; }
        // (b) degree-constrained Kruskal in the penalised order gives a feasible candidate
        DSU g(n);
        vector<int> dg(n, 0), tree;
        long long tw = 0;
        for (int e : order) {
            if (dg[U[e]] >= D || dg[V[e]] >= D) continue;
            if (!g.u(U[e], V[e])) continue;
            dg[U[e]]++; dg[V[e]]++; tree.push_back(e); tw += W[e];
            if ((int)tree.size() == n - 1) break;
        }
        if ((int)tree.size() == n - 1 && tw < bestW) { bestW = tw; best = tree; }
        bool any = false;
        for (int v = 0; v < n; v++) {
            double g2 = deg[v] - D;
            if (g2 > 0) any = true;
            lam[v] = max(0.0, lam[v] + step * g2 / (1.0 + deg[v]));
        }
        if (!any && (int)tree.size() == n - 1) break;
        step *= 0.96;
    }
    string out;
    for (int i = 0; i < n - 1; i++) { out += to_string(best[i] + 1); out += i + 2 < n ? ' ' : '\n'; }
    fputs(out.c_str(), stdout);
}
