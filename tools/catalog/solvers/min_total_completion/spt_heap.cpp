// SPT via a min-heap of (processing time, job).
#include <bits/stdc++.h>
using namespace std;
int main() {
    int n;
    scanf("%d", &n);
    priority_queue<pair<int, int>, vector<pair<int, int>>, greater<>> pq;
    for (int i = 1; i <= n; i++) { int p, d; scanf("%d %d", &p, &d); pq.push({p, i}); }
    bool first = true;
    while (!pq.empty()) { printf(first ? "%d" : " %d", pq.top().second); first = false; pq.pop(); }
    printf("\n");
}
