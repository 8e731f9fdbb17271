#!/usr/bin/env bash
# An opening book of endgames, for matches where tablebases should matter
# (docs/strength-log.md, "Syzygy tablebases in games").
#
#   tools/endgame-book.sh [--men N] [--min-cp CP] [--max-cp CP] SIGHTLINE DATA.bin > book.epd
#
# Reads a datagen file (docs/datagen.md) through `sightline datagen -convert`
# and keeps, for each game, the first position with at most --men pieces on
# the board (kings included, default 6) whose searched score is within
# --max-cp centipawns of zero (default 150): a balanced ending that the
# engines played into themselves, not one made up square by square. With
# --min-cp (default 0) the score must also be at least that far from zero:
# an ending one side should win or the other hold, where converting and
# defending are what is measured. A game that reaches no such position
# gives none; a position seen before is left out. Writes EPD (the board,
# side, castling, en passant, then hmvc and fmvn) on stdout and a count on
# stderr.
set -euo pipefail

men=6 mincp=0 maxcp=150
while [ $# -gt 0 ]; do
  case "$1" in
    --men) men=$2; shift ;;
    --min-cp) mincp=$2; shift ;;
    --max-cp) maxcp=$2; shift ;;
    -h|--help) sed -n '2,17p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    -*) echo "endgame-book.sh: unknown option $1" >&2; exit 2 ;;
    *) break ;;
  esac
  shift
done
if [ $# -ne 2 ]; then
  echo "usage: tools/endgame-book.sh [--men N] [--min-cp CP] [--max-cp CP] SIGHTLINE DATA.bin (--help for more)" >&2
  exit 2
fi
engine=$1 data=$2
[ -x "$engine" ] || { echo "endgame-book.sh: $engine is not an executable" >&2; exit 2; }
[ -r "$data" ] || { echo "endgame-book.sh: cannot read $data" >&2; exit 2; }

# A converted line reads
#   <board> <side> <castling> <ep> hmvc H; fmvn F; c9 "R"; ce S; sm M;
# Games follow one another in the file; one ends where the next begins, which
# shows as the fullmove number going down or the count of men going up (no
# move adds a piece).
"$engine" datagen -convert "$data" -to - | awk -v men="$men" -v mincp="$mincp" -v maxcp="$maxcp" '
  {
    board = $1
    n = gsub(/[pnbrqkPNBRQK]/, "&", board)
    fmvn = $8; sub(/;/, "", fmvn); fmvn += 0
    if (NR == 1 || fmvn < lastFmvn || n > lastMen) { games++; taken = 0 }
    lastFmvn = fmvn; lastMen = n
    if (taken || n > men) next
    ce = $12; sub(/;/, "", ce); ce += 0
    if (ce > maxcp || ce < -maxcp || (ce < mincp && ce > -mincp)) next
    taken = 1
    epd = $1 " " $2 " " $3 " " $4
    if (epd in seen) next
    seen[epd] = 1
    kept++
    print epd " hmvc " $6 " fmvn " $8
  }
  END { printf "endgame-book.sh: %d positions from %d games\n", kept, games > "/dev/stderr" }'
