#!/usr/bin/env bash
# --status=SET and strace's -z/-Z pick the system-call lines by how their calls ended: on a workload of 200 ENOENT opens, 100 EBADF closes and 40 EINVAL lseeks beside calls that succeed, --status=failed (-Z) shows exactly the failed calls, as many as strace -Z shows, and -z exactly the others strace -z shows; unfinished is exit_group's "= ?"; the three sets make the whole trace; JSON is filtered alike; lines stay in the order their calls began, a late failure of another thread included (strace -Z prints it last)
source "$(dirname "$0")/lib.sh"
need_root
command -v strace >/dev/null || fail "strace is missing: 'make deps' installs it"
W=$(workload status-calls)
[ -x "$W" ] || fail "build the tests first: no $W"
N=200

# calls FILE: the call lines of a perf-bpf trace (no exit or signal line), one per line
calls() { grep -v -e ' +++ ' -e ' --- ' "$1" || true; }
# bare: the lines without their heads (times, comm/tid differ between runs)
bare() { sed 's/^.*): [^ ]*\/[0-9]* //'; }
# strace_calls OPTION: how many call lines strace -f OPTION prints for the workload
strace_calls() {
	strace -f "$1" -o "$T/strace$1" "$W" $N >/dev/null 2>&1 || fail "strace $1 failed"
	grep -v -e '^[0-9]* *+++ ' -e '^[0-9]* *--- ' -c "$T/strace$1"
}
# trace_to NAME ARGS...: perf-bpf trace ARGS of the workload, its lines in $T/NAME
trace_to() {
	local name=$1
	shift
	"$PERF_BPF" trace "$@" -o "$T/$name" -- "$W" $N >/dev/null 2>"$T/$name.err" ||
		fail "trace $* exited $?: $(tail -n 3 "$T/$name.err")"
}

trace_to all
trace_to failed --status=failed
trace_to Z -Z
trace_to z -z
trace_to ok --status=successful
trace_to unfinished --status=unfinished
trace_to some --status=failed,unfinished
trace_to not-ok '--status=!successful'

nr_all=$(calls "$T/all" | wc -l)
nr_failed=$(calls "$T/all" | grep -c ' = -1 E')
nr_unfinished=$(calls "$T/all" | grep -c ' = ?$')
[ "$nr_failed" -ge $((N + N / 2 + N / 5)) ] || fail "the workload's failed calls: $nr_failed"

# exactly the failed lines, with their text, in their order
diff <(calls "$T/all" | grep ' = -1 E' | bare) <(calls "$T/failed" | bare) >/dev/null ||
	fail "--status=failed is not the failed lines of the whole trace"
expect_eq "-Z: the failed lines" "$(calls "$T/failed" | bare)" "$(calls "$T/Z" | bare)"
expect_eq "--status=failed: calls, as strace -Z" "$(strace_calls -Z)" "$(calls "$T/failed" | wc -l)"
expect_eq "-z: calls, as strace -z" "$(strace_calls -z)" "$(calls "$T/z" | wc -l)"
expect_eq "-z: the successful lines" "$(calls "$T/ok" | wc -l)" "$(calls "$T/z" | wc -l)"
calls "$T/z" | grep -q -e ' = -1 E' -e ' = ?$' && fail "-z shows a failed or unfinished call"
expect_eq "--status=unfinished: exit_group" "exit_group" \
	"$(calls "$T/unfinished" | sed 's/.*\/[0-9]* \([a-z_0-9]*\)(.*/\1/')"
expect_eq "successful + failed + unfinished: the whole trace" "$nr_all" \
	$(($(calls "$T/z" | wc -l) + nr_failed + nr_unfinished))
expect_eq "--status=failed,unfinished" $((nr_failed + nr_unfinished)) "$(calls "$T/some" | wc -l)"
expect_eq "--status=!successful" $((nr_failed + nr_unfinished)) "$(calls "$T/not-ok" | wc -l)"
grep -q '+++ exited with 0 +++' "$T/failed" || fail "--status dropped the exit line"

# the lines keep their order: the times at their heads never go back
awk '{ if ($1 + 0 < last) { print "back in time: " $0; exit 1 } last = $1 + 0 }' "$T/failed" ||
	fail "--status=failed lines out of time order"

# a call that fails last but began first (accept, woken by a shutdown after another
# thread's 5 failed closes): its line comes first, where strace -Z prints it last
O=$(workload status-order)
for filter in -Z --failure; do
	"$PERF_BPF" trace $filter -e close,accept,accept4 -o "$T/order" -- "$O" 5 >/dev/null \
		2>"$T/order.err" || fail "trace $filter of status-order: $(cat "$T/order.err")"
	expect_eq "$filter: the calls in the order they began" "accept close close close close close" \
		"$(calls "$T/order" | sed 's/.*\/[0-9]* \([a-z0-9]*\)(.*/\1/' | xargs)"
	awk '{ if ($1 + 0 < last) exit 1; last = $1 + 0 }' "$T/order" ||
		fail "$filter: times go back: $(cat "$T/order")"
done
strace -f -Z -e trace=close,accept,accept4 -o "$T/strace-order" "$O" 5 >/dev/null 2>&1
expect_eq "strace -Z: the accept last" accept \
	"$(grep -v '+++' "$T/strace-order" | tail -n 1 | sed 's/^[0-9]* *\([a-z0-9]*\)(.*/\1/')"

# JSON: the same calls, each with its errno
"$PERF_BPF" trace --json -Z -- "$W" $N 2>/dev/null | python3 -c '
import json, sys
calls = [j for j in map(json.loads, sys.stdin) if j.get("type") == "syscall"]
assert all(j.get("errno") for j in calls), "a call without errno"
print(len(calls))' >"$T/json.n" || fail "JSON -Z: $(cat "$T/json.n")"
expect_eq "JSON -Z: calls" "$nr_failed" "$(cat "$T/json.n")"
echo ok
