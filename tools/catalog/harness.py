# The command-line harness appended to every family module when it is shipped into the sandbox as a
# program. Stdlib only. A family module defines Config, DISTRIBUTIONS, generate(cfg, dist, rng),
# validate(cfg, text) (raises ValueError) and verify(cfg, input_text, output_text) -> (feasible, objective, message).
#
#   prog gen DIST SEED          -> one test input on stdout (random.Random(f"{NAME}:{DIST}:{SEED}"))
#   prog validate < input       -> exit 0 if valid, else exit 1 with the reason on stderr
#   prog verify INPUT OUTPUT    -> one JSON line {"feasible": bool, "objective": number|null, "message": str}


def _harness_main(argv):
    import json as _json
    import random as _random
    import sys as _sys

    cfg = Config()
    if len(argv) >= 4 and argv[1] == "gen":
        dist, seed = argv[2], argv[3]
        if dist not in DISTRIBUTIONS:
            _sys.stderr.write(f"unknown distribution {dist!r}; known: {', '.join(DISTRIBUTIONS)}\n")
            return 2
        rng = _random.Random(f"{NAME}:{dist}:{seed}")
        _sys.stdout.write(generate(cfg, dist, rng))
        return 0
    if len(argv) >= 2 and argv[1] == "validate":
        text = _sys.stdin.read()
        try:
            validate(cfg, text)
        except (ValueError, IndexError, KeyError, AssertionError) as exc:
            _sys.stderr.write(f"invalid input: {exc}\n")
            return 1
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
        if not feasible:
            objective = None
        print(
            _json.dumps({"feasible": bool(feasible), "objective": objective, "message": str(message)[:500]})
        )
        return 0
    _sys.stderr.write("usage: gen DIST SEED | validate < input | verify INPUT OUTPUT\n")
    return 2


if __name__ == "__main__":
    import sys as _sys

    _sys.exit(_harness_main(_sys.argv))
