// Greedy: take triples in increasing cost order whenever all three members are free.
#include <bits/stdc++.h>
using namespace std;
int main() {
    int n;
    if (scanf("%d", &n) != 1) return 0;
    vector<array<int, 4>> t;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
            for (int k = 0; k < n; k++) { int c; scanf("%d", &c); t.push_back({c, i, j, k}); }
    sort(t.begin(), t.end());
    vector<char> ui(n), uj(n), uk(n);
    vector<int> p(n), q(n);
    for (auto& [c, i, j, k] : t)
        if (!ui[i] && !uj[j] && !uk[k]) ui[i] = uj[j] = uk[k] = 1, p[i] = j, q[i] = k;
    for (int i = 0; i < n; i++) printf("%d%c", p[i] + 1, i + 1 == n ? '\n' : ' ');
    for (int i = 0; i < n; i++) printf("%d%c", q[i] + 1, i + 1 == n ? '\n' : ' ');
}
