// Min-True 2-SAT: simulated annealing over full assignments, energy = #true + 2 * #violated clauses,
// single-variable flips (half of them WalkSAT-style from a violated clause); starts from the SCC assignment.
#include <bits/stdc++.h>
using namespace std;

int n, m;
vector<int> A, B;  // literals
vector<vector<int>> occ;
vector<char> val;

bool litTrue(int l) { return l > 0 ? val[l - 1] : !val[-l - 1]; }

vector<char> sccAssignment() {
    int N = 2 * n;
    auto node = [](int l) { return 2 * (abs(l) - 1) + (l < 0 ? 1 : 0); };
    vector<vector<int>> g(N), r(N);
    for (int i = 0; i < m; i++) {
        int a = node(A[i]), b = node(B[i]);
        g[a ^ 1].push_back(b); g[b ^ 1].push_back(a);
        r[b].push_back(a ^ 1); r[a].push_back(b ^ 1);
    }
    vector<char> seen(N, 0);
    vector<int> order;
    for (int s = 0; s < N; s++) {
        if (seen[s]) continue;
        vector<pair<int, int>> st{{s, 0}};
        seen[s] = 1;
        while (!st.empty()) {
            auto &[u, i] = st.back();
            if (i < (int)g[u].size()) {
                int w = g[u][i++];
                if (!seen[w]) { seen[w] = 1; st.push_back({w, 0}); }
            } else { order.push_back(u); st.pop_back(); }
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
            for (int w : r[u]) if (comp[w] < 0) { comp[w] = c; st.push_back(w); }
        }
        c++;
    }
    vector<char> v(n);
    for (int i = 0; i < n; i++) v[i] = comp[2 * i] > comp[2 * i + 1];
    return v;
}

int main() {
    if (scanf("%d %d", &n, &m) != 2) return 0;
    A.resize(m); B.resize(m); occ.assign(n, {});
    for (int i = 0; i < m; i++) {
        scanf("%d %d", &A[i], &B[i]);
        occ[abs(A[i]) - 1].push_back(i);
        occ[abs(B[i]) - 1].push_back(i);
    }
    val = sccAssignment();
    vector<int> nsat(m);
    vector<int> unsat, pos(m, -1);
    auto addU = [&](int c) { pos[c] = unsat.size(); unsat.push_back(c); };
    auto delU = [&](int c) { int p = pos[c], l = unsat.back(); unsat[p] = l; pos[l] = p; unsat.pop_back(); pos[c] = -1; };
    for (int i = 0; i < m; i++) { nsat[i] = litTrue(A[i]) + litTrue(B[i]); if (!nsat[i]) addU(i); }
    int trues = 0;
    for (int i = 0; i < n; i++) trues += val[i];
    vector<char> best = val;
    int bestT = unsat.empty() ? trues : INT_MAX;
    const double lam = 2.0;
    mt19937 rng(12345);
    const long iters = 1500000;
    double T0 = 1.5, T1 = 0.05;
    auto delta = [&](int v) {
        // flipping v changes each of its clauses' satisfied-literal count by +-1
        int d = val[v] ? -1 : 1, du = 0;
        for (int c : occ[v]) {
            int l = abs(A[c]) - 1 == v ? A[c] : B[c];
            bool nowTrue = litTrue(l);
            if (nowTrue && nsat[c] == 1) du++;
            if (!nowTrue && nsat[c] == 0) du--;
        }
        return d + lam * du;
    };
    for (long it = 0; it < iters; it++) {
        double T = T0 * pow(T1 / T0, (double)it / iters);
        int v;
        if (!unsat.empty() && (rng() & 1)) {
            int c = unsat[rng() % unsat.size()];
            v = abs((rng() & 1) ? A[c] : B[c]) - 1;
        } else v = rng() % n;
        double d = delta(v);
        if (d <= 0 || (rng() % 1000000) / 1e6 < exp(-d / T)) {
            for (int c : occ[v]) {
                int l = abs(A[c]) - 1 == v ? A[c] : B[c];
                if (litTrue(l)) { if (--nsat[c] == 0) addU(c); }
                else { if (nsat[c]++ == 0) delU(c); }
            }
            trues += val[v] ? -1 : 1;
            val[v] ^= 1;
            if (unsat.empty() && trues < bestT) { bestT = trues; best = val; }
        }
    }
    string out;
    for (int i = 0; i < n; i++) { out += best[i] ? '1' : '0'; out += i + 1 < n ? ' ' : '\n'; }
    fputs(out.c_str(), stdout);
}
