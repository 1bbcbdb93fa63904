#!/usr/bin/env bash
# record: kill -9 in the middle of a busy recording leaves a file both readers read; nothing leaks
source "$(dirname "$0")/lib.sh"
need_root

"$(workload getppid-loop)" 200000000 &
busy=$!
on_exit "kill $busy 2>/dev/null"
"$PERF_BPF" record -a -o "$T/cut.data" -e "$TOP/tests/fixtures/bpf/getppid-hello.c" >/dev/null 2>&1 &
rec=$!
for _ in $(seq 100); do # until a few rounds are on disk
	[ "$(stat -c %s "$T/cut.data" 2>/dev/null || echo 0)" -gt 200000 ] && break
	sleep 0.1
done
kill -9 $rec
wait $rec 2>/dev/null
kill $busy
# count sample lines: the kernel skips a raw record's padding without zeroing it, so not
# every sample has a BPF string line
n=$("$PERF_BPF" script -i "$T/cut.data" 2>"$T/err" | grep -ac ' __bpf_stdout__: ')
[ "$n" -gt 0 ] || fail "perf-bpf script read nothing: $(cat "$T/err")"
if command -v perf >/dev/null; then
	m=$(perf script -i "$T/cut.data" 2>/dev/null | grep -ac ' __bpf_stdout__: ')
	[ "$m" -gt 0 ] || fail "stock perf script read nothing"
	expect_eq "samples read by both" "$n" "$m"
	expect_eq "samples counted by perf report --stats" "$n" "$(report_samples "$T/cut.data" __bpf_stdout__)"
	perf evlist -i "$T/cut.data" 2>/dev/null | grep -qx "syscalls:sys_enter_getppid" ||
		fail "perf evlist does not name the tracepoint: $(perf evlist -i "$T/cut.data" 2>&1)"
fi
wait_prog_gone hello_getppid || fail "the program outlived kill -9"
