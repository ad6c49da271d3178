// DSatur: colour the most saturated vertex next with the smallest feasible colour.
#include <bits/stdc++.h>
using namespace std;
int main() {
    int n, m;
    if (scanf("%d %d", &n, &m) != 2) return 0;
    vector<vector<int>> adj(n + 1);
    for (int i = 0; i < m; i++) { int u, v; scanf("%d %d", &u, &v); adj[u].push_back(v), adj[v].push_back(u); }
    vector<int> col(n + 1, 0), sat(n + 1, 0);
    vector<vector<char>> seen(n + 1, vector<char>(n + 2, 0));
    set<tuple<int, int, int>> pq;  // (-sat, -deg, v)
    for (int v = 1; v <= n; v++) pq.insert({0, -(int)adj[v].size(), v});
    while (!pq.empty()) {
        auto [s, d, v] = *pq.begin();
        pq.erase(pq.begin());
        int c = 1;
        while (seen[v][c]) c++;
        col[v] = c;
        for (int u : adj[v])
            if (!col[u] && !seen[u][c]) {
                pq.erase({-sat[u], -(int)adj[u].size(), u});
                seen[u][c] = 1, sat[u]++;
                pq.insert({-sat[u], -(int)adj[u].size(), u});
            }
    }
    for (int v = 1; v <= n; v++) printf("%d%c", col[v], v == n ? '\n' : ' ');
}
