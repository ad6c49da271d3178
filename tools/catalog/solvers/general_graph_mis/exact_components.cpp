// Kernelise (degree 0/1 rules), split into components, solve each component of <= 256 vertices by
// MCQ-style branch-and-bound (clique-cover colouring bound) (node budget, greedy incumbent); larger ones greedily.
#include <bits/stdc++.h>
using namespace std;
const int W = 4;
struct BS {
    uint64_t w[W] = {0, 0, 0, 0};
    bool any() const { return w[0] | w[1] | w[2] | w[3]; }
    int first() const { for (int i = 0; i < W; i++) if (w[i]) return i * 64 + __builtin_ctzll(w[i]); return -1; }
    void set(int i) { w[i >> 6] |= 1ULL << (i & 63); }
    void reset(int i) { w[i >> 6] &= ~(1ULL << (i & 63)); }
    BS operator&(const BS& o) const { BS r; for (int i = 0; i < W; i++) r.w[i] = w[i] & o.w[i]; return r; }
    BS andnot(const BS& o) const { BS r; for (int i = 0; i < W; i++) r.w[i] = w[i] & ~o.w[i]; return r; }
    int count() const { int c = 0; for (int i = 0; i < W; i++) c += __builtin_popcountll(w[i]); return c; }
};
int K;
vector<BS> nc;  // local adjacency of the COMPLEMENT: an independent set is a clique there
long long nodes, budget;
int best;
vector<int> cur, bestSet;
// MCQ-style max clique: colour-sort the candidates (each colour class is a clique of the original
// graph, so the colour count bounds the independent set), branch from the highest colour down.
void expand(BS P) {
    if (++nodes > budget) return;
    vector<int> order, col;
    BS U = P;
    int k = 0;
    while (U.any()) {
        k++;
        BS Q = U;
        while (Q.any()) {
            int v = Q.first();
            Q = Q.andnot(nc[v]);
            Q.reset(v);
            U.reset(v);
            order.push_back(v), col.push_back(k);
        }
    }
    for (int i = (int)order.size() - 1; i >= 0; i--) {
        if ((int)cur.size() + col[i] <= best || nodes > budget) return;
        int v = order[i];
        cur.push_back(v);
        BS NP = P & nc[v];
        if (!NP.any()) {
            if ((int)cur.size() > best) best = cur.size(), bestSet = cur;
        } else {
            expand(NP);
        }
        cur.pop_back();
        P.reset(v);
    }
}
int main() {
    int n, m;
    if (scanf("%d %d", &n, &m) != 2) return 0;
    vector<vector<int>> adj(n + 1);
    for (int i = 0; i < m; i++) {
        int u, v;
        scanf("%d %d", &u, &v);
        adj[u].push_back(v), adj[v].push_back(u);
    }
    vector<char> alive(n + 1, 1);
    vector<int> deg(n + 1), chosen;
    for (int v = 1; v <= n; v++) deg[v] = adj[v].size();
    deque<int> q;
    for (int v = 1; v <= n; v++) if (deg[v] <= 1) q.push_back(v);
    auto kill = [&](int v) {
        alive[v] = 0;
        for (int u : adj[v]) if (alive[u] && --deg[u] <= 1) q.push_back(u);
    };
    while (!q.empty()) {
        int v = q.front();
        q.pop_front();
        if (!alive[v] || deg[v] > 1) continue;
        chosen.push_back(v);
        vector<int> nbs;
        for (int u : adj[v]) if (alive[u]) nbs.push_back(u);
        alive[v] = 0;
        for (int u : nbs) kill(u);
        for (int u : adj[v]) if (alive[u] && deg[u] <= 1) q.push_back(u);
    }
    vector<int> comp(n + 1, -1);
    long long totalBudget = 1500000;
    for (int s = 1; s <= n; s++) {
        if (!alive[s] || comp[s] != -1) continue;
        vector<int> vs = {s};
        comp[s] = s;
        for (size_t i = 0; i < vs.size(); i++)
            for (int u : adj[vs[i]]) if (alive[u] && comp[u] == -1) comp[u] = s, vs.push_back(u);
        // greedy incumbent on the component (min static degree first)
        vector<int> order = vs;
        sort(order.begin(), order.end(), [&](int a, int b) { return deg[a] < deg[b] || (deg[a] == deg[b] && a < b); });
        vector<int> greedy;
        {
            set<int> blocked;
            for (int v : order) if (!blocked.count(v)) { greedy.push_back(v); for (int u : adj[v]) blocked.insert(u); }
        }
        if ((int)vs.size() > 64 * W) {
            for (int v : greedy) chosen.push_back(v);
            continue;
        }
        // low original degree first: those vertices are the likeliest members of a large set
        vs = order;
        K = vs.size();
        map<int, int> id;
        for (int i = 0; i < K; i++) id[vs[i]] = i;
        nc.assign(K, BS());
        for (int i = 0; i < K; i++) {
            for (int j = 0; j < K; j++) if (j != i) nc[i].set(j);
            for (int u : adj[vs[i]]) if (alive[u]) nc[i].reset(id[u]);
        }
        best = greedy.size();
        bestSet.clear();
        cur.clear();
        nodes = 0;
        budget = totalBudget / 4 + 20000;
        BS P;
        for (int i = 0; i < K; i++) P.set(i);
        expand(P);
        totalBudget -= min(nodes, budget);
        if (totalBudget < 0) totalBudget = 0;
        if (bestSet.empty()) for (int v : greedy) chosen.push_back(v);
        else for (int i : bestSet) chosen.push_back(vs[i]);
    }
    sort(chosen.begin(), chosen.end());
    printf("%d\n", (int)chosen.size());
    for (size_t i = 0; i < chosen.size(); i++) printf("%d%c", chosen[i], i + 1 == chosen.size() ? '\n' : ' ');
}
