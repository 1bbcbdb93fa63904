#!/usr/bin/env bash
# compile: a warm start is a cache hit that runs no clang; bad entries and --no-cache recompile
source "$(dirname "$0")/lib.sh"

command -v clang >/dev/null || skip "clang is not installed"
cd "$T" || fail "cd $T"
real_clang=$(command -v clang)

# A clang that counts how often it is run.
cat >clang-counting <<EOF2
#!/bin/sh
echo "\$*" >>"$T/clang-calls"
exec "$real_clang" "\$@"
EOF2
chmod +x clang-counting
calls() { [ -f clang-calls ] && grep -vc -- '-print-multiarch' clang-calls || echo 0; }
pb() { "$PERF_BPF" compile --clang-path "$T/clang-counting" "$@"; }

mkdir inc
printf '#define GREETING "hi"\n' >inc/greeting.h
cat >prog.c <<'PROG'
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>
#include "inc/greeting.h"

SEC("syscalls:sys_enter_getppid")
int prog(void *ctx)
{
	char msg[] = GREETING;

	bpf_trace_printk(msg, sizeof(msg));
	return 0;
}

char _license[] SEC("license") = "GPL";
PROG

pb -v prog.c 2>err || fail "first compile: $(cat err)"
grep -q '^compile cache: miss' err || fail "first compile is not a miss: $(cat err)"
expect_eq "clang runs for the first compile" 1 "$(calls)"
cp prog.o first.o

pb -v prog.c 2>err || fail "second compile: $(cat err)"
grep -q '^compile cache: hit' err || fail "second compile is not a hit: $(cat err)"
expect_eq "clang runs after a warm start" 1 "$(calls)"
cmp -s prog.o first.o || fail "the cached object differs from the compiled one"

# The cache lives in $XDG_CACHE_HOME/perf-bpf, private to the user.
expect_eq "cache dir mode" 700 "$(stat -c %a "$XDG_CACHE_HOME/perf-bpf")"

# Editing an included header is a miss.
printf '#define GREETING "hello"\n' >inc/greeting.h
pb -v prog.c 2>err || fail "compile after a header change: $(cat err)"
grep -q '^compile cache: miss' err || fail "header change is not a miss: $(cat err)"
expect_eq "clang runs after a header change" 2 "$(calls)"

# Other flags are another entry.
pb --clang-opt '-DUNUSED=1' prog.c 2>err || fail "compile with --clang-opt: $(cat err)"
expect_eq "clang runs for new flags" 3 "$(calls)"

# A world-writable entry is never loaded: warned about, recompiled, replaced.
entries=("$XDG_CACHE_HOME"/perf-bpf/obj-*)
[ ${#entries[@]} -ge 2 ] || fail "no cache entries in $XDG_CACHE_HOME/perf-bpf"
chmod o+w "${entries[@]}"
pb prog.c 2>err || fail "compile over a world-writable entry: $(cat err)"
grep -q "^Warning: ignoring cache entry '.*/obj-[0-9a-f]*': world-writable" err ||
	fail "no warning for a world-writable entry: $(cat err)"
expect_eq "clang runs when the entry is refused" 4 "$(calls)"
# Only the refused entry was rewritten (as the user's own, 0600); the other stays refused.
expect_eq "world-writable entries left" 1 "$(find "$XDG_CACHE_HOME/perf-bpf" -name 'obj-*' -perm -o+w | wc -l)"
pb -v prog.c 2>err || fail "compile after the replacement: $(cat err)"
grep -q '^compile cache: hit' err || fail "the replaced entry is not a hit: $(cat err)"
expect_eq "clang runs after the replacement" 4 "$(calls)"

# A cache directory writable by others is not used at all (warning, still compiles).
chmod 777 "$XDG_CACHE_HOME/perf-bpf"
pb prog.c 2>err || fail "compile with an untrusted cache dir: $(cat err)"
grep -q "^Warning: not using the compile cache '.*': world-writable" err ||
	fail "no warning for a world-writable cache dir: $(cat err)"
expect_eq "clang runs with an untrusted cache dir" 5 "$(calls)"
chmod 700 "$XDG_CACHE_HOME/perf-bpf"

# --no-cache compiles every time.
pb --no-cache prog.c 2>err || fail "--no-cache: $(cat err)"
pb --no-cache prog.c 2>err || fail "--no-cache: $(cat err)"
expect_eq "clang runs with --no-cache" 7 "$(calls)"
echo ok
