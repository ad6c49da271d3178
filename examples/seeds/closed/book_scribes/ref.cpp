#include <bits/stdc++.h>
using namespace std;

int main() {
    int n, k;
    scanf("%d %d", &n, &k);
    vector<long long> p(n);
    for (auto &x : p) scanf("%lld", &x);
    // The fewest groups with at most `cap` pages each only grows as `cap` shrinks: binary search.
    auto groups = [&](long long cap) {
        int count = 1;
        long long load = 0;
        for (long long x : p) {
            if (load + x > cap) count++, load = 0;
            load += x;
        }
        return count;
    };
    long long lo = *max_element(p.begin(), p.end()), hi = accumulate(p.begin(), p.end(), 0LL);
    while (lo < hi) {
        long long mid = lo + (hi - lo) / 2;
        if (groups(mid) <= k) hi = mid;
        else lo = mid + 1;
    }
    printf("%lld\n", lo);
}
