/*
 * FrontierSmith's testlib-compatible checker header.
 *
 * Written from scratch for FrontierSmith (Apache-2.0). It implements the checker-facing API of
 * testlib (registerTestlibCmd, the inf/ouf/ans streams, quitf/quitp/ensuref) and of its interactors
 * (registerInteraction, ouf read from the running solution, tout, rnd) with the same exit codes and
 * verdict lines, so checkers and interactors written for FrontierCS / FrontierSmith packages compile
 * and score the same. Generators and validators are out of scope.
 *
 * Contract (as testlib's):
 *   chk <input> <output> <answer> [<result-file>]
 *   interactor <input> <tout> [<answer> [<result-file>]], the solution's output on stdin, what the
 *   solution reads on stdout (flush it); ouf reads the solution as it writes, never ahead of it.
 *   rnd is testlib's generator (a 48-bit linear congruential one, the same sequence for the same seed).
 *   exit 0 "ok MSG", 1 "wrong answer MSG", 2 "wrong output format MSG", 3 "FAIL MSG",
 *   7 "points P MSG" (P is the quitp value, %.10f with trailing zeros dropped), on stderr.
 *   Errors while reading ouf are _pe (range violations _wa); any error on inf/ans is _fail.
 *   quitf(_ok) / quitp on an output with unread non-blank data is "wrong output format
 *   Extra information in the output file" (exit 2).
 *   A verdict that cannot be written whole (the result file or stderr) ends the checker with exit 3 (FAIL)
 *   and nothing more: no verdict is ever read from what a failed write left.
 */
#ifndef FRONTIERSMITH_TESTLIB_H
#define FRONTIERSMITH_TESTLIB_H
#define _TESTLIB_H_

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <climits>
#include <cmath>
#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <iterator>
#include <type_traits>
#include <utility>
#include <limits>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>
#include <fstream>
#include <unistd.h>

#define FRONTIERSMITH_TESTLIB 1

#ifndef OK_EXIT_CODE
#define OK_EXIT_CODE 0
#endif
#ifndef WA_EXIT_CODE
#define WA_EXIT_CODE 1
#endif
#ifndef PE_EXIT_CODE
#define PE_EXIT_CODE 2
#endif
#ifndef FAIL_EXIT_CODE
#define FAIL_EXIT_CODE 3
#endif
#ifndef DIRT_EXIT_CODE
#define DIRT_EXIT_CODE 4
#endif
#ifndef POINTS_EXIT_CODE
#define POINTS_EXIT_CODE 7
#endif
#ifndef PC_BASE_EXIT_CODE
#define PC_BASE_EXIT_CODE 0
#endif

#ifdef __GNUC__
#define FS_NORETURN __attribute__((noreturn))
#define FS_PRINTF(f, a) __attribute__((format(printf, f, a)))
#else
#define FS_NORETURN
#define FS_PRINTF(f, a)
#endif
#define NORETURN FS_NORETURN

enum TResult { _ok = 0, _wa = 1, _pe = 2, _fail = 3, _dirt = 4, _points = 5, _unexpected_eof = 8, _partially = 16 };
#define _pc(exitCode) (TResult(_partially + (exitCode)))

enum TMode { _input, _output, _answer };

const int EOFC = 255;
const int LF = 10;
const int CR = 13;
const int SPACE = 32;
const int TAB = 9;

/* ---------------------------------------------------------------- helpers */

namespace fs_testlib {

inline std::string vformat(const char *fmt, va_list ap) {
    va_list copy;
    va_copy(copy, ap);
    int need = std::vsnprintf(nullptr, 0, fmt, copy);
    va_end(copy);
    if (need < 0)
        return std::string(fmt);
    std::string out(size_t(need) + 1, '\0');
    std::vsnprintf(&out[0], out.size(), fmt, ap);
    out.resize(size_t(need));
    return out;
}

inline bool blank(int c) { return c == LF || c == CR || c == SPACE || c == TAB; }

inline std::string shorten(const std::string &s) {
    std::string t;
    for (char c : s) t += (c == '\0' ? '~' : c);
    if (t.size() <= 64) return t;
    return t.substr(0, 30) + "..." + t.substr(t.size() - 31);
}

inline std::string strip(const std::string &s) {
    size_t b = 0, e = s.size();
    while (b < e && blank((unsigned char)s[b])) b++;
    while (e > b && blank((unsigned char)s[e - 1])) e--;
    return s.substr(b, e - b);
}

/* Bounds written as testlib writes them: 1000000000 -> 10^9, 200000000 -> 2*10^8. */
template <typename T>
std::string human(T n) {
    if (n == 0) return "0";
    int zeros = 0;
    T m = n;
    while (m % 10 == 0) m /= 10, zeros++;
    if (zeros < 7) return std::to_string(n);
    std::string tail = "10^" + std::to_string(zeros);
    if (m == 1) return tail;
    if (std::is_signed<T>::value && m == T(-1)) return "-" + tail;
    return std::to_string(m) + "*" + tail;
}

inline std::string dtos(double v) {
    std::ostringstream os;
    os << v;
    return os.str();
}

inline std::string drop_trailing_zeros(std::string v) {
    if (v.find('.') == std::string::npos) return v;
    while (!v.empty() && v.back() == '0') v.pop_back();
    if (!v.empty() && v.back() == '.') v += '0';
    return v;
}

struct State {
    bool registered = false;
    bool quitting = false;
    bool finished = false;
    bool interactor = false;  /* ouf is the running solution: no waiting for its end at a verdict */
    int test_case = -1;       /* setTestCase's, named in the verdict's message; -1: none */
    std::string result_file;
};

/* Leaked on purpose: the exit-time guard below reads it after other statics are destroyed. */
inline State &state() {
    static State *s = new State;
    return *s;
}

}  // namespace fs_testlib

