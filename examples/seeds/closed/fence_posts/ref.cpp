#include <bits/stdc++.h>
using namespace std;
typedef long long ll;

ll cross(pair<ll, ll> o, pair<ll, ll> a, pair<ll, ll> b) {
    return (a.first - o.first) * (b.second - o.second) - (a.second - o.second) * (b.first - o.first);
}

int main() {
    int n;
    scanf("%d", &n);
    vector<pair<ll, ll>> p(n);
    for (auto &[x, y] : p) scanf("%lld %lld", &x, &y);
    sort(p.begin(), p.end());
    p.erase(unique(p.begin(), p.end()), p.end());
    // Andrew's monotone chain: lower hull then upper hull, collinear points dropped.
    vector<pair<ll, ll>> hull;
    for (int pass = 0; pass < 2; pass++) {
        size_t base = hull.size();
        for (auto &q : p) {
            while (hull.size() >= base + 2 && cross(hull[hull.size() - 2], hull.back(), q) <= 0) hull.pop_back();
            hull.push_back(q);
        }
        hull.pop_back();
        reverse(p.begin(), p.end());
    }
    if (hull.empty()) hull.push_back(p[0]);
    double length = 0;
    for (size_t i = 0; i < hull.size(); i++) {
        auto a = hull[i], b = hull[(i + 1) % hull.size()];
        ll dx = a.first - b.first, dy = a.second - b.second;
        length += sqrt((double)(dx * dx + dy * dy));
    }
    printf("%.6f\n", length);
}
