// two_sat reference: Kosaraju SCC on the implication graph; x = true iff comp[x] > comp[not x]
// in the order components are discovered on the reverse graph (a topological order of the condensation).
#include <bits/stdc++.h>
using namespace std;

int main() {
    int n, m;
    if (scanf("%d %d", &n, &m) != 2) return 0;
    int N = 2 * n;
    auto node = [&](int lit) { return lit > 0 ? lit - 1 : n + (-lit) - 1; };
    auto neg = [&](int v) { return v < n ? v + n : v - n; };
    vector<vector<int>> g(N), rg(N);
    for (int i = 0; i < m; i++) {
        int a, b;
        scanf("%d %d", &a, &b);
        int A = node(a), B = node(b);
        g[neg(A)].push_back(B);
        g[neg(B)].push_back(A);
        rg[B].push_back(neg(A));
        rg[A].push_back(neg(B));
    }
    vector<int> order, it(N, 0);
    vector<char> seen(N, 0);
    for (int s = 0; s < N; s++) {
        if (seen[s]) continue;
        vector<int> st{s};
        seen[s] = 1;
        while (!st.empty()) {
            int u = st.back();
            if (it[u] < (int)g[u].size()) {
                int w = g[u][it[u]++];
                if (!seen[w]) { seen[w] = 1; st.push_back(w); }
            } else {
                order.push_back(u);
                st.pop_back();
            }
        }
    }
    vector<int> comp(N, -1);
    int c = 0;
    for (int k = N - 1; k >= 0; k--) {
        int s = order[k];
        if (comp[s] >= 0) continue;
        vector<int> st{s};
        comp[s] = c;
        while (!st.empty()) {
            int u = st.back(); st.pop_back();
            for (int w : rg[u]) if (comp[w] < 0) { comp[w] = c; st.push_back(w); }
        }
        c++;
    }
    // Components are numbered in topological order of the implication graph; pick the later one.
    string out;
    for (int v = 0; v < n; v++) {
        out += comp[v] > comp[v + n] ? '1' : '0';
        out += v + 1 < n ? ' ' : '\n';
    }
    fputs(out.c_str(), stdout);
}