/* Formats the printf-style arguments after ``last`` (the format parameter) into ``out``. */
#define FS_FORMAT_TO(last, fmt, out)                 \
    std::string out;                                 \
    do {                                             \
        va_list fs_ap_;                              \
        va_start(fs_ap_, last);                      \
        out = fs_testlib::vformat((fmt), fs_ap_);    \
        va_end(fs_ap_);                              \
    } while (0)

inline std::string format(const char *fmt, ...) FS_PRINTF(1, 2);
inline std::string format(const char *fmt, ...) {
    FS_FORMAT_TO(fmt, fmt, s);
    return s;
}
inline std::string format(const std::string fmt, ...) {
    FS_FORMAT_TO(fmt, fmt.c_str(), s);
    return s;
}

template <typename T>
std::string vtos(const T &t) {
    std::ostringstream os;
    os << t;
    return os.str();
}
template <typename T>
std::string toString(const T &t) {
    return vtos(t);
}
template <typename T>
std::string toHumanReadableString(const T &t) {
    return fs_testlib::human(t);
}

inline std::string trim(const std::string &s) { return fs_testlib::strip(s); }
inline std::string upperCase(std::string s) {
    for (char &c : s) c = char(std::toupper((unsigned char)c));
    return s;
}
inline std::string lowerCase(std::string s) {
    for (char &c : s) c = char(std::tolower((unsigned char)c));
    return s;
}
inline std::string englishEnding(int x) {
    x %= 100;
    if (x / 10 == 1) return "th";
    switch (x % 10) {
        case 1: return "st";
        case 2: return "nd";
        case 3: return "rd";
        default: return "th";
    }
}

inline bool __testlib_isNaN(double r) { return std::isnan(r); }
inline bool __testlib_isInfinite(double r) { return r > 1e300 || r < -1e300; }

inline bool doubleCompare(double expected, double result, double maxError) {
    maxError += 1e-15;
    if (std::isnan(expected)) return std::isnan(result);
    if (__testlib_isInfinite(expected))
        return __testlib_isInfinite(result) && ((expected > 0) == (result > 0));
    if (std::isnan(result) || __testlib_isInfinite(result)) return false;
    if (std::fabs(result - expected) <= maxError) return true;
    double lo = std::min(expected * (1.0 - maxError), expected * (1.0 + maxError));
    double hi = std::max(expected * (1.0 - maxError), expected * (1.0 + maxError));
    return lo <= result && result <= hi;
}

inline double doubleDelta(double expected, double result) {
    double absolute = std::fabs(result - expected);
    if (std::fabs(expected) > 1e-9) return std::min(absolute, std::fabs(absolute / expected));
    return absolute;
}

/* A testlib pattern ("[a-z]{1,10}", "T|F") is matched as a whole-string ECMAScript regex. */
class pattern {
   public:
    pattern() {}
    pattern(std::string s) : src_(s), re_(s) {}
    bool matches(const std::string &s) const { return std::regex_match(s, re_); }
    const std::string &src() const { return src_; }

   private:
    std::string src_;
    std::regex re_;
};

/* ---------------------------------------------------------------- streams */

FS_NORETURN void quit(TResult result, const std::string &msg);

class InStream {
   public:
    static const int NO_INDEX = INT_MAX;
    std::string name;
    TMode mode = _input;
    size_t maxTokenLength = 32 * 1024 * 1024;
    size_t maxMessageLength = 32000;

    InStream() {}

    void init(const std::string &fileName, TMode m) {
        name = fileName;
        mode = m;
        pos_ = 0;
        data_.clear();
        std::FILE *f = std::fopen(fileName.c_str(), "rb");
        if (f == nullptr) {
            if (m == _output) quit(_pe, "Output file not found: \"" + fileName + "\"");
            quit(_fail, std::string(m == _answer ? "Answer" : "Input") + " file not found: \"" + fileName + "\"");
        }
        char buf[1 << 16];
        size_t got;
        while ((got = std::fread(buf, 1, sizeof buf, f)) > 0) data_.append(buf, got);
        std::fclose(f);
        opened_ = true;
    }

    /* A stream read as it is written (an interactor's ouf: the solution's stdout on our stdin): bytes are
     * read when a reader needs them, as many as the pipe holds, never waiting for more than one. */
    void initStream(int fd, const std::string &streamName, TMode m) {
        name = streamName;
        mode = m;
        pos_ = 0;
        data_.clear();
        fd_ = fd;
        opened_ = true;
    }

