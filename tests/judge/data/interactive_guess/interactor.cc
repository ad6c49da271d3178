#include "testlib.h"
#include <iostream>
#include <string>

// Guess the number: the solution asks "? x" and hears "<", ">" or "="; it ends with "! x".
int main(int argc, char *argv[]) {
    registerInteraction(argc, argv);
    int n = inf.readInt(1, 1000000, "n");
    int hidden = inf.readInt(1, n, "hidden");
    int best = ans.readInt(1, 64, "best");
    std::cout << n << std::endl;
    int questions = 0;
    for (;;) {
        std::string op = ouf.readToken("[?!]", "op");
        int x = ouf.readInt(1, n, "x");
        if (op == "!") {
            if (x != hidden) quitf(_wa, "wrong guess after %d questions", questions);
            tout << questions << std::endl;
            double ratio = questions <= best ? 1.0 : double(best) / questions;
            quitp(ratio, "questions %d. Ratio: %.6f", questions, ratio);
        }
        if (++questions > 2 * n + 10) quitf(_wa, "too many questions");
        std::cout << (hidden < x ? "<" : hidden > x ? ">" : "=") << std::endl;
    }
}
