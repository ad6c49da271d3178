#include <bits/stdc++.h>
using namespace std;
int main() {
    int n, k;
    cin >> n >> k;
    vector<pair<long long, int>> w(n);
    for (int i = 0; i < n; i++) cin >> w[i].first, w[i].second = i + 1;
    sort(w.rbegin(), w.rend());
    cout << k << "\n";
    for (int i = 0; i < k; i++) cout << w[i].second << " \n"[i + 1 == k];
}
