# Sourced (by tools/match-setup.sh, so by every match script): the one
# place the match runner's command line is put together. fastchess and
# cutechess-cli read the same flags for what these share; what differs
# between the scripts (the engines, -sprt, the PGN's name) each script
# adds around them. cmd/spsa, which runs fastchess from Go, builds the same
# flags in its matchArgs (cmd/spsa/fastchess.go), and its test checks the
# two against each other. Sourcing defines two functions and keeps a copy
# of standard output for the second (the descriptor $match_stdout).
#
#   match_args GAMES CONCURRENCY EACH...
#       sets the array match to -each EACH... (what both engines get: the
#       protocol, the limit, the hash...), the openings of $book (EPD, or
#       PGN when its name ends in .pgn; none when $book is empty) in random
#       order, and GAMES games as pairs, each opening once with each
#       colour, CONCURRENCY at once.
#   match_run PROGRAM ARGS...
#       runs PROGRAM ARGS; when $dry_run is set, prints the command line
#       instead, shell-quoted, to the script's standard output as it was
#       when this file was sourced (so a pipe or a log file the run's output
#       goes to does not swallow it), and succeeds.

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
