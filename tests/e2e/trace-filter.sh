#!/usr/bin/env bash
# trace: a tracepoint program is a filter: returning 1 on every other hit keeps half the samples
source "$(dirname "$0")/lib.sh"
need_root

"$PERF_BPF" trace -e "$TOP/tests/fixtures/bpf/filter-half.c" -- "$(workload getppid-loop)" 20 \
	>"$T/out" 2>"$T/err" || fail "trace exited $? ($(cat "$T/err"))"
expect_eq "tracepoint samples" 10 "$(grep -c 'syscalls:sys_enter_getppid:' "$T/out")"
