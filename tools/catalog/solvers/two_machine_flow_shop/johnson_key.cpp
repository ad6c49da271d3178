// Exact: Johnson's order as one sort: key (0, a) when a <= b, else (1, -b).
#include <bits/stdc++.h>
using namespace std;
int main() {
    int n;
    if (scanf("%d", &n) != 1) return 0;
    vector<tuple<int, long long, int>> key(n);
    for (int j = 0; j < n; j++) {
        long long a, b;
        scanf("%lld %lld", &a, &b);
        key[j] = a <= b ? make_tuple(0, a, j) : make_tuple(1, -b, j);
    }
    sort(key.begin(), key.end());
    for (int i = 0; i < n; i++) printf(i ? " %d" : "%d", get<2>(key[i]) + 1);
    printf("\n");
}
