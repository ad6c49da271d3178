// Weaker idea: Dijkstra's shortest-path tree from vertex 1 (optimises path sums, not the bottleneck).
#include <bits/stdc++.h>
using namespace std;
int main() {
    int n, m;
    scanf("%d %d", &n, &m);
    vector<vector<array<long long, 3>>> adj(n + 1);
    for (int i = 1; i <= m; i++) {
        long long u, v, w;
        scanf("%lld %lld %lld", &u, &v, &w);
        adj[u].push_back({w, v, i}), adj[v].push_back({w, u, i});
    }
    vector<long long> dist(n + 1, LLONG_MAX);
    vector<int> via(n + 1, 0);
    priority_queue<pair<long long, int>, vector<pair<long long, int>>, greater<>> pq;
    dist[1] = 0, pq.push({0, 1});
    while (!pq.empty()) {
        auto [d, u] = pq.top();
        pq.pop();
        if (d != dist[u]) continue;
        for (auto& [w, v, id] : adj[u])
            if (d + w < dist[v]) dist[v] = d + w, via[v] = id, pq.push({dist[v], (int)v});
    }
    for (int v = 2; v <= n; v++) printf("%d%c", via[v], v == n ? '\n' : ' ');
}
