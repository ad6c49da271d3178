// Prim's MST with a binary heap from vertex 1.
#include <bits/stdc++.h>
using namespace std;
int main() {
    int n, m;
    scanf("%d %d", &n, &m);
    vector<vector<array<int, 3>>> adj(n + 1);  // (w, v, edge index)
    for (int i = 1; i <= m; i++) {
        int u, v, w;
        scanf("%d %d %d", &u, &v, &w);
        adj[u].push_back({w, v, i}), adj[v].push_back({w, u, i});
    }
    vector<char> in(n + 1, 0);
    priority_queue<array<int, 3>, vector<array<int, 3>>, greater<>> pq;
    in[1] = 1;
    for (auto& e : adj[1]) pq.push(e);
    vector<int> tree;
    while (!pq.empty()) {
        auto [w, v, id] = pq.top();
        pq.pop();
        if (in[v]) continue;
        in[v] = 1, tree.push_back(id);
        for (auto& e : adj[v]) if (!in[e[1]]) pq.push(e);
    }
    for (size_t i = 0; i < tree.size(); i++) printf("%d%c", tree[i], i + 1 == tree.size() ? '\n' : ' ');
}
