#!/bin/sh
# tools/instructions.sh BINARY [BINARY ...]: how many instructions each
# build spends on `bench 7`, counted by valgrind's callgrind. On a shared
# machine wall time varies by ±10% from run to run; instruction counts
# repeat to within about 0.1%, so a speed change of 1% shows.
# They are not time: a cache miss costs no instruction. Confirm a change
# that matters with `farm-bench --vs` or interleaved `bench` runs.
#
# For each build: the bench's nodes, the instructions outside the Go
# runtime (the table clears between bench positions and the scheduler are
# left out: they are not the search), those per node, and the ratio to the
# first build's per-node count. A build takes about a minute. Needs
# valgrind (callgrind_annotate comes with it).
set -eu
if [ $# -lt 1 ]; then
	echo "usage: tools/instructions.sh BINARY [BINARY ...]" >&2
	exit 2
fi
command -v valgrind >/dev/null || { echo "instructions.sh: valgrind is not installed" >&2; exit 2; }
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
first=""
printf '%-28s %10s %15s %10s %8s\n' build nodes instructions "per node" ratio
for bin in "$@"; do
	[ -x "$bin" ] || { echo "instructions.sh: $bin is not an executable" >&2; exit 2; }
	# Go's asynchronous preemption signals trip callgrind; the bench needs
	# none of them. Nor does it need RDTSCP, which the runtime's clock uses
	# where the processor has it and valgrind 3.19 cannot decode (SIGILL on
	# the AMD EPYC machines of round 10).
	GODEBUG=asyncpreemptoff=1,cpu.rdtscp=off valgrind --tool=callgrind --callgrind-out-file="$dir/cg" \
		"$bin" bench 7 >"$dir/out" 2>&1 || { tail -5 "$dir/out" >&2; exit 1; }
	nodes=$(awk '/ nodes .* nps$/ { n = $1 } END { print n }' "$dir/out")
	instr=$(callgrind_annotate --auto=no "$dir/cg" | sed -n '/file:function/,$p' | awk '
		{ x = $1; gsub(",", "", x) }
		x ~ /^[0-9]+$/ && $0 !~ /go\/src\/runtime\// { s += x }
		END { printf "%.0f", s }')
	per=$(awk -v i="$instr" -v n="$nodes" 'BEGIN { printf "%.0f", i / n }')
	[ -n "$first" ] || first=$per
	printf '%-28s %10s %15s %10s %8s\n' "$(basename "$bin")" "$nodes" "$instr" "$per" \
		"$(awk -v p="$per" -v f="$first" 'BEGIN { printf "%.4f", p / f }')"
done
