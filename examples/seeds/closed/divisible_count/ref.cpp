#include <bits/stdc++.h>
using namespace std;
typedef unsigned long long ull;

int main() {
    ull N;
    int k;
    scanf("%llu %d", &N, &k);
    vector<ull> a(k);
    for (auto &x : a) scanf("%llu", &x);
    // Inclusion-exclusion over subsets; an lcm above N contributes nothing, and neither do its supersets.
    __int128 lucky = 0;  // partial sums can pass 9.2·10^18 before they cancel
    for (int mask = 1; mask < (1 << k); mask++) {
        ull l = 1;
        bool over = false;
        for (int i = 0; i < k && !over; i++)
            if (mask >> i & 1) {
                ull g = __gcd(l, a[i]);
                __int128 next = (__int128)(l / g) * a[i];
                if (next > N) over = true;
                else l = (ull)next;
            }
        if (over) continue;
        long long term = N / l;
        lucky += __builtin_popcount(mask) % 2 ? term : -term;
    }
    printf("%lld\n", (long long)lucky);
}
