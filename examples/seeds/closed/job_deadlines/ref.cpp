#include <bits/stdc++.h>
using namespace std;

int main() {
    int n;
    scanf("%d", &n);
    vector<pair<long long, long long>> orders(n);
    for (auto &[d, p] : orders) scanf("%lld %lld", &d, &p);
    sort(orders.begin(), orders.end());
    // Keep the orders taken so far; when there are more than days, drop the cheapest.
    priority_queue<long long, vector<long long>, greater<>> taken;
    long long total = 0;
    for (auto [d, p] : orders) {
        taken.push(p);
        total += p;
        if ((long long)taken.size() > d) {
            total -= taken.top();
            taken.pop();
        }
    }
    printf("%lld\n", total);
}
