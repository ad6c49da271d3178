// Progressive alignment: fold the strings with exact two-string LCS, over a few string orders.
#include <bits/stdc++.h>
using namespace std;
string lcs2(const string& a, const string& b) {
    int n = a.size(), m = b.size();
    vector<vector<short>> d(n + 1, vector<short>(m + 1, 0));
    for (int i = n - 1; i >= 0; i--)
        for (int j = m - 1; j >= 0; j--)
            d[i][j] = a[i] == b[j] ? d[i + 1][j + 1] + 1 : max(d[i + 1][j], d[i][j + 1]);
    string r;
    int i = 0, j = 0;
    while (i < n && j < m) {
        if (a[i] == b[j]) r += a[i], i++, j++;
        else if (d[i + 1][j] >= d[i][j + 1]) i++;
        else j++;
    }
    return r;
}
int main() {
    int k;
    cin >> k;
    vector<string> s(k);
    for (auto& x : s) cin >> x;
    vector<int> idx(k);
    iota(idx.begin(), idx.end(), 0);
    vector<vector<int>> orders;
    orders.push_back(idx);
    vector<int> byLen = idx;
    sort(byLen.begin(), byLen.end(), [&](int a, int b) { return s[a].size() < s[b].size(); });
    orders.push_back(byLen);
    mt19937 rng(5);
    for (int t = 0; t < 2; t++) { shuffle(idx.begin(), idx.end(), rng); orders.push_back(idx); }
    string best;
    for (auto& o : orders) {
        string cur = s[o[0]];
        for (int t = 1; t < k && !cur.empty(); t++) cur = lcs2(cur, s[o[t]]);
        if (cur.size() > best.size()) best = cur;
    }
    printf("%s\n", best.c_str());
}
