# The command-line harness appended to every family module when it is shipped into the sandbox as a
# program. Stdlib only. A family module defines Config, DISTRIBUTIONS, generate(cfg, dist, rng),
# validate(cfg, text) (raises ValueError) and verify(cfg, input_text, output_text) -> (feasible, objective, message);
# an interactive family defines interact(cfg, input_text, talk) -> (feasible, objective, message) instead of
# verify, talking to the running solution through ``talk`` (send(line), receive() -> line; EOFError at its end).
#
#   prog gen DIST SEED          -> one test input on stdout (random.Random(f"{NAME}:{DIST}:{SEED}"))
#   prog gen example 0          -> the statement's example input (the module's EXAMPLE), when it has one
#   prog validate < input       -> exit 0 if valid, else exit 1 with the reason on stderr; a valid input's sizes
#                                  (what validate returned: {"n": 37, "m": 120}) as one JSON line on stdout
#   prog verify INPUT OUTPUT    -> one JSON line {"feasible": bool, "objective": number|null, "message": str}
#                                  (+ "reason": the message again when infeasible, which a solver is shown blanked)
#   prog interact INPUT RESULT  -> the conversation on stdin/stdout, then that JSON line written to RESULT


def _harness_json(fields):
    """``json.dumps(fields)`` for the verdict line's str, bool, int, float and None values, byte for byte, without
    importing json (and the re and enum it pulls in: a good share of a verifier run); json itself for anything else."""

    def value(v):
        if v is None or isinstance(v, bool):
            return {None: "null", True: "true", False: "false"}[v]
        if type(v) is int:
            return int.__repr__(v)
        if type(v) is float:
            return {"inf": "Infinity", "-inf": "-Infinity", "nan": "NaN"}.get(repr(v), repr(v))
        if type(v) is not str:
            raise TypeError
        out = []
        for ch in v:
            code = ord(ch)
            if ch in '"\\':
                out.append("\\" + ch)
            elif 0x20 <= code < 0x7F:
                out.append(ch)
            elif ch in _HARNESS_ESCAPES:
                out.append(_HARNESS_ESCAPES[ch])
            elif code > 0xFFFF:
                code -= 0x10000
                out.append(f"\\u{0xD800 | code >> 10:04x}\\u{0xDC00 | code & 0x3FF:04x}")
            else:
                out.append(f"\\u{code:04x}")
        return '"' + "".join(out) + '"'

    try:
        return "{" + ", ".join(f'"{k}": {value(v)}' for k, v in fields.items()) + "}"
    except TypeError:
        import json

        return json.dumps(fields)


_HARNESS_ESCAPES = {"\n": "\\n", "\r": "\\r", "\t": "\\t", "\b": "\\b", "\f": "\\f"}
_HARNESS_LINE = 1 << 16  # the longest line a solution may send in a conversation


class _Talk:
    """An interactive family's end of the conversation: lines to the solution (flushed), lines from it."""

    def __init__(self, inp, out):
        self._in, self._out = inp, out

    def send(self, line):
        self._out.write(f"{line}\n")
        self._out.flush()

    def receive(self):
        line = self._in.readline(_HARNESS_LINE + 1)
        if not line:
            raise EOFError("the solution ended the conversation")
        if len(line) > _HARNESS_LINE:
            raise ValueError(f"the solution sent a line over {_HARNESS_LINE} characters")
        return line.rstrip("\r\n")


def _harness_verdict(feasible, objective, message):
    fields = {
        "feasible": bool(feasible),
        "objective": objective if feasible else None,
        "message": str(message)[:500],
    }
    if not feasible and globals().get("_HARNESS_REASONS", True):
        # a family's messages name the rule broken (the judge blanks the values they quote); a model's are not
        # shown (tools/catalog model_program turns this off)
        fields["reason"] = fields["message"]
    return _harness_json(fields)


def _harness_main(argv):
    import sys as _sys

    cfg = Config()
    if len(argv) >= 4 and argv[1] == "gen":
        import random as _random  # here, not above: validate and verify runs start without it

        dist, seed = argv[2], argv[3]
        if dist == "example" and "EXAMPLE" in globals() and "example" not in DISTRIBUTIONS:
            _sys.stdout.write(EXAMPLE)
            return 0
        if dist not in DISTRIBUTIONS:
            _sys.stderr.write(f"unknown distribution {dist!r}; known: {', '.join(DISTRIBUTIONS)}\n")
            return 2
        rng = _random.Random(f"{NAME}:{dist}:{seed}")
        _sys.stdout.write(generate(cfg, dist, rng))
        return 0
    if len(argv) >= 2 and argv[1] == "validate":
        text = _sys.stdin.read()
        try:
            sizes = validate(cfg, text)
        except (ValueError, IndexError, KeyError, AssertionError) as exc:
            _sys.stderr.write(f"invalid input: {exc}\n")
            return 1
        if isinstance(sizes, dict):
            _sys.stdout.write(_harness_json({str(k): v for k, v in sizes.items()}) + "\n")
        return 0
    if len(argv) >= 4 and argv[1] == "verify":
        with open(argv[2]) as f:
            inp = f.read()
        try:
            with open(argv[3], errors="replace") as f:
                out = f.read()
        except OSError:
            out = ""
        try:
            feasible, objective, message = verify(cfg, inp, out)
        except (ValueError, IndexError, KeyError, AssertionError, OverflowError) as exc:
            feasible, objective, message = False, None, f"malformed output: {exc}"
        print(_harness_verdict(feasible, objective, message))
        return 0
    if len(argv) >= 4 and argv[1] == "interact" and "interact" in globals():
        with open(argv[2]) as f:
            inp = f.read()
        talk = _Talk(_sys.stdin, _sys.stdout)
        try:
            feasible, objective, message = interact(cfg, inp, talk)
        except (ValueError, IndexError, KeyError, AssertionError, OverflowError) as exc:
            feasible, objective, message = False, None, f"malformed conversation: {exc}"
        except (EOFError, OSError) as exc:  # it stopped talking, or stopped listening (a broken pipe)
            feasible, objective, message = False, None, f"the conversation broke off: {exc}"
        with open(argv[3], "w") as f:
            f.write(_harness_verdict(feasible, objective, message) + "\n")
        # what is left unflushed for a solution that is gone must not fail the exit (a broken pipe at exit is
        # exit code 120): the rest goes nowhere
        import posix as _posix  # (os itself would import a dozen modules at every run)

        _posix.dup2(_posix.open("/dev/null", _posix.O_WRONLY), 1)
        return 0
    _sys.stderr.write(
        "usage: gen DIST SEED | validate < input | verify INPUT OUTPUT | interact INPUT RESULT\n"
    )
    return 2


if __name__ == "__main__":
    import sys as _sys

    _sys.exit(_harness_main(_sys.argv))
