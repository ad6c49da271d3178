#include <bits/stdc++.h>
using namespace std;

int main() {
    int n;
    string s;
    cin >> n >> s;
    // Manacher on "#s_1#s_2#...#": radius r at a centre covers (r + 1) / 2 palindromes of s there.
    string t = "#";
    for (char c : s) t += c, t += '#';
    int m = t.size();
    vector<int> rad(m, 0);
    long long total = 0;
    for (int i = 0, c = 0, r = -1; i < m; i++) {
        int k = i > r ? 0 : min(rad[2 * c - i], r - i);
        while (i - k - 1 >= 0 && i + k + 1 < m && t[i - k - 1] == t[i + k + 1]) k++;
        rad[i] = k;
        if (i + k > r) c = i, r = i + k;
        total += (k + 1) / 2;
    }
    cout << total << "\n";
}
