// Coin-system design by swap local search: from random starting systems, repeatedly replace one
// non-1 denomination by the candidate value (frequent amounts, log-spaced values) that minimises the total coin count (exact DP each time),
// until no single replacement helps; the best local optimum over all restarts wins.
#include <bits/stdc++.h>
using namespace std;

int A;
vector<long long> cnt;
vector<int> dp;

long long evalSet(vector<int> d) {
    sort(d.begin(), d.end());
    dp[0] = 0;
    long long cost = 0;
    for (int v = 1; v <= A; v++) {
        int b = INT_MAX;
        for (int c : d) { if (c > v) break; b = min(b, dp[v - c] + 1); }
        dp[v] = b;
        cost += cnt[v] * b;
    }
    return cost;
}

int main() {
    int k, m;
    if (scanf("%d %d", &k, &m) != 2) return 0;
    vector<int> a(m);
    A = 0;
    for (auto &x : a) { scanf("%d", &x); A = max(A, x); }
    cnt.assign(A + 1, 0); dp.assign(A + 1, 0);
    for (int x : a) cnt[x]++;
    int t = min(k, A);
    mt19937 rng(31337);
    vector<int> best{1};
    long long bestCost = evalSet(best);
    // candidate values: every amount value that occurs, plus a coarse grid (keeps passes affordable)
    // candidate values: the 100 most frequent amounts plus ~150 log-spaced values
    set<int> cs;
    vector<int> byFreq;
    for (int v = 2; v <= A; v++) if (cnt[v]) byFreq.push_back(v);
    stable_sort(byFreq.begin(), byFreq.end(), [&](int x, int y) { return cnt[x] > cnt[y]; });
    for (int i = 0; i < (int)byFreq.size() && i < 100; i++) cs.insert(byFreq[i]);
    for (int i = 0; i <= 150; i++) { int v = (int)llround(pow((double)A, i / 150.0)); if (v >= 2 && v <= A) cs.insert(v); }
    vector<int> cand(cs.begin(), cs.end());
    long long budget = 50000000;  // DP cell evaluations
    for (int restart = 0; budget > 0; restart++) {
        set<int> s{1};
        while ((int)s.size() < t) s.insert(2 + rng() % max(1, A - 1));
        vector<int> cur(s.begin(), s.end());
        long long cc = evalSet(cur);
        bool improved = true;
        while (improved && budget > 0) {
            improved = false;
            for (int i = 1; i < (int)cur.size() && budget > 0; i++) {
                int keep = cur[i];
                int bestV = keep; long long bv = cc;
                for (int v : cand) {
                    if (find(cur.begin(), cur.end(), v) != cur.end()) continue;
                    cur[i] = v;
                    long long c = evalSet(cur);
                    budget -= (long long)A * t;
                    if (c < bv) { bv = c; bestV = v; }
                }
                cur[i] = bestV;
                if (bv < cc) { cc = bv; improved = true; }
            }
        }
        if (cc < bestCost) { bestCost = cc; best = cur; }
    }
    sort(best.begin(), best.end());
    printf("%d", (int)best.size());
    for (int c : best) printf(" %d", c);
    printf("\n");
}
