#!/usr/bin/env python3
"""The SPRT of one or more fastchess logs of the same match, taken together.

    tools/llr.py [--elo0 0] [--elo1 10] [--engine new] [--pairs P0,P1,P2,P3,P4] [LOG ...]

tools/sprt.sh stops at its game cap; when a test has not decided by then,
it is continued with the same engines and settings into another folder,
and this script judges all the games together. It reads the "Finished game
N (white vs black): result" lines, pairs game 2k-1 with game 2k (fastchess
plays each opening twice, colours reversed, as consecutive games; a pair
with a game missing is left out), and prints the pentanomial counts, the
Elo with its 95% error, and the LLR of the GSPRT in logistic Elo that
OpenBench and fastchess use (alpha = beta = 0.05):

    LLR = N (s1 - s0) (2 m - s0 - s1) / (2 v)

over N pairs, m and v the mean and variance of a pair's score in [0, 1],
s0 and s1 the scores of the bounds' Elo.

--pairs adds the pentanomial counts of an earlier part whose log is gone
(a machine is not kept between sessions; docs/strength-log.md keeps the counts).
"""
import argparse
import math
import re
import sys

FINISHED = re.compile(r"Finished game (\d+) \((\S+) vs (\S+)\): (\S+)")


def game_scores(path, engine):
    """Map game number to the engine's score in it, for one log."""
    scores = {}
    for line in open(path, errors="replace"):
        m = FINISHED.match(line)
        if not m:
            continue
        n, white, black, result = int(m[1]), m[2], m[3], m[4]
        if engine not in (white, black):
            continue
        points = {"1-0": 1.0, "0-1": 0.0, "1/2-1/2": 0.5}.get(result)
        if points is None:
            continue  # an unfinished or aborted game
        scores[n] = points if white == engine else 1.0 - points
    return scores


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--elo0", type=float, default=0)
    ap.add_argument("--elo1", type=float, default=10)
    ap.add_argument("--engine", default="new")
    ap.add_argument("--pairs", default="0,0,0,0,0",
                    help="pentanomial counts of an earlier part, LL,LD,DD/WL,WD,WW")
    ap.add_argument("logs", nargs="*")
    a = ap.parse_args()
    try:
        penta = [int(c) for c in a.pairs.split(",")]
    except ValueError:
        penta = []
    if len(penta) != 5 or min(penta) < 0:
        sys.exit("llr.py: --pairs wants five counts, e.g. 6,32,41,35,11")
    for path in a.logs:
        s = game_scores(path, a.engine)
        for n in s:
            if n % 2 == 1 and n + 1 in s:
                penta[int(round((s[n] + s[n + 1]) * 2))] += 1
    pairs = sum(penta)
    if pairs == 0:
        sys.exit("llr.py: no complete pair of games in " + (", ".join(a.logs) or "--pairs"))
    values = [0, 0.25, 0.5, 0.75, 1]
    m = sum(c * x for c, x in zip(penta, values)) / pairs
    v = sum(c * (x - m) ** 2 for c, x in zip(penta, values)) / pairs
    score = lambda elo: 1 / (1 + 10 ** (-elo / 400))
    elo = lambda s: -400 * math.log10(1 / s - 1)
    s0, s1 = score(a.elo0), score(a.elo1)
    llr = pairs * (s1 - s0) * (2 * m - s0 - s1) / (2 * v) if v > 0 else 0.0
    bound = math.log((1 - 0.05) / 0.05)
    se = math.sqrt(v / pairs)
    lo, hi = elo(max(m - 1.96 * se, 1e-6)), elo(min(m + 1.96 * se, 1 - 1e-6))
    verdict = "H1 accepted" if llr >= bound else "H0 accepted" if llr <= -bound else "undecided"
    print(f"{2 * pairs} games ({pairs} pairs), pentanomial {penta}, "
          f"Elo {elo(m):+.1f} ± {(hi - lo) / 2:.1f}, "
          f"LLR {llr:.2f} ({-bound:.2f}, {bound:.2f}) [{a.elo0:g}, {a.elo1:g}]: {verdict}")


if __name__ == "__main__":
    main()