    void skipBom() {
        if (avail(pos_ + 2) && data_.compare(pos_, 3, "\xEF\xBB\xBF") == 0) pos_ += 3;
    }

    /* --- characters */
    char curChar() { return char(peek()); }
    char nextChar() { return char(take()); }
    char readChar() { return char(take()); }
    char readChar(char c) {
        int found = take();
        if (found != c) {
            if (found == LF || found == CR)
                quit(_pe, "Unexpected character #" + std::to_string(found) + ", but '" + std::string(1, c) + "' expected");
            quit(_pe, "Unexpected character '" + std::string(1, char(found)) + "', but '" + std::string(1, c) + "' expected");
        }
        return c;
    }
    char readSpace() { return readChar(' '); }
    void unreadChar(char) {
        if (pos_ > 0) pos_--;
    }
    void skipChar() { take(); }
    void skipBlanks() {
        while (fs_testlib::blank(peek())) pos_++;
    }

    /* --- position */
    bool eof() { return !opened_ || !avail(pos_); }
    bool seekEof() {
        if (!opened_) return true;
        skipBlanks();
        return eof();
    }
    bool eoln() {
        if (!opened_) return true;
        int c = peek();
        if (c == EOFC) return true;
        if (c == LF) {
            pos_++;
            return true;
        }
        if (c == CR && avail(pos_ + 1) && data_[pos_ + 1] == '\n') {
            pos_ += 2;
            return true;
        }
        return false;
    }
    bool seekEoln() {
        if (!opened_) return true;
        while (peek() == SPACE || peek() == TAB) pos_++;
        return eoln();
    }
    void readEoln() {
        if (!eoln()) quit(_pe, "Expected EOLN");
    }
    void readEof() {
        if (!eof()) quit(_pe, "Expected EOF");
    }
    void nextLine() { readLine(); }

    /* --- tokens */
    std::string readWord() {
        skipBlanks();
        if (peek() == EOFC) quit(_pe, "Unexpected end of file - token expected");
        size_t start = pos_;
        while (avail(pos_) && !fs_testlib::blank((unsigned char)data_[pos_])) {
            pos_++;
            if (pos_ - start > maxTokenLength)
                quit(_pe, "Length of token exceeds " + std::to_string(maxTokenLength) + ", token is '" +
                              fs_testlib::shorten(data_.substr(start, 64)) + "...'");
        }
        return data_.substr(start, pos_ - start);
    }
    std::string readToken() { return readWord(); }
    void readWordTo(std::string &r) { r = readWord(); }
    void readTokenTo(std::string &r) { r = readWord(); }
    std::string readWord(const pattern &p, const std::string &variableName = "") {
        std::string t = readWord();
        if (!p.matches(t)) {
            if (variableName.empty())
                quit(_wa, "Token \"" + fs_testlib::shorten(t) + "\" doesn't correspond to pattern \"" + p.src() + "\"");
            quit(_wa, "Token parameter [name=" + variableName + "] equals to \"" + fs_testlib::shorten(t) +
                          "\", doesn't correspond to pattern \"" + p.src() + "\"");
        }
        return t;
    }
    std::string readWord(const std::string &ptrn, const std::string &variableName = "") {
        return readWord(pattern(ptrn), variableName);
    }
    std::string readToken(const pattern &p, const std::string &variableName = "") { return readWord(p, variableName); }
    std::string readToken(const std::string &ptrn, const std::string &variableName = "") {
        return readWord(pattern(ptrn), variableName);
    }

    /* --- numbers */
    long long readLong() {
        if (seekEof()) quit(_pe, "Unexpected end of file - int64 expected");
        return toLong(readWord());
    }
    unsigned long long readUnsignedLong() {
        if (seekEof()) quit(_pe, "Unexpected end of file - int64 expected");
        std::string t = readWord();
        bool digits = !t.empty() && t.size() <= 20 && !(t.size() > 1 && t[0] == '0');
        for (char c : t) digits = digits && c >= '0' && c <= '9';
        errno = 0;
        unsigned long long v = digits ? std::strtoull(t.c_str(), nullptr, 10) : 0;
        if (!digits || errno == ERANGE) quit(_pe, "Expected unsigned integer, but \"" + fs_testlib::shorten(t) + "\" found");
        return v;
    }
    int readInt() {
        if (seekEof()) quit(_pe, "Unexpected end of file - int32 expected");
        std::string t = readWord();
        long long v = toLong(t);
        if (v < INT_MIN || v > INT_MAX) quit(_pe, "Expected int32, but \"" + fs_testlib::shorten(t) + "\" found");
        return int(v);
    }
    int readInteger() { return readInt(); }
    double readReal() {
        if (seekEof()) quit(_pe, "Unexpected end of file - double expected");
        return toDouble(readWord());
    }
    double readDouble() { return readReal(); }

