// A checker of our own in the FrontierCS style that exercises every stream function and verdict of
// sandbox/testlib.h. The first token of the input file names the scenario.
#include "testlib.h"
#include <bits/stdc++.h>
using namespace std;

int main(int argc, char* argv[]) {
    registerTestlibCmd(argc, argv);
    string mode = inf.readToken();

    if (mode == "ints") {  // readInt(lo, hi, name), readInts, quitp with a Ratio
        int n = inf.readInt(1, 100, "n");
        vector<int> a = ouf.readInts(n, 0, 1000, "a");
        long long value = accumulate(a.begin(), a.end(), 0LL);
        long long best = ans.readLong();
        double ratio = (double)value / best;
        quitp(ratio, "Value: %lld. Ratio: %.6f", value, ratio);
    }
    if (mode == "longs") {  // readLong(lo, hi, name), readLongs
        vector<long long> a = ouf.readLongs(inf.readInt(), -(1LL << 40), 1LL << 40, "x");
        long long big = ouf.readLong();
        quitf(_ok, "sum %lld big %lld", accumulate(a.begin(), a.end(), 0LL), big);
    }
    if (mode == "double") {  // readDouble(lo, hi, name), readReal, quitp without a Ratio
        double r = ouf.readDouble(0.0, 1.0, "r");
        double s = ouf.readReal();
        quitp(r, "second %.3f", s);
    }
    if (mode == "tokens") {  // readToken / readWord against the answer, pattern form
        string a = ouf.readToken(), b = ouf.readWord("[a-z]{1,5}", "w");
        if (a != ans.readToken()) quitf(_wa, "first token differs: %s", a.c_str());
        quitf(_ok, "%s %s", a.c_str(), b.c_str());
    }
    if (mode == "lines") {  // readLine / readString keep inner spaces
        string first = ouf.readLine(), second = ouf.readString();
        if (first != ans.readLine()) quitf(_wa, "line 1 is \"%s\"", first.c_str());
        quitf(_ok, "[%s] [%s]", first.c_str(), second.c_str());
    }
    if (mode == "strict") {  // readSpace, readEoln, readEof, eoln, eof
        int x = ouf.readInt();
        ouf.readSpace();
        int y = ouf.readInt();
        ouf.readEoln();
        bool blank = ouf.eoln();
        ouf.readEof();
        quitf(_ok, "%d %d blank=%d eof=%d", x, y, (int)blank, (int)ouf.eof());
    }
    if (mode == "chars") {  // readChar, curChar, skipBlanks, readChar(c)
        char c = ouf.readChar();
        ouf.skipBlanks();
        char d = ouf.curChar();
        ouf.readChar(d);
        ouf.readChar('!');
        quitf(_ok, "%c%c", c, d);
    }
    if (mode == "count") {  // seekEof loop, quitp(int)
        int count = 0;
        while (!ouf.seekEof()) ouf.readToken(), count++;
        quitp(count == 0 ? 0 : 1, "tokens %d", count);
    }
    if (mode == "case") {  // setTestCase names the case in the verdict (0-based when the first is 0)
        setTestCase(0);
        setTestCase(1);
        quitf(_wa, "second case fails");
    }
    if (mode == "ensure") {  // ouf.ensuref -> _wa, global ensuref -> _fail
        int v = ouf.readInt();
        ouf.ensuref(v >= 0, "negative value %d", v);
        ensuref(v != 7, "seven is forbidden by the answer");
        quitf(_ok, "value %d", v);
    }
    if (mode == "ensure_macro") {  // ensure(cond) -> _fail with the condition's text
        int v = ouf.readInt();
        ensure(v < 100);
        quitf(_ok, "value %d", v);
    }
    if (mode == "pe") quitf(_pe, "custom presentation error");
    if (mode == "fail") inf.readInt();  // nothing left in the input: FAIL
    if (mode == "ans_eof") ans.readInt();  // nothing in the answer: FAIL
    if (mode == "inf_range") inf.readInt(1, 2, "z");  // a range violation on inf is FAIL, not WA
    if (mode == "bad_points") quitp(-1.0, "negative points");
    if (mode == "no_verdict") return 0;
    quitf(_fail, "unknown mode %s", mode.c_str());
}
