// bipartite_mis reference: 2-colour, Hopcroft-Karp maximum matching, then König's construction:
// Z = vertices reachable from free left vertices by alternating paths; MIS = (L & Z) | (R \ Z).
#include <bits/stdc++.h>
using namespace std;

int n, m;
vector<vector<int>> adj;
vector<int> side, mate, dist_;

bool bfs(const vector<int>& L) {
    queue<int> q;
    bool found = false;
    for (int u : L) {
        if (mate[u] < 0) { dist_[u] = 0; q.push(u); } else dist_[u] = INT_MAX;
    }
    while (!q.empty()) {
        int u = q.front(); q.pop();
        for (int v : adj[u]) {
            int w = mate[v];
            if (w < 0) found = true;
            else if (dist_[w] == INT_MAX) { dist_[w] = dist_[u] + 1; q.push(w); }
        }
    }
    return found;
}

vector<size_t> itp;
bool dfs(int u) {
    for (; itp[u] < adj[u].size(); itp[u]++) {
        int v = adj[u][itp[u]], w = mate[v];
        if (w < 0 || (dist_[w] == dist_[u] + 1 && dfs(w))) {
            mate[u] = v; mate[v] = u; itp[u]++;
            return true;
        }
    }
    dist_[u] = INT_MAX;
    return false;
}

int main() {
    if (scanf("%d %d", &n, &m) != 2) return 0;
    adj.assign(n + 1, {});
    for (int i = 0; i < m; i++) {
        int u, v; scanf("%d %d", &u, &v);
        adj[u].push_back(v); adj[v].push_back(u);
    }
    side.assign(n + 1, -1);
    for (int s = 1; s <= n; s++) {
        if (side[s] >= 0) continue;
        side[s] = 0;
        queue<int> q; q.push(s);
        while (!q.empty()) {
            int u = q.front(); q.pop();
            for (int w : adj[u]) if (side[w] < 0) { side[w] = 1 - side[u]; q.push(w); }
        }
    }
    vector<int> L;
    for (int u = 1; u <= n; u++) if (side[u] == 0) L.push_back(u);
    mate.assign(n + 1, -1); dist_.assign(n + 1, INT_MAX);
    while (bfs(L)) {
        itp.assign(n + 1, 0);
        for (int u : L) if (mate[u] < 0) dfs(u);
    }
    vector<char> inZ(n + 1, 0);
    queue<int> q;
    for (int u : L) if (mate[u] < 0) { inZ[u] = 1; q.push(u); }
    while (!q.empty()) {
        int u = q.front(); q.pop();  // u is on the left
        for (int v : adj[u]) {
            if (inZ[v]) continue;
            inZ[v] = 1;
            int w = mate[v];
            if (w >= 0 && !inZ[w]) { inZ[w] = 1; q.push(w); }
        }
    }
    vector<int> out;
    for (int u = 1; u <= n; u++)
        if ((side[u] == 0 && inZ[u]) || (side[u] == 1 && !inZ[u])) out.push_back(u);
    printf("%zu\n", out.size());
    for (size_t i = 0; i < out.size(); i++) printf("%d%c", out[i], i + 1 < out.size() ? ' ' : '\n');
    if (out.empty()) printf("\n");
}
