// The exact comparison of a closed problem's output with its expected answer: the same lines, byte for
// byte, once a "\r" before each line end and any trailing empty lines are dropped. Written against
// testlib's public API, so the real testlib.h and FrontierSmith's both compile it.
#include "testlib.h"

#include <string>
#include <vector>

static std::vector<std::string> lines_of(InStream &stream) {
    std::vector<std::string> lines;
    while (!stream.eof()) {
        std::string line = stream.readLine();
        if (!line.empty() && line[line.size() - 1] == '\r') line.erase(line.size() - 1);
        lines.push_back(line);
    }
    while (!lines.empty() && lines.back().empty()) lines.pop_back();
    return lines;
}

static std::string shown(const std::string &s) { return s.size() <= 40 ? s : s.substr(0, 37) + "..."; }

int main(int argc, char *argv[]) {
    registerTestlibCmd(argc, argv);
    std::vector<std::string> expected = lines_of(ans), found = lines_of(ouf);
    for (size_t i = 0; i < expected.size() && i < found.size(); i++)
        if (expected[i] != found[i])
            quitf(_wa, "line %d differs: expected '%s', found '%s'", int(i + 1), shown(expected[i]).c_str(),
                  shown(found[i]).c_str());
    if (expected.size() != found.size())
        quitf(_wa, "expected %d lines, found %d", int(expected.size()), int(found.size()));
    quitf(_ok, "%d lines", int(expected.size()));
}
