// convex_hull reference: Andrew's monotone chain with strict turns, rotated to start at the lowest point.
#include <bits/stdc++.h>
using namespace std;
typedef long long ll;
typedef pair<ll, ll> P;

ll cross(const P& o, const P& a, const P& b) {
    return (a.first - o.first) * (b.second - o.second) - (a.second - o.second) * (b.first - o.first);
}

int main() {
    int n;
    if (scanf("%d", &n) != 1) return 0;
    vector<P> p(n);
    for (auto& q : p) scanf("%lld %lld", &q.first, &q.second);
    sort(p.begin(), p.end());
    p.erase(unique(p.begin(), p.end()), p.end());
    vector<P> h(2 * p.size());
    int k = 0;
    for (size_t i = 0; i < p.size(); i++) {
        while (k >= 2 && cross(h[k - 2], h[k - 1], p[i]) <= 0) k--;
        h[k++] = p[i];
    }
    for (int i = (int)p.size() - 2, lo = k + 1; i >= 0; i--) {
        while (k >= lo && cross(h[k - 2], h[k - 1], p[i]) <= 0) k--;
        h[k++] = p[i];
    }
    h.resize(k - 1);
    size_t st = 0;
    for (size_t i = 1; i < h.size(); i++)
        if (make_pair(h[i].second, h[i].first) < make_pair(h[st].second, h[st].first)) st = i;
    printf("%zu\n", h.size());
    for (size_t i = 0; i < h.size(); i++) {
        const P& q = h[(st + i) % h.size()];
        printf("%lld %lld\n", q.first, q.second);
    }
}
