// ARW-style iterated local search for MIS: (1,2)-swaps to a local optimum, then force-insert perturbations.
#include <bits/stdc++.h>
using namespace std;
int n, m, sz = 0;
vector<vector<int>> adj;
vector<vector<uint64_t>> bits;
vector<char> inS;
vector<int> tight;
mt19937 rng(12345);
long long work = 0;  // deterministic effort counter (adjacency visits), bounds the search
bool adjacent(int a, int b) { return bits[a][b >> 6] >> (b & 63) & 1; }
void add(int v) { inS[v] = 1, sz++; for (int u : adj[v]) tight[u]++; }
void rem(int v) { inS[v] = 0, sz--; for (int u : adj[v]) tight[u]--; }
vector<int> stk;
void pushAround(int v) {  // solution vertices within distance 2 of v may now allow a swap
    for (int u : adj[v]) {
        work += adj[u].size();
        if (inS[u]) stk.push_back(u);
        for (int w : adj[u]) if (inS[w]) stk.push_back(w);
    }
}
void insertFreeAround(int v) {
    for (int u : adj[v]) if (!inS[u] && tight[u] == 0) add(u), pushAround(u);
}
bool twoImprove(int x) {
    vector<int> L;
    for (int u : adj[x]) if (!inS[u] && tight[u] == 1) L.push_back(u);
    if (L.size() < 2) return false;
    shuffle(L.begin(), L.end(), rng);
    work += L.size() * L.size() / 2 + adj[x].size();
    for (size_t i = 0; i < L.size(); i++)
        for (size_t j = i + 1; j < L.size(); j++)
            if (!adjacent(L[i], L[j])) {
                rem(x);
                add(L[i]), add(L[j]);
                for (int u : adj[x]) if (!inS[u] && tight[u] == 0) add(u);
                pushAround(L[i]), pushAround(L[j]);
                return true;
            }
    return false;
}
void localSearch() {
    while (!stk.empty()) {
        int x = stk.back();
        stk.pop_back();
        if (inS[x]) twoImprove(x);
    }
}
int main() {
    if (scanf("%d %d", &n, &m) != 2) return 0;
    adj.assign(n + 1, {});
    bits.assign(n + 1, vector<uint64_t>((n >> 6) + 1, 0));
    for (int i = 0; i < m; i++) {
        int u, v;
        scanf("%d %d", &u, &v);
        adj[u].push_back(v), adj[v].push_back(u);
        bits[u][v >> 6] |= 1ULL << (v & 63), bits[v][u >> 6] |= 1ULL << (u & 63);
    }
    inS.assign(n + 1, 0), tight.assign(n + 1, 0);
    // start: min-degree order (static), maximal
    vector<int> order(n);
    iota(order.begin(), order.end(), 1);
    stable_sort(order.begin(), order.end(), [&](int a, int b) { return adj[a].size() < adj[b].size(); });
    for (int v : order) if (tight[v] == 0 && !inS[v]) add(v);
    for (int v = 1; v <= n; v++) if (inS[v]) stk.push_back(v);
    localSearch();
    vector<char> best = inS, curS = inS;
    vector<int> curT = tight;
    int bestSz = sz, curSz = sz;
    for (long long it = 0; it < 200000 && work < 15000000; it++) {
        int v;
        do v = rng() % n + 1; while (inS[v]);
        vector<int> removed;
        for (int u : adj[v]) if (inS[u]) removed.push_back(u);
        for (int u : removed) rem(u);
        add(v);
        pushAround(v);
        for (int u : removed) insertFreeAround(u), pushAround(u);
        localSearch();
        if (sz > bestSz) bestSz = sz, best = inS;
        work += n / 8;
        if (sz >= curSz || rng() % (1 + 2 * (curSz - sz)) == 0) {
            curSz = sz, curS = inS, curT = tight;
        } else {
            inS = curS, tight = curT, sz = curSz;
        }
    }
    vector<int> out;
    for (int v = 1; v <= n; v++) if (best[v]) out.push_back(v);
    printf("%d\n", (int)out.size());
    for (size_t i = 0; i < out.size(); i++) printf("%d%c", out[i], i + 1 == out.size() ? '\n' : ' ');
}
