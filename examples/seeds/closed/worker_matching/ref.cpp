#include <bits/stdc++.h>
using namespace std;

int n, k;
vector<vector<int>> likes;
vector<int> nurse_of, seen;

bool augment(int u, int stamp) {
    for (int v : likes[u]) {
        if (seen[v] == stamp) continue;
        seen[v] = stamp;
        if (nurse_of[v] == 0 || augment(nurse_of[v], stamp)) {
            nurse_of[v] = u;
            return true;
        }
    }
    return false;
}

int main() {
    int e;
    scanf("%d %d %d", &n, &k, &e);
    likes.assign(n + 1, {});
    for (int i = 0; i < e; i++) {
        int u, v;
        scanf("%d %d", &u, &v);
        likes[u].push_back(v);
    }
    nurse_of.assign(k + 1, 0);
    seen.assign(k + 1, 0);
    int matched = 0;
    for (int u = 1; u <= n; u++) matched += augment(u, u);
    printf("%d\n", matched);
}