    long long readLong(long long lo, long long hi, const std::string &variableName = "") {
        long long v = readLong();
        if (v < lo || v > hi) rangeError("Integer", std::to_string(v), fs_testlib::human(lo), fs_testlib::human(hi), variableName);
        return v;
    }
    unsigned long long readUnsignedLong(unsigned long long lo, unsigned long long hi, const std::string &variableName = "") {
        unsigned long long v = readUnsignedLong();
        if (v < lo || v > hi)
            rangeError("Unsigned integer", std::to_string(v), fs_testlib::human(lo), fs_testlib::human(hi), variableName);
        return v;
    }
    int readInt(int lo, int hi, const std::string &variableName = "") {
        int v = readInt();
        if (v < lo || v > hi) rangeError("Integer", std::to_string(v), fs_testlib::human(lo), fs_testlib::human(hi), variableName);
        return v;
    }
    int readInteger(int lo, int hi, const std::string &variableName = "") { return readInt(lo, hi, variableName); }
    double readReal(double lo, double hi, const std::string &variableName = "") {
        double v = readReal();
        if (v < lo || v > hi) rangeError("Double", fs_testlib::dtos(v), fs_testlib::dtos(lo), fs_testlib::dtos(hi), variableName);
        return v;
    }
    double readDouble(double lo, double hi, const std::string &variableName = "") { return readReal(lo, hi, variableName); }

    /* --- many at once (1-based element indices in messages, as testlib) */
    std::vector<int> readInts(int size, int lo, int hi, const std::string &name_ = "", int indexBase = 1) {
        return many<int>(size, indexBase, [&] { return readInt(lo, hi, name_); });
    }
    std::vector<int> readInts(int size, int indexBase = 1) {
        return many<int>(size, indexBase, [&] { return readInt(); });
    }
    std::vector<int> readIntegers(int size, int lo, int hi, const std::string &name_ = "", int indexBase = 1) {
        return readInts(size, lo, hi, name_, indexBase);
    }
    std::vector<int> readIntegers(int size, int indexBase = 1) { return readInts(size, indexBase); }
    std::vector<long long> readLongs(int size, long long lo, long long hi, const std::string &name_ = "", int indexBase = 1) {
        return many<long long>(size, indexBase, [&] { return readLong(lo, hi, name_); });
    }
    std::vector<long long> readLongs(int size, int indexBase = 1) {
        return many<long long>(size, indexBase, [&] { return readLong(); });
    }
    std::vector<double> readDoubles(int size, double lo, double hi, const std::string &name_ = "", int indexBase = 1) {
        return many<double>(size, indexBase, [&] { return readDouble(lo, hi, name_); });
    }
    std::vector<double> readDoubles(int size, int indexBase = 1) {
        return many<double>(size, indexBase, [&] { return readDouble(); });
    }
    std::vector<double> readReals(int size, double lo, double hi, const std::string &name_ = "", int indexBase = 1) {
        return readDoubles(size, lo, hi, name_, indexBase);
    }
    std::vector<double> readReals(int size, int indexBase = 1) { return readDoubles(size, indexBase); }
    std::vector<std::string> readWords(int size, int indexBase = 1) {
        return many<std::string>(size, indexBase, [&] { return readWord(); });
    }
    std::vector<std::string> readTokens(int size, int indexBase = 1) { return readWords(size, indexBase); }

    /* --- lines */
    std::string readLine() {
        std::string line;
        while (avail(pos_)) {
            char c = data_[pos_];
            if (c == '\n') break;
            if (c == '\r' && avail(pos_ + 1) && data_[pos_ + 1] == '\n') break;
            line += c;
            pos_++;
        }
        eoln();
        return line;
    }
    std::string readString() { return readLine(); }
    void readLineTo(std::string &r) { r = readLine(); }
    void readStringTo(std::string &r) { r = readLine(); }
    std::string readLine(const pattern &p, const std::string &variableName = "") {
        std::string line = readLine();
        if (!p.matches(line)) {
            if (variableName.empty())
                quit(_wa, "Line \"" + fs_testlib::shorten(line) + "\" doesn't correspond to pattern \"" + p.src() + "\"");
            quit(_wa, "Line [name=" + variableName + "] equals to \"" + fs_testlib::shorten(line) +
                          "\", doesn't correspond to pattern \"" + p.src() + "\"");
        }
        return line;
    }
    std::string readLine(const std::string &ptrn, const std::string &variableName = "") {
        return readLine(pattern(ptrn), variableName);
    }
    std::string readString(const pattern &p, const std::string &variableName = "") { return readLine(p, variableName); }
    std::string readString(const std::string &ptrn, const std::string &variableName = "") {
        return readLine(pattern(ptrn), variableName);
    }
    std::vector<std::string> readLines(int size, int indexBase = 1) {
        return many<std::string>(size, indexBase, [&] { return readLine(); });
    }
    std::vector<std::string> readStrings(int size, int indexBase = 1) { return readLines(size, indexBase); }

