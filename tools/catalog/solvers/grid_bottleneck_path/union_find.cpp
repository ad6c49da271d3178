// Exact: add cells from the lowest up into a union-find until the corners join; BFS under that height for the walk.
#include <bits/stdc++.h>
using namespace std;
vector<int> up;
int find(int x) { while (up[x] != x) x = up[x] = up[up[x]]; return x; }
int main() {
    int R, C;
    if (scanf("%d %d", &R, &C) != 2) return 0;
    int n = R * C;
    vector<long long> h(n);
    for (auto& x : h) scanf("%lld", &x);
    vector<int> order(n);
    iota(order.begin(), order.end(), 0);
    sort(order.begin(), order.end(), [&](int a, int b) { return h[a] < h[b]; });
    up.resize(n);
    iota(up.begin(), up.end(), 0);
    vector<char> open(n, 0);
    long long limit = 0;
    for (int u : order) {
        open[u] = 1;
        int r = u / C, c = u % C;
        int nb[4] = {r > 0 ? u - C : -1, r + 1 < R ? u + C : -1, c > 0 ? u - 1 : -1, c + 1 < C ? u + 1 : -1};
        for (int v : nb) if (v >= 0 && open[v]) up[find(u)] = find(v);
        if (open[0] && open[n - 1] && find(0) == find(n - 1)) { limit = h[u]; break; }
    }
    vector<int> par(n, -2);
    par[0] = -1;
    deque<int> q{0};
    while (!q.empty()) {
        int u = q.front(); q.pop_front();
        int r = u / C, c = u % C;
        int nb[4] = {r > 0 ? u - C : -1, r + 1 < R ? u + C : -1, c > 0 ? u - 1 : -1, c + 1 < C ? u + 1 : -1};
        for (int v : nb) if (v >= 0 && par[v] == -2 && h[v] <= limit) { par[v] = u; q.push_back(v); }
    }
    string path;
    for (int v = n - 1; v != 0; v = par[v]) {
        int u = par[v];
        path += v == u + C ? 'D' : v == u - C ? 'U' : v == u + 1 ? 'R' : 'L';
    }
    reverse(path.begin(), path.end());
    printf("%s\n", path.c_str());
}
