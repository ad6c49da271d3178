// Greedy by ratio without sorting: quickselect-style search for the critical item (weighted median).
#include <bits/stdc++.h>
using namespace std;
int main() {
    int n;
    long long cap;
    scanf("%d %lld", &n, &cap);
    vector<long long> w(n), v(n);
    for (int i = 0; i < n; i++) scanf("%lld %lld", &w[i], &v[i]);
    auto better = [&](int a, int b) {  // strictly higher ratio, ties by index (exact integer compare)
        long long l = v[a] * w[b], r = v[b] * w[a];
        return l > r || (l == r && a < b);
    };
    vector<int> cand(n);
    iota(cand.begin(), cand.end(), 0);
    vector<double> x(n, 0.0);
    mt19937 rng(1);
    long long room = cap;
    while (!cand.empty() && room > 0) {
        int pivot = cand[rng() % cand.size()];
        vector<int> hi, lo;
        long long hiW = 0;
        for (int i : cand) {
            if (i == pivot) continue;
            if (better(i, pivot)) hi.push_back(i), hiW += w[i];
            else lo.push_back(i);
        }
        if (hiW > room) { cand = hi; continue; }
        for (int i : hi) x[i] = 1.0;
        room -= hiW;
        if (w[pivot] <= room) { x[pivot] = 1.0, room -= w[pivot], cand = lo; }
        else { x[pivot] = (double)room / w[pivot], room = 0; }
    }
    for (int i = 0; i < n; i++) printf("%.12f%c", x[i], i + 1 == n ? '\n' : ' ');
}
