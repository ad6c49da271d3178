// WalkSAT with noise 0.5 and a fixed flip budget; returns the best assignment seen.
#include <bits/stdc++.h>
using namespace std;
int main() {
    int n, m;
    if (scanf("%d %d", &n, &m) != 2) return 0;
    vector<array<int, 3>> cl(m);
    vector<vector<int>> occ(n + 1);
    for (int i = 0; i < m; i++)
        for (int j = 0; j < 3; j++) scanf("%d", &cl[i][j]), occ[abs(cl[i][j])].push_back(i);
    mt19937 rng(777);
    vector<char> val(n + 1);
    for (int v = 1; v <= n; v++) val[v] = rng() & 1;
    vector<int> nt(m, 0), pos(m, -1), unsat;
    auto isTrue = [&](int x) { return (val[abs(x)] == 1) == (x > 0); };
    for (int i = 0; i < m; i++) {
        for (int x : cl[i]) nt[i] += isTrue(x);
        if (!nt[i]) pos[i] = unsat.size(), unsat.push_back(i);
    }
    auto flip = [&](int v) {
        val[v] ^= 1;
        for (int c : occ[v]) {
            int lit = 0;
            for (int x : cl[c]) if (abs(x) == v) lit = x;
            if (isTrue(lit)) {
                if (nt[c]++ == 0) { int j = pos[c], last = unsat.back(); unsat[j] = last, pos[last] = j, unsat.pop_back(), pos[c] = -1; }
            } else {
                if (--nt[c] == 0) pos[c] = unsat.size(), unsat.push_back(c);
            }
        }
    };
    auto breakCount = [&](int v) {
        int b = 0;
        for (int c : occ[v]) {
            if (nt[c] != 1) continue;
            for (int x : cl[c]) if (abs(x) == v && isTrue(x)) b++;
        }
        return b;
    };
    vector<char> best = val;
    size_t bestUnsat = unsat.size();
    long long flips = 6000000LL / max(1, 3 * m / n);
    for (long long f = 0; f < flips && !unsat.empty(); f++) {
        int c = unsat[rng() % unsat.size()];
        int v;
        if (rng() % 2) v = abs(cl[c][rng() % 3]);
        else {
            int bb = INT_MAX;
            v = abs(cl[c][0]);
            for (int x : cl[c]) { int b = breakCount(abs(x)); if (b < bb) bb = b, v = abs(x); }
        }
        flip(v);
        if (unsat.size() < bestUnsat) bestUnsat = unsat.size(), best = val;
    }
    for (int v = 1; v <= n; v++) printf("%d%c", best[v], v == n ? '\n' : ' ');
}
