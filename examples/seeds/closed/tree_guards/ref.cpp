#include <bits/stdc++.h>
using namespace std;

int main() {
    int n;
    scanf("%d", &n);
    vector<vector<int>> adj(n + 1);
    for (int i = 0; i < n - 1; i++) {
        int u, v;
        scanf("%d %d", &u, &v);
        adj[u].push_back(v);
        adj[v].push_back(u);
    }
    // take[v] / skip[v]: fewest guards in v's subtree with / without a guard at v.
    vector<int> order, parent(n + 1, 0), take(n + 1, 1), skip(n + 1, 0);
    order.push_back(1);
    parent[1] = -1;
    for (size_t i = 0; i < order.size(); i++)
        for (int v : adj[order[i]])
            if (v != parent[order[i]]) parent[v] = order[i], order.push_back(v);
    for (int i = n - 1; i > 0; i--) {
        int v = order[i], p = parent[v];
        take[p] += min(take[v], skip[v]);
        skip[p] += take[v];
    }
    printf("%d\n", min(take[1], skip[1]));
}
