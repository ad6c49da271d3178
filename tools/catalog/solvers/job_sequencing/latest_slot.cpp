// Exact: the matroid greedy, scanning down from each job's deadline for a free slot.
#include <bits/stdc++.h>
using namespace std;
int main() {
    int n;
    if (scanf("%d", &n) != 1) return 0;
    vector<int> d(n);
    vector<long long> p(n);
    for (int i = 0; i < n; i++) scanf("%d %lld", &d[i], &p[i]);
    vector<int> idx(n);
    iota(idx.begin(), idx.end(), 0);
    stable_sort(idx.begin(), idx.end(), [&](int a, int b) { return p[a] > p[b]; });
    vector<int> slot(n + 1, -1);
    vector<char> placed(n, 0);
    for (int j : idx)
        for (int t = d[j]; t >= 1; t--)
            if (slot[t] < 0) { slot[t] = j; placed[j] = 1; break; }
    bool first = true;
    for (int t = 1; t <= n; t++) if (slot[t] >= 0) { printf(first ? "%d" : " %d", slot[t] + 1); first = false; }
    for (int j = 0; j < n; j++) if (!placed[j]) printf(" %d", j + 1);
    printf("\n");
}
