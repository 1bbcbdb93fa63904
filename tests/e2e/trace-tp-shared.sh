#!/usr/bin/env bash
# A program on a tracepoint that a plain -e event samples too: the kernel drops the event's
# sample of every hit the program returns 0 for, so trace and record say so, once per pair,
# in a warning line naming both and a Hint; perf-style and libbpf sections alike, not for a
# program elsewhere or one that filters nothing (raw_tp).
source "$(dirname "$0")/lib.sh"
need_root
cd "$T" || fail "no temp dir"
W=$(workload getppid-loop)

prog() { # FILE SECTION [RETURN]
	cat >"$1" <<SRC
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>
SEC("$2")
int drop_all(void *ctx)
{
	return ${3:-0};
}
char _license[] SEC("license") = "GPL";
SRC
}
prog perf.c syscalls:sys_enter_getppid
prog tp.c tp/syscalls/sys_enter_getppid
prog other.c syscalls:sys_enter_getpid
prog raw.c raw_tp/sys_enter
prog keep.c syscalls:sys_enter_getppid 1

warned() { # FILE EVENT: stderr's warning and Hint lines
	grep -E '^(Warning|Hint): ' err >w
	expect_eq "warning lines of $1" 2 "$(wc -l <w)"
	expect_eq "warning of $1" "Warning: program 'drop_all' in '$1' filters event '$2' too: the kernel drops the event's sample of every hit the program returns 0 for" \
		"$(sed -n 1p w)"
	expect_eq "Hint of $1" "Hint: return 1 from 'drop_all' to keep them, or attach it with SEC(\"raw_tp/sys_enter\"), which filters nothing" \
		"$(sed -n 2p w)"
}

for f in perf.c tp.c; do
	"$PERF_BPF" trace -e syscalls:sys_enter_getppid -e "$f" -- "$W" 2 >out 2>err ||
		fail "trace with $f exited $? ($(cat err))"
	expect_eq "stderr lines of $f" 2 "$(wc -l <err)"
	warned "$f" syscalls:sys_enter_getppid
done
# the program first, the event after it, as a glob
"$PERF_BPF" record -o r.data -e perf.c -e 'syscalls:sys_enter_getppi*' -- "$W" 2 >out 2>err ||
	fail "record exited $? ($(cat err))"
warned perf.c syscalls:sys_enter_getppid
# -q keeps errors only
"$PERF_BPF" trace -q -e syscalls:sys_enter_getppid -e perf.c -- "$W" 2 >out 2>err
[ -s err ] && fail "-q printed: $(cat err)"

# no warning: the program elsewhere, one that filters nothing or keeps every sample, no plain
# event
for f in other.c raw.c keep.c; do
	"$PERF_BPF" trace -e syscalls:sys_enter_getppid -e "$f" -- "$W" 2 >out 2>err ||
		fail "trace with $f exited $? ($(cat err))"
	[ -s err ] && fail "$f: stderr: $(cat err)"
	# keep.c's own event samples the 2 calls too
	n=2 && [ "$f" = keep.c ] && n=4
	expect_eq "samples beside $f" $n "$(grep -c ' syscalls:sys_enter_getppid:' out)"
done
"$PERF_BPF" trace -e perf.c -- "$W" 2 >out 2>err || fail "trace of perf.c alone exited $? ($(cat err))"
[ -s err ] && fail "perf.c alone: stderr: $(cat err)"
exit 0
