#!/usr/bin/env bash
# Signals and the ends of processes among the system calls, against strace -f, the oracle: a workload that signals itself (kill, sigqueue, raise), reaps a child that exits 3, one killed by SIGUSR1 and one by SIGSEGV; the same "--- SIG... {...} ---" and "+++ ... +++" lines per process, in the same order. Then --json objects, --no-signals, --no-exits, -e signal=, only the traced tasks' lines, and record then script.
source "${TOP:-$(dirname "$0")/../..}/tests/e2e/lib.sh"
need_root
command -v strace >/dev/null || fail "strace is missing: 'make deps' installs it"

sig=$(workload signals)
[ -x "$sig" ] || fail "build the tests first: no $sig"
CALLS=kill,rt_sigqueueinfo,tgkill,wait4,exit_group

# "PID --- ..." and "PID +++ ... +++" lines, from strace's output or ours, the pids numbered by
# first appearance (P1 is the workload): the lines of a run, comparable with another's.
strace_lines() { sed -n -E 's/^([0-9]+) +((---|\+\+\+) .*)$/\1 \2/p' "$1" | number_pids; }
ours_lines() {
	sed -n -E 's/^ *[0-9.]+ \( +\): [^ ]*\/([0-9]+) ((---|\+\+\+) .*)$/\1 \2/p' "$1" | number_pids
}
number_pids() {
	awk '{ line = $0; out = "";
	       while (match(line, /(^|si_pid=)[0-9]+/)) {
		       pre = substr(line, RSTART, RLENGTH); n = pre; sub(/^si_pid=/, "", n);
		       if (!(n in id)) id[n] = "P" (++nid);
		       out = out substr(line, 1, RSTART - 1) substr(pre, 1, length(pre) - length(n)) id[n];
		       line = substr(line, RSTART + RLENGTH) }
	       print out line }'
}

# in $T: the SIGSEGV child may dump core there
(cd "$T" && strace -f -q -o "$T/strace" "$sig" core) || fail "strace of the workload exited $?"
(cd "$T" && "$PERF_BPF" trace -e $CALLS -o "$T/ours" -- "$sig" core >"$T/out" 2>"$T/err") ||
	fail "trace exited $?: $(tail -n 3 "$T/err")"
[ -s "$T/err" ] && fail "trace said something: $(head -n 3 "$T/err")"
strace_lines "$T/strace" >"$T/strace.lines"
ours_lines "$T/ours" >"$T/ours.lines"
[ "$(wc -l <"$T/strace.lines")" -ge 10 ] || fail "strace printed too few signal lines: $(cat "$T/strace.lines")"
diff -u "$T/strace.lines" "$T/ours.lines" || fail "signal and exit lines differ from strace's"
expect_match "a self-sent SIGUSR1" '^P1 --- SIGUSR1 \{si_signo=SIGUSR1, si_code=SI_USER, si_pid=P1, si_uid=0\} ---$' "$(head -n 1 "$T/ours.lines")"
expect_match "the child's exit 3" '^P2 \+\+\+ exited with 3 \+\+\+$' "$(grep -m1 'exited with 3' "$T/ours.lines")"
expect_match "its SIGCHLD" 'si_code=CLD_EXITED, si_pid=P2, si_uid=0, si_status=3, si_utime=0, si_stime=0\} ---$' "$(grep -m1 CLD_EXITED "$T/ours.lines")"
expect_match "the killed child" '^P3 \+\+\+ killed by SIGUSR1 \+\+\+$' "$(grep -m1 'killed by SIGUSR1' "$T/ours.lines")"
# every line is the workload's: no other task's signals or ends
expect_eq "lines of other tasks" "" "$(grep -E ' (---|\+\+\+) ' "$T/ours" | grep -v ' signals/[0-9]* ')"
# a line of its own among the calls, with the call's head: time, no duration, comm/tid
expect_match "the head of a signal line" '^ +[0-9]+\.[0-9]{3} \( {9}\): signals/[0-9]+ --- SIGUSR2 \{' "$(grep -m1 -- '--- SIGUSR2' "$T/ours")"
# the child's exit_group ends with "= ?" before its process's end
expect_match "exit_group before the end" 'exit_group\(error_code: 3\) += \?$' "$(grep -B1 'exited with 3' "$T/ours" | head -n 1)"

