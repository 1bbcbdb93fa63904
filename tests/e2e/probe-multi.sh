#!/usr/bin/env bash
# probe multi links: a perf-style uprobe glob (and kprobe glob, where the kernel has kprobes) whose program never lets a sample through sits on all its points through one uprobe_multi link where the kernel has it (6.6+), else one event per point; the same counts either way, and through the per-point path a probe mode asks for. Runs in the kernel lane too.
source "${TOP:-$(dirname "$0")/../..}/tests/e2e/lib.sh"
need_root

wl=$(workload probe-args)
obj=/tests/guest/bpf/probe-multi.o # the kernel lane's guest: compiled on the host
if [ ! -f "$obj" ]; then
	obj=$T/multi.c
	sed "s|/build/tests/workloads/probe-args|$wl|" \
		"$TOP/tests/kernel-lane/guest/bpf/probe-multi.c" >"$obj"
fi
# uprobe_multi links came with Linux 6.6
IFS=. read -r major minor _ <<<"$(uname -r)"
has_multi=$((major > 6 || (major == 6 && minor >= 6)))

# 3 rounds over the 4 functions: 12 calls, 12 returns
run() {
	"$PERF_BPF" trace -v -e "$obj" -- "$wl" 3 >"$T/out" 2>"$T/err" ||
		fail "trace exited $? ($(cat "$T/err"))"
	expect_eq "calls counted$1" "@calls[0]: 12" "$(grep '^@calls\[0\]' "$T/out")"
	expect_eq "returns counted$1" "@calls[1]: 12" "$(grep '^@calls\[1\]' "$T/out")"
}

run ""
links=$(grep -c "attached at 4 points through one uprobe_multi link" "$T/err")
per_point=$(grep -c "attached at 'probe_glob_.*' as tracefs event" "$T/err")
if [ "$has_multi" = 1 ]; then
	expect_eq "programs on one uprobe_multi link each" 2 "$links"
	expect_eq "points with an event of their own" 0 "$per_point"
else
	expect_eq "programs on a uprobe_multi link ($(uname -r) has none)" 0 "$links"
	expect_eq "points with an event of their own" 8 "$per_point"
fi
wait_prog_gone entry || fail "the entry program stayed loaded"

# query lists each point of a multi link as a hook of its own, with the program on it
if [ "$has_multi" = 1 ]; then
	"$PERF_BPF" trace -e "$obj" -- "$wl" 1 30 >"$T/out" 2>"$T/err" &
	pid=$!
	on_exit "kill $pid 2>/dev/null; wait $pid 2>/dev/null"
	hooks() { "$PERF_BPF" query --all 2>&1 | grep -c "^uret*probe:$wl:0x"; }
	for _ in $(seq 100); do [ "$(hooks)" -ge 8 ] && break; sleep 0.1; done
	"$PERF_BPF" query --all >"$T/q" 2>&1 || fail "query exited $? ($(cat "$T/q"))"
	expect_eq "uprobe hooks" 4 "$(grep -c "^uprobe:$wl:0x[0-9a-f]*  uprobe, 1 program" "$T/q")"
	expect_eq "uretprobe hooks" 4 \
		"$(grep -c "^uretprobe:$wl:0x[0-9a-f]*  uretprobe, 1 program" "$T/q")"
	expect_eq "the entry program on its hooks" 4 \
		"$(grep -A2 "^uprobe:$wl:" "$T/q" | grep -c " kprobe  *entry  ")"
	kill $pid
	wait $pid
fi

# a probe mode asked for keeps the event per point: the same counts
PERF_BPF_PROBE_MODE=tracefs run " (tracefs events)"
expect_eq "programs on a uprobe_multi link (tracefs asked for)" 0 \
	"$(grep -c "uprobe_multi link" "$T/err")"
expect_eq "points with an event of their own (tracefs asked for)" 8 \
	"$(grep -c "attached at 'probe_glob_.*' as tracefs event" "$T/err")"

# kernel functions, where the kernel has kprobes (the kernel lane's): kprobe_multi since 5.18
kobj=/tests/guest/bpf/probe-multi-kernel.o
[ -f "$kobj" ] && [ -w /sys/kernel/tracing/kprobe_events ] || exit 0
kwl=$(workload probe-kernel)
# 4 rounds of dup, dup2 and dup3: 12 calls, 12 returns
krun() {
	"$PERF_BPF" trace -v -e "$kobj" -- "$kwl" 4 >"$T/out" 2>"$T/err" ||
		fail "trace exited $? ($(cat "$T/err"))"
	expect_eq "dup calls counted$1" "@calls[0]: 12" "$(grep '^@calls\[0\]' "$T/out")"
	expect_eq "dup returns counted$1" "@calls[1]: 12" "$(grep '^@calls\[1\]' "$T/out")"
}
krun ""
# kprobe_multi links stand on fprobe (CONFIG_FPROBE, which Debian's 6.1 lacks)
links=$(grep -c "attached at 3 points through one kprobe_multi link" "$T/err")
if grep -q " register_fprobe_ips$" /proc/kallsyms; then
	expect_eq "programs on one kprobe_multi link each" 2 "$links"
else
	expect_eq "programs on a kprobe_multi link ($(uname -r) has no fprobe)" 0 "$links"
	expect_eq "dup points with an event of their own" 6 \
		"$(grep -c "attached at '__x64_sys_dup.*' as tracefs event" "$T/err")"
fi
PERF_BPF_PROBE_MODE=tracefs krun " (tracefs events)"
expect_eq "dup points with an event of their own (tracefs asked for)" 6 \
	"$(grep -c "attached at '__x64_sys_dup.*' as tracefs event" "$T/err")"
exit 0
