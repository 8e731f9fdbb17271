#!/usr/bin/env bash
# The soak: self-play of one Sightline build in every configuration a GUI
# turns on, counting the games that ended for a reason other than chess: a
# loss on time, an illegal move, a crash or disconnect, a stall, or a panic
# or error on the engine's stderr. Exits 1 if any occurred (2 for bad usage).
# Not part of make test: the full run is hours of games.
#
#   tools/soak.sh [options] BINARY
#
# Options:
#   --games N       games per configuration (default 500: about 5,000 in all)
#   --only LIST     only these configurations, comma-separated (names below)
#   --tc TC         one time control for every configuration instead of theirs
#   --nodes N       also limit every search to N nodes (a quick check of the
#                   harness itself, which then may share the cores)
#   --concurrency N games at once (default: cores / the most threads a game's
#                   engines use, at least 1; the threads-4v2 games always 1)
#   --book FILE     EPD opening book (default ../shared/data/openings/noob_3moves.epd)
#   --out DIR       where the PGNs and logs go (default ~/sightline-data/soak/<time>)
#   --fastchess P   fastchess (default: $FASTCHESS, on PATH, or ~/tools/fastchess/fastchess)
#   --cutechess P   cutechess-cli, for the ponder games (default: on PATH, or
#                   ~/tools/cutechess/build/cutechess-cli); without one they
#                   are skipped with a note, since fastchess cannot ponder
#   --recount DIR   play nothing: count the games of an earlier run's folder
#                   again (one cut short, say), each configuration that has
#                   output there, against --games
#   --dry-run       play nothing: print each configuration's fastchess (or
#                   cutechess-cli) command line (the output folder is made and
#                   the Hash wrapper written as for a run)
#
# Configurations (both sides the same build, Hash 16, Threads 1 unless named):
#   bullet-1      1+0.01
#   bullet-0.5    0.5+0.01
#   threads-2v1   2+0.02, Threads 2 against Threads 1
#   threads-4v2   2+0.02, Threads 4 against Threads 2 (more threads than cores)
#   multipv-4     2+0.02, MultiPV 4 on both sides
#   elo-1200, elo-1600, elo-2000
#                 2+0.02, UCI_LimitStrength at that UCI_Elo against full strength
#   syzygy        2+0.02, SyzygyPath = testdata/syzygy (3-4 pieces) on both sides
#   hash          1+0.01, a Hash of 1 to 256 MB, drawn anew before every
#                 ucinewgame (a wrapper sends the setoption)
#   ponder        2+0.02, Ponder on for one side (cutechess-cli only)
#
# Run nothing else on the machine meanwhile: timed games that share cores
# lose on time for it, and the soak would blame the engine.
set -euo pipefail

here=$(cd "$(dirname "$0")/.." && pwd)
. "$here/tools/match-args.sh"
games=500 only="" tc_all="" nodes="" concurrency=""
fastchess=${FASTCHESS:-} cutechess="" recount=""
while [ $# -gt 0 ]; do
  case "$1" in
    --only) only=$2; shift ;;
    --tc) tc_all=$2; shift ;;
    --nodes) nodes=$2; shift ;;
    --recount) recount=$2; shift ;;
    *) match_option "$@" || break; shift "$match_shift"; continue ;;
  esac
  shift
done
case "$games" in ''|*[!0-9]*|0) echo "soak.sh: --games wants a positive number" >&2; exit 2 ;; esac
all="bullet-1 bullet-0.5 threads-2v1 threads-4v2 multipv-4 elo-1200 elo-1600 elo-2000 syzygy hash ponder"

