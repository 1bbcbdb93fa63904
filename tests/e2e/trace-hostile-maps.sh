#!/usr/bin/env bash
# trace: an ordinary scriptlet's maps that cost without bound before: a histogram whose
# name gives the width 2^64 - 1, and a value that is a union of unions 30 deep (2^31
# members for 4 bytes). Both print at exit, the union cut with "...", and trace ends
# (a hang is the 120 s guard's failure, not a timing).
source "$(dirname "$0")/lib.sh"
need_root

cp "$(workload getppid-loop)" "$T/hostmaps-gl" # a name of its own: other tests call getppid
cat >"$T/deep.c" <<'EOF2'
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

union u0 {
	int a;
	int b;
};
#define U(n, m) union n { union m a; union m b; };
U(u1, u0) U(u2, u1) U(u3, u2) U(u4, u3) U(u5, u4) U(u6, u5) U(u7, u6) U(u8, u7) U(u9, u8)
U(u10, u9) U(u11, u10) U(u12, u11) U(u13, u12) U(u14, u13) U(u15, u14) U(u16, u15)
U(u17, u16) U(u18, u17) U(u19, u18) U(u20, u19) U(u21, u20) U(u22, u21) U(u23, u22)
U(u24, u23) U(u25, u24) U(u26, u25) U(u27, u26) U(u28, u27) U(u29, u28) U(u30, u29)

struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, 4);
	__type(key, __u32);
	__type(value, union u30);
} deep SEC(".maps");
struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, 2);
	__type(key, __u32);
	__type(value, __u64);
} x_lhist_18446744073709551615 SEC(".maps");

SEC("syscalls:sys_enter_getppid")
int on_getppid(void *ctx)
{
	const char want[] = "hostmaps-gl";
	char comm[16];
	union u30 v = {};
	__u32 k, zero = 0, one = 1;
	__u64 *n;

	bpf_get_current_comm(comm, sizeof(comm));
#pragma unroll
	for (int i = 0; i < sizeof(want); i++)
		if (comm[i] != want[i])
			return 0;
	k = 1;
	*(int *)&v = 5;
	bpf_map_update_elem(&deep, &k, &v, BPF_ANY);
	n = bpf_map_lookup_elem(&x_lhist_18446744073709551615, &zero);
	if (n)
		*n = 1;
	n = bpf_map_lookup_elem(&x_lhist_18446744073709551615, &one);
	if (n)
		*n = 1;
	return 0;
}
char _license[] SEC("license") = "GPL";
EOF2

timeout -k 10 120 "$PERF_BPF" trace -e "$T/deep.c" -- "$T/hostmaps-gl" 3 >"$T/out" 2>"$T/err"
rc=$?
{ [ $rc = 124 ] || [ $rc = 137 ]; } && fail "trace did not end in 120 s"
[ $rc = 0 ] || fail "trace exited $rc: $(tail -3 "$T/err")"
grep -qE 'Sanitizer|runtime error:' "$T/err" && fail "$(cat "$T/err")"
grep -q '^@deep\[1\]: a={a={a={.*a=5 b=5.*\.\.\.' "$T/out" || fail "no deep value: $(head -c 300 "$T/out")"
[ "$(grep '^@deep' "$T/out" | wc -c)" -lt 16384 ] || fail "the deep value takes $(grep '^@deep' "$T/out" | wc -c) bytes"
grep -q '^@x_lhist_18446744073709551615:$' "$T/out" || fail "no histogram: $(cat "$T/out")"
expect_match "the first bucket" '^\[0, 18446744073709551615\) +1 \|@{50}\|$' "$(grep '^\[0,' "$T/out")"
expect_match "the second bucket" '^\[1, 18446744073709551615\) +1 \|@{50}\|$' "$(grep '^\[1,' "$T/out")"
exit 0
