#!/usr/bin/env bash
# trace: two runs at once, each with a program that prints on the same task's getppid: the
# kernel writes every bpf_printk line into every instance, and each run shows the lines of
# its own program only, told by the kernel stack after each line. A run in a pid namespace of
# its own shows its lines too (tracefs names their tasks by the initial namespace's pids).
source "$(dirname "$0")/lib.sh"
need_root
[ -d /sys/kernel/tracing/instances ] || skip "no tracefs instances"
cd "$T" || fail "no temp dir"
NAME=chanrun$$
NAME=${NAME:0:15}
cp "$(workload getppid-loop)" "$NAME" || fail "no workload"
W=$T/$NAME

for who in A B; do
	cat >"$who.c" <<EOF2
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>
SEC("syscalls:sys_enter_getppid")
int printk_$who(void *ctx)
{
	char comm[16];

	bpf_get_current_comm(comm, sizeof(comm));
	if (comm[0] != 'c' || comm[1] != 'h' || comm[2] != 'a' || comm[3] != 'n' || comm[4] != 'r')
		return 0; /* the test's workload only */
	bpf_printk("line of $who");
	return 0;
}
char _license[] SEC("license") = "GPL";
EOF2
done

# A: every task; its program attached once one of its lines is shown
"$PERF_BPF" trace -a -e A.c >a.out 2>a.err &
pa=$!
on_exit "kill -KILL $pa 2>/dev/null"
for _ in $(seq 600); do
	grep -q 'line of A' a.out && break
	kill -0 $pa 2>/dev/null || fail "A exited: $(cat a.err)"
	"$W" 1
	sleep 0.1
done
grep -q 'line of A' a.out || fail "A never showed a line: $(cat a.err)"
# B: its workload, three getppid calls that both programs print on
"$PERF_BPF" trace -e B.c -- "$W" 3 >b.out 2>b.err || fail "B exited $?: $(cat b.err)"
kill -INT $pa
wait $pa || fail "A exited $? on SIGINT: $(cat a.err)"
expect_eq "B's lines in B" 3 "$(grep -c 'line of B' b.out)"
expect_eq "A's lines in B" 0 "$(grep -c 'line of A' b.out)"
expect_eq "B's lines in A" 0 "$(grep -c 'line of B' a.out)"

command -v unshare >/dev/null || fail "no unshare"
unshare -p -f --mount-proc "$PERF_BPF" trace -e B.c -- "$W" 3 >ns.out 2>ns.err ||
	fail "the run in a pid namespace exited $?: $(cat ns.err)"
expect_eq "lines of a run in a pid namespace" 3 "$(grep -c 'line of B' ns.out)"
exit 0
