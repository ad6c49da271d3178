// Unsplittable flow: randomised greedy with restarts. Each restart orders the demands by d times a
// random log-normal factor, largest first (so big demands claim capacity and small ones fill gaps), routes each by BFS in the residual graph,
// and the best total over a fixed number of restarts is kept.
#include <bits/stdc++.h>
using namespace std;

int main() {
    int n, m, K;
    if (scanf("%d %d %d", &n, &m, &K) != 3) return 0;
    vector<int> U(m), V(m); vector<long long> C(m);
    vector<vector<int>> out(n + 1);
    for (int i = 0; i < m; i++) { scanf("%d %d %lld", &U[i], &V[i], &C[i]); out[U[i]].push_back(i); }
    vector<int> S(K), T(K); vector<long long> D(K);
    for (int i = 0; i < K; i++) scanf("%d %d %lld", &S[i], &T[i], &D[i]);
    mt19937 rng(4242);
    normal_distribution<double> noise(0.0, 1.0);
    int restarts = max(5, (int)min(600LL, 80000000LL / max(1LL, (long long)K * (m + n))));
    long long best = -1;
    vector<vector<int>> bestPaths;
    vector<int> par(n + 1), seen(n + 1, 0);
    int stamp = 0;
    for (int r = 0; r < restarts; r++) {
        vector<pair<double, int>> key(K);
        double sigma = r == 0 ? 0.0 : 0.3 + 0.7 * (r % 4) / 3.0;
        for (int i = 0; i < K; i++) key[i] = {-D[i] * exp(sigma * noise(rng)), i};
        sort(key.begin(), key.end());
        vector<long long> res = C;
        vector<vector<int>> paths(K);
        long long total = 0;
        for (auto [_, i] : key) {
            stamp++;
            deque<int> q{S[i]}; seen[S[i]] = stamp;
            while (!q.empty() && seen[T[i]] != stamp) {
                int x = q.front(); q.pop_front();
                for (int e : out[x]) if (res[e] >= D[i] && seen[V[e]] != stamp) { seen[V[e]] = stamp; par[V[e]] = e; q.push_back(V[e]); }
            }
            if (seen[T[i]] != stamp) continue;
            vector<int> p{T[i]};
            for (int x = T[i]; x != S[i];) { int e = par[x]; res[e] -= D[i]; x = U[e]; p.push_back(x); }
            reverse(p.begin(), p.end());
            paths[i] = p; total += D[i];
        }
        if (total > best) { best = total; bestPaths = paths; }
    }
    string s;
    for (int i = 0; i < K; i++) {
        if (bestPaths[i].empty()) { s += "0\n"; continue; }
        s += to_string(bestPaths[i].size());
        for (int x : bestPaths[i]) { s += ' '; s += to_string(x); }
        s += '\n';
    }
    fputs(s.c_str(), stdout);
}
