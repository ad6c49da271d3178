#include <bits/stdc++.h>
using namespace std;

int main() {
    int n;
    string s;
    cin >> n >> s;
    long long open = 0, inserted = 0;
    for (char c : s) {
        if (c == '(') open++;
        else if (open > 0) open--;
        else inserted++;  // a ')' with nothing to close needs a '(' before it
    }
    cout << inserted + open << "\n";
}