# The count. fastchess and cutechess-cli both end a game that was not
# decided at the board with a Termination tag and a comment saying why; the
# rest is in their output: engine errors, panics, options refused, and PV
# lines with an illegal move (other PV warnings, such as a PV that goes on
# past a threefold repetition, are counted but are no failure).
# Reads out, selected and games; exits 0 only when nothing went wrong.
count() {
  local bad=0 total=0 c pgn txt n tl il dc st ab er wn short
  printf '%-12s %6s %6s %8s %10s %6s %7s %5s\n' config games "time" illegal crash/disc stall errors warn | tee -a "$log"
  for c in $selected; do
    pgn="$out/$c.pgn" txt="$out/$c.out"
    [ -f "$txt" ] || continue
    n=0 tl=0 il=0 dc=0 st=0 ab=0
    if [ -f "$pgn" ]; then
      n=$(grep -c '^\[Result ' "$pgn" || true)
      tl=$(grep -c '^\[Termination "time forfeit"\]' "$pgn" || true)
      il=$(grep -c '^\[Termination "\(illegal move\|rules infraction\)"\]' "$pgn" || true)
      dc=$(grep -ciE '\{[^}]*(disconnects|crash|terminates)' "$pgn" || true)
      st=$(grep -ciE '\{[^}]*stall' "$pgn" || true)
      # A crash or stall the comment does not name still shows as "abandoned".
      ab=$(grep -c '^\[Termination "abandoned"\]' "$pgn" || true)
      [ "$ab" -gt $(( dc + st )) ] && dc=$(( ab - st ))
    fi
    er=$(grep -ciE 'panic:|fatal error|Fatal;|"level":"error"|DATA RACE|Illegal PV move|not responsive|respond to uci|No bestmove|doesn.t have option|Invalid value for option|Failed to set' "$txt" || true)
    wn=$(grep -c 'Warning; ' "$txt" || true)
    wn=$(( wn > er ? wn - er : 0 ))
    short=""
    [ "$n" -lt "$games" ] && short=" (short of $games: see $c.out)"
    printf '%-12s %6d %6d %8d %10d %6d %7d %5d%s\n' "$c" "$n" "$tl" "$il" "$dc" "$st" "$er" "$wn" "$short" | tee -a "$log"
    total=$(( total + n ))
    bad=$(( bad + tl + il + dc + st + er ))
    [ -n "$short" ] && bad=$(( bad + 1 ))
  done
  echo "total: $total games, $bad problems" | tee -a "$log"
  [ "$bad" -eq 0 ]
}

if [ -n "$recount" ]; then
  [ -d "$recount" ] || { echo "soak.sh: no folder $recount" >&2; exit 2; }
  out=$(realpath "$recount") log=/dev/null selected=""
  for c in $all; do [ -f "$out/$c.out" ] && selected+=" $c"; done
  [ -n "$selected" ] || { echo "soak.sh: no configuration's output in $out" >&2; exit 2; }
  count
  exit
fi
if [ $# -ne 1 ]; then
  echo "usage: tools/soak.sh [options] BINARY (--help for the options)" >&2
  exit 2
fi
bin=$(realpath "$1")
[ -x "$bin" ] || { echo "soak.sh: $bin is not an executable" >&2; exit 2; }
syzygy="$here/testdata/syzygy"
[ -d "$syzygy" ] || { echo "soak.sh: no tablebases at $syzygy" >&2; exit 2; }

# cutechess-cli is optional: find it before match-setup.sh moves into $out.
if [ -z "$cutechess" ]; then
  cutechess=$(command -v cutechess-cli || echo "$HOME/tools/cutechess/build/cutechess-cli")
fi
[ -x "$cutechess" ] && cutechess=$(realpath "$cutechess")
outkind=soak runner=fastchess
. "$here/tools/match-setup.sh" # checks the book, finds fastchess, makes $out and moves there

selected=${only//,/ }
selected=${selected:-$all}
for c in $selected; do
  case " $all " in *" $c "*) ;; *) echo "soak.sh: no configuration $c (one of: $all)" >&2; exit 2 ;; esac
done

# A GUI that changes the Hash between games, as a wrapper: it draws a size
# and sends its setoption before each ucinewgame (fastchess sends the same
# options before every game). The engine's stderr, where a panic or its error
# log would show, goes to fastchess's output with fastchess's own warnings.
# (fastchess -log makes a wrapped engine fail its uciok, so no -log here.)
cat > "$out/engine-hash.sh" <<EOF
#!/usr/bin/env bash
sizes=(1 2 8 16 64 256)
while IFS= read -r line; do
  case "\$line" in ucinewgame*) printf 'setoption name Hash value %s\n' "\${sizes[RANDOM % \${#sizes[@]}]}" ;; esac
  printf '%s\n' "\$line"
  case "\$line" in quit*) break ;; esac # or fastchess waits for the loop's end of input