    /* --- verdicts raised on this stream (on inf/ans anything but _fail becomes _fail) */
    FS_NORETURN void quit(TResult result, const char *msg);
    FS_NORETURN void quit(TResult result, const std::string &msg) { quit(result, msg.c_str()); }
    FS_NORETURN void quits(TResult result, std::string msg) { quit(result, msg.c_str()); }
    FS_PRINTF(3, 4) FS_NORETURN void quitf(TResult result, const char *fmt, ...) {
        FS_FORMAT_TO(fmt, fmt, msg);
        quit(result, msg.c_str());
    }
    FS_PRINTF(4, 5) void quitif(bool condition, TResult result, const char *fmt, ...) {
        if (!condition) return;
        FS_FORMAT_TO(fmt, fmt, msg);
        quit(result, msg.c_str());
    }
    FS_PRINTF(3, 4) void ensuref(bool cond, const char *fmt, ...) {
        if (cond) return;
        FS_FORMAT_TO(fmt, fmt, msg);
        quit(_wa, msg.c_str());
    }
    /* `ouf.ensure(c)` expands the global ensure macro into this member. */
    void __testlib_ensure(bool cond, const std::string &msg) {
        if (!cond) quit(_wa, msg.c_str());
    }

    void close() {}

   private:
    std::string data_;
    size_t pos_ = 0;
    bool opened_ = false;
    int manyIndex_ = NO_INDEX;

    int fd_ = -1; /* a stream still being written (initStream), until its end */

    /* Whether byte ``at`` exists, reading a stream's next bytes as they come when it is not here yet. */
    bool avail(size_t at) {
        while (at >= data_.size() && fd_ >= 0) {
            char buf[1 << 16];
            long got = long(::read(fd_, buf, sizeof buf));
            if (got < 0 && errno == EINTR) continue;
            if (got <= 0) {
                fd_ = -1;
                break;
            }
            data_.append(buf, size_t(got));
        }
        return at < data_.size();
    }
    int peek() { return avail(pos_) ? int((unsigned char)data_[pos_]) : EOFC; }
    int take() { return avail(pos_) ? int((unsigned char)data_[pos_++]) : EOFC; }

    template <typename T, typename F>
    std::vector<T> many(int size, int indexBase, F one) {
        if (size < 0) quit(_fail, "readMany: size should be non-negative.");
        std::vector<T> out;
        out.reserve(size_t(size));
        for (int i = 0; i < size; i++) {
            manyIndex_ = indexBase + i;
            out.push_back(one());
        }
        manyIndex_ = NO_INDEX;
        return out;
    }

    FS_NORETURN void rangeError(const char *kind, const std::string &value, const std::string &lo, const std::string &hi,
                                const std::string &variableName) {
        std::string range = "violates the range [" + lo + ", " + hi + "]";
        std::string what = kind;
        if (manyIndex_ == NO_INDEX) {
            if (variableName.empty())
                quit(_wa, what + " " + value + " " + range);
            quit(_wa, what + " parameter [name=" + variableName + "] equals to " + value + ", " + range);
        }
        if (variableName.empty())
            quit(_wa, what + " element [index=" + std::to_string(manyIndex_) + "] equals to " + value + ", " + range);
        quit(_wa, what + " element " + variableName + "[" + std::to_string(manyIndex_) + "] equals to " + value + ", " + range);
    }

    long long toLong(const std::string &t) {
        std::string bad = "Expected integer, but \"" + fs_testlib::shorten(t) + "\" found";
        if (t.empty() || t.size() > 20) quit(_pe, bad);
        bool negative = t.size() > 1 && t[0] == '-';
        size_t first = negative ? 1 : 0;
        for (size_t i = first; i < t.size(); i++)
            if (t[i] < '0' || t[i] > '9') quit(_pe, bad);
        // No leading zeros, no "-0".
        if (t[first] == '0' && (t.size() - first > 1 || negative)) quit(_pe, bad);
        errno = 0;
        long long v = std::strtoll(t.c_str(), nullptr, 10);
        if (errno == ERANGE) quit(_pe, bad);
        return v;
    }

    double toDouble(const std::string &t) {
        std::string bad = "Expected double, but \"" + fs_testlib::shorten(t) + "\" found";
        int digits = 0, minus = 0, plus = 0, points = 0, exps = 0;
        for (char c : t) {
            if (c >= '0' && c <= '9') digits++;
            else if (c == '-') minus++;
            else if (c == '+') plus++;
            else if (c == '.') points++;
            else if (c == 'e' || c == 'E') exps++;
            else quit(_pe, bad);
        }
        if (digits == 0 || minus > 2 || plus > 2 || points > 1 || exps > 1) quit(_pe, bad);
        double v = 0;
        int consumed = 0;
        if (std::sscanf(t.c_str(), "%lf%n", &v, &consumed) != 1 || size_t(consumed) != t.size() || std::isnan(v))
            quit(_pe, bad);
        return v;
    }
};

inline InStream inf;
inline InStream ouf;
inline InStream ans;

/* ---------------------------------------------------------------- verdicts */

