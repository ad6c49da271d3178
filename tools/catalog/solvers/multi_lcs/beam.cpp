// Beam search over position vectors; states ranked by an estimate of the LCS still available
// in the suffixes (expected LCS of random strings ~ gamma * min remaining, weighted by letter balance).
#include <bits/stdc++.h>
using namespace std;
int k;
vector<string> s;
vector<vector<array<int, 26>>> nxt;
vector<vector<array<int, 26>>> cnt;  // cnt[i][p][c] = occurrences of c in s[i][p..]
struct St { vector<int> pos; int parent; char ch; double h; };
double heur(const vector<int>& pos) {
    // sum over letters of the minimum remaining count: an upper bound on the remaining LCS
    double ub = 0;
    for (int c = 0; c < 26; c++) {
        int mn = INT_MAX;
        for (int i = 0; i < k; i++) mn = min(mn, cnt[i][pos[i]][c]);
        ub += mn;
    }
    int mnRem = INT_MAX;
    for (int i = 0; i < k; i++) mnRem = min(mnRem, (int)s[i].size() - pos[i]);
    return min<double>(ub, mnRem) + 0.001 * ub;
}
int main() {
    cin >> k;
    s.resize(k);
    for (auto& x : s) cin >> x;
    nxt.resize(k), cnt.resize(k);
    for (int i = 0; i < k; i++) {
        int L = s[i].size();
        nxt[i].resize(L + 1), cnt[i].resize(L + 1);
        nxt[i][L].fill(L), cnt[i][L].fill(0);
        for (int p = L - 1; p >= 0; p--) {
            nxt[i][p] = nxt[i][p + 1], nxt[i][p][s[i][p] - 'a'] = p;
            cnt[i][p] = cnt[i][p + 1], cnt[i][p][s[i][p] - 'a']++;
        }
    }
    long long totalLen = 0;
    for (auto& x : s) totalLen += x.size();
    int B = max(10, (int)(6000000LL / (totalLen * 26 / k + 1) / 4));
    B = min(B, 400);
    vector<St> all;
    all.push_back({vector<int>(k, 0), -1, 0, 0});
    vector<int> beam = {0};
    int bestIdx = 0;
    while (!beam.empty()) {
        vector<int> cand;
        set<vector<int>> seen;
        for (int id : beam) {
            for (int c = 0; c < 26; c++) {
                vector<int> np(k);
                bool ok = true;
                for (int i = 0; i < k && ok; i++) {
                    int q = nxt[i][all[id].pos[i]][c];
                    if (q >= (int)s[i].size()) ok = false;
                    else np[i] = q + 1;
                }
                if (!ok || !seen.insert(np).second) continue;
                all.push_back({np, id, char('a' + c), heur(np)});
                cand.push_back(all.size() - 1);
            }
        }
        if (cand.empty()) break;
        sort(cand.begin(), cand.end(), [&](int a, int b) { return all[a].h > all[b].h || (all[a].h == all[b].h && a < b); });
        if ((int)cand.size() > B) cand.resize(B);
        // drop states dominated position-wise by a better one in the beam is skipped for speed
        beam = cand;
        bestIdx = beam[0];
    }
    string out;
    for (int id = bestIdx; all[id].parent >= 0; id = all[id].parent) out += all[id].ch;
    reverse(out.begin(), out.end());
    printf("%s\n", out.c_str());
}
