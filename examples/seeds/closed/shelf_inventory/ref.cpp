#include <bits/stdc++.h>
using namespace std;

int n;
vector<long long> tree_;

void add(int i, long long d) {
    for (; i <= n; i += i & -i) tree_[i] += d;
}

long long prefix(int i) {
    long long s = 0;
    for (; i > 0; i -= i & -i) s += tree_[i];
    return s;
}

int main() {
    int q;
    scanf("%d %d", &n, &q);
    tree_.assign(n + 1, 0);
    vector<long long> a(n + 1);
    for (int i = 1; i <= n; i++) {
        scanf("%lld", &a[i]);
        add(i, a[i]);
    }
    while (q--) {
        int type;
        long long x, y;
        scanf("%d %lld %lld", &type, &x, &y);
        if (type == 1) {
            add(x, y - a[x]);
            a[x] = y;
        } else {
            printf("%lld\n", prefix(y) - prefix(x - 1));
        }
    }
}
