// grid_shortest_path reference: BFS from S with predecessor moves, then walk back from T.
#include <bits/stdc++.h>
using namespace std;

int main() {
    int R, C;
    if (scanf("%d %d", &R, &C) != 2) return 0;
    vector<string> g(R);
    char buf[512];
    for (int r = 0; r < R; r++) { scanf("%511s", buf); g[r] = buf; }
    int s = -1, t = -1;
    for (int r = 0; r < R; r++)
        for (int c = 0; c < C; c++) {
            if (g[r][c] == 'S') s = r * C + c;
            if (g[r][c] == 'T') t = r * C + c;
        }
    const int dr[4] = {-1, 1, 0, 0}, dc[4] = {0, 0, -1, 1};
    const char mv[4] = {'U', 'D', 'L', 'R'};
    vector<int> how(R * C, -1);
    vector<char> seen(R * C, 0);
    queue<int> q; q.push(s); seen[s] = 1;
    while (!q.empty()) {
        int u = q.front(); q.pop();
        if (u == t) break;
        int r = u / C, c = u % C;
        for (int k = 0; k < 4; k++) {
            int nr = r + dr[k], nc = c + dc[k];
            if (nr < 0 || nr >= R || nc < 0 || nc >= C || g[nr][nc] == '#') continue;
            int v = nr * C + nc;
            if (seen[v]) continue;
            seen[v] = 1; how[v] = k; q.push(v);
        }
    }
    if (!seen[t]) { printf("-1\n"); return 0; }
    string path;
    for (int u = t; u != s;) {
        int k = how[u];
        path += mv[k];
        u = (u / C - dr[k]) * C + (u % C - dc[k]);
    }
    reverse(path.begin(), path.end());
    printf("%zu\n%s\n", path.size(), path.c_str());
}
