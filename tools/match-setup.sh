# Sourced by tools/sprt.sh, tools/gauntlet.sh, tools/soak.sh and
# tools/calibrate.sh after their options are read (with tools/match-args.sh,
# which they source first): checks the opening book, finds the match
# runner, makes the output folder and moves into it (fastchess writes its
# settings to config.json where it runs, and that must never be the
# checkout). Reads and sets: name (for messages), book, runner (fastchess,
# the default, or cutechess-cli) and its path in fastchess or cutechess,
# out (the default folder's parent when empty: outkind).
[ -r "$book" ] || { echo "$name: no opening book at $book (--book FILE)" >&2; exit 2; }
book=$(realpath "$book")
case "${runner:=fastchess}" in
  fastchess)
    declare -n runner_path=fastchess
    fallback=$HOME/tools/fastchess/fastchess repo=github.com/Disservin/fastchess flag=--fastchess ;;
  cutechess-cli)
    declare -n runner_path=cutechess
    fallback=$HOME/tools/cutechess/build/cutechess-cli repo=github.com/cutechess/cutechess flag=--cutechess ;;
esac
if [ -z "$runner_path" ]; then
  runner_path=$(command -v "$runner" || echo "$fallback")
fi
[ -x "$runner_path" ] || { echo "$name: $runner not found (build it from $repo, then $flag PATH)" >&2; exit 2; }
runner_path=$(realpath "$runner_path") # a relative path must survive the cd below
out=${out:-$HOME/sightline-data/$outkind/$(date +%Y%m%d-%H%M%S)}
mkdir -p "$out"
out=$(realpath "$out")
cd "$out"
