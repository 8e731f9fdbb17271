#!/usr/bin/env bash
# A gauntlet: one Sightline build against other UCI engines, both colours
# of each opening, and the score and Elo difference against each.
#
#   tools/gauntlet.sh [options] BINARY [OPPONENT ...]
#
# OPPONENT is one of
#   ethereal12       Ethereal 12 built natively (AndyGrant/Ethereal V12.00,
#                    make pext, or popcnt on a CPU without BMI2)
#   counter55        CounterGo 5.5 (ChizhovVadim/CounterGo a46cf2d, built
#                    with -tags avx,embed: its net, not its hand-written eval)
#   zahak            Zahak (amanjpro/zahak 72ff806, make build)
# the anchors, built from source in the anchors folder (a missing one is
# named with the commands that build it); Debian's packages
#   glaurung, toga2, ethereal-debian (its generic Ethereal 12 build, about
#                    60% of the native one's speed)
# (`apt-get install glaurung toga2 ethereal-chess`; the default is those
# three); or NAME=COMMAND for any other UCI engine. No engine is called
# plain "ethereal": the name says which build played.
#
# Options:
#   --games N       games against each opponent (default 100)
#   --tc TC         time control (default 5+0.05)
#   --concurrency N games at once (default 2)
#   --book FILE     EPD or PGN opening book (default ../shared/data/openings/noob_3moves.epd)
#   --out DIR       PGN and logs (default ~/sightline-data/gauntlet/<time>)
#   --anchors DIR   where the anchors are built (default $SIGHTLINE_ANCHORS,
#                   else ~/tools): DIR/ethereal, DIR/counter, DIR/zahak
#   --fastchess P   the fastchess binary (as in tools/sprt.sh)
#   --option NAME=VALUE  a UCI option for Sightline (repeatable), e.g.
#                   --option UseNNUE=false or --option EvalFile=/path/net.nnue;
#                   one it refuses stops the script, status 2, before any game
#   --dry-run       print the fastchess command lines instead of playing
#
# Every engine gets one thread and 16 MB of hash, and fastchess -recover
# (Zahak once crashed in its UCI code). Run nothing else meanwhile.
set -euo pipefail

here=$(cd "$(dirname "$0")/.." && pwd)
. "$here/tools/match-args.sh"
games=100 tc=5+0.05 concurrency=2
fastchess=${FASTCHESS:-} anchors=${SIGHTLINE_ANCHORS:-$HOME/tools} opts=()
while [ $# -gt 0 ]; do
  case "$1" in
    --anchors) anchors=$2; shift ;;
    --option) opts+=("option.$2"); shift ;;
    *) match_option "$@" || break; shift "$match_shift"; continue ;;
  esac
  shift
done
opponents="ethereal12|counter55|zahak|glaurung|toga2|ethereal-debian|NAME=COMMAND"
if [ $# -lt 1 ]; then
  echo "usage: tools/gauntlet.sh [options] BINARY [$opponents ...]" >&2
  exit 2
fi
engine=$(realpath "$1"); shift
[ $# -gt 0 ] || set -- glaurung toga2 ethereal-debian

# anchor NAME: sets cmd to the anchor's binary under $anchors, or stops
# with the commands that build it there.
anchor() {
  local src commit build dir
  case "$1" in
    ethereal12)
      cmd=$anchors/ethereal/src/Ethereal-12-pext
      [ -x "$cmd" ] || [ ! -x "$anchors/ethereal/src/Ethereal-12-popcnt" ] || cmd=$anchors/ethereal/src/Ethereal-12-popcnt
      src=AndyGrant/Ethereal commit=V12.00 dir=ethereal
      build="make -C src pext EXE=Ethereal-12-pext (no BMI2: make -C src popcnt EXE=Ethereal-12-popcnt)" ;;
    counter55)
      cmd=$anchors/counter/counter-5.5
      src=ChizhovVadim/CounterGo commit=a46cf2d dir=counter
      build="go build -tags avx,embed -o counter-5.5 ./cmd/counter" ;;
    zahak)
      cmd=$anchors/zahak/bin/zahak
      src=amanjpro/zahak commit=72ff806 dir=zahak
      build="make build" ;;
  esac
  [ -x "$cmd" ] && return
  cat >&2 <<EOF
gauntlet.sh: $1 is not built: no $cmd. Build it there (or pass --anchors DIR):
  git clone https://github.com/$src $anchors/$dir && cd $anchors/$dir
  git checkout $commit && $build
EOF
  exit 2
}

# Each opponent's name and command, checked (and a relative command made
# absolute) before match-setup.sh moves into the output folder.
names=() cmds=()
for opp in "$@"; do
  case "$opp" in
    ethereal12|counter55|zahak) anchor "$opp" ;;
    glaurung) cmd=/usr/games/glaurung ;;
    toga2) cmd=/usr/games/toga2 ;;
    ethereal-debian) cmd=/usr/games/ethereal-chess ;;
    ethereal|ethereal=*)
      echo "gauntlet.sh: which Ethereal? ethereal12 (the native build) or ethereal-debian (Debian's package)" >&2
      exit 2 ;;
    [A-Za-z]*=?*) cmd=${opp#*=} opp=${opp%%=*} ;;
    *) echo "gauntlet.sh: unknown opponent $opp ($opponents)" >&2; exit 2 ;;
  esac
  [ -x "$cmd" ] || { echo "gauntlet.sh: $cmd is not installed or not executable" >&2; exit 2; }
  names+=("$opp") cmds+=("$(realpath "$cmd")")
done
outkind=gauntlet
. "$here/tools/match-setup.sh"
match_check_options "$engine" "${opts[@]}"

match_args "$games" "$concurrency" proto=uci tc="$tc" option.Hash=16 option.Threads=1
for i in "${!names[@]}"; do
  opp=${names[$i]} cmd=${cmds[$i]}
  echo "== Sightline vs $opp ($cmd), $games games at $tc" | tee "$out/$opp.log"
  match_run "$fastchess" \
    -engine cmd="$engine" name=Sightline "${opts[@]}" -engine cmd="$cmd" name="$opp" \
    "${match[@]}" -ratinginterval 0 -recover \
    -pgnout file="$out/$opp.pgn" 2>&1 | tee -a "$out/$opp.log" | grep -E "^(Elo|Games|Ptnml|Results)" || true
done
echo "logs and games: $out"
