// Greedy: append the letter maximising the minimum remaining suffix length after its next occurrences.
#include <bits/stdc++.h>
using namespace std;
int main() {
    int k;
    cin >> k;
    vector<string> s(k);
    for (auto& x : s) cin >> x;
    // nxt[i][p][c] = first index >= p of letter c in s[i], or len
    vector<vector<array<int, 26>>> nxt(k);
    for (int i = 0; i < k; i++) {
        int L = s[i].size();
        nxt[i].resize(L + 1);
        nxt[i][L].fill(L);
        for (int p = L - 1; p >= 0; p--) nxt[i][p] = nxt[i][p + 1], nxt[i][p][s[i][p] - 'a'] = p;
    }
    vector<int> pos(k, 0);
    string out;
    while (true) {
        int bestC = -1;
        long long bestMin = -1, bestSum = -1;
        for (int c = 0; c < 26; c++) {
            long long mn = LLONG_MAX, sum = 0;
            bool ok = true;
            for (int i = 0; i < k && ok; i++) {
                int q = nxt[i][pos[i]][c];
                if (q >= (int)s[i].size()) ok = false;
                else { long long rem = s[i].size() - q - 1; mn = min(mn, rem); sum += rem; }
            }
            if (ok && (mn > bestMin || (mn == bestMin && sum > bestSum))) bestMin = mn, bestSum = sum, bestC = c;
        }
        if (bestC < 0) break;
        out += char('a' + bestC);
        for (int i = 0; i < k; i++) pos[i] = nxt[i][pos[i]][bestC] + 1;
    }
    printf("%s\n", out.c_str());
}