namespace fs_testlib {

inline int exitCode(TResult r) {
    switch (r) {
        case _ok: return OK_EXIT_CODE;
        case _wa: return WA_EXIT_CODE;
        case _pe: return PE_EXIT_CODE;
        case _fail: return FAIL_EXIT_CODE;
        case _dirt: return DIRT_EXIT_CODE;
        case _points: return POINTS_EXIT_CODE;
        case _unexpected_eof: return PE_EXIT_CODE;
        default: return r >= _partially ? PC_BASE_EXIT_CODE + (r - _partially) : FAIL_EXIT_CODE;
    }
}

inline std::string verdictWord(TResult r) {
    switch (r) {
        case _ok: return "ok ";
        case _wa: return "wrong answer ";
        case _pe: return "wrong output format ";
        case _fail: return "FAIL ";
        case _points: return "points ";
        default: return r >= _partially ? "partially correct (" + std::to_string(r - _partially) + ") " : "FAIL ";
    }
}

FS_NORETURN inline void finish(TResult result, std::string message, TMode mode, const std::string &streamName) {
    State &st = state();
    // A verdict found while checking for trailing output must not recurse into another check.
    bool nested = st.quitting;
    st.quitting = true;
    message = strip(message);
    if (st.test_case >= 0) {  /* as testlib names a test case in its message */
        std::string n = std::to_string(st.test_case);
        message += result != _ok ? " (test case " + n + ")" : " (" + n + (st.test_case == 1 ? " test case)" : " test cases)");
    }
    if (message.size() > ouf.maxMessageLength) {
        std::string warn = "message length exceeds " + std::to_string(ouf.maxMessageLength) + ", the message is truncated: ";
        message = warn + message.substr(0, ouf.maxMessageLength - std::min(warn.size(), ouf.maxMessageLength));
    }
    if (result == _unexpected_eof) result = _pe;
    if (mode != _output && result != _fail) {
        // Bad input or answer files are the problem setter's fault, never the contestant's.
        result = _fail;
        message += " (" + streamName + ")";
    }
    if (!nested && !st.interactor && (result == _ok || result == _points || result >= _partially) && !ouf.seekEof()) {
        result = _pe;
        message = "Extra information in the output file";
    }
    if (result == _dirt) result = _pe;
    /* A verdict is what the checker wrote: one that could not be written whole (a full disk, say) is no
     * verdict, so any failed write ends the checker with FAIL and nothing more, as testlib does for its
     * result file; the judge then sees a verdict's exit code with no verdict written and tries again. */
    if (!st.result_file.empty()) {
        std::FILE *f = std::fopen(st.result_file.c_str(), "w");
        bool written = f != nullptr && std::fputs(message.c_str(), f) >= 0;
        if (f != nullptr && std::fclose(f) != 0) written = false;
        if (!written) std::_Exit(FAIL_EXIT_CODE);
    }
    if (std::fprintf(stderr, "%s%s\n", verdictWord(result).c_str(), message.c_str()) < 0) std::_Exit(FAIL_EXIT_CODE);
    if (!st.result_file.empty() && std::fprintf(stderr, "See file to check exit message\n") < 0)
        std::_Exit(FAIL_EXIT_CODE);
    std::fflush(stdout);
    if (std::fflush(stderr) != 0 || std::ferror(stderr)) std::_Exit(FAIL_EXIT_CODE);
    st.finished = true;
    std::exit(exitCode(result));
}

inline double preparePoints(double p) {
    if (std::isnan(p)) quit(_fail, "Parameter 'points' can't be nan");
    if (__testlib_isInfinite(p)) quit(_fail, "Parameter 'points' can't be infinite");
    if (p < -1e-8) quit(_fail, "Parameter 'points' can't be negative");
    if (p <= 0.0) p = +0.0;
    if (p > 1e6 + 1e-8) quit(_fail, "Parameter 'points' can't be greater than 1E6");
    if (p >= 1e6) p = 1e6;
    return p;
}

FS_NORETURN inline void quitPoints(const std::string &points, const std::string &message) {
    quit(_points, message.empty() ? points : points + " " + message);
}

/* A checker that returns from main without a verdict is a broken checker: FAIL, as testlib. */
struct FinalGuard {
    ~FinalGuard() {
        State &st = state();
        if (st.finished) return;
        const char *why = st.registered ? "Checker must end with quit or quitf call."
                                        : "Call register-function in the first line of the main (registerTestlibCmd or other similar)";
        std::fflush(stdout);
        std::fprintf(stderr, "FAIL %s\n", why);
        std::fflush(stderr);
        std::_Exit(FAIL_EXIT_CODE);
    }
};
inline FinalGuard finalGuard;

}  // namespace fs_testlib

inline void InStream::quit(TResult result, const char *msg) { fs_testlib::finish(result, msg, mode, name); }

FS_NORETURN inline void quit(TResult result, const std::string &msg) { ouf.quit(result, msg.c_str()); }
FS_NORETURN inline void quit(TResult result, const char *msg) { ouf.quit(result, msg); }
FS_NORETURN inline void quits(TResult result, const std::string &msg) { ouf.quit(result, msg.c_str()); }

FS_NORETURN inline void quitf(TResult result, const char *fmt, ...) FS_PRINTF(2, 3);
FS_NORETURN inline void quitf(TResult result, const char *fmt, ...) {
    FS_FORMAT_TO(fmt, fmt, msg);
    ouf.quit(result, msg.c_str());
}

