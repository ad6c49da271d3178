#include <bits/stdc++.h>
using namespace std;

vector<int> parent;

int find(int x) {
    while (parent[x] != x) x = parent[x] = parent[parent[x]];
    return x;
}

int main() {
    int n, m;
    scanf("%d %d", &n, &m);
    vector<array<long long, 3>> edges(m);
    for (auto &e : edges) scanf("%lld %lld %lld", &e[1], &e[2], &e[0]);
    sort(edges.begin(), edges.end());
    parent.resize(n + 1);
    iota(parent.begin(), parent.end(), 0);
    long long total = 0;
    int joined = 1;
    for (auto &e : edges) {
        int a = find(e[1]), b = find(e[2]);
        if (a == b) continue;
        parent[a] = b;
        total += e[0];
        joined++;
    }
    printf("%lld\n", joined == n ? total : -1LL);
}
