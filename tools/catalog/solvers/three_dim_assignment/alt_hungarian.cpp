// Block coordinate descent: fix two pairings, solve the third exactly by the Hungarian algorithm; repeat.
#include <bits/stdc++.h>
using namespace std;
int n;
int C[40][40][40];
// Hungarian (min cost), a: n x n, returns assignment row -> column
vector<int> hungarian(const vector<vector<long long>>& a) {
    const long long INF = LLONG_MAX / 4;
    vector<long long> u(n + 1), v(n + 1), minv(n + 1);
    vector<int> p(n + 1), way(n + 1);
    for (int i = 1; i <= n; i++) {
        p[0] = i;
        int j0 = 0;
        fill(minv.begin(), minv.end(), INF);
        vector<char> used(n + 1, 0);
        do {
            used[j0] = 1;
            int i0 = p[j0], j1 = 0;
            long long delta = INF;
            for (int j = 1; j <= n; j++)
                if (!used[j]) {
                    long long cur = a[i0 - 1][j - 1] - u[i0] - v[j];
                    if (cur < minv[j]) minv[j] = cur, way[j] = j0;
                    if (minv[j] < delta) delta = minv[j], j1 = j;
                }
            for (int j = 0; j <= n; j++)
                if (used[j]) u[p[j]] += delta, v[j] -= delta;
                else minv[j] -= delta;
            j0 = j1;
        } while (p[j0] != 0);
        do { int j1 = way[j0]; p[j0] = p[j1]; j0 = j1; } while (j0);
    }
    vector<int> res(n);
    for (int j = 1; j <= n; j++) res[p[j] - 1] = j - 1;
    return res;
}
long long total(const vector<int>& p, const vector<int>& q) {
    long long s = 0;
    for (int i = 0; i < n; i++) s += C[i][p[i]][q[i]];
    return s;
}
int main() {
    if (scanf("%d", &n) != 1) return 0;
    for (int i = 0; i < n; i++) for (int j = 0; j < n; j++) for (int k = 0; k < n; k++) scanf("%d", &C[i][j][k]);
    vector<int> p(n), q(n);
    iota(p.begin(), p.end(), 0), iota(q.begin(), q.end(), 0);
    vector<vector<long long>> a(n, vector<long long>(n));
    // start: for each i the best shift on its own, then alternate
    long long cur = total(p, q);
    for (int round = 0; round < 200; round++) {
        long long before = cur;
        for (int i = 0; i < n; i++) for (int j = 0; j < n; j++) a[i][j] = C[i][j][q[i]];
        p = hungarian(a);
        for (int i = 0; i < n; i++) for (int k = 0; k < n; k++) a[i][k] = C[i][p[i]][k];
        q = hungarian(a);
        // third block: keep (machine, shift) pairs together and reassign them to workers
        for (int i = 0; i < n; i++) for (int u = 0; u < n; u++) a[i][u] = C[i][p[u]][q[u]];
        vector<int> r = hungarian(a);
        vector<int> np(n), nq(n);
        for (int i = 0; i < n; i++) np[i] = p[r[i]], nq[i] = q[r[i]];
        p = np, q = nq;
        cur = total(p, q);
        if (cur >= before) break;
    }
    for (int i = 0; i < n; i++) printf("%d%c", p[i] + 1, i + 1 == n ? '\n' : ' ');
    for (int i = 0; i < n; i++) printf("%d%c", q[i] + 1, i + 1 == n ? '\n' : ' ');
}
