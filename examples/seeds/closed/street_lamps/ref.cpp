#include <bits/stdc++.h>
using namespace std;

int main() {
    int n;
    long long L;
    scanf("%d %lld", &n, &L);
    vector<pair<long long, long long>> lamps(n);
    for (auto &[a, b] : lamps) scanf("%lld %lld", &a, &b);
    sort(lamps.begin(), lamps.end());
    // Lit prefix [0, covered]: among lamps starting inside it, take the one reaching farthest.
    long long covered = 0;
    int used = 0;
    size_t i = 0;
    while (covered < L) {
        long long reach = covered;
        while (i < lamps.size() && lamps[i].first <= covered) reach = max(reach, lamps[i++].second);
        if (reach == covered) {
            puts("-1");
            return 0;
        }
        covered = reach;
        used++;
    }
    printf("%d\n", used);
}