inline void quitif(bool condition, TResult result, const char *fmt, ...) FS_PRINTF(3, 4);
inline void quitif(bool condition, TResult result, const char *fmt, ...) {
    if (!condition) return;
    FS_FORMAT_TO(fmt, fmt, msg);
    ouf.quit(result, msg.c_str());
}

FS_NORETURN inline void quitp(double points, const std::string &message = "") {
    double p = fs_testlib::preparePoints(points);
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.10f", p);
    fs_testlib::quitPoints(fs_testlib::drop_trailing_zeros(buf), message);
}
FS_NORETURN inline void quitp(float points, const std::string &message = "") { quitp(double(points), message); }
FS_NORETURN inline void quitp(long double points, const std::string &message = "") { quitp(double(points), message); }
FS_NORETURN inline void quitp(int points, const std::string &message = "") {
    fs_testlib::preparePoints(points);
    fs_testlib::quitPoints(std::to_string(points), message);
}
template <typename F>
FS_NORETURN void quitp(F points, const char *fmt, ...) {
    FS_FORMAT_TO(fmt, fmt, msg);
    quitp(points, msg);
}

inline void __testlib_ensure(bool cond, const std::string &msg) {
    if (!cond) quit(_fail, msg);
}
#define ensure(cond) __testlib_ensure((cond), "Condition failed: \"" #cond "\"")

inline void ensuref(bool cond, const char *fmt, ...) FS_PRINTF(2, 3);
inline void ensuref(bool cond, const char *fmt, ...) {
    if (cond) return;
    FS_FORMAT_TO(fmt, fmt, msg);
    quit(_fail, msg);
}

inline void setName(const char *, ...) {}

/* Test cases of a multi-test input: the verdict's message names the case (numbered from 1; a first call
 * with 0 makes the numbering 0-based, shown from 1, as testlib does). */
inline void setTestCase(int testCase) {
    static bool first = true, zero_based = false;
    if (first && testCase == 0) zero_based = true;
    first = false;
    fs_testlib::state().test_case = zero_based ? testCase + 1 : testCase;
}
inline void unsetTestCase() { fs_testlib::state().test_case = -1; }

/* A string as testlib quotes it in messages: NULs as '~', long ones cut to their two ends. */
inline std::string compress(const std::string &s) { return fs_testlib::shorten(s); }

/* ---------------------------------------------------------------- println: its arguments to stdout, separated
 * by spaces (a collection's elements too; a string as it is), then a newline and a flush (an interactor's
 * line to the solution); println(begin, end) prints the range. */

namespace fs_testlib {
template <class T, class = void>
struct iterable : std::false_type {};
template <class T>
struct iterable<T, std::void_t<decltype(std::declval<const T &>().begin()), decltype(std::declval<const T &>().end())>>
    : std::true_type {};
template <class T, class = void>
struct iterator : std::false_type {};
template <class T>
struct iterator<T, std::void_t<typename std::iterator_traits<T>::iterator_category>> : std::true_type {};

template <class T>
void print_one(const T &t) {
    if constexpr (std::is_convertible<const T &, std::string>::value) {
        std::cout << t;
    } else if constexpr (iterable<T>::value) {
        bool first = true;
        for (const auto &x : t) {
            if (!first) std::cout << ' ';
            first = false;
            std::cout << x;
        }
    } else {
        std::cout << t;
    }
}
}  // namespace fs_testlib

/* Two arguments whose second is an iterator (a pointer but to char) are a range, as in testlib. */
template <class A, class B>
void println(const A &a, const B &b) {
    if constexpr (fs_testlib::iterator<B>::value && !std::is_convertible<const B &, std::string>::value) {
        bool first = true;
        for (auto i = a; i != b; ++i) {
            if (!first) std::cout << ' ';
            first = false;
            fs_testlib::print_one(*i);
        }
    } else {
        fs_testlib::print_one(a);
        std::cout << ' ';
        fs_testlib::print_one(b);
    }
    std::cout << std::endl;
}

template <class... Args>
void println(const Args &...args) {
    bool first = true;
    ((std::cout << (first ? "" : " "), fs_testlib::print_one(args), first = false), ...);
    std::cout << std::endl;
}

inline void registerTestlibCmd(int argc, char *argv[]) {
    fs_testlib::state().registered = true;
    std::vector<std::string> args;
    for (int i = 1; i < argc; i++) {
        std::string a = argv[i];
        if ((a == "--testset" || a == "--group") && i + 1 < argc) {
            i++;
            continue;
        }
        args.push_back(a);
    }
    if (!args.empty() && args[0] == "--help") {
        std::fprintf(stderr, "FrontierSmith testlib-compatible checker\n"
                             "usage: <input-file> <output-file> <answer-file> [<report-file> [<-appes>]]\n");
        std::exit(FAIL_EXIT_CODE);
    }
    if (args.size() < 3 || args.size() > 5)
        quit(_fail, "Program must be run with the following arguments: "
                    "[--testset testset] [--group group] <input-file> <output-file> <answer-file> [<report-file> [<-appes>]]");
    if (args.size() >= 4) fs_testlib::state().result_file = args[3];
    inf.init(args[0], _input);
    ouf.init(args[1], _output);
    ouf.skipBom();
    ans.init(args[2], _answer);
}

