#!/usr/bin/env bash
# -s counts every call of any workload: 4,000 threads alive at once (more (thread, call) pairs than the kernel's map once held) in total, per process and per thread; threads that churn, generation after generation, counted as the workload counts itself; a map too small for them spills into 'other threads', the totals still exact.
source "${TOP:-$(dirname "$0")/../..}/tests/e2e/lib.sh"
need_root

many=$(workload thread-many)
[ -x "$many" ] || fail "build the tests first: no $many"
# getppid of a summary: the sum of its rows' calls, and how many rows
getppid_calls() { awk '$1 == "getppid" { n += $2 } END { print n + 0 }' "$1"; }
getppid_rows() { awk '$1 == "getppid" { n++ } END { print n + 0 }' "$1"; }
no_spill() { grep -q "counted without their thread\|not counted" "$1" && fail "$2: $(cat "$1")"; true; }

# 4,000 threads x 5 getppid, every thread alive until all have made their calls
# (the total's strace -c layout with the name first, so that $2 is the calls in every layout)
for mode in total process thread; do
	cols=$([ $mode = total ] && echo "-U name,calls")
	"$PERF_BPF" trace -s --summary-mode=$mode $cols -o "$T/$mode" -- "$many" 4000 5 2>"$T/$mode.err" ||
		fail "trace -s --summary-mode=$mode exited $?: $(tail -n 3 "$T/$mode.err")"
	expect_eq "getppid of 4,000 threads, --summary-mode=$mode" 20000 "$(getppid_calls "$T/$mode")"
	no_spill "$T/$mode.err" "--summary-mode=$mode"
done
expect_eq "one table, total" 1 "$(grep -c '^syscall  *calls$' "$T/total")"
expect_eq "one table for the process" 1 "$(grep -c '^ thread-many ([0-9]*), ' "$T/process")"
expect_eq "a table per thread, and the main thread's" 4001 "$(grep -c '^ thread-many ([0-9]*), ' "$T/thread")"
expect_eq "each thread's 5 getppid" 4000 "$(grep -c '^   getppid  *5  ' "$T/thread")"

# churn: 400 generations of 50 threads (20,000 threads, 100,000 getppid), as the workload counts
"$PERF_BPF" trace -s --summary-mode=total -U name,calls -o "$T/churn" -- "$many" 50 5 400 2>"$T/churn.err" ||
	fail "trace -s of the churn exited $?: $(tail -n 3 "$T/churn.err")"
own=$(sed -n 's/^getppid \([0-9]*\)$/\1/p' "$T/churn.err")
expect_eq "the workload's own count" 100000 "$own"
expect_eq "getppid of the churn" "$own" "$(getppid_calls "$T/churn")"
no_spill "$T/churn.err" "the churn"
"$PERF_BPF" trace -s --summary-mode=process -o "$T/churnp" -- "$many" 50 5 400 2>"$T/churnp.err" ||
	fail "trace -s of the churn per process exited $?"
expect_eq "getppid of the churn, per process" 100000 "$(getppid_calls "$T/churnp")"
expect_eq "the churn's process, one row" 1 "$(getppid_rows "$T/churnp")"

# A map of 2,000 pairs: the held threads' counts cannot all be in it, the rest spill by call
need_testbuild
PERF_BPF_TEST_MAX_COUNTS=2000 "$PERF_BPF_TESTBUILD" trace -s --summary-mode=thread -o "$T/small" \
	-- "$many" 4000 5 2>"$T/small.err" || fail "trace -s with a small map exited $?: $(tail -n 3 "$T/small.err")"
expect_eq "getppid with a small map" 20000 "$(getppid_calls "$T/small")"
grep -q '^ other threads (the counting map was full), [0-9]* calls' "$T/small" ||
	fail "no 'other threads' table: $(head -n 20 "$T/small")"
grep -q "counted without their thread" "$T/small.err" || fail "the spill is not said: $(cat "$T/small.err")"
# and the churn, whose ended threads make room as they end, in total
PERF_BPF_TEST_MAX_COUNTS=2000 "$PERF_BPF_TESTBUILD" trace -s --summary-mode=total -U name,calls -o "$T/smallc" \
	-- "$many" 50 5 400 2>"$T/smallc.err" || fail "trace -s of the churn with a small map exited $?"
expect_eq "getppid of the churn with a small map" 100000 "$(getppid_calls "$T/smallc")"
echo "PASS"
