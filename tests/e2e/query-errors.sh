#!/usr/bin/env bash
# query errors: unknown tracepoint (message, hint, exit 1), usage errors (129), no privilege
source "$(dirname "$0")/lib.sh"
need_root

"$PERF_BPF" query nosuchsys:nosuchevent >"$T/out" 2>"$T/err"
expect_eq "exit status, unknown tracepoint" 1 $?
expect_eq "stderr" "ERROR: cannot query 'nosuchsys:nosuchevent': no such tracepoint" "$(head -1 "$T/err")"
expect_match "hint" "^Hint: .*perf list tracepoint" "$(sed -n 2p "$T/err")"
[ ! -s "$T/out" ] || fail "stdout not empty: $(cat "$T/out")"

"$PERF_BPF" query 'sched:nosuch*' 2>"$T/err"
expect_eq "exit status, pattern matching nothing" 1 $?
grep -q "^ERROR: cannot query 'sched:nosuch\*': no such tracepoint" "$T/err" || fail "$(cat "$T/err")"

"$PERF_BPF" query 2>"$T/err"
expect_eq "exit status, no operand" 129 $?
"$PERF_BPF" query --all sched:sched_switch 2>"$T/err"
expect_eq "exit status, --all with a tracepoint" 129 $?
"$PERF_BPF" query 'sched:' 2>"$T/err"
expect_eq "exit status, malformed name" 129 $?
"$PERF_BPF" query --bogus 2>"$T/err"
expect_eq "exit status, unknown option" 129 $?
# --stats [SECONDS]: SECONDS is the next word if it is a number, or attached with '='
"$PERF_BPF" query --stats sched:sched_switch 2 2>"$T/err"
expect_eq "exit status, SECONDS after the tracepoint" 129 $?
expect_eq "stderr, SECONDS after the tracepoint" \
	"ERROR: '2' is not a tracepoint: SECONDS goes right after --stats" "$(head -1 "$T/err")"
"$PERF_BPF" query --all --stats 0 2>"$T/err"
expect_eq "exit status, --stats 0" 129 $?
expect_eq "stderr, --stats 0" "ERROR: --stats needs SECONDS in (0, 3600], not '0'" \
	"$(head -1 "$T/err")"
"$PERF_BPF" query --all --stats=abc 2>"$T/err"
expect_eq "exit status, --stats=abc" 129 $?
"$PERF_BPF" query -h >"$T/help"
expect_eq "exit status, -h" 0 $?
grep -q '^usage: perf-bpf query' "$T/help" || fail "help: $(cat "$T/help")"

# without capabilities: the missing one is named
command -v setpriv >/dev/null || skip "setpriv not installed (privilege case untested)"
setpriv --inh-caps=-all --ambient-caps=-all --bounding-set=-all -- \
	"$PERF_BPF" query syscalls:sys_enter_getppid 2>"$T/err"
expect_eq "exit status, no capabilities" 1 $?
expect_match "privilege message" "^ERROR: cannot query .*CAP_PERFMON.*CAP_SYS_ADMIN" "$(head -1 "$T/err")"
exit 0
