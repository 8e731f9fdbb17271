#!/usr/bin/env bash
# Calibrates UCI_Elo: Sightline at a strength setting against anchors.
# Prints, for each pairing, W-L-D, the score, the Elo difference it implies
# and, against Stockfish's own limited levels (the one scale with a stated
# anchor: Stockfish calibrates UCI_Elo to CCRL 40/4), the rating it implies
# for the setting. README ("Playing strength levels") keeps the table.
#
#   tools/calibrate.sh [options] BINARY SETTING:ANCHOR ...
#
# SETTING is Sightline's UCI_Elo (with UCI_LimitStrength on), or nN, the
# net at full strength stopped at N nodes a move (UCI_LimitStrength off,
# the match runner's node limit): the form the rows of netScale in
# engine/strength.go are rated in. ANCHOR is sfNNNN (Stockfish with
# UCI_LimitStrength and UCI_Elo NNNN; Debian's Stockfish 15.1 takes 1350
# to 2850), gnuchess, fairymax or phalanx. Example: tools/calibrate.sh
# sightline 1600:sf1600 n65536:sf2400 1600:fairymax. Install the anchors
# with `apt-get install stockfish fairymax phalanx gnuchess`.
#
# fastchess plays the games when every anchor speaks UCI (Stockfish, GNU
# Chess); Fairy-Max and Phalanx speak only xboard, which fastchess does
# not, and a run with either goes through cutechess-cli.
#
# Options:
#   --games N       games for each pairing (default 40)
#   --tc TC         time control (default 10+0.1)
#   --concurrency N games at once (default 2)
#   --book FILE     EPD opening book (default ../shared/data/openings/noob_3moves.epd)
#   --out DIR       PGN and logs (default ~/sightline-data/calibrate/<time>)
#   --fastchess P   fastchess (default: on PATH, or ~/tools/fastchess/fastchess)
#   --cutechess P   cutechess-cli (default: on PATH, or
#                   ~/tools/cutechess/build/cutechess-cli)
#   --dry-run       print the match runner's command lines instead of playing
#
# Every engine gets one thread (the xboard ones have only one) and its
# own book off where it has one. Run nothing else meanwhile.
set -euo pipefail

here=$(cd "$(dirname "$0")/.." && pwd)
. "$here/tools/match-args.sh"
games=40 tc=10+0.1 concurrency=2 fastchess="" cutechess=""
while [ $# -gt 0 ]; do
  match_option "$@" || break
  shift "$match_shift"
done
if [ $# -lt 2 ]; then
  echo "usage: tools/calibrate.sh [options] BINARY SETTING:ANCHOR ... (--help for more)" >&2
  exit 2
fi
engine=$(realpath "$1"); shift
[ -x "$engine" ] || { echo "calibrate.sh: $engine is not an executable" >&2; exit 2; }
runner=fastchess
for pair in "$@"; do
  case ${pair#*:} in fairymax|phalanx) runner=cutechess-cli ;; esac
done
outkind=calibrate
. "$here/tools/match-setup.sh"

# anchor_args ANCHOR: prints the match runner's engine arguments for ANCHOR
# (the two take the same name=value words but for a program's arguments).
anchor_args() {
  local args=arg
  [ "$runner" = cutechess-cli ] || args=args
  case "$1" in
    fairymax) echo "name=fairymax cmd=/usr/games/fairymax proto=xboard" ;;
    phalanx) echo "name=phalanx cmd=/usr/games/phalanx arg=-b- arg=-l- proto=xboard" ;;
    gnuchess) echo "name=gnuchess cmd=/usr/games/gnuchess $args=--uci proto=uci option.Hash=16 option.OwnBook=false" ;;
    sf[0-9]*) echo "name=$1 cmd=/usr/games/stockfish proto=uci option.Threads=1 option.Hash=16 option.UCI_LimitStrength=true option.UCI_Elo=${1#sf}" ;;
    *) return 1 ;;
  esac
}

match_args "$games" "$concurrency" tc="$tc"
printf '%-8s %-10s %-12s %-7s %-9s %s\n' setting anchor W-L-D score Elo rating | tee "$out/summary"
for pair in "$@"; do
  setting=${pair%%:*} anchor=${pair#*:}
  args=$(anchor_args "$anchor") || { echo "calibrate.sh: unknown anchor $anchor" >&2; exit 2; }
  if [[ $setting =~ ^n[1-9][0-9]*$ ]]; then
    self=Sightline-$setting limit=(nodes="${setting#n}")
  elif [[ $setting =~ ^[1-9][0-9]*$ ]]; then
    self=Sightline$setting limit=(option.UCI_LimitStrength=true option.UCI_Elo="$setting")
  else
    echo "calibrate.sh: unknown setting $setting (a UCI_Elo, or nN for N nodes)" >&2
    exit 2
  fi
  log="$out/$setting-$anchor.log" pgn="$out/$setting-$anchor.pgn"
  [ "$runner" = cutechess-cli ] || pgn="file=$pgn" # fastchess's form
  # shellcheck disable=SC2086 # args is a list of words on purpose
  match_run "$runner_path" \
    -engine name="$self" cmd="$engine" proto=uci option.Hash=16 option.Threads=1 "${limit[@]}" \
    -engine $args \
    "${match[@]}" -recover -pgnout "$pgn" > "$log" 2>&1 || true
  [ -z "$dry_run" ] || continue
  # The last tally: cutechess-cli's "Score of A vs B: W - L - D  [score] N",
  # or fastchess's "Games: N, Wins: W, Losses: L, Draws: D, ...".
  grep -E "^(Score of|Games: )" "$log" | tail -n 1 | tr -d , | awk -v s="$setting" -v a="$anchor" '
    { if ($1 == "Games:") { w = $4; l = $6; d = $8 } else { w = $(NF-6); l = $(NF-4); d = $(NF-2) }
      n = w + l + d
      p = (w + d / 2) / n
      q = p < 0.01 ? 0.01 : (p > 0.99 ? 0.99 : p)
      elo = -400 * log(1 / q - 1) / log(10)
      rating = "-"
      if (a ~ /^sf[0-9]+$/) rating = sprintf("%.0f", substr(a, 3) + elo)
      printf "%-8s %-10s %-12s %-7s %-9s %s\n", s, a, w "-" l "-" d, sprintf("%.1f%%", 100 * p), sprintf("%+.0f", elo), rating }' |
    tee -a "$out/summary"
done
echo "logs and games: $out"
