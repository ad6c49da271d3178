// Max-leaf spanning tree via a small connected dominating set S (the internal vertices): prune S from V
// while it stays connected and dominating, then iterate (re-add random neighbours of S, prune again in a
// new random order), keeping the smallest S. The tree is a BFS tree of S with the others hung off it.
#include <bits/stdc++.h>
using namespace std;

int n, m;
vector<vector<pair<int, int>>> adj;
vector<char> inS;
vector<int> dom;  // number of neighbours in S
int sizeS;

bool connectedWithout(int v) {
    // are the S-neighbours of v (hence S \ {v}) still connected once v leaves S?
    int start = -1, targets = 0;
    for (auto [u, e] : adj[v]) if (inS[u]) { targets++; if (start < 0) start = u; }
    if (start < 0) return sizeS == 1;
    static vector<int> seen; static int stamp = 0;
    if ((int)seen.size() != n) seen.assign(n, 0);
    stamp++;
    seen[v] = stamp; seen[start] = stamp;
    vector<int> st{start};
    int need = targets - 1, reached = 0;
    while (!st.empty() && reached < need) {
        int x = st.back(); st.pop_back();
        for (auto [u, e] : adj[x]) if (inS[u] && seen[u] != stamp) {
            seen[u] = stamp; st.push_back(u);
            for (auto [y, f] : adj[v]) if (y == u) { reached++; break; }
        }
    }
    return reached >= need;
}

bool canRemove(int v) {
    if (sizeS <= 1 || dom[v] == 0) return false;
    for (auto [u, e] : adj[v]) if (!inS[u] && dom[u] < 2) return false;
    return connectedWithout(v);
}
void removeS(int v) { inS[v] = 0; sizeS--; for (auto [u, e] : adj[v]) dom[u]--; }
void addS(int v) { inS[v] = 1; sizeS++; for (auto [u, e] : adj[v]) dom[u]++; }

int main() {
    if (scanf("%d %d", &n, &m) != 2) return 0;
    adj.assign(n, {});
    for (int i = 0; i < m; i++) {
        int a, b; scanf("%d %d", &a, &b); a--; b--;
        adj[a].push_back({b, i}); adj[b].push_back({a, i});
    }
    inS.assign(n, 0); dom.assign(n, 0); sizeS = 0;
    for (int v = 0; v < n; v++) addS(v);
    mt19937 rng(99);
    vector<int> order(n);
    iota(order.begin(), order.end(), 0);
    sort(order.begin(), order.end(), [&](int a, int b) { return adj[a].size() < adj[b].size(); });
    auto prune = [&]() {
        for (int v : order) if (inS[v] && canRemove(v)) removeS(v);
    };
    prune();
    vector<char> best = inS;
    int bestSize = sizeS;
    const int rounds = 60;
    for (int r = 0; r < rounds; r++) {
        // perturb: add a few random outside vertices next to S (S stays connected and dominating)
        int k = 3 + rng() % max(1, n / 60);
        for (int t = 0; t < k; t++) {
            int v = rng() % n;
            if (!inS[v] && dom[v] > 0) addS(v);
        }
        shuffle(order.begin(), order.end(), rng);
        // low-degree vertices first, random among equals-ish
        stable_sort(order.begin(), order.end(), [&](int a, int b) { return adj[a].size() / 2 < adj[b].size() / 2; });
        prune();
        if (sizeS < bestSize) { bestSize = sizeS; best = inS; }
        else if (sizeS > bestSize + 2) {
            for (int v = 0; v < n; v++) if (inS[v] != best[v]) { if (best[v]) addS(v); else removeS(v); }
        }
    }
    inS = best;
    // BFS tree inside S, then hang every other vertex on an S neighbour
    vector<int> tree;
    vector<char> seen(n, 0);
    int root = -1;
    for (int v = 0; v < n; v++) if (inS[v]) { root = v; break; }
    vector<int> q{root};
    seen[root] = 1;
    for (size_t h = 0; h < q.size(); h++) {
        int x = q[h];
        for (auto [u, e] : adj[x]) if (inS[u] && !seen[u]) { seen[u] = 1; tree.push_back(e); q.push_back(u); }
    }
    for (int v = 0; v < n; v++) if (!inS[v]) {
        for (auto [u, e] : adj[v]) if (inS[u]) { tree.push_back(e); break; }
    }
    string out;
    for (size_t i = 0; i < tree.size(); i++) { out += to_string(tree[i] + 1); out += i + 1 < tree.size() ? ' ' : '\n'; }
    fputs(out.c_str(), stdout);
}
