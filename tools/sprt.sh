#!/usr/bin/env bash
# An SPRT match between two Sightline builds, judged as OpenBench and fishtest
# judge a patch. See README ("For engine developers") and docs/strength.md.
#
#   tools/sprt.sh [options] NEW_BINARY BASE_BINARY
#
# Options:
#   --nonreg        non-regression bounds (elo0 -10, elo1 0), for simplifications
#   --ltc           the long time control, 15+0.15 (default: STC 3+0.03)
#   --tc TC         any other time control, fastchess form (e.g. 10+0.1)
#   --nodes N       a fixed node count a move instead of a clock: games that
#                   may share the cores with other work (datagen), for changes
#                   that leave the search's speed as it is (a pruning rule,
#                   not a faster or wider evaluation)
#   --elo0 E --elo1 E   other bounds (logistic Elo)
#   --games N       stop after N games if the SPRT has not decided (default 20000)
#   --fixed         no SPRT: play exactly --games games and report the Elo, for
#                   targets that name a game count (an SPRT between nets 100 Elo
#                   apart stops after a few dozen games)
#   --concurrency N games at once (default 2: one per core of a 2-core machine)
#   --book FILE     EPD opening book (default ../shared/data/openings/noob_3moves.epd)
#   --out DIR       where the PGN and the log go (default ~/sightline-data/sprt/<time>)
#   --fastchess P   the fastchess binary (default: $FASTCHESS, fastchess on PATH,
#                   or ~/tools/fastchess/fastchess)
#   --new-option NAME=VALUE, --base-option NAME=VALUE
#                   a UCI option for one engine only (repeatable), to match a
#                   build against itself with an option changed, e.g.
#                   --new-option SyzygyPath=$HOME/syzygy or --base-option UseNNUE=false;
#                   each is tried in its engine first, and an option the
#                   engine refuses (a net file it cannot read) stops the
#                   script with its message, status 2, before any game
#   --dry-run       print the fastchess command line instead of playing (the
#                   binaries, the book and fastchess are checked and the output
#                   folder made as for a match)
#
# Each opening is played twice, colours reversed. Both engines get one thread
# and 16 MB of hash. Nothing else should run on the machine meanwhile: a build
# or a test steals time and the engines lose on time for it.
set -euo pipefail

here=$(cd "$(dirname "$0")/.." && pwd)
. "$here/tools/match-args.sh"
tc=3+0.03 elo0=0 elo1=10 games=20000 concurrency=2 nodes="" fixed=""
fastchess=${FASTCHESS:-} newopts=() baseopts=()
while [ $# -gt 0 ]; do
  case "$1" in
    --nonreg) elo0=-10 elo1=0 ;;
    --ltc) tc=15+0.15 ;;
    --nodes) nodes=$2; shift ;;
    --elo0) elo0=$2; shift ;;
    --elo1) elo1=$2; shift ;;
    --fixed) fixed=1 ;;
    --new-option) newopts+=("option.$2"); shift ;;
    --base-option) baseopts+=("option.$2"); shift ;;
    *) match_option "$@" || break; shift "$match_shift"; continue ;;
  esac
  shift
done
if [ $# -ne 2 ]; then
  echo "usage: tools/sprt.sh [options] NEW_BINARY BASE_BINARY (--help for the options)" >&2
  exit 2
fi
new=$(realpath "$1") base=$(realpath "$2")
for b in "$new" "$base"; do
  [ -x "$b" ] || { echo "sprt.sh: $b is not an executable" >&2; exit 2; }
done
outkind=sprt
. "$here/tools/match-setup.sh"

match_check_options "$new" "${newopts[@]}"
match_check_options "$base" "${baseopts[@]}"

limit=(tc="$tc")
if [ -n "$nodes" ]; then
  limit=(tc=inf nodes="$nodes") tc="$nodes nodes"
fi
if [ -n "$fixed" ]; then
  sprt=()
  echo "Match: $new vs $base, tc $tc, $games games, no SPRT" | tee "$out/log"
else
  sprt=(-sprt elo0="$elo0" elo1="$elo1" alpha=0.05 beta=0.05 model=logistic)
  echo "SPRT: $new vs $base, tc $tc, bounds [$elo0, $elo1] logistic Elo, alpha = beta = 0.05" | tee "$out/log"
fi
echo "output: $out" | tee -a "$out/log"
match_args "$games" "$concurrency" proto=uci "${limit[@]}" option.Hash=16 option.Threads=1
match_run "$fastchess" \
  -engine cmd="$new" name=new "${newopts[@]}" -engine cmd="$base" name=base "${baseopts[@]}" \
  "${match[@]}" "${sprt[@]}" -ratinginterval 20 -recover \
  -pgnout file="$out/games.pgn" 2>&1 | tee -a "$out/log"
