#!/usr/bin/env bash
# trace -a names every task: those that existed at the start (synthesized from /proc),
# and short-lived ones forked and exec'd on either CPU during the run, whose FORK and
# COMM records may sit in another CPU's ring than their first sample.
source "$(dirname "$0")/lib.sh"
need_root
command -v jq >/dev/null || skip "jq not installed"
loop=$(workload getppid-loop)
ncpu=$(nproc)

# a task that exists before the run and calls getppid only during it, without an exec
python3 -c 'import os, signal, sys
signal.pthread_sigmask(signal.SIG_BLOCK, [signal.SIGUSR1])
open(sys.argv[1] + "/ready", "w").close()
signal.sigwait([signal.SIGUSR1])
for _ in range(3): os.getppid()
open(sys.argv[1] + "/done", "w").close()' "$T" &
early=$!
on_exit "kill $early 2>/dev/null"
for _ in $(seq 300); do [ -e "$T/ready" ] && break; sleep 0.1; done
[ -e "$T/ready" ] || fail "the early task did not start"

# 40 short-lived processes, spread over every CPU, each calling getppid 3 times
# the workload starts once everything is attached: it wakes the early task, waits for it
spawn="kill -USR1 $early; for i in \$(seq 40); do taskset -c \$((i % $ncpu)) $loop 3 & done
	wait; while [ ! -e $T/done ]; do sleep 0.05; done"
"$PERF_BPF" trace --json -a -e "$TOP/tests/fixtures/bpf/getppid-hello.c" -- \
	sh -c "$spawn" >"$T/out" 2>"$T/err" || fail "trace exited $?: $(cat "$T/err")"
jq -e . "$T/out" >/dev/null || fail "not JSON Lines"
# -a sees every task's getppid: a loop elsewhere can overflow the rings (a loss is reported)
grep -q 'samples lost' "$T/err" && skip "rings overflowed by other tasks: $(grep 'lost' "$T/err")"
n=$(jq -s '[.[] | select(.type == "sample")] | length' "$T/out")
[ "$n" -ge 120 ] || fail "only $n samples for 40 x 3 getppid calls"
unnamed=$(jq -c 'select(.type == "sample" and (has("comm") | not))' "$T/out" | head -5)
[ -z "$unnamed" ] || fail "samples without a name: $unnamed"
named=$(jq -r 'select(.type == "sample" and .comm == "getppid-loop") | .pid' "$T/out" |
	sort -u | wc -l)
# the names seen, for a failure's log
jq -r 'select(.type == "sample") | .comm' "$T/out" | sort | uniq -c >&2
expect_eq "getppid-loop processes named" 40 "$named"
expect_eq "the task that existed before" "python3 python3 python3" \
	"$(jq -r "select(.type == \"sample\" and .pid == $early) | .comm" "$T/out" | xargs)"
exit 0
