#!/usr/bin/env bash
# The first run of a vmlinux.h source on an empty cache compiles against vmlinux.h cut to the
# types the source can name (a pointer member's struct, an anonymous enum's constant, a
# typedef): its output is a warm run's (whole vmlinux.h, precompiled). A source the cut cannot
# compile (a type name built by the preprocessor), or one clang warns about, is compiled again
# with the whole header: the same output, and only that compile's diagnostics, as a warm run
# shows them; a real error is said once.
source "$(dirname "$0")/lib.sh"
need_root
command -v clang >/dev/null || skip "clang is not installed"
[ -r /sys/kernel/btf/vmlinux ] || skip "no kernel BTF: no vmlinux.h"
cd "$T" || fail "cd $T"
cp "$(workload getppid-loop)" fcutwl || fail "cannot copy the workload"

# prog NAME CTX-TYPE [EXTRA]: one typed record per getppid of the workload
prog() {
	cat >"$1.c" <<EOF
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_core_read.h>
#define RAW(name) struct trace_event_raw_##name
struct {
	__uint(type, BPF_MAP_TYPE_PERF_EVENT_ARRAY);
	__uint(key_size, sizeof(int));
	__uint(value_size, sizeof(int));
} __bpf_stdout__ SEC(".maps");
struct event {
	u32 any, cpu_flag, has_mm, has_parent;
	long id;
};
SEC("tp/syscalls/sys_enter_getppid")
int prog($2 *ctx)
{
	struct task_struct *task = (struct task_struct *)bpf_get_current_task();
	struct event e = { .any = BPF_ANY, .cpu_flag = BPF_F_CURRENT_CPU == 0xffffffffULL };
	char comm[TASK_COMM_LEN] = {};

	bpf_get_current_comm(comm, sizeof(comm));
	if (comm[0] != 'f' || comm[1] != 'c' || comm[2] != 'u' || comm[3] != 't')
		return 0;
	e.has_mm = BPF_CORE_READ(task, mm, arg_start) != 0;
	e.has_parent = BPF_CORE_READ(task, real_parent, tgid) > 0;
	e.id = sizeof(*ctx); /* a type the cut may lack (RAW) must be whole */
	${3:-}
	bpf_perf_event_output(ctx, &__bpf_stdout__, BPF_F_CURRENT_CPU, &e, sizeof(e));
	return 0;
}
char _license[] SEC("license") = "GPL";
EOF
}
prog chain "struct trace_event_raw_sys_enter"
prog pasted "RAW(sys_enter)"
prog warned "struct trace_event_raw_sys_enter" 'int *p = &e.id; (void)p;'
prog broken "struct trace_event_raw_sys_enter" 'e.any = no_such_name;'

records() { sed -n 's/.*__bpf_stdout__: //p' "$1"; }
# wait_pch CACHE: the end of the builder a first run left (no time is asserted): nothing of
# it runs on into what comes next
wait_pch() {
	for _ in $(seq 600); do
		[ -n "$(find "$1" -name '*.pch')" ] && [ -z "$(find "$1" -name '*.tmp*')" ] && return 0
		sleep 0.1
	done
	fail "no precompiled vmlinux.h in $1 after 60 s"
}
# run NAME FIRST|WARM [-v]: on an empty cache, or on one with the precompiled header only
run() {
	local c=$T/cache-$1-$2 s
	rm -rf "$c"
	if [ "$2" = WARM ]; then
		cp -a "$T/warm" "$c" || fail "no warm cache"
	fi
	XDG_CACHE_HOME=$c "$PERF_BPF" trace ${3:-} -e "$1.c" -- ./fcutwl 3 >"$1.$2" 2>"$1.$2.err"
	s=$?
	[ "$2" = FIRST ] && [ $s = 0 ] && wait_pch "$c"
	return $s
}

# the warm cache: vmlinux.h and its precompiled header built, no object
XDG_CACHE_HOME=$T/warm "$PERF_BPF" trace -e chain.c -- true >/dev/null 2>&1 ||
	fail "no first run to warm the cache with"
wait_pch "$T/warm"
rm -f "$T"/warm/perf-bpf/obj-*

for p in chain pasted warned; do
	run $p FIRST -v || fail "$p, first run: $(cat $p.FIRST.err)"
	run $p WARM || fail "$p, warm run: $(cat $p.WARM.err)"
	grep -q "clang command: .*-include-pch" $p.FIRST.err && fail "$p: the first run used the header"
	expect_eq "$p: records" 3 "$(records $p.FIRST | wc -l)"
	expect_eq "$p: the first run's records" "$(records $p.WARM)" "$(records $p.FIRST)"
done
expect_eq "a record" "any=0 cpu_flag=1 has_mm=1 has_parent=1 id=64" "$(records chain.WARM | head -1)"
grep -q "vmlinux.h cut to" chain.FIRST.err || fail "chain: no cut vmlinux.h: $(cat chain.FIRST.err)"
grep -q "compiling again with the whole" chain.FIRST.err && fail "chain: the cut one was not enough"
for p in pasted warned; do
	grep -q "compiling again with the whole vmlinux.h" $p.FIRST.err ||
		fail "$p: the cut vmlinux.h was enough: $(cat $p.FIRST.err)"
done

# what the user sees: the whole header's compile only, as a warm run shows it
for p in pasted warned broken; do
	run $p FIRST
	s=$?
	run $p WARM
	expect_eq "$p: status" "$?" "$s"
	expect_file_eq $p.WARM.err $p.FIRST.err
done
expect_eq "pasted: stderr" "" "$(cat pasted.FIRST.err)"
expect_eq "warned: clang's warnings" 1 "$(grep -c 'warning: incompatible pointer types' warned.FIRST.err)"
expect_eq "broken: clang's errors" 1 "$(grep -c "error: use of undeclared identifier 'no_such_name'" broken.FIRST.err)"
grep -q "^ERROR: unable to compile broken.c" broken.FIRST.err || fail "broken: $(cat broken.FIRST.err)"
exit 0
