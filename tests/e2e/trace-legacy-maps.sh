#!/usr/bin/env bash
# trace: a perf-era scriptlet (struct bpf_map_def SEC("maps"), helpers as BPF_FUNC_ pointers) runs unchanged
source "$(dirname "$0")/lib.sh"
need_root

"$PERF_BPF" trace -e "$TOP/examples/tp_bpf_trace.c" -- sleep 0.01 >"$T/out" 2>"$T/err" ||
	fail "trace exited $? ($(cat "$T/err"))"
expect_eq "outputs" 2 "$(grep -c 'BPF string: "Raise a BPF event!"' "$T/out")"
# it returns 1: the tracepoints' own samples are kept
grep -q 'syscalls:sys_enter_clock_nanosleep: ' "$T/out" || fail "no tracepoint sample: $(cat "$T/out")"
