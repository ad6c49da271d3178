#include <bits/stdc++.h>
using namespace std;

int main() {
    int n;
    scanf("%d", &n);
    // tails[k] is the smallest last temperature of a rise of k + 1 days seen so far.
    vector<long long> tails;
    for (int i = 0; i < n; i++) {
        long long a;
        scanf("%lld", &a);
        auto it = lower_bound(tails.begin(), tails.end(), a);
        if (it == tails.end()) tails.push_back(a);
        else *it = a;
    }
    printf("%zu\n", tails.size());
}
