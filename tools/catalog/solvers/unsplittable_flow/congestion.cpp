// Unsplittable flow: congestion-aware routing. Each demand takes a Dijkstra shortest path over arcs with
// room for it, where an arc's length grows as exp(beta * load fraction after routing); several demand
// orders and beta values are tried and the best total kept.
#include <bits/stdc++.h>
using namespace std;

int n, m, K;
vector<int> U, V; vector<long long> C;
vector<vector<int>> out;
vector<int> S, T; vector<long long> Dm;

int main() {
    if (scanf("%d %d %d", &n, &m, &K) != 3) return 0;
    U.resize(m); V.resize(m); C.resize(m); out.assign(n + 1, {});
    for (int i = 0; i < m; i++) { scanf("%d %d %lld", &U[i], &V[i], &C[i]); out[U[i]].push_back(i); }
    S.resize(K); T.resize(K); Dm.resize(K);
    for (int i = 0; i < K; i++) scanf("%d %d %lld", &S[i], &T[i], &Dm[i]);
    // hop distances for the "short demands first" order
    vector<int> hop(K, INT_MAX);
    for (int i = 0; i < K; i++) {
        vector<int> dist(n + 1, -1); deque<int> q{S[i]}; dist[S[i]] = 0;
        while (!q.empty() && dist[T[i]] < 0) { int x = q.front(); q.pop_front(); for (int e : out[x]) if (dist[V[e]] < 0) { dist[V[e]] = dist[x] + 1; q.push_back(V[e]); } }
        hop[i] = dist[T[i]] < 0 ? 1000000 : dist[T[i]];
    }
    vector<vector<int>> orders;
    vector<int> o(K);
    iota(o.begin(), o.end(), 0);
    auto byKey = [&](function<double(int)> f) { vector<int> x = o; stable_sort(x.begin(), x.end(), [&](int a, int b) { return f(a) < f(b); }); return x; };
    orders.push_back(byKey([&](int i) { return -(double)Dm[i]; }));
    orders.push_back(byKey([&](int i) { return (double)hop[i] / Dm[i]; }));
    orders.push_back(byKey([&](int i) { return (double)hop[i]; }));
    long long best = -1;
    vector<vector<int>> bestPaths;
    for (auto &ord : orders) {
        for (double beta : {1.0, 4.0, 10.0}) {
            vector<long long> load(m, 0);
            vector<vector<int>> paths(K);
            long long total = 0;
            for (int i : ord) {
                vector<double> dist(n + 1, 1e300); vector<int> pe(n + 1, -1);
                priority_queue<pair<double, int>, vector<pair<double, int>>, greater<>> pq;
                dist[S[i]] = 0; pq.push({0, S[i]});
                while (!pq.empty()) {
                    auto [dd, x] = pq.top(); pq.pop();
                    if (dd > dist[x]) continue;
                    if (x == T[i]) break;
                    for (int e : out[x]) {
                        if (load[e] + Dm[i] > C[e]) continue;
                        double len = exp(beta * (double)(load[e] + Dm[i]) / C[e]);
                        if (dd + len < dist[V[e]]) { dist[V[e]] = dd + len; pe[V[e]] = e; pq.push({dist[V[e]], V[e]}); }
                    }
                }
                if (dist[T[i]] >= 1e300) continue;
                vector<int> p{T[i]};
                for (int x = T[i]; x != S[i];) { int e = pe[x]; load[e] += Dm[i]; x = U[e]; p.push_back(x); }
                reverse(p.begin(), p.end());
                paths[i] = p; total += Dm[i];
            }
            if (total > best) { best = total; bestPaths = paths; }
        }
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
