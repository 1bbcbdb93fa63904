#!/usr/bin/env bash
# Run every test: cmocka unit binaries (one line per test case), kernel conformance
# binaries and scripts, end-to-end scripts.  Exit status of a script or binary:
# 0 pass, 1 fail, 2 skip (the reason on its last line of output).
# Usage: tests/run.sh [PATTERN]   -- only tests whose path contains PATTERN
#   LANE=0 leaves the kernel lane out (make coverage: its guest runs another build)
# Ends with "N passed, N failed, N skipped"; exits 0 when nothing failed and something passed.
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
: "${BUILD:=$top/build}"
: "${PERF_BPF:=$top/perf-bpf}"
export PERF_BPF BUILD TOP="$top"
pattern=${1:-}
pass=0 fail=0 skip=0
failed_names=()
logdir=$(mktemp -d /tmp/perf-bpf-tests.XXXXXX)
trap 'rm -rf "$logdir"' EXIT

result() { # status name [reason]
	case $1 in
	PASS) pass=$((pass + 1)) ;;
	FAIL) fail=$((fail + 1)); failed_names+=("$2") ;;
	SKIP) skip=$((skip + 1)) ;;
	esac
	printf '%-4s %s%s\n' "$1" "$2" "${3:+  ($3)}"
}

matches() { [ -z "$pattern" ] || [[ "$1" == *"$pattern"* ]]; }

run_unit() {
	local bin=$1 name log
	name=unit/${bin#"$BUILD"/tests/unit/}
	log=$logdir/$(basename "$bin").log
	CMOCKA_MESSAGE_OUTPUT=TAP timeout 120 "$bin" >"$log" 2>&1
	local rc=$? seen=0
	while IFS= read -r line; do
		case $line in
		"ok "*) seen=1; result PASS "$name: ${line#ok [0-9]* - }" ;;
		"not ok "*"# SKIP"*) seen=1; result SKIP "$name: ${line##*# SKIP }" ;;
		"not ok "*) seen=1; result FAIL "$name: ${line#not ok [0-9]* - }" ;;
		esac
	done <"$log"
	if [ $seen = 0 ] || { [ $rc != 0 ] && ! grep -q '^not ok' "$log"; }; then
		result FAIL "$name" "exit $rc"
	fi
	if grep -q '^not ok' "$log" || [ $rc != 0 ]; then sed 's/^/    | /' "$log" | tail -40; fi
}

run_script() { # path-or-binary name
	local t=$1 name=$2 log rc
	log=$logdir/$(echo "$name" | tr / _).log
	timeout 300 "$t" >"$log" 2>&1
	rc=$?
	case $rc in
	0) result PASS "$name" ;;
	2) result SKIP "$name" "$(tail -n 1 "$log")" ;;
	*) result FAIL "$name" "exit $rc"; sed 's/^/    | /' "$log" | tail -40 ;;
	esac
}

for bin in "$BUILD"/tests/unit/*/test-*; do
	[ -x "$bin" ] && matches "$bin" && run_unit "$bin"
done
for t in "$BUILD"/tests/kernel/* "$top"/tests/kernel/*.sh; do
	[ -x "$t" ] && [ -f "$t" ] && matches "$t" && run_script "$t" "kernel/$(basename "$t")"
done
for t in "$BUILD"/tests/fuzz/*-replay; do
	[ -x "$t" ] || continue
	matches "$t" && run_script "$t" "fuzz-replay/$(basename "$t" -replay)"
done
for t in "$top"/tests/e2e/*.sh; do
	[ "$(basename "$t")" = lib.sh ] && continue
	matches "$t" && run_script "$t" "e2e/$(basename "$t" .sh)"
done

# The kernel lane: guest tests under QEMU on a Debian kernel, counted like the others.
if [ "${LANE:-1}" != 0 ] && [ -x "$top/tests/kernel-lane/run.sh" ] &&
	matches "$top/tests/kernel-lane/run.sh"; then
	lane_fail=$fail
	while IFS= read -r l; do
		case $l in
		"PASS "*) pass=$((pass + 1)) ;;
		"FAIL "*) fail=$((fail + 1)); l2=${l#FAIL }; failed_names+=("${l2%%  (*}") ;;
		"SKIP "*) skip=$((skip + 1)) ;;
		"lane-exit 0") continue ;;
		"lane-exit "*) [ $fail = $lane_fail ] && result FAIL kernel-lane "${l#lane-}"; continue ;;
		esac
		printf '%s\n' "$l"
	done < <("$top/tests/kernel-lane/run.sh" 2>&1; echo "lane-exit $?")
fi

echo
if [ $fail -gt 0 ]; then
	echo "Failed:"
	printf '    %s\n' "${failed_names[@]}"
fi
echo "$pass passed, $fail failed, $skip skipped"
# a run where nothing passed checked nothing, even when everything skipped
[ $pass -gt 0 ] || echo "nothing passed${pattern:+ matching '$pattern'}"
[ $fail = 0 ] && [ $pass -gt 0 ]
