// Tabucol: start from first-fit in vertex order; while the move budget lasts, drop to k-1 colours and repair conflicts by
// tabu search over single-vertex recolourings (gamma table of conflict counts).
#include <bits/stdc++.h>
using namespace std;
int n, m;
vector<vector<int>> adj;
int main() {
    if (scanf("%d %d", &n, &m) != 2) return 0;
    adj.assign(n + 1, {});
    for (int i = 0; i < m; i++) { int u, v; scanf("%d %d", &u, &v); adj[u].push_back(v), adj[v].push_back(u); }
    vector<int> best(n + 1, 0);
    for (int v = 1; v <= n; v++) { set<int> t; for (int u : adj[v]) t.insert(best[u]); int c = 1; while (t.count(c)) c++; best[v] = c; }
    int k = *max_element(best.begin() + 1, best.end());
    mt19937 rng(4242);
    long long budget = 15000000, work = 0;
    while (k > 1 && work < budget) {
        int K = k - 1;
        // recolour the top colour randomly into 1..K
        vector<int> col = best;
        for (int v = 1; v <= n; v++) if (col[v] > K) col[v] = rng() % K + 1;
        vector<vector<int>> g(n + 1, vector<int>(K + 1, 0));
        vector<vector<long long>> tabu(n + 1, vector<long long>(K + 1, 0));
        for (int v = 1; v <= n; v++) for (int u : adj[v]) g[v][col[u]]++;
        int conf = 0;
        for (int v = 1; v <= n; v++) conf += g[v][col[v]];
        conf /= 2;
        int bestConf = conf;
        long long it = 0, sinceImprove = 0;
        while (conf > 0 && work < budget && sinceImprove < 200000) {
            it++;
            work += n / 4;
            int bv = -1, bc = -1, bd = INT_MAX, ties = 0;
            for (int v = 1; v <= n; v++) {
                if (!g[v][col[v]]) continue;
                work += K;
                for (int c = 1; c <= K; c++) {
                    if (c == col[v]) continue;
                    int d = g[v][c] - g[v][col[v]];
                    bool allowed = tabu[v][c] <= it || conf + d < bestConf;
                    if (!allowed) continue;
                    if (d < bd) bd = d, bv = v, bc = c, ties = 1;
                    else if (d == bd && rng() % (++ties) == 0) bv = v, bc = c;
                }
            }
            if (bv < 0) break;
            int old = col[bv];
            col[bv] = bc;
            conf += bd;
            for (int u : adj[bv]) g[u][old]--, g[u][bc]++;
            work += adj[bv].size();
            tabu[bv][old] = it + (long long)(0.6 * conf) + rng() % 10;
            if (conf < bestConf) bestConf = conf, sinceImprove = 0;
            else sinceImprove++;
        }
        if (conf != 0) break;
        best = col;
        k = K;
    }
    // renumber colours compactly
    map<int, int> ren;
    for (int v = 1; v <= n; v++) if (!ren.count(best[v])) { int r = ren.size() + 1; ren[best[v]] = r; }
    for (int v = 1; v <= n; v++) printf("%d%c", ren[best[v]], v == n ? '\n' : ' ');
}
