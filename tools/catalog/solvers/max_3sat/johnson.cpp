// Johnson's derandomised 7/8 algorithm: fix variables in order by conditional expectation.
#include <bits/stdc++.h>
using namespace std;
int main() {
    int n, m;
    if (scanf("%d %d", &n, &m) != 2) return 0;
    vector<array<int, 3>> cl(m);
    vector<vector<int>> occ(n + 1);
    for (int i = 0; i < m; i++) {
        for (int j = 0; j < 3; j++) scanf("%d", &cl[i][j]), occ[abs(cl[i][j])].push_back(i);
    }
    vector<int> val(n + 1, -1);  // -1 unset
    vector<char> done(m, 0);   // clause already satisfied
    vector<int> freeCnt(m, 3);
    for (int v = 1; v <= n; v++) {
        // expected satisfied-clause gain of v=1 versus v=0 among unsatisfied clauses
        double gain1 = 0, gain0 = 0;
        for (int c : occ[v]) {
            if (done[c]) continue;
            int k = freeCnt[c];
            double pUnsatRest = ldexp(1.0, -(k - 1));
            bool pos = false;
            for (int x : cl[c]) if (abs(x) == v) pos = x > 0;
            // setting the literal true satisfies; setting it false leaves k-1 free literals
            double sat = 1.0, unsat = 1.0 - pUnsatRest;
            if (pos) gain1 += sat, gain0 += unsat; else gain0 += sat, gain1 += unsat;
        }
        val[v] = gain1 > gain0 ? 1 : 0;
        for (int c : occ[v]) {
            if (done[c]) continue;
            for (int x : cl[c]) if (abs(x) == v && ((x > 0) == (val[v] == 1))) done[c] = 1;
            freeCnt[c]--;
        }
    }
    for (int v = 1; v <= n; v++) printf("%d%c", val[v], v == n ? '\n' : ' ');
}
