#!/usr/bin/env bash
# filter programs: nothing is sampled between opening a program's event and attaching the program (tracepoint and probe sections, -a)
source "$(dirname "$0")/lib.sh"
need_root
need_testbuild

# PERF_BPF_TEST_BEFORE_ATTACH runs its program in that window: its hits must not show
target=$T/target
cp "$(workload uprobe-target)" "$target"
cat >"$T/hook" <<EOS
#!/bin/sh
"$target" 5 && "$(workload getppid-loop)" 5 && touch "$T/hook-ran"
EOS
chmod +x "$T/hook"
cat >"$T/drop.c" <<EOC
#include <linux/bpf.h>
#define SEC(NAME) __attribute__((section(NAME), used))
SEC("syscalls:sys_enter_getppid")
int drop_tp(void *ctx)
{
	return 0;
}
SEC("exec=$target;drop=perf_bpf_target")
int drop_probe(void *ctx)
{
	return 0;
}
char _license[] SEC("license") = "GPL";
EOC
PERF_BPF_TEST_BEFORE_ATTACH=$T/hook "$PERF_BPF_TESTBUILD" trace -a -e "$T/drop.c" -- true >"$T/out" 2>"$T/err" ||
	fail "trace exited $? ($(cat "$T/err"))"
expect_eq "stderr" "" "$(cat "$T/err")"
expect_eq "tracepoint samples" 0 "$(grep -c 'syscalls:sys_enter_getppid' "$T/out")"
expect_eq "probe samples" 0 "$(grep -c 'perf_bpf_probe:drop' "$T/out")"
[ -e "$T/hook-ran" ] || fail "the hook did not run"
exit 0
