// Min-True 2-SAT: depth-first branch and bound per connected component. Branches on the variable with
// the most open all-positive clauses (true first), prunes with a greedy disjoint-clause lower bound,
// and stops each component after a work budget proportional to its size.
#include <bits/stdc++.h>
using namespace std;

int n, m;
vector<int> A, B;
vector<vector<int>> imp;  // literal 2v = x_v true, 2v+1 = x_v false
vector<int> val, trail;
int trues = 0;

bool assign(int lit) {
    vector<int> st{lit};
    while (!st.empty()) {
        int l = st.back(); st.pop_back();
        int v = l >> 1, want = 1 - (l & 1);
        if (val[v] == want) continue;
        if (val[v] != -1) return false;
        val[v] = want; trues += want; trail.push_back(v);
        for (int x : imp[l]) st.push_back(x);
    }
    return true;
}
void undo(size_t mark) {
    while (trail.size() > mark) { int v = trail.back(); trail.pop_back(); trues -= val[v]; val[v] = -1; }
}

vector<int> cv, cc;  // current component's variables and clauses
vector<int> cnt, stamp;
int stampNow = 0;
long long work, budget;
int best;
vector<int> bestVal;

void dfs() {
    work += cc.size() + 1;
    if (work > budget) return;
    stampNow++;
    int lb = 0, pick = -1, pickCnt = 0;
    for (int v : cv) cnt[v] = 0;
    for (int c : cc) {
        if (A[c] < 0 || B[c] < 0) continue;
        int u = A[c] - 1, v = B[c] - 1;
        if (val[u] != -1 || val[v] != -1) continue;
        cnt[u]++; cnt[v]++;
        if (stamp[u] != stampNow && stamp[v] != stampNow) { stamp[u] = stamp[v] = stampNow; lb++; }
    }
    if (trues + lb >= best) return;
    for (int v : cv) if (val[v] == -1 && cnt[v] > pickCnt) { pickCnt = cnt[v]; pick = v; }
    if (pick < 0) {
        size_t mark = trail.size();
        bool ok = true;
        for (int v : cv) if (val[v] == -1 && !assign(2 * v + 1)) { ok = false; break; }
        if (ok && trues < best) { best = trues; for (int v : cv) bestVal[v] = val[v]; }
        undo(mark);
        return;
    }
    for (int side = 0; side < 2; side++) {
        size_t mark = trail.size();
        if (assign(2 * pick + side)) dfs();
        undo(mark);
        if (work > budget) return;
    }
}

int main() {
    if (scanf("%d %d", &n, &m) != 2) return 0;
    A.resize(m); B.resize(m); imp.assign(2 * n, {});
    vector<int> par(n);
    iota(par.begin(), par.end(), 0);
    function<int(int)> find = [&](int x) { while (par[x] != x) x = par[x] = par[par[x]]; return x; };
    auto lit = [](int l) { return 2 * (abs(l) - 1) + (l < 0 ? 1 : 0); };
    for (int i = 0; i < m; i++) {
        scanf("%d %d", &A[i], &B[i]);
        int a = lit(A[i]), b = lit(B[i]);
        imp[a ^ 1].push_back(b); imp[b ^ 1].push_back(a);
        par[find(abs(A[i]) - 1)] = find(abs(B[i]) - 1);
    }
    val.assign(n, -1); cnt.assign(n, 0); stamp.assign(n, 0); bestVal.assign(n, 0);
    vector<vector<int>> vars(n), cls(n);
    for (int v = 0; v < n; v++) vars[find(v)].push_back(v);
    for (int i = 0; i < m; i++) cls[find(abs(A[i]) - 1)].push_back(i);
    const double total = 0.8e8;
    for (int r = 0; r < n; r++) {
        if (vars[r].empty()) continue;
        cv = vars[r]; cc = cls[r];
        work = 0;
        budget = (long long)(total * (cc.size() + 1) / (m + 1)) + 2000;
        // the first descent must reach a leaf, so the budget covers at least one full dive
        budget = max(budget, (long long)(cv.size() + 1) * (long long)(cc.size() + 2) * 2);
        best = INT_MAX;
        int base = trues;
        trues = 0;
        dfs();
        trues = base;
        for (int v : cv) val[v] = bestVal[v];
        for (int v : cv) trues += val[v];
    }
    string out;
    for (int i = 0; i < n; i++) { out += val[i] == 1 ? '1' : '0'; out += i + 1 < n ? ' ' : '\n'; }
    fputs(out.c_str(), stdout);
}
