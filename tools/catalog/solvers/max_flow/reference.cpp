// max_flow reference: Dinic (BFS level graph + DFS blocking flow with current-arc pointers).
#include <bits/stdc++.h>
using namespace std;

struct Dinic {
    struct E { int to; long long cap; };
    vector<E> e;
    vector<vector<int>> g;
    vector<int> level, it;
    Dinic(int n) : g(n + 1), level(n + 1), it(n + 1) {}
    int add(int u, int v, long long c) {
        g[u].push_back(e.size()); e.push_back({v, c});
        g[v].push_back(e.size()); e.push_back({u, 0});
        return e.size() - 2;
    }
    bool bfs(int s, int t) {
        fill(level.begin(), level.end(), -1);
        queue<int> q; q.push(s); level[s] = 0;
        while (!q.empty()) {
            int u = q.front(); q.pop();
            for (int id : g[u]) if (e[id].cap > 0 && level[e[id].to] < 0) { level[e[id].to] = level[u] + 1; q.push(e[id].to); }
        }
        return level[t] >= 0;
    }
    long long dfs(int u, int t, long long f) {
        if (u == t) return f;
        for (; it[u] < (int)g[u].size(); it[u]++) {
            int id = g[u][it[u]];
            int v = e[id].to;
            if (e[id].cap > 0 && level[v] == level[u] + 1) {
                long long d = dfs(v, t, min(f, e[id].cap));
                if (d > 0) { e[id].cap -= d; e[id ^ 1].cap += d; return d; }
            }
        }
        return 0;
    }
    long long run(int s, int t) {
        long long flow = 0;
        while (bfs(s, t)) {
            fill(it.begin(), it.end(), 0);
            while (long long f = dfs(s, t, LLONG_MAX)) flow += f;
        }
        return flow;
    }
};

int main() {
    int n, m, s, t;
    if (scanf("%d %d %d %d", &n, &m, &s, &t) != 4) return 0;
    Dinic d(n);
    vector<int> id(m);
    vector<long long> cap(m);
    for (int i = 0; i < m; i++) {
        int u, v; long long c;
        scanf("%d %d %lld", &u, &v, &c);
        cap[i] = c;
        id[i] = d.add(u, v, c);
    }
    long long f = d.run(s, t);
    printf("%lld\n", f);
    for (int i = 0; i < m; i++) printf("%lld%c", cap[i] - d.e[id[i]].cap, i + 1 < m ? ' ' : '\n');
}