# --json: objects of their own type, raw numbers and names
"$PERF_BPF" trace --json -e $CALLS -- "$sig" >"$T/json" 2>"$T/err" || fail "trace --json exited $?: $(tail -n 3 "$T/err")"
expect_match "a signal object" '^\{"type":"signal","time":[0-9]+,"pid":[0-9]+,"tid":[0-9]+,"comm":"signals","cpu":[0-9]+,"signo":17,"signal":"SIGCHLD","si_code":1,"si_code_name":"CLD_EXITED","si_errno":0,"si_pid":[0-9]+,"si_uid":0,"si_status":3,' "$(grep -m1 CLD_EXITED "$T/json")"
# (the task's cgroup last: "cgroup_id" and "cgroup", its path)
expect_match "an exit object" '^\{"type":"exit",.*"status":768,"exit_code":3,"cgroup_id":[0-9]+,"cgroup":("/[^"]*"|null)\}$' "$(grep -m1 '"exit_code":3' "$T/json")"
expect_match "a killed one" '"type":"exit",.*"status":10,"signo":10,"signal":"SIGUSR1","core_dumped":false,"cgroup_id":[0-9]+,"cgroup":("/[^"]*"|null)\}$' "$(grep -m1 '"signal":"SIGUSR1","core' "$T/json")"
if command -v jq >/dev/null; then
	jq -e . "$T/json" >/dev/null || fail "the JSON lines do not parse"
fi

# leaving them out: --no-signals, --no-exits, strace's -e signal=
run() { "$PERF_BPF" trace "$@" -e $CALLS -o "$T/run" -- "$sig" >/dev/null 2>"$T/err" || fail "trace $* exited $?: $(tail -n 3 "$T/err")"; }
run --no-signals
expect_eq "--no-signals: signal lines" 0 "$(grep -c -- ' --- SIG' "$T/run")"
expect_eq "--no-signals: exit lines stay" 4 "$(grep -c ' +++ ' "$T/run")"
run --no-exits
expect_eq "--no-exits: exit lines" 0 "$(grep -c ' +++ ' "$T/run")"
expect_eq "--no-exits: signal lines stay" 8 "$(grep -c -- ' --- SIG' "$T/run")"
run -e signal=none
expect_eq "-e signal=none" 0 "$(grep -c -- ' --- SIG' "$T/run")"
run -e signal=SIGCHLD,segv
expect_eq "-e signal=SIGCHLD,segv" "SIGCHLD SIGSEGV" "$(grep -o -- ' --- SIG[A-Z0-9]*' "$T/run" | sed 's/ --- //' | sort -u | xargs)"
run -e 'signal=!CHLD'
expect_eq "-e signal=!CHLD" "SIGSEGV SIGUSR1 SIGUSR2" "$(grep -o -- ' --- SIG[A-Z0-9]*' "$T/run" | sed 's/ --- //' | sort -u | xargs)"
"$PERF_BPF" trace -e signal=SIGNOPE -- true >/dev/null 2>"$T/err"
expect_eq "an unknown signal: usage" 129 "$?"
expect_match "its error" "^ERROR: unknown signal 'SIGNOPE'" "$(head -n 1 "$T/err")"

# record, then script: the same lines from the file
(cd "$T" && "$PERF_BPF" record -e $CALLS -- "$sig" >/dev/null 2>"$T/err") || fail "record exited $?: $(tail -n 3 "$T/err")"
"$PERF_BPF" script -i "$T/perf.data" >"$T/replay" 2>"$T/err" || fail "script exited $?: $(cat "$T/err")"
[ -s "$T/err" ] && fail "script said something: $(head -n 3 "$T/err")"
ours_lines "$T/replay" >"$T/replay.lines"
strace_lines "$T/strace" | sed 's/ (core dumped)//; s/CLD_DUMPED/CLD_KILLED/' >"$T/strace.nocore"
diff -u "$T/strace.nocore" "$T/replay.lines" || fail "script's signal and exit lines differ from strace's"
"$PERF_BPF" script --no-exits -i "$T/perf.data" >"$T/replay" 2>&1 || fail "script --no-exits exited $?"
expect_eq "script --no-exits" 0 "$(grep -c ' +++ ' "$T/replay")"
exit 0
