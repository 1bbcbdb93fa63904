#!/usr/bin/env bash
# libbpf-style sources (vmlinux.h, bpf_tracing.h, BPF_PROG/BPF_KPROBE/BPF_KSYSCALL, PT_REGS_*,
# __sync_fetch_and_add's result) compile and run as they are; sections this kernel cannot
# attach say so in one line and a Hint; object warnings are one line each.
source "$(dirname "$0")/lib.sh"
need_root
F=$TOP/tests/fixtures/libbpf
W=$(workload getppid-loop)

# PT_REGS_PARM1_CORE needs __TARGET_ARCH_x86, a used 32-bit fetch-and-add -mcpu=v3; the
# program counts the calls of tasks of this name only
cp "$W" "$T/lbsyscnt" || fail "cannot copy the workload"
"$PERF_BPF" trace -e "$F/syscount.bpf.c" -- "$T/lbsyscnt" 3 >"$T/out" 2>"$T/err" ||
	fail "syscount: exit $? ($(cat "$T/err"))"
[ -s "$T/err" ] && fail "syscount: stderr: $(cat "$T/err")"
expect_eq "records" 3 "$(grep -c '__bpf_stdout__:' "$T/out")"
# typed as the object's struct event (its __bpf_stdout__ names no type)
for n in 1 2 3; do
	grep -q "__bpf_stdout__: n=$n pad=0 arg=[0-9]* tgid=[0-9]* pad2=0$" "$T/out" ||
		fail "no record $n: $(cat "$T/out")"
done
for f in unlink ksyscall fentry; do
	"$PERF_BPF" compile "$F/$f.bpf.c" -o "$T/$f.o" 2>"$T/err" || fail "compile $f: $(cat "$T/err")"
done

# one ERROR line and one Hint line, status 1
expect_error() { # FILE ERROR-REGEX HINT-REGEX
	"$PERF_BPF" trace -e "$1" -- true >"$T/out" 2>"$T/err"
	expect_eq "status of $1" 1 $?
	expect_eq "stderr lines of $1" 2 "$(wc -l <"$T/err")"
	grep -qE "^ERROR: $2" "$T/err" || fail "ERROR of $1: $(cat "$T/err")"
	grep -qE "^Hint: $3" "$T/err" || fail "Hint of $1: $(cat "$T/err")"
}
if [ ! -e /sys/bus/event_source/devices/kprobe ] && [ ! -e /sys/kernel/tracing/kprobe_events ]; then
	expect_error "$F/unlink.bpf.c" \
		"program 'do_unlinkat' in '.*unlink.bpf.c': section 'kprobe/do_unlinkat' needs kprobes, which this kernel lacks \(CONFIG_KPROBES\)$" \
		'attach to a tracepoint instead: SEC\("tp/CATEGORY/NAME"\).*raw_tp.*tp_btf'
	expect_error "$F/ksyscall.bpf.c" \
		"program 'tgkill_entry' in '.*ksyscall.bpf.c': section 'ksyscall/tgkill' needs kprobes, which this kernel lacks" \
		'.*SEC\("tp/syscalls/sys_enter_tgkill"\)'
fi
"$PERF_BPF" trace -e "$F/fentry.bpf.c" -- true >"$T/out" 2>"$T/err"
if grep -q "refuses" "$T/err"; then
	expect_error "$F/fentry.bpf.c" \
		"program 'do_unlinkat' in '.*fentry.bpf.c': section 'fentry/do_unlinkat' needs BPF trampolines \(fentry/fexit\), which this kernel refuses: Operation not permitted$" \
		'attach to a tracepoint instead.*tp_btf'
fi
for s in kprobe uprobe usdt fentry; do
	sed "s|@SEC@|$s|" >"$T/$s.bpf.c" <<'SRC'
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
char LICENSE[] SEC("license") = "GPL";
SEC("@SEC@")
int prog(void *ctx) { return 0; }
SRC
	expect_error "$T/$s.bpf.c" "program 'prog' in '.*': section '$s' names no .* to attach to" \
		"name it in the section, e.g. SEC\(\"$s"
done

# SEC("perf_event"): on the events before it, every sample; kept when it returns non-zero
expect_error "$F/profile.bpf.c" \
	"program 'profile' in '.*profile.bpf.c' is SEC\(\"perf_event\"\) and no event is given before it" \
	"name the events it samples first, e.g. -e cpu-clock -e .*profile.bpf.c$"
