// Simulated annealing: insert a random rectangle, evict everything it overlaps; Metropolis on weight.
#include <bits/stdc++.h>
using namespace std;
int main() {
    int n;
    scanf("%d", &n);
    vector<array<int, 5>> r(n);
    for (auto& a : r) for (int j = 0; j < 5; j++) scanf("%d", &a[j]);
    vector<vector<int>> conf(n);
    for (int a = 0; a < n; a++)
        for (int b = a + 1; b < n; b++)
            if (r[a][0] < r[b][2] && r[b][0] < r[a][2] && r[a][1] < r[b][3] && r[b][1] < r[a][3])
                conf[a].push_back(b), conf[b].push_back(a);
    // density-greedy start
    vector<int> order(n);
    iota(order.begin(), order.end(), 0);
    auto dens = [&](int i) { return (double)r[i][4] / ((double)(r[i][2] - r[i][0]) * (r[i][3] - r[i][1])); };
    sort(order.begin(), order.end(), [&](int a, int b) { return dens(a) > dens(b) || (dens(a) == dens(b) && a < b); });
    vector<char> in(n, 0);
    vector<int> block(n, 0);  // number of chosen rectangles overlapping i
    long long W = 0;
    auto add = [&](int i) { in[i] = 1, W += r[i][4]; for (int j : conf[i]) block[j]++; };
    auto rem = [&](int i) { in[i] = 0, W -= r[i][4]; for (int j : conf[i]) block[j]--; };
    for (int i : order) if (!block[i]) add(i);
    vector<char> best = in;
    long long bestW = W;
    int wmax = 1;
    for (auto& a : r) wmax = max(wmax, a[4]);
    mt19937 rng(17);
    uniform_real_distribution<double> U(0, 1);
    const long long steps = 400000;
    double T0 = wmax * 0.3, T1 = wmax * 0.002;
    for (long long s = 0; s < steps; s++) {
        double T = T0 * pow(T1 / T0, (double)s / steps);
        int i = rng() % n;
        if (in[i]) continue;
        long long d = r[i][4];
        for (int j : conf[i]) if (in[j]) d -= r[j][4];
        if (d >= 0 || U(rng) < exp(d / T)) {
            for (int j : conf[i]) if (in[j]) rem(j);
            add(i);
            if (W > bestW) bestW = W, best = in;
        }
    }
    vector<int> out;
    for (int i = 0; i < n; i++) if (best[i]) out.push_back(i + 1);
    printf("%d\n", (int)out.size());
    for (size_t i = 0; i < out.size(); i++) printf("%d%c", out[i], i + 1 == out.size() ? '\n' : ' ');
}
