// Exact: by due date, least[k] = least total time of k jobs all on time; O(n^2) with the choices kept to walk back.
#include <bits/stdc++.h>
using namespace std;
int main() {
    int n;
    if (scanf("%d", &n) != 1) return 0;
    vector<long long> p(n), d(n);
    for (int i = 0; i < n; i++) scanf("%lld %lld", &p[i], &d[i]);
    vector<int> idx(n);
    iota(idx.begin(), idx.end(), 0);
    stable_sort(idx.begin(), idx.end(), [&](int a, int b) { return d[a] < d[b]; });
    const long long INF = LLONG_MAX / 4;
    vector<long long> least(n + 1, INF);
    least[0] = 0;
    vector<vector<char>> took(n, vector<char>(n + 1, 0));  // took[i][k]: job idx[i] is the k-th on time
    for (int i = 0; i < n; i++) {
        int j = idx[i];
        for (int k = i + 1; k >= 1; k--)
            if (least[k - 1] + p[j] <= d[j] && least[k - 1] + p[j] < least[k]) {
                least[k] = least[k - 1] + p[j];
                took[i][k] = 1;
            }
    }
    int k = n;
    while (least[k] >= INF) k--;
    // walk back: the last job to improve least[k] is the k-th on time, and it extended least[k - 1] as it
    // stood before it, which the last earlier job to improve least[k - 1] set
    vector<char> on(n, 0);
    for (int i = n - 1; i >= 0 && k > 0; i--)
        if (took[i][k]) { on[idx[i]] = 1; k--; }
    bool first = true;
    for (int j : idx) if (on[j]) { printf(first ? "%d" : " %d", j + 1); first = false; }
    for (int j : idx) if (!on[j]) printf(" %d", j + 1);
    printf("\n");
}
