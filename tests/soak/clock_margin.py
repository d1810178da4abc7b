#!/usr/bin/env python3
"""How close to their clocks the engines of a soak (or any `tinman match` PGN) played.

The runner's time margin (`timemargin=`) forgives a move that ends this far past the clock;
this replays every game's clocks from the move times in the PGN comments (`{+0.25 0.012s}`,
book moves untimed) and reports, per engine, the least time left after a move and every move
that ended past the clock (how far past), so that a forfeit-free soak with a generous margin
still shows whether the engine itself ever overran.

    python3 tests/soak/clock_margin.py --tc 0.2+0.002 soak-pgn/*.pgn
"""
import argparse
import re
import sys

TAG = re.compile(r'^\[(\w+) "(.*)"\]$')
TIMED = re.compile(r"\{[^}]*?([0-9.]+)s\}")
COMMENT = re.compile(r"\{([^}]*)\}")


def games(paths):
    """(tags, list of move comments) per game."""
    for path in paths:
        tags, text = {}, []
        with open(path, encoding="utf-8") as f:
            for line in f:
                line = line.rstrip("\n")
                m = TAG.match(line)
                if m:
                    if text:
                        yield tags, COMMENT.findall(" ".join(text))
                        tags, text = {}, []
                    tags[m.group(1)] = m.group(2)
                elif line:
                    text.append(line)
        if text:
            yield tags, COMMENT.findall(" ".join(text))


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--tc", required=True, help="base+increment in seconds, as given to tinman match")
    p.add_argument("pgn", nargs="+")
    args = p.parse_args()
    base, inc = (float(x) for x in args.tc.split("+"))
    least = {}  # engine -> least seconds left after a move
    over = {}  # engine -> list of seconds past the clock
    moves = {}
    n = 0
    for tags, comments in games(args.pgn):
        n += 1
        side_names = [tags.get("White", "?"), tags.get("Black", "?")]
        # The side to move first: White unless the setup says Black.
        fen = tags.get("FEN", "")
        side = 1 if len(fen.split()) > 1 and fen.split()[1] == "b" else 0
        clock = [base, base]
        for c in comments:
            if c.strip() != "book":
                m = re.search(r"([0-9.]+)s\s*$", c.strip())
                if m:
                    used = float(m.group(1))
                    left = clock[side] - used
                    name = side_names[side]
                    moves[name] = moves.get(name, 0) + 1
                    least[name] = min(least.get(name, left), left)
                    if left < 0:
                        over.setdefault(name, []).append(-left)
                    # As the runner charges a move (matches/timecontrol.rs): an overrun within
                    # the margin is forgiven, the clock stops at zero.
                    clock[side] = max(left, 0.0) + inc
            side = 1 - side
    print(f"{n} games, tc {args.tc}")
    for name in sorted(moves):
        late = sorted(over.get(name, []), reverse=True)
        worst = ", ".join(f"{x * 1000:.0f}" for x in late[:10])
        print(f"{name:>10}: {moves[name]} timed moves, least time left {least[name] * 1000:.0f} ms, "
              f"{len(late)} moves past the clock" + (f" (by ms, worst first: {worst})" if late else ""))


if __name__ == "__main__":
    sys.exit(main())
