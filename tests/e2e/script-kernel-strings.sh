#!/usr/bin/env bash
# script: tracepoints that print kernel strings by address (printk formats) and the idle task match perf script
source "$(dirname "$0")/lib.sh"
need_root
command -v perf >/dev/null || skip "no stock perf to compare with"
[ -d /sys/kernel/tracing/events/rcu/rcu_utilization ] || skip "no rcu:rcu_utilization tracepoint"

perf record -q -o "$T/rcu.data" -e rcu:rcu_utilization -a -- sleep 0.2 >/dev/null 2>"$T/perf.err" ||
	fail "stock perf record failed: $(cat "$T/perf.err")"
perf script -i "$T/rcu.data" >"$T/theirs" 2>/dev/null
"$PERF_BPF" script -i "$T/rcu.data" >"$T/ours" 2>"$T/err" || fail "perf-bpf script: $(cat "$T/err")"
grep -q 'rcu:rcu_utilization: Start context switch' "$T/ours" || fail "kernel strings not resolved"
expect_file_eq "$T/theirs" "$T/ours"
