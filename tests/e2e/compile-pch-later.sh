#!/usr/bin/env bash
# trace's first run of a vmlinux.h source on an empty cache compiles straight from vmlinux.h and
# leaves the precompiled header to a process of its own: it appears in the cache (whole, never
# a temporary name left), later runs of another source use it, two first runs at once both work
source "$(dirname "$0")/lib.sh"
need_root
command -v clang >/dev/null || skip "clang is not installed"
[ -r /sys/kernel/btf/vmlinux ] || skip "no kernel BTF: no vmlinux.h"
cd "$T" || fail "cd $T"

prog() { # NAME RETURN: a vmlinux.h source on getppid's entry
	cat >"$1.c" <<EOF
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
SEC("tp/syscalls/sys_enter_getppid")
int tp(struct trace_event_raw_sys_enter *ctx) { return bpf_get_current_task() ? 0 : $2; }
char _license[] SEC("license") = "GPL";
EOF
}
prog first 1
prog second 2
prog third 3
pchs() { find "$XDG_CACHE_HOME" -name '*.pch' | wc -l; }
# the builder is on its own: wait for what it leaves (no time is asserted)
wait_pch() {
	for _ in $(seq 600); do
		[ "$(pchs)" = 1 ] && [ -z "$(find "$XDG_CACHE_HOME" -name '*.tmp*')" ] && return 0
		sleep 0.1
	done
	fail "no precompiled vmlinux.h in the cache after 60 s: $(find "$XDG_CACHE_HOME")"
}

"$PERF_BPF" trace -v -e first.c -- true >out 2>err || fail "first run: $(cat err)"
grep -q "compiling straight from vmlinux.h" err || fail "the first run waited for the header: $(cat err)"
grep -q "clang command: .*-include-pch" err && fail "the first run used a header: $(cat err)"
wait_pch

# the next source compiles with it; the first one is a cache hit
"$PERF_BPF" trace -v -e second.c -- true >out 2>err || fail "second run: $(cat err)"
grep -q "clang command: .*-include-pch" err || fail "the header was not used: $(cat err)"
grep -q "compiling straight" err && fail "the header was built again: $(cat err)"
"$PERF_BPF" trace -v -e first.c -- true >out 2>err || fail "first.c again: $(cat err)"
grep -q "compile cache: hit" err || fail "first.c not a cache hit: $(cat err)"

# the objects are those the compile command makes with the header
"$PERF_BPF" compile --json --no-cache first.c -o first.o >json || fail "compile first.c"
python3 -c 'import json, sys; assert json.load(sys.stdin)["precompiled_vmlinux_h"]' <json ||
	fail "compile did not use the header: $(cat json)"

# two first runs at once on another empty cache: both trace, one header comes of them
export XDG_CACHE_HOME=$T/cache2
"$PERF_BPF" trace -e third.c -- true >out1 2>err1 &
p1=$!
"$PERF_BPF" trace -e third.c -- true >out2 2>err2 &
p2=$!
wait $p1 || fail "first of two: $(cat err1)"
wait $p2 || fail "second of two: $(cat err2)"
wait_pch

# a --no-cache run keeps nothing for later: it builds the header first, as before
export XDG_CACHE_HOME=$T/cache3
"$PERF_BPF" trace -v --no-cache -e first.c -- true >out 2>err || fail "--no-cache: $(cat err)"
grep -q "compiling straight" err && fail "--no-cache left the header for later: $(cat err)"
exit 0
