# Sourced by every match script (tools/sprt.sh, gauntlet.sh, soak.sh,
# calibrate.sh) before it reads its options: the options they share, and
# the one place the match runner's command line is put together.
# fastchess and cutechess-cli read the same flags for what these share;
# what differs between the scripts (the engines, -sprt, the PGN's name)
# each script adds around them. cmd/spsa, which runs fastchess from Go,
# builds the same flags in its matchArgs (cmd/spsa/fastchess.go), and its
# test checks the two against each other. Sourcing sets the shared
# options' defaults (book: the 3-move book beside the checkout; out and
# dry_run empty) and name (the script's, for messages), defines the
# functions below and keeps a copy of standard output for match_run (the
# descriptor $match_stdout).
#
#   match_option ARGS...
#       reads the option at the head of the script's ARGS if it is one the
#       scripts share: --games N, --tc TC, --concurrency N, --book FILE,
#       --out DIR, --dry-run, -h or --help (prints the script's header
#       comment), and --fastchess P or --cutechess P where the script has
#       set that variable (empty is enough) before, so that a script which
#       runs no fastchess refuses --fastchess. It sets the option's
#       variable and match_shift to the number of words it took. At the
#       first word that is not an option, where the script's arguments
#       begin, it returns 1; an option it does not know stops the script
#       with status 2. A script matches its own options first (soak.sh's
#       --tc among them) and leaves the rest to it:
#         *) match_option "$@" || break; shift "$match_shift"; continue ;;
#   match_args GAMES CONCURRENCY EACH...
#       sets the array match to -each EACH... (what both engines get: the
#       protocol, the limit, the hash...), the openings of $book (EPD, or
#       PGN when its name ends in .pgn; none when $book is empty) in random
#       order, and GAMES games as pairs, each opening once with each
#       colour, CONCURRENCY at once.
#   match_check_options BINARY OPTION...
#       sets each option.NAME=VALUE in the Sightline build BINARY and stops
#       the script (status 2, the engine's words) if it refuses one: an
#       engine that refuses an option keeps its default and says so only in
#       an info string, which the match runner does not show, so a refused
#       EvalFile would play the embedded net. Nothing runs under --dry-run.
#   match_run PROGRAM ARGS...
#       runs PROGRAM ARGS; when $dry_run is set, prints the command line
#       instead, shell-quoted, to the script's standard output as it was
#       when this file was sourced (so a pipe or a log file the run's output
#       goes to does not swallow it), and succeeds.

book="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)/../shared/data/openings/noob_3moves.epd"
out="" dry_run="" name=${0##*/}

match_option() {
  match_shift=2
  case "$1" in
    --games) games=$2 ;;
    --tc) tc=$2 ;;
    --concurrency) concurrency=$2 ;;
    --book) book=$2 ;;
    --out) out=$2 ;;
    --fastchess) [ -n "${fastchess+set}" ] || match_unknown "$1"; fastchess=$2 ;;
    --cutechess) [ -n "${cutechess+set}" ] || match_unknown "$1"; cutechess=$2 ;;
    --dry-run) dry_run=1 match_shift=1 ;;
    -h|--help) sed -n '2,/^set /{/^set /d;p;}' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    -*) match_unknown "$1" ;;
    *) return 1 ;;
  esac
}

match_unknown() {
  echo "$name: unknown option $1" >&2
  exit 2
}

match_args() {
  local games=$1 concurrency=$2
  shift 2
  match=(-each "$@")
  if [ -n "${book:-}" ]; then
    local format=epd
    case "$book" in *.pgn) format=pgn ;; esac
    match+=(-openings file="$book" format=$format order=random)
  fi
  match+=(-repeat -games 2 -rounds $(( (games + 1) / 2 )) -concurrency "$concurrency")
}

exec {match_stdout}>&1
match_run() {
  if [ -n "${dry_run:-}" ]; then
    { printf '%q' "$1"; shift; printf ' %q' "$@"; echo; } >&"$match_stdout"
    return 0
  fi
  "$@"
}

match_check_options() {
  local bin=$1 opt setup="" refused
  shift
  [ $# -gt 0 ] && [ -z "$dry_run" ] || return 0
  for opt in "$@"; do
    opt=${opt#option.}
    setup+="setoption name ${opt%%=*} value ${opt#*=}"$'\n'
  done
  refused=$(printf '%sisready\nquit\n' "$setup" | "$bin" 2>&1 |
    grep -E '^info string (option |no such option)') || true
  if [ -n "$refused" ]; then
    printf '%s: %s refuses its options:\n%s\n' "$name" "$bin" "$refused" >&2
    exit 2
  fi
}
