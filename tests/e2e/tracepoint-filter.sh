#!/usr/bin/env bash
# --filter EXPR: the kernel's filter on the tracepoints of the -e before it, as perf's, in
# trace and record (stock perf script reads the file); a filter the kernel refuses is one
# ERROR with the kernel's reason and a Hint naming the fields; misplaced ones are misuse
source "$(dirname "$0")/lib.sh"
need_root
loop=$(workload umask-loop) # umask(022) N times: mask is 18
tracing=/sys/kernel/tracing
[ -d $tracing/events ] || tracing=/sys/kernel/debug/tracing

count() { grep -c 'sys_enter_umask:' "$1"; }

"$PERF_BPF" trace -e syscalls:sys_enter_umask --filter 'mask == 18' -- "$loop" 5 >"$T/on" 2>"$T/err" ||
	fail "trace --filter exited $? ($(cat "$T/err"))"
expect_eq "trace, mask == 18: lines" 5 "$(count "$T/on")"
"$PERF_BPF" trace -e 'syscalls:sys_enter_umas*' --filter 'mask != 18' -e syscalls:sys_enter_getppid \
	-- "$loop" 5 >"$T/off" 2>"$T/err" || fail "trace --filter exited $? ($(cat "$T/err"))"
expect_eq "trace, mask != 18 on a glob: lines" 0 "$(count "$T/off")"
"$PERF_BPF" record -q -o "$T/f.data" -e syscalls:sys_enter_umask --filter 'mask == 18' \
	-e syscalls:sys_exit_umask --filter 'ret > 1000' -- "$loop" 3 || fail "record --filter exited $?"
"$PERF_BPF" script -i "$T/f.data" >"$T/script"
expect_eq "record --filter: enter lines" 3 "$(count "$T/script")"
expect_eq "record --filter: exit lines" 0 "$(grep -c 'sys_exit_umask:' "$T/script")"
if command -v perf >/dev/null; then
	perf script -i "$T/f.data" >"$T/stock" 2>/dev/null
	expect_eq "stock perf script: enter lines" 3 "$(count "$T/stock")"
fi

# refused by the kernel: its reason, the fields, nothing left in tracefs
"$PERF_BPF" trace -e syscalls:sys_enter_umask --filter 'maks == 18' -- "$loop" >"$T/out" 2>"$T/err"
expect_eq "bad field: status" 1 $?
expect_eq "bad field: ERROR" \
	"ERROR: bad filter 'maks == 18' for syscalls:sys_enter_umask: Field not found (column 6)" \
	"$(head -1 "$T/err")"
expect_match "bad field: Hint" '^Hint: syscalls:sys_enter_umask has the fields __syscall_nr, mask ' \
	"$(sed -n 2p "$T/err")"
expect_eq "bad field: lines on stderr" 2 "$(wc -l <"$T/err")"
for left in "$tracing"/instances/perf-bpf-filter-*; do
	[ -e "$left" ] && fail "an instance was left in tracefs: $left"
done
"$PERF_BPF" record -o "$T/bad.data" -e syscalls:sys_enter_umask --filter 'mask ==' -- "$loop" \
	>"$T/out" 2>"$T/err"
expect_eq "record, bad filter: status" 1 $?
expect_match "record, bad filter: ERROR" "^ERROR: bad filter 'mask ==' for syscalls:sys_enter_umask: " \
	"$(head -1 "$T/err")"

# misplaced: usage errors before anything is made
misuse() {
	"$PERF_BPF" "$@" >"$T/out" 2>"$T/err"
	expect_eq "$*: status" 129 $?
	head -1 "$T/err"
}
expect_eq "--filter first" "ERROR: --filter applies to the -e before it: give -e TRACEPOINT --filter 'mask == 18'" \
	"$(misuse trace --filter 'mask == 18' -e syscalls:sys_enter_umask -- true)"
expect_eq "--filter after a counter" "ERROR: --filter applies to tracepoints, and 'cpu-clock' is no tracepoint" \
	"$(misuse record -o "$T/x.data" -e cpu-clock --filter 'mask == 18' -- true)"
expect_eq "--filter after system calls" \
	"ERROR: --filter applies to tracepoints, and the -e before --filter 'fd == 3' names system calls" \
	"$(misuse trace -e close --filter 'fd == 3' -- true)"
[ -e "$T/x.data" ] && fail "a misused --filter made a file"
exit 0
