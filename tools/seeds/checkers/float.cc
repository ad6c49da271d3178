// The float comparison of a closed problem's output with its expected answer: the same tokens in the same
// order, where an expected number matches any number within 1e-6 of it, absolute or relative (testlib's
// doubleCompare), and any other token must be equal. Written against testlib's public API, so the real
// testlib.h and FrontierSmith's both compile it.
#include "testlib.h"

#include <cmath>
#include <cstdlib>
#include <string>

static const double EPS = 1e-6;

static bool as_number(const std::string &token, double &value) {
    if (token.empty()) return false;
    char *end = 0;
    value = std::strtod(token.c_str(), &end);
    return end == token.c_str() + token.size() && std::isfinite(value);
}

static std::string shown(const std::string &s) { return s.size() <= 40 ? s : s.substr(0, 37) + "..."; }

int main(int argc, char *argv[]) {
    registerTestlibCmd(argc, argv);
    int n = 0;
    while (!ans.seekEof()) {
        std::string expected = ans.readToken();
        n++;
        if (ouf.seekEof()) quitf(_wa, "the output ends at token %d, where '%s' was expected", n, shown(expected).c_str());
        std::string found = ouf.readToken();
        double e = 0, f = 0;
        bool numbers = as_number(expected, e);
        if (numbers ? !(as_number(found, f) && doubleCompare(e, f, EPS)) : expected != found)
            quitf(_wa, "token %d differs: expected '%s', found '%s'", n, shown(expected).c_str(), shown(found).c_str());
    }
    if (!ouf.seekEof()) quitf(_wa, "the output has more than the %d expected tokens", n);
    quitf(_ok, "%d tokens", n);
}
