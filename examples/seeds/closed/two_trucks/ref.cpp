#include <bits/stdc++.h>
using namespace std;

int main() {
    int n;
    scanf("%d", &n);
    bitset<100001> reach;  // reach[s]: some set of boxes weighs exactly s
    reach[0] = 1;
    int total = 0;
    for (int i = 0; i < n; i++) {
        int w;
        scanf("%d", &w);
        reach |= reach << w;
        total += w;
    }
    for (int s = total / 2; s >= 0; s--)
        if (reach[s]) {
            printf("%d\n", total - 2 * s);
            return 0;
        }
}
