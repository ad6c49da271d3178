#include <cstdio>
int main() {
    int n;
    if (scanf("%d", &n) != 1) return 1;
    int lo = 1, hi = n;
    while (lo < hi) {
        int mid = (lo + hi) / 2;
        printf("? %d\n", mid);
        fflush(stdout);
        char reply[4];
        if (scanf("%3s", reply) != 1) return 1;
        if (reply[0] == '=') { lo = hi = mid; break; }
        if (reply[0] == '<') hi = mid - 1; else lo = mid + 1;
    }
    printf("! %d\n", lo);
    fflush(stdout);
}
