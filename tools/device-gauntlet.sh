#!/usr/bin/env bash
# The 10+0.1 gauntlet against Ethereal 12 (and Zahak) on a lent many-core
# machine, which starts bare and reaches nothing outside: everything the
# games need travels with the checkout in .dev/ (ignored by git).
#
#   tools/device-gauntlet.sh pack [--zahak PATH] [--book FILE] [--fastchess P] BINARY
#   tools/device-gauntlet.sh play SECONDS [OUTDIR]
#
# pack (here) copies into .dev/: BINARY as the Sightline to play (build it
# with CGO_ENABLED=0 so that it needs no library), fastchess (a static build:
# `make build=release` in its source), Debian's /usr/games/ethereal-chess with
# the loader and libraries it was linked against (so it runs whatever the
# other machine's C library), Zahak if given (build it static, see
# docs/strength.md), and the book (default 8moves_v3.pgn, the balanced book
# of the gauntlets). About 30 MB.
#
# play (there, from the checkout's root, .dev/ carried) plays both
# gauntlets side by side at 10+0.1 on all but two of the machine's cores
# (two thirds of the games against Ethereal when Zahak is packed), stops
# them with SIGINT after SECONDS (a game in flight is lost, the finished
# ones are in the PGN), and writes OUTDIR/ethereal-debian/ and OUTDIR/zahak/
# (default: $OUT, the folder that comes back). It prints each match's last
# rating line; count the games from the PGNs, which hold every finished one.
set -euo pipefail

here=$(cd "$(dirname "$0")/.." && pwd)
dev=$here/.dev

# The two command lines of the header, whichever lines they are on.
usage() { grep '^#   tools/device-gauntlet.sh ' "$0" | sed 's/^#   /usage: /' >&2; exit 2; }

pack() {
  local zahak="" book="$here/../shared/data/openings/8moves_v3.pgn" fastchess=${FASTCHESS:-}
  while [ $# -gt 0 ]; do
    case "$1" in
      --zahak) zahak=$2; shift ;;
      --book) book=$2; shift ;;
      --fastchess) fastchess=$2; shift ;;
      -*) echo "device-gauntlet.sh: unknown option $1" >&2; exit 2 ;;
      *) break ;;
    esac
    shift
  done
  [ $# -eq 1 ] || usage
  fastchess=${fastchess:-$(command -v fastchess || echo "$HOME/tools/fastchess/fastchess")}
  local ethereal=/usr/games/ethereal-chess f
  for f in "$1" "$fastchess" "$ethereal" ${zahak:+"$zahak"}; do
    [ -x "$f" ] || { echo "device-gauntlet.sh: $f is not an executable" >&2; exit 2; }
  done
  [ -r "$book" ] || { echo "device-gauntlet.sh: no book at $book" >&2; exit 2; }
  grep -qx '/.dev/' "$here/.git/info/exclude" 2>/dev/null || echo /.dev/ >>"$here/.git/info/exclude"
  rm -rf "$dev" && mkdir -p "$dev/lib"
  cp "$1" "$dev/sightline"
  cp "$fastchess" "$dev/fastchess"
  cp "$ethereal" "$dev/ethereal-chess"
  # The libraries ldd names, and the loader (the line without "=>").
  ldd "$ethereal" | awk '/=> \// {print $3} !/=>/ && /^[ \t]*\// {print $1}' |
    while read -r f; do cp -L "$f" "$dev/lib/"; done
  [ -z "$zahak" ] || cp "$zahak" "$dev/zahak"
  cp "$book" "$dev/book.${book##*.}"
  du -sh "$dev"
  echo "then, on the lent machine: tools/device-gauntlet.sh play SECONDS (carry .dev)"
}

play() {
  [ $# -ge 1 ] && [ "$1" -gt 0 ] 2>/dev/null || usage
  local seconds=$1 out=${2:-${OUT:?play needs OUTDIR or \$OUT}}
  [ -d "$dev/lib" ] || { echo "device-gauntlet.sh: no .dev/ here: run pack first" >&2; exit 2; }
  local loader book
  loader=$(ls "$dev"/lib/ld-linux* | head -1)
  book=$(ls "$dev"/book.* | head -1)
  printf '#!/bin/sh\nexec %s --library-path %s %s "$@"\n' "$loader" "$dev/lib" "$dev/ethereal-chess" >"$dev/ethereal.sh"
  chmod +x "$dev"/sightline "$dev"/fastchess "$dev"/ethereal-chess "$dev"/ethereal.sh "$loader"
  local slots=$(( $(nproc) - 2 )) eslots zslots=0
  [ "$slots" -ge 1 ] || slots=1
  eslots=$slots
  if [ -e "$dev/zahak" ]; then
    chmod +x "$dev/zahak"
    zslots=$(( slots / 3 )) eslots=$(( slots - slots / 3 ))
  fi
  echo "$(nproc) cores: $eslots games at once against Ethereal, $zslots against Zahak, for $seconds s"
  local common=(--fastchess "$dev/fastchess" --book "$book" --tc 10+0.1 --games 10000)
  # Each gauntlet in a process group of its own (job control on), so that
  # the stop below reaches its fastchess and no other match on the machine.
  set -m
  local groups=()
  "$here/tools/gauntlet.sh" "${common[@]}" --concurrency "$eslots" --out "$out/ethereal-debian" \
    "$dev/sightline" ethereal-debian="$dev/ethereal.sh" &
  groups+=($!)
  if [ "$zslots" -gt 0 ]; then
    "$here/tools/gauntlet.sh" "${common[@]}" --concurrency "$zslots" --out "$out/zahak" \
      "$dev/sightline" zahak="$dev/zahak" &
    groups+=($!)
  fi
  sleep "$seconds"
  local g
  for g in "${groups[@]}"; do pkill -INT -x -g "$g" fastchess || true; done
  wait
  uptime
}

case "${1:-}" in
  pack) shift; pack "$@" ;;
  play) shift; play "$@" ;;
  -h|--help) sed -n '2,/^set /{/^set /d;p;}' "$0" | sed 's/^# \{0,1\}//' ;;
  *) usage ;;
esac
