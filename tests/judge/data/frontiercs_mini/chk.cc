// Checker in the FrontierCS style, written for FrontierSmith's tests.
#include "testlib.h"
#include <bits/stdc++.h>
using namespace std;

int main(int argc, char* argv[]) {
    registerTestlibCmd(argc, argv);
    int n = inf.readInt(1, 100000, "n");
    int k = inf.readInt(1, n, "k");
    vector<long long> w = inf.readLongs(n, 0, 1000000000LL, "w");
    long long best = ans.readLong();

    int m = ouf.readInt(0, k, "m");
    vector<char> used(n + 1, 0);
    long long value = 0;
    for (int i = 0; i < m; i++) {
        int idx = ouf.readInt(1, n, "index");
        if (used[idx]) quitf(_wa, "index %d chosen twice", idx);
        used[idx] = 1;
        value += w[idx - 1];
    }
    if (best <= 0) quitf(_fail, "the answer file says best = %lld", best);
    double ratio = (double)value / (double)best;
    if (ratio > 1.0) quitf(_fail, "value %lld beats the optimum %lld", value, best);
    if (value == best) quitf(_ok, "Value: %lld. Ratio: 1.000000", value);
    quitp(ratio, "Value: %lld. Ratio: %.6f", value, ratio);
}