"$PERF_BPF" trace -e cpu-clock -e "$F/profile.bpf.c" -- "$W" 2000000 >"$T/out" 2>"$T/err" ||
	fail "profile: exit $? ($(cat "$T/err"))"
hits=$(grep -c 'BPF string: "profile hit"' "$T/out")
[ "$hits" -gt 0 ] || fail "profile: no hit: $(head "$T/out")"
expect_eq "cpu-clock samples the program dropped" 0 "$(grep -c ' cpu-clock: ' "$T/out")"
"$PERF_BPF" trace --clang-opt=-DKEEP=1 -e cpu-clock -e "$F/profile.bpf.c" -- "$W" 2000000 \
	>"$T/out" 2>"$T/err" || fail "profile KEEP: exit $? ($(cat "$T/err"))"
hits=$(grep -c 'BPF string: "profile hit"' "$T/out")
[ "$hits" -gt 0 ] || fail "profile KEEP: no hit"
expect_eq "cpu-clock samples kept, one per hit" "$hits" "$(grep -c ' cpu-clock: ' "$T/out")"
# -a: one attachment per CPU
"$PERF_BPF" trace -v -a -e cpu-clock -e "$F/profile.bpf.c" -- true >"$T/out" 2>"$T/err" ||
	fail "profile -a: exit $? ($(cat "$T/err"))"
n=$(nproc)
grep -q "^attached program fd [0-9]* to cpu-clock ($n of $n fds)$" "$T/err" ||
	fail "profile -a: not on every CPU: $(grep attached "$T/err")"

# the README's example: the name of the task each sample hit (perf-bpf before the exec)
"$PERF_BPF" trace -e cpu-clock -e "$TOP/examples/profile.bpf.c" -- "$W" 2000000 >"$T/out" \
	2>"$T/err" || fail "examples/profile.bpf.c: exit $? ($(cat "$T/err"))"
grep -q 'BPF string: "getppid-loop"' "$T/out" || fail "profile example: $(head "$T/out")"
expect_eq "other names" "" \
	"$(sed -n 's/^ *BPF string: //p' "$T/out" | sort -u | grep -vx '"getppid-loop"\|"perf-bpf"')"

# warnings: no program, no license, an output map nothing reads: one line each
printf '#include "vmlinux.h"\nint x;\n' >"$T/noprog.bpf.c"
"$PERF_BPF" trace -e "$T/noprog.bpf.c" -- true >"$T/out" 2>"$T/err" || fail "noprog: exit $?"
expect_eq "noprog warning" \
	"Warning: '$T/noprog.bpf.c' has no BPF program (no function in a SEC(\"...\")): nothing will run" \
	"$(cat "$T/err")"
cat >"$T/nolic.bpf.c" <<'SRC'
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
struct {
	__uint(type, BPF_MAP_TYPE_RINGBUF);
	__uint(max_entries, 4096);
} rb SEC(".maps");
SEC("tp/syscalls/sys_enter_getppid")
int prog(void *ctx)
{
	int x = 1;

	bpf_ringbuf_output(&rb, &x, sizeof(x), 0);
	return 0;
}
SRC
"$PERF_BPF" trace -e "$T/nolic.bpf.c" -- true >"$T/out" 2>"$T/err" || fail "nolic: exit $?"
expect_eq "warning lines" 1 "$(wc -l <"$T/err")"
grep -q "^Warning: '$T/nolic.bpf.c' declares no license: the kernel refuses GPL-only helpers .*SEC(\"license\") = \"GPL\";$" "$T/err" ||
	fail "license warning: $(cat "$T/err")"
# the ring buffer the program writes is read as an output channel: no warning for it
grep -q "rb" "$T/err" && fail "warning about the ring buffer: $(cat "$T/err")"
# the kernel's refusal of a GPL-only helper gets a hint
"$PERF_BPF" trace -e "$TOP/tests/bad-inputs/no-license.c" -- true >"$T/out" 2>"$T/err"
expect_eq "no-license status" 1 $?
grep -q '^Hint: .*declare a license' "$T/err" || fail "no license hint: $(tail -3 "$T/err")"
exit 0
