#include <bits/stdc++.h>
using namespace std;

int main() {
    int n;
    scanf("%d", &n);
    if (n == 1) {
        puts("-1");
        return 0;
    }
    // Swap neighbours in pairs; an odd n ends with the 3-cycle (n-1, n, n-2), the smallest tail.
    vector<int> p(n + 1);
    int paired = n % 2 == 0 ? n : n - 3;
    for (int j = 1; j <= paired; j += 2) p[j] = j + 1, p[j + 1] = j;
    if (n % 2 == 1) p[n - 2] = n - 1, p[n - 1] = n, p[n] = n - 2;
    for (int j = 1; j <= n; j++) printf("%d%c", p[j], j == n ? '\n' : ' ');
}
