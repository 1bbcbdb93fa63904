#!/usr/bin/env bash
# Run every libFuzzer target in BUILD/fuzz/ (FUZZ_TARGETS="a b" for some) for SECONDS each, two at a time, and end with a
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
	local execs=0 left=$secs start now n rc
	rm -rf "$crashes" # findings of earlier runs are in tests/fuzz/corpus/ or still here to find
	mkdir -p "$work" "$crashes" "$(dirname "$log")"
	: >"$log"
	start=$(date +%s)
	while [ "$left" -gt 0 ]; do
		"$bin" -max_total_time="$left" -print_final_stats=1 -timeout=10 -rss_limit_mb=2048 \
			-artifact_prefix="$crashes/" "$work" "$top/tests/fuzz/corpus/$1" >"$log.run" 2>&1
		rc=$?
		cat "$log.run" >>"$log"
		n=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log.run" | tail -1)
		execs=$((execs + ${n:-0}))
		now=$(date +%s)
		left=$((secs - (now - start)))
		# libFuzzer exits 0 when its time is up; anything else was a finding: go on.
		[ $rc = 0 ] && break
	done
	rm -f "$log.run"
	echo "$execs $(find "$crashes" -type f | wc -l)" >"$build/fuzz/log/$1.result"
}

names=()
for bin in "$build"/fuzz/fuzz-*; do
	[ -x "$bin" ] && [ -f "$bin" ] || continue
	[ -z "${FUZZ_TARGETS:-}" ] || [[ " $FUZZ_TARGETS " == *" ${bin##*/fuzz-} "* ]] || continue
	names+=("${bin##*/fuzz-}")
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
[ $total_crash = 0 ] || echo "the fuzzers' output: $build/fuzz/log/NAME.log"
[ $total_crash = 0 ]
