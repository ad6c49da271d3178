// Draws from testlib's rnd in each of the ways interactors use it; the test compares the numbers with the
// ones the real testlib.h draws (its generator is a fact of the format: packages depend on its sequence).
#include "testlib.h"
#include <cstdio>
#include <vector>

int main() {
    for (int i = 0; i < 5; i++) std::printf("%d ", rnd.next(0, 999));
    std::printf("%lld ", rnd.next(1LL, 1000000000000LL));
    std::printf("%.12f ", rnd.next());
    std::printf("%d ", rnd.next(16));
    rnd.setSeed(12345);
    for (int i = 0; i < 5; i++) std::printf("%d ", rnd.next(1, 7));
    std::vector<int> v(10);
    for (int i = 0; i < 10; i++) v[i] = i;
    shuffle(v.begin(), v.end());
    for (int x : v) std::printf("%d ", x);
    std::printf("%.9f %lld\n", rnd.next(2.5, 7.5), (long long)rnd.next(5000000000LL));
    // no verdict at the end (not a checker): the header's exit guard says FAIL on stderr; the test reads stdout
}
