#include <bits/stdc++.h>
using namespace std;

int main() {
    int n;
    scanf("%d", &n);
    vector<pair<long long, long long>> by_end(n);
    for (auto &[r, l] : by_end) scanf("%lld %lld", &l, &r);
    sort(by_end.begin(), by_end.end());
    long long free_from = LLONG_MIN;
    int taken = 0;
    for (auto [r, l] : by_end)
        if (l >= free_from) {
            taken++;
            free_from = r;
        }
    printf("%d\n", taken);
}
