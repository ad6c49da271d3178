// mst reference: Kruskal with a union-find (path halving, union by size).
#include <bits/stdc++.h>
using namespace std;

vector<int> par, sz;
int find(int x) {
    while (par[x] != x) { par[x] = par[par[x]]; x = par[x]; }
    return x;
}

int main() {
    int n, m;
    if (scanf("%d %d", &n, &m) != 2) return 0;
    vector<array<long long, 4>> e(m);
    for (int i = 0; i < m; i++) {
        long long u, v, w;
        scanf("%lld %lld %lld", &u, &v, &w);
        e[i] = {w, u, v, i + 1};
    }
    sort(e.begin(), e.end());
    par.resize(n + 1);
    sz.assign(n + 1, 1);
    iota(par.begin(), par.end(), 0);
    long long total = 0;
    vector<int> chosen;
    for (auto& [w, u, v, id] : e) {
        int a = find(u), b = find(v);
        if (a == b) continue;
        if (sz[a] < sz[b]) swap(a, b);
        par[b] = a;
        sz[a] += sz[b];
        total += w;
        chosen.push_back(id);
    }
    printf("%lld\n", total);
    for (size_t i = 0; i < chosen.size(); i++) printf("%d%c", chosen[i], i + 1 < chosen.size() ? ' ' : '\n');
    if (chosen.empty()) printf("\n");
}
