// Coin-system design by searching structured systems: 1, c, round(c*r), round(c*r^2), ... for a grid of
// first coins c and ratios r, each evaluated exactly; the best structured system is printed.
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
    vector<int> best{1};
    long long bestCost = evalSet(best);
    for (int c = 2; c <= min(A, 30); c++) {
        for (double r = 1.25; r <= 8.0; r += 0.03) {
            set<int> s{1, c};
            double x = c;
            while ((int)s.size() < k) {
                x *= r;
                int v = (int)llround(x);
                if (v > A) break;
                s.insert(v);
            }
            vector<int> d(s.begin(), s.end());
            long long cost = evalSet(d);
            if (cost < bestCost) { bestCost = cost; best = d; }
        }
    }
    printf("%d", (int)best.size());
    for (int c : best) printf(" %d", c);
    printf("\n");
}
