// Greedy weighted planning: replanning as optimistic A* does, but with the distance to the target weighted
// three times (f = g + 3h), so it commits to the direct line and detours late.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <queue>
#include <string>
#include <tuple>
#include <vector>

static const char DIRS[4] = {'U', 'D', 'L', 'R'};
static const int DR[4] = {-1, 1, 0, 0}, DC[4] = {0, 0, -1, 1};

int main() {
    int rows, cols, r, c, tr, tc;
    if (scanf("%d %d %d %d %d %d", &rows, &cols, &r, &c, &tr, &tc) != 6) return 0;
    std::vector<char> wall(rows * cols, 0);
    std::vector<int> path;  // directions, next first
    size_t at = 0;
    char line[64];
    auto h = [&](int cr, int cc) { return std::abs(cr - tr) + std::abs(cc - tc); };
    while (scanf("%63s", line) == 1) {
        if (!strcmp(line, "DONE")) return 0;
        for (int d = 0; d < 4; d++) {
            int nr = r + DR[d], nc = c + DC[d];
            if (line[d] == '1' && nr >= 0 && nr < rows && nc >= 0 && nc < cols) wall[nr * cols + nc] = 1;
        }
        if (at >= path.size() || line[path[at]] == '1') {
            // weighted A*: g + 3h over cells not known to be walls
            std::vector<int> g(rows * cols, -1), from(rows * cols, -1);
            typedef std::tuple<int, int, int> Node;  // f, tie, cell
            std::priority_queue<Node, std::vector<Node>, std::greater<Node>> open;
            int start = r * cols + c, goal = tr * cols + tc, tie = 0;
            g[start] = 0;
            open.push(Node(3 * h(r, c), tie++, start));
            while (!open.empty()) {
                int cell = std::get<2>(open.top());
                open.pop();
                if (cell == goal) break;
                int cr = cell / cols, cc = cell % cols;
                for (int d = 0; d < 4; d++) {
                    int nr = cr + DR[d], nc = cc + DC[d];
                    if (nr < 0 || nr >= rows || nc < 0 || nc >= cols || wall[nr * cols + nc]) continue;
                    int next = nr * cols + nc;
                    if (g[next] != -1 && g[next] <= g[cell] + 1) continue;
                    g[next] = g[cell] + 1;
                    from[next] = d;
                    open.push(Node(g[next] + 3 * h(nr, nc), tie++, next));
                }
            }
            path.clear();
            at = 0;
            for (int cell = goal; cell != start;) {
                int d = from[cell];
                path.push_back(d);
                cell = (cell / cols - DR[d]) * cols + (cell % cols - DC[d]);
            }
            std::vector<int> forward(path.rbegin(), path.rend());
            path.swap(forward);
        }
        int d = path[at++];
        r += DR[d];
        c += DC[d];
        printf("%c\n", DIRS[d]);
        fflush(stdout);
    }
    return 0;
}
