#!/usr/bin/env bash
# compile: hello.c and a vmlinux.h program become BPF ELF objects, silently; --json describes it
source "$(dirname "$0")/lib.sh"

command -v clang >/dev/null || skip "clang is not installed"
command -v readelf >/dev/null || skip "readelf (binutils) is not installed"

is_bpf_elf() { # FILE
	readelf -h "$1" 2>/dev/null | grep -Eq 'Machine:[[:space:]]+Linux BPF'
}

cd "$T" || fail "cd $T"

# Default output: the basename with .o, in the current directory; nothing printed.
out=$("$PERF_BPF" compile "$TOP/examples/hello.c" 2>&1) || fail "compile hello.c: $out"
expect_eq "output of a successful compile" "" "$out"
[ -s hello.o ] || fail "hello.o was not written in the current directory"
is_bpf_elf hello.o || fail "hello.o is not a BPF ELF object: $(file hello.o)"
readelf -S hello.o | grep -q '__bpf_stdout__\|\.maps' || fail "hello.o has no .maps section"

# A program that includes vmlinux.h (generated from the kernel's BTF) and perf's macros.
[ -r /sys/kernel/btf/vmlinux ] || skip "no /sys/kernel/btf/vmlinux on this kernel"
cat >"$T/task.c" <<'PROG'
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>

#if !defined(__NR_CPUS__) || !defined(LINUX_VERSION_CODE) || !defined(__KERNEL__)
#error perf's macros are missing
#endif

SEC("raw_tracepoint/sched_process_exec")
int on_exec(struct bpf_raw_tracepoint_args *ctx)
{
	struct task_struct *t = (struct task_struct *)bpf_get_current_task();

	bpf_printk("exec on one of %d CPUs, pid %d", __NR_CPUS__, t->pid);
	return 0;
}

char _license[] SEC("license") = "GPL";
__u32 _version SEC("version") = LINUX_VERSION_CODE;
PROG
out=$("$PERF_BPF" compile "$T/task.c" -o "$T/sub.o" 2>&1) || fail "compile task.c: $out"
expect_eq "output of a successful compile" "" "$out"
is_bpf_elf "$T/sub.o" || fail "sub.o is not a BPF ELF object"
# The version section holds the running kernel's LINUX_VERSION_CODE.
IFS=. read -r maj min patch _ <<<"$(uname -r | sed 's/[^0-9.].*//')"
want=$(printf '%08x' $(((maj << 16) | (min << 8) | (${patch:-0} > 255 ? 255 : ${patch:-0}))))
got=$(readelf -x version "$T/sub.o" | awk '/0x0/ {print $2}')
got_le=${got:6:2}${got:4:2}${got:2:2}${got:0:2}
expect_eq "LINUX_VERSION_CODE in the version section" "$want" "$got_le"

# It used the precompiled vmlinux.h, kept in the cache; a cold compile builds the same object.
json=$("$PERF_BPF" compile --json --no-cache "$T/task.c" -o "$T/again.o") || fail "compile again"
echo "$json" | python3 -c 'import json, sys; assert json.load(sys.stdin)["precompiled_vmlinux_h"]' ||
	fail "the precompiled vmlinux.h was not used: $json"
ls "$XDG_CACHE_HOME"/perf-bpf/vmlinux-*/vmlinux.h >/dev/null || fail "no vmlinux.h in the cache"
cmp -s "$T/sub.o" "$T/again.o" || fail "the second cold compile built another object"

# --json: one pretty document with the fields the man page lists.
json=$("$PERF_BPF" compile --json "$TOP/examples/hello.c" -o "$T/j.o") || fail "compile --json"
echo "$json" | python3 -c '
import json, sys
d = json.load(sys.stdin)
for k in ("source", "output", "size", "cache_hit", "cache_dir", "key", "command", "seconds"):
    assert k in d, k
assert d["cache_hit"] is True, d
assert d["output"].endswith("j.o")
' || fail "--json output: $json"
echo ok
