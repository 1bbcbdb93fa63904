#!/usr/bin/env bash
# trace: SIGINT stops a system-wide trace after draining the rings; nothing stays loaded
source "$(dirname "$0")/lib.sh"
need_root

"$PERF_BPF" trace -a -e "$TOP/tests/fixtures/bpf/getppid-hello.c" >"$T/out" 2>"$T/err" &
pid=$!
for _ in $(seq 50); do # wait until the program is attached
	[ "$(bpf_prog_count hello_getppid)" -gt 0 ] && break
	sleep 0.1
done
"$(workload getppid-loop)" 5
kill -INT $pid
wait $pid
rc=$?
expect_eq "exit status after SIGINT" 0 $rc
[ "$(grep -c 'BPF string: "hello"' "$T/out")" -ge 5 ] || fail "outputs lost at SIGINT: $(cat "$T/out")"
wait_prog_gone hello_getppid || fail "the program stayed loaded after exit"