done | exec "$bin" "\$@"
EOF
chmod +x "$out/engine-hash.sh"

cores=$(nproc 2>/dev/null || echo 2)
log="$out/log"
echo "soak: $bin, $games games a configuration: $selected" | tee "$log"
echo "output: $out" | tee -a "$log"

# play NAME TC THREADS_MOST [fastchess engine arguments...]: one configuration.
play() {
  local cfg=$1 tc=$2 most=$3
  shift 3
  local conc=${concurrency:-$(( cores / most ))}
  [ "$conc" -ge 1 ] || conc=1
  [ "$cfg" = threads-4v2 ] && conc=1
  local each=(proto=uci tc="${tc_all:-$tc}" option.Hash=16)
  [ -n "$nodes" ] && each+=(nodes="$nodes")
  echo "== $cfg: tc ${tc_all:-$tc}${nodes:+, $nodes nodes}, concurrency $conc" | tee -a "$log"
  match_args "$games" "$conc" "${each[@]}"
  match_run "$fastchess" "$@" "${match[@]}" -recover \
    -pgnout file="$out/$cfg.pgn" > "$out/$cfg.out" 2>&1 || echo "fastchess exited $? for $cfg" | tee -a "$log"
}

# ponder: the same with cutechess-cli, which can ponder.
ponder() {
  if [ ! -x "$cutechess" ]; then
    echo "== ponder: skipped, no cutechess-cli (--cutechess PATH; fastchess cannot ponder)" | tee -a "$log"
    return
  fi
  local tc=${tc_all:-2+0.02}
  local each=(proto=uci tc="$tc" option.Hash=16 option.Threads=1)
  [ -n "$nodes" ] && each+=(nodes="$nodes")
  echo "== ponder: tc $tc${nodes:+, $nodes nodes}, concurrency 1" | tee -a "$log"
  match_args "$games" 1 "${each[@]}"
  match_run "$cutechess" -engine cmd="$bin" name=ponder ponder \
    -engine cmd="$bin" name=noponder "${match[@]}" -recover \
    -pgnout "$out/ponder.pgn" > "$out/ponder.out" 2>&1 || echo "cutechess-cli exited $? for ponder" | tee -a "$log"
}

e=$bin
for c in $selected; do
  case $c in
    bullet-1)    play "$c" 1+0.01 1 -engine cmd="$e" name=a option.Threads=1 -engine cmd="$e" name=b option.Threads=1 ;;
    bullet-0.5)  play "$c" 0.5+0.01 1 -engine cmd="$e" name=a option.Threads=1 -engine cmd="$e" name=b option.Threads=1 ;;
    threads-2v1) play "$c" 2+0.02 2 -engine cmd="$e" name=t2 option.Threads=2 -engine cmd="$e" name=t1 option.Threads=1 ;;
    threads-4v2) play "$c" 2+0.02 4 -engine cmd="$e" name=t4 option.Threads=4 -engine cmd="$e" name=t2 option.Threads=2 ;;
    multipv-4)   play "$c" 2+0.02 1 -engine cmd="$e" name=a option.MultiPV=4 -engine cmd="$e" name=b option.MultiPV=4 ;;
    elo-*)       play "$c" 2+0.02 1 -engine cmd="$e" name="$c" option.UCI_LimitStrength=true option.UCI_Elo="${c#elo-}" \
                   -engine cmd="$e" name=full ;;
    syzygy)      play "$c" 2+0.02 1 -engine cmd="$e" name=a option.SyzygyPath="$syzygy" -engine cmd="$e" name=b option.SyzygyPath="$syzygy" ;;
    hash)        play "$c" 1+0.01 1 -engine cmd="$out/engine-hash.sh" name=a -engine cmd="$out/engine-hash.sh" name=b ;;
    ponder)      ponder ;;
  esac
done

[ -z "$dry_run" ] || exit 0
count
