#include <bits/stdc++.h>
using namespace std;

int main() {
    int n, m;
    scanf("%d %d", &n, &m);
    vector<vector<int>> after(n + 1);
    vector<int> need(n + 1, 0);
    for (int i = 0; i < m; i++) {
        int a, b;
        scanf("%d %d", &a, &b);
        after[a].push_back(b);
        need[b]++;
    }
    // Kahn's algorithm with the smallest available course taken first.
    priority_queue<int, vector<int>, greater<>> ready;
    for (int v = 1; v <= n; v++)
        if (need[v] == 0) ready.push(v);
    vector<int> order;
    while (!ready.empty()) {
        int u = ready.top();
        ready.pop();
        order.push_back(u);
        for (int v : after[u])
            if (--need[v] == 0) ready.push(v);
    }
    if ((int)order.size() < n) {
        puts("-1");
        return 0;
    }
    for (int i = 0; i < n; i++) printf("%d%c", order[i], i + 1 == n ? '\n' : ' ');
}
