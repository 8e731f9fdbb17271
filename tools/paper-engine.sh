#!/usr/bin/env bash
# The paper's future work, measured: the whole engine built with each slider
# method (build tags: none = shipped direct lookup, magic, rotated), perft and
# bench nodes per CPU-second side by side, one thread, rounds in alternating
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

# One measurement: nodes per second of user CPU time of one command on one
# build. CPU time, not wall time: on a shared machine a run may be
# descheduled, which says nothing about the build.
measure() {
  local bin=$dir/sightline-$1 out nodes cpu
  TIMEFORMAT=%U
  case $2 in
    perft6) { cpu=$( { time "$bin" perft -depth 6 >"$dir/out" 2>/dev/null; } 2>&1 ); } ;;
    kiwi5) { cpu=$( { time "$bin" perft -depth 5 -fen "$kiwipete" >"$dir/out" 2>/dev/null; } 2>&1 ); } ;;
    bench) { cpu=$( { time "$bin" bench -hce >"$dir/out" 2>/dev/null; } 2>&1 ); } ;;
  esac
  out=$(tail -n 1 "$dir/out")
  case $2 in
    bench) nodes=$(echo "$out" | awk '{print $1}') ;;
    *) nodes=$(echo "$out" | awk '{print $3}') ;;
  esac
  awk -v n="$nodes" -v c="$cpu" 'BEGIN {printf "%.0f\n", n / c}'
}

for ((r = 0; r < rounds; r++)); do
  order=("${methods[@]}")
  ((r % 2)) && order=(rotated magic direct)
  for m in "${order[@]}"; do
    for what in perft6 kiwi5 bench; do
      echo "$r $m $what $(measure "$m" "$what")" | tee -a "$dir/results" >&2
    done
  done
  echo "round $((r + 1))/$rounds done" >&2
done

# Medians of the nodes per second, and of each round's ratio to the shipped
# build in the same round (rounds are close in time, so the ratio cancels
# some of the machine's drift).
median() { sort -n | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'; }
value() { awk -v m="$1" -v w="$2" '$2==m && $3==w {print $4}' "$dir/results" | median; }
ratio() {
  awk -v m="$1" -v w="$2" '$3==w && $2=="direct" {d[$1]=$4} $3==w && $2==m {v[$1]=$4}
    END {for (r in v) print v[r]/d[r]}' "$dir/results" | median
}
echo "| build | perft startpos 6 (M nodes/s) | perft Kiwipete 5 (M nodes/s) | bench (k nodes/s) | ratio to direct, per round (perft 6, Kiwipete 5, bench) |"
echo "|---|---:|---:|---:|---:|"
for m in "${methods[@]}"; do
  awk -v m="$m" -v p="$(value "$m" perft6)" -v k="$(value "$m" kiwi5)" -v b="$(value "$m" bench)" \
    -v rp="$(ratio "$m" perft6)" -v rk="$(ratio "$m" kiwi5)" -v rb="$(ratio "$m" bench)" \
    'BEGIN {printf "| %s | %.1f | %.1f | %.0f | %.2fx, %.2fx, %.2fx |\n", m, p/1e6, k/1e6, b/1e3, rp, rk, rb}'
done
