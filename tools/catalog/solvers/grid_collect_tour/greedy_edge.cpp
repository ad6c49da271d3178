// Grid collecting tour: greedy edge matching on BFS distances (shortest links first, degree <= 2, no
// early cycle), then 2-opt and Or-opt descent; the tour is printed as moves along BFS shortest paths.
#include <bits/stdc++.h>
using namespace std;

int H, W, N;
vector<string> G;
vector<int> pts;                // cell ids: pts[0] = S, then the marks
vector<vector<int>> dist;       // dist[a][cell] from point a
vector<vector<char>> toward;    // toward[a][cell] = move that steps closer to point a

void readAndBfs() {
    cin >> H >> W;
    G.resize(H);
    for (auto &r : G) cin >> r;
    for (int i = 0; i < H; i++) for (int j = 0; j < W; j++) if (G[i][j] == 'S') pts.insert(pts.begin(), i * W + j);
    for (int i = 0; i < H; i++) for (int j = 0; j < W; j++) if (G[i][j] == '*') pts.push_back(i * W + j);
    N = pts.size();
    dist.assign(N, vector<int>(H * W, -1));
    toward.assign(N, vector<char>(H * W, 0));
    const int di[4] = {-1, 1, 0, 0}, dj[4] = {0, 0, -1, 1};
    const char back[4] = {'D', 'U', 'R', 'L'};  // stepping from the neighbour back to the current cell
    for (int a = 0; a < N; a++) {
        auto &d = dist[a];
        vector<int> q{pts[a]};
        d[pts[a]] = 0;
        for (size_t h = 0; h < q.size(); h++) {
            int x = q[h], i = x / W, j = x % W;
            for (int k = 0; k < 4; k++) {
                int y = i + di[k], z = j + dj[k];
                if (y < 0 || y >= H || z < 0 || z >= W || G[y][z] == '#' || d[y * W + z] >= 0) continue;
                d[y * W + z] = d[x] + 1;
                toward[a][y * W + z] = back[k];
                q.push_back(y * W + z);
            }
        }
    }
}

int D(int a, int b) { return dist[a][pts[b]]; }

void printTour(const vector<int> &tour) {
    // tour is a permutation of 0..N-1 starting at 0 (S); walk point to point, then back to S
    string out;
    for (size_t k = 0; k < tour.size(); k++) {
        int a = tour[k], b = tour[(k + 1) % tour.size()];
        int x = pts[a];
        while (x != pts[b]) {
            char c = toward[b][x];
            out += c;
            x += c == 'U' ? -W : c == 'D' ? W : c == 'L' ? -1 : 1;
        }
    }
    puts(out.c_str());
}

int main() {
    readAndBfs();
    vector<int> tour;
    if (N <= 2) { for (int i = 0; i < N; i++) tour.push_back(i); printTour(tour); return 0; }
    vector<tuple<int, int, int>> e;
    for (int a = 0; a < N; a++) for (int b = a + 1; b < N; b++) e.push_back({D(a, b), a, b});
    sort(e.begin(), e.end());
    vector<int> par(N), deg(N, 0);
    iota(par.begin(), par.end(), 0);
    function<int(int)> f = [&](int x) { while (par[x] != x) x = par[x] = par[par[x]]; return x; };
    vector<vector<int>> adj(N);
    int used = 0;
    for (auto [d, a, b] : e) {
        if (used == N - 1) break;
        if (deg[a] >= 2 || deg[b] >= 2 || f(a) == f(b)) continue;
        par[f(a)] = f(b); deg[a]++; deg[b]++; adj[a].push_back(b); adj[b].push_back(a); used++;
    }
    // walk the Hamiltonian path from one end, then rotate so S comes first
    int s = 0;
    for (int v = 0; v < N; v++) if (deg[v] == 1) { s = v; break; }
    vector<char> seen(N, 0);
    for (int x = s, prev = -1; x >= 0;) {
        tour.push_back(x); seen[x] = 1;
        int nx = -1;
        for (int y : adj[x]) if (y != prev && !seen[y]) nx = y;
        prev = x; x = nx;
    }
    rotate(tour.begin(), find(tour.begin(), tour.end(), 0), tour.end());
    bool improved = true;
    while (improved) {
        improved = false;
        for (int i = 0; i < N - 1; i++) for (int j = i + 2; j < N; j++) {
            int a = tour[i], b = tour[i + 1], c = tour[j], d = tour[(j + 1) % N];
            if (a == d) continue;
            if (D(a, c) + D(b, d) < D(a, b) + D(c, d)) { reverse(tour.begin() + i + 1, tour.begin() + j + 1); improved = true; }
        }
        // Or-opt: move one mark (not S) to the best other gap
        for (int i = 1; i < N; i++) {
            int p = tour[i - 1], x = tour[i], q = tour[(i + 1) % N];
            int gain = D(p, x) + D(x, q) - D(p, q), bestJ = -1, bestD = 0;
            for (int j = 0; j < N; j++) {
                if (j == i || j == i - 1) continue;
                int a = tour[j], b = tour[(j + 1) % N];
                int d = D(a, x) + D(x, b) - D(a, b) - gain;
                if (d < bestD) { bestD = d; bestJ = j; }
            }
            if (bestJ >= 0) {
                int target = tour[bestJ];
                tour.erase(tour.begin() + i);
                int pos = find(tour.begin(), tour.end(), target) - tour.begin();
                tour.insert(tour.begin() + pos + 1, x);
                improved = true;
            }
        }
    }
    printTour(tour);
}
