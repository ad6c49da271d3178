// Exact: the weighted interval scheduling recurrence over requests sorted by end, std::upper_bound for p(i).
#include <bits/stdc++.h>
using namespace std;
int main() {
    int n;
    if (scanf("%d", &n) != 1) return 0;
    vector<array<long long, 4>> r(n);  // end, start, weight, index
    for (int i = 0; i < n; i++) { scanf("%lld %lld %lld", &r[i][1], &r[i][0], &r[i][2]); r[i][3] = i + 1; }
    sort(r.begin(), r.end());
    vector<long long> ends(n), best(n + 1, 0);
    vector<int> p(n);
    for (int i = 0; i < n; i++) ends[i] = r[i][0];
    for (int i = 0; i < n; i++) {
        p[i] = upper_bound(ends.begin(), ends.begin() + i, r[i][1]) - ends.begin();
        best[i + 1] = max(best[i], r[i][2] + best[p[i]]);
    }
    vector<long long> chosen;
    for (int i = n; i > 0;) {
        if (best[i] == best[i - 1]) i--;
        else { chosen.push_back(r[i - 1][3]); i = p[i - 1]; }
    }
    printf("%zu\n", chosen.size());
    for (size_t i = 0; i < chosen.size(); i++) printf(i ? " %lld" : "%lld", chosen[i]);
    printf("\n");
}
