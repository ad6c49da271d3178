// The token comparison of a closed problem's output with its expected answer: the same
// whitespace-separated tokens in the same order. Written against testlib's public API, so the real
// testlib.h and FrontierSmith's both compile it.
#include "testlib.h"

#include <string>

static std::string shown(const std::string &s) { return s.size() <= 40 ? s : s.substr(0, 37) + "..."; }

int main(int argc, char *argv[]) {
    registerTestlibCmd(argc, argv);
    int n = 0;
    while (!ans.seekEof()) {
        std::string expected = ans.readToken();
        n++;
        if (ouf.seekEof()) quitf(_wa, "the output ends at token %d, where '%s' was expected", n, shown(expected).c_str());
        std::string found = ouf.readToken();
        if (expected != found)
            quitf(_wa, "token %d differs: expected '%s', found '%s'", n, shown(expected).c_str(), shown(found).c_str());
    }
    if (!ouf.seekEof()) quitf(_wa, "the output has more than the %d expected tokens", n);
    quitf(_ok, "%d tokens", n);
}
