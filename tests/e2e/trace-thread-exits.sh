#!/usr/bin/env bash
# trace against strace -f: a line for the end of each thread (three threads: one whose exit() returns while its process goes on, one that exit_group(3) takes with it, the leader whose end is the process's), with the thread's own id and status, as many as strace's; in JSON two thread_exit objects and one exit; --no-exits leaves them all out; the read exit_group interrupts never returns, as strace shows it.
source "${TOP:-$(dirname "$0")/../..}/tests/e2e/lib.sh"
need_root
command -v strace >/dev/null || fail "strace is missing: 'make deps' installs it"
thr=$(workload thread-exits)
[ -x "$thr" ] || fail "build the tests first: no $thr"

"$PERF_BPF" trace -e exit,exit_group,read -o "$T/ours" -- "$thr" >/dev/null 2>"$T/err"
expect_eq "the workload's status" 3 $?
strace -f -e trace=exit,exit_group,read -o "$T/strace" "$thr" >/dev/null 2>&1
expect_eq "the workload's status under strace" 3 $?

# strace: "PID +++ exited with N +++" per thread; ours: "comm/TID +++ exited with N +++"
sed -n -E 's/^[0-9]+ +\+\+\+ (exited with [0-9]+) \+\+\+$/\1/p' "$T/strace" | sort >"$T/want"
sed -n -E 's/.*\/[0-9]+ \+\+\+ (exited with [0-9]+) \+\+\+$/\1/p' "$T/ours" | sort >"$T/got"
expect_eq "strace's thread ends" 3 "$(wc -l <"$T/want")"
diff -u "$T/want" "$T/got" || fail "the ends of threads differ from strace's: $(grep '+++' "$T/ours")"
# each at its own thread: the one that returned (its exit() just before), the one killed,
# the process's at its pid
tids=$(sed -n -E 's/.*\/([0-9]+) \+\+\+ exited.*/\1/p' "$T/ours" | sort -u | wc -l)
expect_eq "threads whose end is shown" 3 "$tids"
t=$(sed -n -E 's/.*\/([0-9]+) +exit\(error_code: 0\) +.*= \?$/\1/p' "$T/ours")
expect_match "the thread that returned" '^[0-9]+$' "$t"
grep -qE "/$t \\+\\+\\+ exited with 0 \\+\\+\\+$" "$T/ours" || fail "no end for thread $t"
# the read of the thread exit_group kills: no ERESTARTSYS, it never returned
if grep -q ERESTART "$T/ours"; then
	fail "a call the group's exit ended shows a result: $(grep ERESTART "$T/ours")"
fi

"$PERF_BPF" trace --json -e exit -o "$T/json" -- "$thr" >/dev/null 2>&1
expect_eq "thread_exit objects" 2 "$(grep -c '"type":"thread_exit"' "$T/json")"
expect_eq "exit objects" 1 "$(grep -c '"type":"exit"' "$T/json")"
expect_eq "the killed thread's status" 1 "$(grep -c '"type":"thread_exit",.*"exit_code":3' "$T/json")"

"$PERF_BPF" trace --no-exits -e exit -o "$T/none" -- "$thr" >/dev/null 2>&1
expect_eq "ends with --no-exits" 0 "$(grep -c '+++' "$T/none")"
exit 0
