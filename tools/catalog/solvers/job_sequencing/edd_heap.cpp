// Exact: by deadline, keep a min-heap of chosen profits; when the chosen outnumber the deadline, drop the cheapest.
#include <bits/stdc++.h>
using namespace std;
int main() {
    int n;
    if (scanf("%d", &n) != 1) return 0;
    vector<long long> d(n), p(n);
    for (int i = 0; i < n; i++) scanf("%lld %lld", &d[i], &p[i]);
    vector<int> idx(n);
    iota(idx.begin(), idx.end(), 0);
    sort(idx.begin(), idx.end(), [&](int a, int b) { return d[a] < d[b]; });
    priority_queue<pair<long long, int>, vector<pair<long long, int>>, greater<>> heap;
    vector<char> kept(n, 0);
    for (int j : idx) {
        heap.push({p[j], j});
        if ((long long)heap.size() > d[j]) heap.pop();
    }
    while (!heap.empty()) { kept[heap.top().second] = 1; heap.pop(); }
    bool first = true;
    for (int j : idx) if (kept[j]) { printf(first ? "%d" : " %d", j + 1); first = false; }  // by deadline: on time
    for (int j = 0; j < n; j++) if (!kept[j]) printf(" %d", j + 1);
    printf("\n");
}
