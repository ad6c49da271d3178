#include <bits/stdc++.h>
using namespace std;

// Literal 2*x + s means "switch x is in state s"; a wish (x=a or y=b) gives x!=a -> y=b, y!=b -> x=a.
int main() {
    int n, m;
    scanf("%d %d", &n, &m);
    int V = 2 * (n + 1);
    vector<vector<int>> g(V), rg(V);
    for (int i = 0; i < m; i++) {
        int x, a, y, b;
        scanf("%d %d %d %d", &x, &a, &y, &b);
        int p = 2 * x + a, q = 2 * y + b;
        g[p ^ 1].push_back(q);
        g[q ^ 1].push_back(p);
        rg[q].push_back(p ^ 1);
        rg[p].push_back(q ^ 1);
    }
    vector<int> order, seen(V, 0), comp(V, -1);
    for (int s = 0; s < V; s++) {
        if (seen[s]) continue;
        vector<pair<int, size_t>> st = {{s, 0}};
        seen[s] = 1;
        while (!st.empty()) {
            auto &[u, i] = st.back();
            if (i < g[u].size()) {
                int v = g[u][i++];
                if (!seen[v]) {
                    seen[v] = 1;
                    st.push_back({v, 0});
                }
            } else {
                order.push_back(u);
                st.pop_back();
            }
        }
    }
    int c = 0;
    for (int k = V - 1; k >= 0; k--) {
        int s = order[k];
        if (comp[s] != -1) continue;
        vector<int> st = {s};
        comp[s] = c;
        while (!st.empty()) {
            int u = st.back();
            st.pop_back();
            for (int v : rg[u])
                if (comp[v] == -1) {
                    comp[v] = c;
                    st.push_back(v);
                }
        }
        c++;
    }
    for (int x = 1; x <= n; x++)
        if (comp[2 * x] == comp[2 * x + 1]) {
            puts("NO");
            return 0;
        }
    puts("YES");
}