/* An interactor: inf the test's input, ouf the solution as it writes (our stdin), tout the file a checker
 * would read after the interaction, ans the answer when given; what the solution reads goes to stdout. */
inline std::ofstream tout;

inline void registerInteraction(int argc, char *argv[]) {
    fs_testlib::State &st = fs_testlib::state();
    st.registered = true;
    st.interactor = true;
    std::vector<std::string> args;
    for (int i = 1; i < argc; i++) {
        std::string a = argv[i];
        if ((a == "--testset" || a == "--group") && i + 1 < argc) {
            i++;
            continue;
        }
        args.push_back(a);
    }
    if (args.size() < 2 || args.size() > 5)
        quit(_fail, "Program must be run with the following arguments: "
                    "<input-file> <output-file> [<answer-file> [<report-file> [<-appes>]]]");
    if (args.size() >= 4) st.result_file = args[3];
    inf.init(args[0], _input);
    tout.open(args[1], std::ios_base::out);
    if (tout.fail() || !tout.is_open()) quit(_fail, "Can not write to the test-output-file '" + args[1] + "'");
    ouf.initStream(0, "stdin", _output);
    if (args.size() >= 3) ans.init(args[2], _answer);
    else ans.name = "unopened answer stream";
}

/* ---------------------------------------------------------------- random numbers (rnd), as testlib draws them:
 * seed 3905348978240129619, x' = (x * 0x5DEECE66D + 0xB) mod 2^48, the top bits of x' used */

class random_t {
   public:
    random_t() : seed_(3905348978240129619ULL) {}

    void setSeed(long long s) { seed_ = ((unsigned long long)s ^ kMultiplier) & kMask; }
    void setSeed(int argc, char *argv[]) {
        seed_ = 3905348978240129619ULL;
        for (int i = 1; i < argc; i++) {
            for (const char *c = argv[i]; *c; c++) seed_ = seed_ * kMultiplier + (unsigned int)(*c) + kAddend;
            seed_ += kMultiplier / kAddend;
        }
        seed_ &= kMask;
    }

    int next(int n) {
        if (n <= 0) quit(_fail, "random_t::next(int n): n must be positive");
        if ((n & -n) == n) return int((n * (long long)bits(31)) >> 31);
        const long long limit = INT_MAX / n * n;
        long long b;
        do b = bits(31);
        while (b >= limit);
        return int(b % n);
    }
    long long next(long long n) {
        if (n <= 0) quit(_fail, "random_t::next(long long n): n must be positive");
        const long long limit = LLONG_MAX / n * n;
        long long b;
        do b = bits(63);
        while (b >= limit);
        return b % n;
    }
    unsigned int next(unsigned int n) { return (unsigned int)next(int(n)); }
    unsigned long long next(unsigned long long n) { return (unsigned long long)next((long long)n); }
    long next(long n) { return (long)next((long long)n); }
    unsigned long next(unsigned long n) { return (unsigned long)next((unsigned long long)n); }
    int next(int from, int to) { return int(next((long long)to - from + 1) + from); }
    unsigned int next(unsigned int from, unsigned int to) { return (unsigned int)(next((long long)to - from + 1) + from); }
    long long next(long long from, long long to) { return next(to - from + 1) + from; }
    unsigned long long next(unsigned long long from, unsigned long long to) { return next(to - from + 1) + from; }
    long next(long from, long to) { return next(to - from + 1) + from; }
    unsigned long next(unsigned long from, unsigned long to) { return next(to - from + 1) + from; }
    double next() {
        long long high = (long long)bits(26) << 27;
        double v = double(high + bits(27)) / double(1LL << 53);
        return std::min(1.0, std::max(0.0, v));
    }
    double next(double n) { return std::min(n, std::max(0.0, n * next())); }
    double next(double from, double to) { return next(to - from) + from; }
    template <typename Container>
    typename Container::value_type any(const Container &c) {
        typename Container::const_iterator it = c.begin();
        std::advance(it, next(int(c.size())));
        return *it;
    }

   private:
    static const unsigned long long kMultiplier = 0x5DEECE66DULL, kAddend = 0xBULL, kMask = (1ULL << 48) - 1;
    unsigned long long seed_;

    long long bits(int n) {
        if (n <= 48) {
            seed_ = (seed_ * kMultiplier + kAddend) & kMask;
            return (long long)(seed_ >> (48 - n));
        }
        long long high = bits(31) << 32;
        return high ^ bits(32);
    }
};

inline random_t rnd;

/* testlib's shuffle: the same permutation as testlib's for the same rnd state */
template <typename Iter>
void shuffle(Iter first, Iter last) {
    if (first == last) return;
    for (Iter i = first + 1; i != last; ++i) std::iter_swap(i, first + rnd.next(int(i - first) + 1));
}

#endif /* FRONTIERSMITH_TESTLIB_H */
