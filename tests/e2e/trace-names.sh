#!/usr/bin/env bash
# trace -a names every task: those that existed at the start (synthesized from /proc),
# and short-lived ones forked and exec'd on either CPU during the run, whose FORK and
# COMM records may sit in another CPU's ring than their first sample.
source "$(dirname "$0")/lib.sh"
need_root
command -v jq >/dev/null || skip "jq not installed"
ncpu=$(nproc)
# -a sees every task: the program acts for this test's tasks only, by their names' prefix
# (fixtures/bpf/only-comm.h), so no other task's getppid can fill the rings
prefix=tn$$
loop=$T/${prefix}l
cp "$(workload getppid-loop)" "$loop" || fail "cannot copy the workload"
printf '#define ONLY_COMM "%s"\n#include "%s"\n' "$prefix" "$TOP/tests/fixtures/bpf/getppid-hello.c" \
	>"$T/hello.c"

# a task that exists before the run and calls getppid only during it, without an exec
python3 -c 'import os, signal, sys
open("/proc/self/comm", "w").write(sys.argv[2])
signal.pthread_sigmask(signal.SIG_BLOCK, [signal.SIGUSR1])
open(sys.argv[1] + "/ready", "w").close()
signal.sigwait([signal.SIGUSR1])
for _ in range(3): os.getppid()
open(sys.argv[1] + "/done", "w").close()' "$T" "${prefix}e" &
early=$!
on_exit "kill $early 2>/dev/null"
for _ in $(seq 300); do [ -e "$T/ready" ] && break; sleep 0.1; done
[ -e "$T/ready" ] || fail "the early task did not start"

# 40 short-lived processes, spread over every CPU, each calling getppid 3 times
# the workload starts once everything is attached: it wakes the early task, waits for it
spawn="kill -USR1 $early; for i in \$(seq 40); do taskset -c \$((i % $ncpu)) $loop 3 & done
	wait; while [ ! -e $T/done ]; do sleep 0.05; done"
"$PERF_BPF" trace --json -a -e "$T/hello.c" -- \
	sh -c "$spawn" >"$T/out" 2>"$T/err" || fail "trace exited $?: $(cat "$T/err")"
jq -e . "$T/out" >/dev/null || fail "not JSON Lines"
grep -q 'samples lost' "$T/err" && fail "the test's own samples were lost: $(grep 'lost' "$T/err")"
n=$(jq -s '[.[] | select(.type == "sample")] | length' "$T/out")
expect_eq "samples for 40 x 3 getppid calls and the early task's 3" 123 "$n"
unnamed=$(jq -c 'select(.type == "sample" and (has("comm") | not))' "$T/out" | head -5)
[ -z "$unnamed" ] || fail "samples without a name: $unnamed"
named=$(jq -r 'select(.type == "sample" and .comm == "'"${prefix}l"'") | .pid' "$T/out" |
	sort -u | wc -l)
# the names seen, for a failure's log
jq -r 'select(.type == "sample") | .comm' "$T/out" | sort | uniq -c >&2
expect_eq "getppid-loop processes named" 40 "$named"
expect_eq "the task that existed before" "${prefix}e ${prefix}e ${prefix}e" \
	"$(jq -r "select(.type == \"sample\" and .pid == $early) | .comm" "$T/out" | xargs)"
exit 0
