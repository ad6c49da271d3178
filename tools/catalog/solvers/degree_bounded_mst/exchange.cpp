// Degree-bounded MST: edge-exchange local search from a degree-constrained Kruskal tree (or the
// guaranteed Hamiltonian path when that greedy gets stuck). A non-tree edge
// (u, v) enters if some tree edge on the u-v tree path is heavier and removing it keeps degrees <= D
// (a saturated endpoint forces removing the path edge at that endpoint). Passes repeat until stable.
#include <bits/stdc++.h>
using namespace std;

int n, m, D;
vector<int> U, V;
vector<long long> W;
vector<char> inTree;
vector<vector<int>> adj;  // edge ids per vertex
vector<int> par, parE, dep, deg;

void root() {
    par.assign(n, -1); parE.assign(n, -1); dep.assign(n, 0);
    vector<int> st{0};
    vector<char> seen(n, 0);
    seen[0] = 1;
    while (!st.empty()) {
        int x = st.back(); st.pop_back();
        for (int e : adj[x]) {
            int y = U[e] == x ? V[e] : U[e];
            if (seen[y]) continue;
            seen[y] = 1; par[y] = x; parE[y] = e; dep[y] = dep[x] + 1; st.push_back(y);
        }
    }
}

void removeAdj(int x, int e) { auto &a = adj[x]; a.erase(find(a.begin(), a.end(), e)); }

int main() {
    if (scanf("%d %d %d", &n, &m, &D) != 3) return 0;
    U.resize(m); V.resize(m); W.resize(m);
    for (int i = 0; i < m; i++) { scanf("%d %d %lld", &U[i], &V[i], &W[i]); U[i]--; V[i]--; }
    inTree.assign(m, 0); adj.assign(n, {}); deg.assign(n, 0);
    vector<int> order(m);
    iota(order.begin(), order.end(), 0);
    sort(order.begin(), order.end(), [&](int a, int b) { return W[a] < W[b] || (W[a] == W[b] && a < b); });
    vector<int> start;
    {
        vector<int> p(n), dg(n, 0);
        iota(p.begin(), p.end(), 0);
        function<int(int)> f = [&](int x) { while (p[x] != x) x = p[x] = p[p[x]]; return x; };
        for (int e : order) {
            if (dg[U[e]] >= D || dg[V[e]] >= D || f(U[e]) == f(V[e])) continue;
            p[f(U[e])] = f(V[e]); dg[U[e]]++; dg[V[e]]++; start.push_back(e);
        }
        if ((int)start.size() < n - 1) { start.resize(n - 1); iota(start.begin(), start.end(), 0); }
    }
    for (int i : start) {
        inTree[i] = 1; adj[U[i]].push_back(i); adj[V[i]].push_back(i); deg[U[i]]++; deg[V[i]]++;
    }
    root();
    long long work = 0;
    const long long LIMIT = 200000000LL;
    for (int pass = 0; pass < 30 && work < LIMIT; pass++) {
        bool improved = false;
        for (int e : order) {
            if (inTree[e] || work >= LIMIT) continue;
            int u = U[e], v = V[e];
            bool su = deg[u] >= D, sv = deg[v] >= D;
            if (su && sv) continue;
            // walk u and v up to their lowest common ancestor, collecting path edges per side
            int a = u, b = v, bestE = -1, firstU = -1, firstV = -1;
            while (a != b) {
                work++;
                if (dep[a] >= dep[b]) {
                    int pe = parE[a];
                    if (a == u) firstU = pe;
                    if (bestE < 0 || W[pe] > W[bestE]) bestE = pe;
                    a = par[a];
                } else {
                    int pe = parE[b];
                    if (b == v) firstV = pe;
                    if (bestE < 0 || W[pe] > W[bestE]) bestE = pe;
                    b = par[b];
                }
            }
            int rem = bestE;
            if (su) rem = firstU;
            if (sv) rem = firstV;
            if (rem < 0 || W[rem] <= W[e]) continue;
            inTree[rem] = 0; removeAdj(U[rem], rem); removeAdj(V[rem], rem); deg[U[rem]]--; deg[V[rem]]--;
            inTree[e] = 1; adj[u].push_back(e); adj[v].push_back(e); deg[u]++; deg[v]++;
            work += n;
            root();
            improved = true;
        }
        if (!improved) break;
    }
    string out;
    for (int i = 0; i < m; i++) if (inTree[i]) { out += to_string(i + 1); out += ' '; }
    out += '\n';
    fputs(out.c_str(), stdout);
}
