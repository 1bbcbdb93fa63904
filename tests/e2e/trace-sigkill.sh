#!/usr/bin/env bash
# trace: after kill -9 no BPF program, link or perf event of perf-bpf remains (all held by fd)
source "$(dirname "$0")/lib.sh"
need_root

"$PERF_BPF" trace -a -e "$TOP/tests/fixtures/bpf/getppid-hello.c" -e syscalls:sys_enter_getpgid \
	>/dev/null 2>&1 &
pid=$!
on_exit "kill -9 $pid 2>/dev/null" # a failed wait must not leave a tracer of every task behind
for _ in $(seq 600); do
	[ "$(bpf_prog_count hello_getppid)" -gt 0 ] && break
	sleep 0.1
done
[ "$(bpf_prog_count hello_getppid)" -gt 0 ] || fail "the program never loaded"
kill -9 $pid
wait $pid 2>/dev/null
wait_prog_gone hello_getppid || fail "the program outlived kill -9"
# the tracepoint event that held it is gone too: its program list no longer has it
bpftool_show perf | grep -q "pid $pid " && fail "a perf event of the killed process remains"
exit 0
