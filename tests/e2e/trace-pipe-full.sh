#!/usr/bin/env bash
# trace into a pipe whose reader never reads: once the pipe is full, INT ends the run
source "$(dirname "$0")/lib.sh"
need_root
command -v python3 >/dev/null || skip "no python3 (to see the pipe fill)"

cd "$T" || fail "no temp dir"
mkfifo out
exec 8<>out # the reader: holds the pipe, never reads
"$PERF_BPF" trace -e syscalls:sys_enter_getppid -- "$(workload getppid-loop)" 1000000000 \
	>out 2>err &
pid=$!
on_exit "pkill -9 -P $pid 2>/dev/null; kill -9 $pid 2>/dev/null" # the workload too, on failure
wait_pipe_full 8 # trace then waits for room
kill -INT "$pid"
for _ in $(seq 600); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
kill -0 "$pid" 2>/dev/null && fail "trace still blocked on the full pipe after SIGINT"
wait "$pid" 2>/dev/null
expect_eq "status" 1 "$?"
grep -q "^ERROR: tracing stopped: stdout is a full pipe and a stop signal came$" err ||
	fail "error: $(cat err)"
exit 0
