#!/usr/bin/env bash
# probe kprobe: without kprobes and without fentry, a kprobe section fails with one CONFIG_KPROBES line (the lane tests the rest)
source "$(dirname "$0")/lib.sh"
need_root

if [ -e /sys/bus/event_source/devices/kprobe ] || [ -e /sys/kernel/tracing/kprobe_events ]; then
	skip "this kernel has kprobes: tests/kernel-lane/guest/probe-*.sh cover them"
fi
cat >"$T/kp.c" <<'EOC'
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>
SEC("kp_args=do_sys_openat2 dfd how->flags")
int kp_args(void *ctx, int err, unsigned long dfd, unsigned long flags)
{
	return 0;
}
char _license[] SEC("license") = "GPL";
EOC
"$PERF_BPF" trace -e "$T/kp.c" -- true >"$T/out" 2>"$T/err"
rc=$?
# where fentry works, the section attaches there instead
if [ $rc = 0 ]; then
	"$PERF_BPF" trace -v -e "$T/kp.c" -- true 2>&1 | grep -q "attached through fentry instead of kprobes" ||
		fail "trace succeeded without kprobes, but not through fentry"
	skip "no kprobes, but fentry works: the section attached there"
fi
expect_eq "exit status" 1 $rc
cat >"$T/want" <<EOW
ERROR: program 'kp_args' in '$T/kp.c': section 'kp_args=do_sys_openat2 dfd how->flags' needs kprobes, which this kernel lacks (CONFIG_KPROBES)
Hint: attach to a tracepoint instead, e.g. SEC("syscalls:sys_enter_nanosleep")
EOW
expect_file_eq "$T/want" "$T/err"
expect_eq "stdout" "" "$(cat "$T/out")"
# -v says why fentry could not stand in
"$PERF_BPF" trace -v -e "$T/kp.c" -- true >"$T/out" 2>"$T/err"
expect_match "why not fentry" "fentry/fexit, which could replace them, failed too: " "$(cat "$T/err")"
exit 0
