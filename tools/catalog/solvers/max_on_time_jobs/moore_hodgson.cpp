// Exact: Moore-Hodgson with a std::priority_queue of (processing time, job).
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
    priority_queue<pair<long long, int>> heap;
    vector<char> late(n, 0);
    long long t = 0;
    for (int j : idx) {
        heap.push({p[j], j});
        t += p[j];
        if (t > d[j]) { auto [q, k] = heap.top(); heap.pop(); t -= q; late[k] = 1; }
    }
    bool first = true;
    for (int j : idx) if (!late[j]) { printf(first ? "%d" : " %d", j + 1); first = false; }
    for (int j : idx) if (late[j]) printf(" %d", j + 1);
    printf("\n");
}
