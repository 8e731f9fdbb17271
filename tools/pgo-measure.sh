#!/bin/sh
# tools/pgo-measure.sh [ROUNDS]: would a profile-guided build (PGO, from a
# CPU profile of the bench) or the GOAMD64=v3 instruction set (Haswell and
# later: BMI2, POPCNT, AVX2) make the engine faster?
#
# Builds the checkout four ways in a temporary folder: v1 (what ships), v1
# with PGO, v3, v3 with PGO; the profile is `bench -cpuprofile` at depth 12
# of the v1 build. Then ROUNDS (default 15) interleaved rounds of `bench 8`
# and `perft -depth 6` with each, and per build the median and the minimum
# user CPU seconds and the median speed against v1. CPU time, not wall
# time: on a shared machine the wall time is mostly waiting for the others.
# Needs GNU time (/usr/bin/time). Run from the repository root, on a
# machine as quiet as can be had; see docs/speed.md ("A faster build") for what
# it found and the rule (3% or more on the bench, or neither is used).
set -eu
rounds=${1:-15}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
export CGO_ENABLED=0

go build -pgo=off -o "$dir/v1" .
"$dir/v1" bench -cpuprofile "$dir/bench.pgo" 12 >/dev/null 2>&1
go build -pgo="$dir/bench.pgo" -o "$dir/v1pgo" .
GOAMD64=v3 go build -pgo=off -o "$dir/v3" .
GOAMD64=v3 go build -pgo="$dir/bench.pgo" -o "$dir/v3pgo" .

for r in $(seq "$rounds"); do
	for b in v1 v1pgo v3 v3pgo; do
		/usr/bin/time -a -o "$dir/times" -f "bench $b %U" "$dir/$b" bench 8 >/dev/null 2>&1
		/usr/bin/time -a -o "$dir/times" -f "perft $b %U" "$dir/$b" perft -depth 6 >/dev/null 2>&1
	done
	echo "round $r of $rounds" >&2
done

# Median and minimum per job and build; speed = v1's median / the build's.
sort -k1,1 -k2,2 -k3,3n "$dir/times" | awk '
	{ key = $1 " " $2; t[key, ++n[key]] = $3; if (!(key in seen)) { seen[key]; order[++k] = key } }
	END {
		for (i = 1; i <= k; i++) {
			key = order[i]; c = n[key]
			med[key] = (c % 2) ? t[key, (c + 1) / 2] : (t[key, c / 2] + t[key, c / 2 + 1]) / 2
		}
		printf "%-6s %-6s %8s %8s %8s\n", "job", "build", "median", "min", "speed"
		for (i = 1; i <= k; i++) {
			key = order[i]; split(key, f, " ")
			printf "%-6s %-6s %8.3f %8.3f %+7.1f%%\n", f[1], f[2], med[key], t[key, 1], (med[f[1] " v1"] / med[key] - 1) * 100
		}
	}'
