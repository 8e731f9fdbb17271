#!/usr/bin/env bash
# The paper's future work, measured: the whole engine built with each slider
# method (build tags: none = shipped direct lookup, magic, rotated), perft and
# bench nodes per second side by side, one thread, rounds in alternating
# order, medians reported. Usage: tools/paper-engine.sh [ROUNDS]
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-5}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
kiwipete='r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1'
methods=(direct magic rotated)
for m in "${methods[@]}"; do
  tags=$m; [ "$m" = direct ] && tags=
  go build -tags "$tags" -o "$dir/sightline-$m" .
done

# One measurement: prints nodes per second of one command on one build.
measure() {
  local bin=$dir/sightline-$1
  case $2 in
    perft6) "$bin" perft -depth 6 2>&1 >/dev/null | sed -n 's/.*, \([0-9]*\) nodes\/s/\1/p' ;;
    kiwi5) "$bin" perft -depth 5 -fen "$kiwipete" 2>&1 >/dev/null | sed -n 's/.*, \([0-9]*\) nodes\/s/\1/p' ;;
    bench) "$bin" bench 2>/dev/null | tail -n 1 | awk '{print $3}' ;;
  esac
}

for ((r = 0; r < rounds; r++)); do
  order=("${methods[@]}")
  ((r % 2)) && order=(rotated magic direct)
  for m in "${order[@]}"; do
    for what in perft6 kiwi5 bench; do
      echo "$m $what $(measure "$m" "$what")" >>"$dir/results"
    done
  done
  echo "round $((r + 1))/$rounds done" >&2
done

echo "| build | perft startpos 6 (M nodes/s) | perft Kiwipete 5 (M nodes/s) | bench (k nodes/s) | bench vs direct |"
echo "|---|---:|---:|---:|---:|"
median() { sort -n | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'; }
base=$(awk '$1=="direct" && $2=="bench" {print $3}' "$dir/results" | median)
for m in "${methods[@]}"; do
  p=$(awk -v m="$m" '$1==m && $2=="perft6" {print $3}' "$dir/results" | median)
  k=$(awk -v m="$m" '$1==m && $2=="kiwi5" {print $3}' "$dir/results" | median)
  b=$(awk -v m="$m" '$1==m && $2=="bench" {print $3}' "$dir/results" | median)
  awk -v m="$m" -v p="$p" -v k="$k" -v b="$b" -v base="$base" \
    'BEGIN {printf "| %s | %.1f | %.1f | %.0f | %.2fx |\n", m, p/1e6, k/1e6, b/1e3, b/base}'
done
