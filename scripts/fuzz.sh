#!/usr/bin/env bash
# Run every libFuzzer target in BUILD/fuzz/ for SECONDS each, two at a time, and end with a
# table of executions and crashes per target.  A crash does not end a target's run: it is
# counted, its input is kept in BUILD/fuzz/crashes/NAME/, and fuzzing resumes for the
# time left.  New inputs go to BUILD/fuzz/corpus/NAME/, seeded from tests/fuzz/corpus/NAME/.
# Usage: scripts/fuzz.sh BUILD SECONDS      Exit 1 when any target crashed.
set -u
build=${1:?usage: fuzz.sh BUILD SECONDS}
secs=${2:-60}
top=$(cd "$(dirname "$0")/.." && pwd)
jobs=${FUZZ_JOBS:-2}

run_target() { # name: fuzz it for $secs seconds, write "execs crashes" to its .result
	local name=$1 bin=$build/fuzz/fuzz-$1 work=$build/fuzz/corpus/$1
	local crashes=$build/fuzz/crashes/$1 log=$build/fuzz/log/$1.log
	local execs=0 ncrash=0 left=$secs start now n
	mkdir -p "$work" "$crashes" "$(dirname "$log")"
	: >"$log"
	start=$(date +%s)
	while [ "$left" -gt 0 ]; do
		"$bin" -max_total_time="$left" -print_final_stats=1 -timeout=10 -rss_limit_mb=2048 \
			-artifact_prefix="$crashes/" "$work" "$top/tests/fuzz/corpus/$1" >>"$log" 2>&1
		n=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | tail -1 | grep -o '[0-9]*$')
		execs=$((execs + ${n:-0}))
		: >"$log.prev" && mv "$log" "$log.prev" && : >"$log"
		ncrash=$(find "$crashes" -type f | wc -l)
		now=$(date +%s)
		left=$((secs - (now - start)))
		# libFuzzer exits 0 when time is up; anything else was a finding: go on.
		grep -q 'Done [0-9]* runs' "$log.prev" && break
	done
	echo "$execs $ncrash" >"$build/fuzz/log/$1.result"
}

names=()
for bin in "$build"/fuzz/fuzz-*; do
	[ -x "$bin" ] && [ -f "$bin" ] && names+=("${bin##*/fuzz-}")
done
[ ${#names[@]} -gt 0 ] || { echo "ERROR: no fuzz targets in '$build/fuzz'" >&2; exit 1; }
echo "  FUZZ     ${#names[@]} targets, ${secs}s each, $jobs at a time"
running=0
for name in "${names[@]}"; do
	run_target "$name" &
	running=$((running + 1))
	if [ $running -ge "$jobs" ]; then
		wait -n
		running=$((running - 1))
	fi
done
wait

total_crash=0
printf '\n%-12s %12s %8s\n' target execs crashes
for name in "${names[@]}"; do
	read -r execs ncrash <"$build/fuzz/log/$name.result"
	printf '%-12s %12s %8s\n' "$name" "$execs" "$ncrash"
	total_crash=$((total_crash + ncrash))
	[ "$ncrash" = 0 ] || ls "$build/fuzz/crashes/$name" | sed "s|^|    $build/fuzz/crashes/$name/|"
done
[ $total_crash = 0 ]
