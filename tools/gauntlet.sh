#!/usr/bin/env bash
# A gauntlet: one Sightline build against Debian's UCI engines, both colours
# of each opening, and the score and Elo difference against each.
#
#   tools/gauntlet.sh [options] BINARY [OPPONENT ...]
#
# OPPONENT is glaurung, toga2 or ethereal (default: all three; install them
# with `apt-get install glaurung toga2 ethereal-chess`), or NAME=COMMAND for
# any other UCI engine, e.g. zahak=$HOME/tools/zahak/bin/zahak.
#
# Options:
#   --games N       games against each opponent (default 100)
#   --tc TC         time control (default 5+0.05)
#   --concurrency N games at once (default 2)
#   --book FILE     EPD or PGN opening book (default ../shared/data/openings/noob_3moves.epd)
#   --out DIR       PGN and logs (default ~/sightline-data/gauntlet/<time>)
#   --fastchess P   the fastchess binary (as in tools/sprt.sh)
#   --option NAME=VALUE  a UCI option for Sightline (repeatable), e.g.
#                   --option UseNNUE=false or --option EvalFile=/path/net.nnue
#   --dry-run       print the fastchess command lines instead of playing
#
# Every engine gets one thread and 16 MB of hash. Run nothing else meanwhile.
set -euo pipefail

here=$(cd "$(dirname "$0")/.." && pwd)
games=100 tc=5+0.05 concurrency=2
book="$here/../shared/data/openings/noob_3moves.epd"
out="" fastchess=${FASTCHESS:-} dry_run=""
opts=()
while [ $# -gt 0 ]; do
  case "$1" in
    --games) games=$2; shift ;;
    --tc) tc=$2; shift ;;
    --concurrency) concurrency=$2; shift ;;
    --book) book=$2; shift ;;
    --out) out=$2; shift ;;
    --fastchess) fastchess=$2; shift ;;
    --option) opts+=("option.$2"); shift ;;
    --dry-run) dry_run=1 ;;
    -h|--help) sed -n '2,/^set /{/^set /d;p;}' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    -*) echo "gauntlet.sh: unknown option $1" >&2; exit 2 ;;
    *) break ;;
  esac
  shift
done
if [ $# -lt 1 ]; then
  echo "usage: tools/gauntlet.sh [options] BINARY [glaurung|toga2|ethereal|NAME=COMMAND ...]" >&2
  exit 2
fi
engine=$(realpath "$1"); shift
[ $# -gt 0 ] || set -- glaurung toga2 ethereal
# Each opponent's name and command, checked (and a relative command made
# absolute) before match-setup.sh moves into the output folder.
names=() cmds=()
for opp in "$@"; do
  case "$opp" in
    glaurung) cmd=/usr/games/glaurung ;;
    toga2) cmd=/usr/games/toga2 ;;
    ethereal) cmd=/usr/games/ethereal-chess ;;
    [A-Za-z]*=?*) cmd=${opp#*=} opp=${opp%%=*} ;;
    *) echo "gauntlet.sh: unknown opponent $opp (glaurung, toga2, ethereal or NAME=COMMAND)" >&2; exit 2 ;;
  esac
  [ -x "$cmd" ] || { echo "gauntlet.sh: $cmd is not installed or not executable" >&2; exit 2; }
  names+=("$opp") cmds+=("$(realpath "$cmd")")
done
name=gauntlet.sh outkind=gauntlet
. "$here/tools/match-setup.sh"

match_args "$games" "$concurrency" proto=uci tc="$tc" option.Hash=16 option.Threads=1
for i in "${!names[@]}"; do
  opp=${names[$i]} cmd=${cmds[$i]}
  echo "== Sightline vs $opp, $games games at $tc" | tee "$out/$opp.log"
  match_run "$fastchess" \
    -engine cmd="$engine" name=Sightline "${opts[@]}" -engine cmd="$cmd" name="$opp" \
    "${match[@]}" -ratinginterval 0 -recover \
    -pgnout file="$out/$opp.pgn" 2>&1 | tee -a "$out/$opp.log" | grep -E "^(Elo|Games|Ptnml|Results)" || true
done
echo "logs and games: $out"
