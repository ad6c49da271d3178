// Min-degree greedy: repeatedly take a vertex of minimum remaining degree, delete its closed neighbourhood.
#include <bits/stdc++.h>
using namespace std;
int main() {
    int n, m;
    if (scanf("%d %d", &n, &m) != 2) return 0;
    vector<vector<int>> adj(n + 1);
    for (int i = 0; i < m; i++) {
        int u, v;
        scanf("%d %d", &u, &v);
        adj[u].push_back(v);
        adj[v].push_back(u);
    }
    vector<int> deg(n + 1);
    vector<char> alive(n + 1, 1);
    set<pair<int, int>> q;
    for (int v = 1; v <= n; v++) deg[v] = adj[v].size(), q.insert({deg[v], v});
    vector<int> chosen;
    auto kill = [&](int v) {
        alive[v] = 0;
        q.erase({deg[v], v});
        for (int u : adj[v])
            if (alive[u]) q.erase({deg[u], u}), deg[u]--, q.insert({deg[u], u});
    };
    while (!q.empty()) {
        int v = q.begin()->second;
        chosen.push_back(v);
        vector<int> nb;
        for (int u : adj[v])
            if (alive[u]) nb.push_back(u);
        kill(v);
        for (int u : nb)
            if (alive[u]) kill(u);
    }
    printf("%d\n", (int)chosen.size());
    for (size_t i = 0; i < chosen.size(); i++) printf("%d%c", chosen[i], i + 1 == chosen.size() ? '\n' : ' ');
}
