#!/usr/bin/env bash
# record -o FIFO whose reader never reads: once the pipe is full, INT ends the run all the same
source "$(dirname "$0")/lib.sh"
need_root
command -v python3 >/dev/null || skip "no python3 (to see the pipe fill)"

cd "$T" || fail "no temp dir"
mkfifo out
exec 8<>out # the reader: holds the pipe, never reads
"$PERF_BPF" record -q -o out -e syscalls:sys_enter_getppid -- "$(workload getppid-loop)" 1000000000 \
	2>err &
pid=$!
on_exit "pkill -9 -P $pid 2>/dev/null; kill -9 $pid 2>/dev/null" # the workload too, on failure
wait_pipe_full 8 # the writer then waits for room
kill -INT "$pid"
for _ in $(seq 600); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
kill -0 "$pid" 2>/dev/null && fail "record still blocked on the full pipe after SIGINT"
wait "$pid" 2>/dev/null
status=$?
expect_eq "status" 1 "$status"
expect_match "error" "^ERROR: stopped by a signal while waiting for a reader of 'out'$" "$(cat err)"
exit 0
