// Exact: binary search the smallest height limit under which a BFS joins the corners; its tree gives the walk.
#include <bits/stdc++.h>
using namespace std;
int R, C;
vector<long long> h;
vector<int> par;
bool reach(long long limit) {
    int n = R * C;
    if (h[0] > limit) return false;
    par.assign(n, -2);
    par[0] = -1;
    deque<int> q{0};
    while (!q.empty()) {
        int u = q.front(); q.pop_front();
        int r = u / C, c = u % C;
        int nb[4] = {r > 0 ? u - C : -1, r + 1 < R ? u + C : -1, c > 0 ? u - 1 : -1, c + 1 < C ? u + 1 : -1};
        for (int v : nb)
            if (v >= 0 && par[v] == -2 && h[v] <= limit) { par[v] = u; q.push_back(v); }
    }
    return par[n - 1] != -2;
}
int main() {
    if (scanf("%d %d", &R, &C) != 2) return 0;
    h.resize(R * C);
    for (auto& x : h) scanf("%lld", &x);
    vector<long long> levels(h.begin(), h.end());
    sort(levels.begin(), levels.end());
    levels.erase(unique(levels.begin(), levels.end()), levels.end());
    int lo = 0, hi = (int)levels.size() - 1;
    while (lo < hi) {
        int mid = (lo + hi) / 2;
        if (reach(levels[mid])) hi = mid; else lo = mid + 1;
    }
    reach(levels[lo]);
    string path;
    for (int v = R * C - 1; v != 0; v = par[v]) {
        int u = par[v];
        path += v == u + C ? 'D' : v == u - C ? 'U' : v == u + 1 ? 'R' : 'L';
    }
    reverse(path.begin(), path.end());
    printf("%s\n", path.c_str());
}
