#!/usr/bin/env bash
# trace: a perf-era kprobe section on a kernel without kprobes fails with one clear line
source "$(dirname "$0")/lib.sh"
need_root
[ -e /sys/bus/event_source/devices/kprobe ] && skip "this kernel has kprobes (tested in the kernel lane)"

"$PERF_BPF" trace -e "$TOP/examples/test_bpf_trace.c" -- true >"$T/out" 2>"$T/err"
expect_eq "status" 1 $?
grep -q "^ERROR: program 'func_begin' in '.*test_bpf_trace.c': section 'func_begin=sys_nanosleep' needs kprobes, which this kernel lacks (CONFIG_KPROBES)$" "$T/err" ||
	fail "message: $(cat "$T/err")"
expect_eq "lines on stderr" 2 "$(wc -l <"$T/err")"
