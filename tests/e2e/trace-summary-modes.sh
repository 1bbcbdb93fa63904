#!/usr/bin/env bash
# --summary-mode: process (a table per process, its threads merged), comm (per command name), thread (perf trace's, the default) and cgroup: two cgroups made under the cgroup2 mount, a workload in each (100,000 and 200,000 getppid at once), exact per-cgroup tables with and without -a, and in JSON with the cgroup's path; a bad mode is refused.
source "${TOP:-$(dirname "$0")/../..}/tests/e2e/lib.sh"
need_root

many=$(workload thread-many)
loop=$(workload getppid-loop)
[ -x "$many" ] && [ -x "$loop" ] || fail "build the tests first: no $many"
# getppid_of FILE TITLE-REGEX: the getppid calls of the table whose title matches
getppid_of() {
	awk -v t="$2" '/^ [^ ]/ { on = $0 ~ t } on && $1 == "getppid" { n += $2 } END { print n + 0 }' "$1"
}
two="$many 10 5 & $many 20 5 & wait"

"$PERF_BPF" trace -s --summary-mode=process -o "$T/proc" -- sh -c "$two" 2>"$T/err" ||
	fail "--summary-mode=process exited $?: $(tail -n 3 "$T/err")"
expect_eq "a table per thread-many process" 2 "$(grep -c '^ thread-many ([0-9]*), ' "$T/proc")"
expect_eq "its threads merged: one getppid row each" "50 100" \
	"$(awk '/^ [^ ]/ { on = /^ thread-many / } on && $1 == "getppid" { print $2 }' "$T/proc" |
		sort -n | xargs)"
grep -q '^ sh ([0-9]*), ' "$T/proc" || fail "no table of the shell: $(grep calls, "$T/proc")"
"$PERF_BPF" trace -s --summary-mode=comm -o "$T/comm" -- sh -c "$two" 2>"$T/err" ||
	fail "--summary-mode=comm exited $?"
expect_eq "one table per name" 1 "$(grep -c '^ thread-many, ' "$T/comm")"
expect_eq "the name's getppid" 150 "$(getppid_of "$T/comm" '^ thread-many, ')"
"$PERF_BPF" trace -s -o "$T/thread" -- sh -c "$two" 2>"$T/err" || fail "trace -s exited $?"
expect_eq "thread mode, the default: a table per thread" 32 "$(grep -c '^ thread-many ([0-9]*), ' "$T/thread")"
"$PERF_BPF" trace -s --summary-mode=bogus -- true >/dev/null 2>"$T/err" && fail "a bad mode was taken"
grep -q "^ERROR: --summary-mode wants thread, process, comm, total or cgroup, not 'bogus'" "$T/err" ||
	fail "the bad mode's error: $(cat "$T/err")"
# no silent mode: without a summary
for bad in "--summary-mode=process"; do
	# shellcheck disable=SC2086 # the words of $bad
	"$PERF_BPF" trace $bad -- true >/dev/null 2>"$T/err"
	expect_eq "exit status of '$bad'" 129 "$?"
	expect_eq "one ERROR line for '$bad'" 1 "$(grep -c '^ERROR: --summary-mode' "$T/err")"
	grep -q '^Hint: ' "$T/err" || fail "no hint for '$bad': $(cat "$T/err")"
done

# cgroups: two made here, a workload moved into each before its exec
cg2=$(awk '$3 == "cgroup2" { print $2; exit }' /proc/mounts)
[ -n "$cg2" ] || skip "no cgroup2 mount (CONFIG_CGROUPS, cgroup v2)"
a=perf-bpf-test-$$-a b=perf-bpf-test-$$-b
mkdir "$cg2/$a" "$cg2/$b" || skip "cannot make cgroups under $cg2"
on_exit "rmdir '$cg2/$a' '$cg2/$b' 2>/dev/null"
both="sh -c 'echo \$\$ >$cg2/$a/cgroup.procs && exec $loop 100000' &
      sh -c 'echo \$\$ >$cg2/$b/cgroup.procs && exec $loop 200000' & wait"
for scope in "" -a; do
	"$PERF_BPF" trace $scope -s --summary-mode=cgroup -o "$T/cg$scope" -- sh -c "$both" 2>"$T/err" ||
		fail "--summary-mode=cgroup $scope exited $?: $(tail -n 3 "$T/err")"
	expect_eq "cgroup a's getppid ($scope)" 100000 "$(getppid_of "$T/cg$scope" "^ cgroup /$a, ")"
	expect_eq "cgroup b's getppid ($scope)" 200000 "$(getppid_of "$T/cg$scope" "^ cgroup /$b, ")"
	expect_eq "one table each ($scope)" 2 "$(grep -c "^ cgroup /perf-bpf-test-$$-[ab], " "$T/cg$scope")"
done
# from the records: -S (their cgroup asked of the kernel), and a recording of --all-cgroups
"$PERF_BPF" trace -S --summary-mode=cgroup -e getppid -o "$T/cgS" -- sh -c "$both" 2>"$T/err" ||
	fail "-S --summary-mode=cgroup exited $?: $(tail -n 3 "$T/err")"
expect_eq "cgroup a's getppid, -S" 100000 "$(getppid_of "$T/cgS" "^ cgroup /$a, ")"
expect_eq "cgroup b's getppid, -S" 200000 "$(getppid_of "$T/cgS" "^ cgroup /$b, ")"
"$PERF_BPF" record --all-cgroups -e getppid -o "$T/cg.data" -- sh -c "$both" >/dev/null 2>"$T/err" ||
	fail "record --all-cgroups exited $?: $(tail -n 3 "$T/err")"
"$PERF_BPF" script -s --summary-mode=cgroup -i "$T/cg.data" >"$T/cgscript" 2>"$T/err" ||
	fail "script -s --summary-mode=cgroup exited $?: $(tail -n 3 "$T/err")"
expect_eq "cgroup a's getppid, script -s" 100000 "$(getppid_of "$T/cgscript" "^ cgroup /$a, ")"
expect_eq "cgroup b's getppid, script -s" 200000 "$(getppid_of "$T/cgscript" "^ cgroup /$b, ")"
"$PERF_BPF" trace -s --summary-mode=cgroup --json -- sh -c "$both" >"$T/json" 2>"$T/err" ||
	fail "--summary-mode=cgroup --json exited $?"
python3 - "$T/json" "/$a" "/$b" <<'PY' || fail "JSON per cgroup: see above"
import json, os, sys
rows = [json.loads(l) for l in open(sys.argv[1]) if '"syscall_summary"' in l]
got = {r["cgroup"]: r["calls"] for r in rows if r["name"] == "getppid" and "cgroup" in r}
assert got.get(sys.argv[2]) == 100000 and got.get(sys.argv[3]) == 200000, got
for r in rows:
    assert "pid" not in r and "cgroup_id" in r, r
PY
echo "PASS"
