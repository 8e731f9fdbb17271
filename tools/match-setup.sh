# Sourced by tools/sprt.sh and tools/gauntlet.sh after their options are read:
# checks the opening book, finds fastchess, makes the output folder and moves
# into it (fastchess writes its settings to config.json where it runs, and
# that must never be the checkout). Reads and sets: name (for messages),
# book, fastchess, out (the default folder's parent when empty: outkind).
[ -r "$book" ] || { echo "$name: no opening book at $book (--book FILE)" >&2; exit 2; }
book=$(realpath "$book")
if [ -z "$fastchess" ]; then
  fastchess=$(command -v fastchess || echo "$HOME/tools/fastchess/fastchess")
fi
[ -x "$fastchess" ] || { echo "$name: fastchess not found (build it from github.com/Disservin/fastchess, then --fastchess PATH)" >&2; exit 2; }
out=${out:-$HOME/sightline-data/$outkind/$(date +%Y%m%d-%H%M%S)}
mkdir -p "$out"
out=$(realpath "$out")
cd "$out"
