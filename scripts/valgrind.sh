#!/usr/bin/env bash
# Run every unit-test binary of BUILD under valgrind memcheck: any memory error or any
# definitely or indirectly lost block fails it.  Ends with "N passed, N failed".
# Usage: scripts/valgrind.sh BUILD [PATTERN]
set -u
build=${1:?usage: valgrind.sh BUILD [PATTERN]}
pattern=${2:-}
top=$(cd "$(dirname "$0")/.." && pwd)
command -v valgrind >/dev/null || { echo "ERROR: valgrind is not installed" >&2; exit 1; }
logdir=$(mktemp -d /tmp/perf-bpf-valgrind.XXXXXX)
trap 'rm -rf "$logdir"' EXIT
pass=0 fail=0
for bin in "$build"/tests/unit/*/test-*; do
	[ -x "$bin" ] && [ -f "$bin" ] || continue
	[ -z "$pattern" ] || [[ $bin == *"$pattern"* ]] || continue
	name=$(basename "$bin")
	log=$logdir/$name.log
	(cd "$top" && TOP=$top timeout 600 valgrind -q --leak-check=full --error-exitcode=99 \
		--errors-for-leak-kinds=definite,indirect --show-leak-kinds=definite,indirect \
		--suppressions="$top/scripts/valgrind.supp" "$bin") >"$log" 2>&1
	rc=$?
	if [ $rc = 99 ] || grep -q '^==[0-9]*==' "$log"; then
		fail=$((fail + 1))
		echo "FAIL $name (valgrind)"
		grep '^==[0-9]*==' "$log" | head -40 | sed 's/^/    | /'
	elif [ $rc != 0 ]; then
		fail=$((fail + 1))
		echo "FAIL $name (exit $rc)"
		tail -20 "$log" | sed 's/^/    | /'
	else
		pass=$((pass + 1))
		echo "PASS $name"
	fi
done
echo "$pass passed, $fail failed"
[ $fail = 0 ] && [ $pass -gt 0 ]
