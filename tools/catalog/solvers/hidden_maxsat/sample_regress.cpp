// Sampling then regression: spend a third of the budget on random assignments, set each variable by how the
// counts differ when it is true and when it is false, then climb by single flips with the rest.
#include <cstdio>
#include <random>
#include <string>
#include <vector>

static int ask(const std::string &bits) {
    printf("? %s\n", bits.c_str());
    fflush(stdout);
    int k = 0;
    if (scanf("%d", &k) != 1) exit(0);
    return k;
}

int main() {
    int n, m, q;
    if (scanf("%d %d %d", &n, &m, &q) != 3) return 0;
    std::mt19937 rng(2024);
    int samples = q / 3;
    std::vector<double> on(n, 0), off(n, 0);
    std::vector<int> non(n, 0), noff(n, 0);
    std::string bits(n, '0');
    for (int s = 0; s < samples; s++) {
        for (int i = 0; i < n; i++) bits[i] = (rng() & 1) ? '1' : '0';
        int k = ask(bits);
        for (int i = 0; i < n; i++) {
            if (bits[i] == '1') on[i] += k, non[i]++;
            else off[i] += k, noff[i]++;
        }
    }
    for (int i = 0; i < n; i++) {
        double a = non[i] ? on[i] / non[i] : 0, b = noff[i] ? off[i] / noff[i] : 0;
        bits[i] = a > b ? '1' : '0';
    }
    int asked = samples;
    int best = 0;
    if (asked < q) best = ask(bits), asked++;
    bool improved = true;
    while (improved && asked < q) {
        improved = false;
        for (int i = 0; i < n && asked < q; i++) {
            bits[i] ^= 1;
            int k = ask(bits);
            asked++;
            if (k > best) best = k, improved = true;
            else bits[i] ^= 1;
        }
    }
    printf("! %s\n", bits.c_str());
    fflush(stdout);
    return 0;
}
