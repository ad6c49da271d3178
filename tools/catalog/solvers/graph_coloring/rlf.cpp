// Recursive Largest First (Leighton): grow each colour class as a maximal independent set, preferring
// vertices with many neighbours among those already excluded from the class.
#include <bits/stdc++.h>
using namespace std;
int main() {
    int n, m;
    if (scanf("%d %d", &n, &m) != 2) return 0;
    vector<vector<int>> adj(n + 1);
    for (int i = 0; i < m; i++) { int u, v; scanf("%d %d", &u, &v); adj[u].push_back(v), adj[v].push_back(u); }
    vector<int> col(n + 1, 0);
    int left = n, c = 0;
    vector<char> state(n + 1);  // 0 candidate, 1 excluded (adjacent to class), 2 coloured
    vector<int> degU(n + 1), degX(n + 1);
    while (left > 0) {
        c++;
        for (int v = 1; v <= n; v++) state[v] = col[v] ? 2 : 0, degX[v] = 0, degU[v] = 0;
        for (int v = 1; v <= n; v++) if (!col[v]) for (int u : adj[v]) if (!col[u]) degU[v]++;
        // first vertex: largest degree in the uncoloured subgraph
        int first = -1;
        for (int v = 1; v <= n; v++) if (state[v] == 0 && (first < 0 || degU[v] > degU[first])) first = v;
        int v = first;
        while (v > 0) {
            col[v] = c, state[v] = 2, left--;
            for (int u : adj[v])
                if (state[u] == 0) {
                    state[u] = 1;
                    for (int w : adj[u]) if (state[w] == 0) degX[w]++;
                }
            v = -1;
            for (int w = 1; w <= n; w++)
                if (state[w] == 0) {
                    if (v < 0 || degX[w] > degX[v] || (degX[w] == degX[v] && degU[w] - degX[w] < degU[v] - degX[v])) v = w;
                }
        }
    }
    for (int v = 1; v <= n; v++) printf("%d%c", col[v], v == n ? '\n' : ' ');
}
