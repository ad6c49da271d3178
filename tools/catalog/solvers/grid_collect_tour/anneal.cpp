// Grid collecting tour: simulated annealing on the visiting order (2-opt reversals and Or-opt moves of
// 1-3 consecutive marks) over BFS distances, from the nearest-neighbour order; S stays first.
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
    vector<int> tour{0};
    vector<char> used(N, 0);
    used[0] = 1;
    for (int k = 1; k < N; k++) {
        int a = tour.back(), b = -1;
        for (int v = 0; v < N; v++) if (!used[v] && (b < 0 || D(a, v) < D(a, b))) b = v;
        used[b] = 1; tour.push_back(b);
    }
    if (N < 5) { printTour(tour); return 0; }
    auto len = [&](const vector<int> &t) { long long s = 0; for (int k = 0; k < N; k++) s += D(t[k], t[(k + 1) % N]); return s; };
    long long cur = len(tour), best = cur;
    vector<int> bestT = tour;
    mt19937 rng(5);
    const long iters = 250000;
    double T0 = 6.0, T1 = 0.05;
    for (long it = 0; it < iters; it++) {
        double T = T0 * pow(T1 / T0, (double)it / iters);
        if (rng() & 1) {
            int i = 1 + rng() % (N - 1), j = 1 + rng() % (N - 1);
            if (i > j) swap(i, j);
            if (i == j) continue;
            int a = tour[i - 1], b = tour[i], c = tour[j], d = tour[(j + 1) % N];
            long long delta = D(a, c) + D(b, d) - D(a, b) - D(c, d);
            if (delta <= 0 || (rng() % 1000000) / 1e6 < exp(-delta / T)) { reverse(tour.begin() + i, tour.begin() + j + 1); cur += delta; }
        } else {
            int L = 1 + rng() % 3, i = 1 + rng() % (N - 1);
            if (i + L > N) continue;
            int p = tour[i - 1], q = tour[(i + L) % N], s0 = tour[i], s1 = tour[i + L - 1];
            long long removeGain = D(p, s0) + D(s1, q) - D(p, q);
            vector<int> rest;
            rest.reserve(N - L);
            for (int k = 0; k < N; k++) if (k < i || k >= i + L) rest.push_back(tour[k]);
            int j = rng() % (N - L);  // insert after rest[j]
            int x = rest[j], y = rest[(j + 1) % (N - L)];
            bool rev = rng() & 1;
            int f0 = rev ? s1 : s0, f1 = rev ? s0 : s1;
            long long delta = D(x, f0) + D(f1, y) - D(x, y) - removeGain;
            if (delta <= 0 || (rng() % 1000000) / 1e6 < exp(-delta / T)) {
                vector<int> seg(tour.begin() + i, tour.begin() + i + L);
                if (rev) reverse(seg.begin(), seg.end());
                vector<int> nt(rest.begin(), rest.begin() + j + 1);
                nt.insert(nt.end(), seg.begin(), seg.end());
                nt.insert(nt.end(), rest.begin() + j + 1, rest.end());
                tour = nt; cur += delta;
            }
        }
        if (cur < best) { best = cur; bestT = tour; }
    }
    printTour(bestT);
}
