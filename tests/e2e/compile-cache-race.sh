#!/usr/bin/env bash
# compile: a cache entry is always the compile of the very bytes it is keyed by, even when the
# source or a header is saved while clang runs (a clang wrapper edits them at the worst moments)
source "$(dirname "$0")/lib.sh"

command -v clang >/dev/null || skip "clang is not installed"
cd "$T" || fail "cd $T"
real_clang=$(command -v clang)

# prog.c prints GREETING, from greeting.h, unless it defines its own.
text() { # WORD: a program printing WORD
	cat <<PROG
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>
#include "greeting.h"
#ifndef GREETING
#define GREETING "$1"
#endif
struct {
	__uint(type, BPF_MAP_TYPE_PERF_EVENT_ARRAY);
	__uint(key_size, sizeof(int));
	__uint(value_size, sizeof(int));
	__uint(max_entries, __NR_CPUS__);
} __bpf_stdout__ SEC(".maps");
SEC("syscalls:sys_enter_clock_nanosleep")
int hello(void *ctx)
{
	char msg[] = GREETING;

	bpf_perf_event_output(ctx, &__bpf_stdout__, BPF_F_CURRENT_CPU, msg, sizeof(msg));
	return 0;
}
char _license[] SEC("license") = "GPL";
PROG
}
text source-A >A.c
text source-B >B.c
printf '/* no greeting */\n' >none.h
printf '#define GREETING "header-A"\n' >hdrA.h
printf '#define GREETING "header-B"\n' >hdrB.h

# A clang that runs BEFORE before compiling and AFTER after (shell commands, from files).
cat >clang-editing <<EOF2
#!/bin/sh
case "\$*" in *-print-multiarch*) exec "$real_clang" "\$@" ;; esac
[ -f "$T/before" ] && . "$T/before"
"$real_clang" "\$@" || exit
[ -f "$T/after" ] && . "$T/after"
exit 0
EOF2
chmod +x clang-editing
edits() { # BEFORE AFTER: the next compiles' edits
	rm -f before after
	[ -n "$1" ] && echo "$1" >before
	[ -n "$2" ] && echo "$2" >after
	true
}
pb() { "$PERF_BPF" compile --clang-path "$T/clang-editing" -j "$@"; }

# expect WORD CASE: prog.c compiles (cache or not) to the object of the text printing WORD
expect() {
	edits "" ""
	pb prog.c -o got.o >json 2>err || fail "$2: compile: $(cat err)"
	"$PERF_BPF" compile --no-cache prog.c -o want.o 2>err || fail "$2: reference compile: $(cat err)"
	cmp -s got.o want.o ||
		fail "$2: the cache served another text's object ($(grep -o '"cache_hit": [a-z]*' json))"
	if [ "$(id -u)" = 0 ]; then
		"$PERF_BPF" trace -e prog.c -- sleep 0.01 >out 2>err || fail "$2: trace: $(cat err)"
		grep -q "BPF string: \"$1\"" out || fail "$2: trace printed $(grep 'BPF string' out)"
	fi
}

# 1. The source is saved (B) after perf-bpf read it (A), before clang reads it.
cp A.c prog.c
cp none.h greeting.h
edits "cp '$T/B.c' '$T/prog.c'" ""
pb prog.c >json 2>err || fail "compile 1: $(cat err)"
cp A.c prog.c
expect source-A "source saved before clang read it"

# 2. The same, saved back to A once clang is done: A's key, B's object.
rm -rf cache
edits "cp '$T/B.c' '$T/prog.c'" "cp '$T/A.c' '$T/prog.c'"
pb prog.c >json 2>err || fail "compile 2: $(cat err)"
expect source-A "source saved and restored during the compile"

# 3. A header saved (B) after clang read it (A), before perf-bpf hashed it.
rm -rf cache
cp hdrA.h greeting.h
edits "" "cp '$T/hdrB.h' '$T/greeting.h'"
pb prog.c >json 2>err || fail "compile 3: $(cat err)"
expect header-B "header saved after clang read it"

# 4. Nothing edited: the entry is stored and served (no clang run on the second compile).
rm -rf cache
pb prog.c >json 2>err || fail "compile 4: $(cat err)"
edits "exit 1" ""
pb prog.c >json 2>err || fail "compile 4, cached: $(cat err)"
grep -q '"cache_hit": true' json || fail "an undisturbed compile was not stored: $(cat json)"

# A source that is not a regular file is refused, not waited on.
mkfifo fifo.c
timeout 60 "$PERF_BPF" compile fifo.c 2>err
expect_eq "FIFO source status" 1 $?
expect_eq "FIFO source message" "ERROR: unable to compile fifo.c: not a regular file" "$(head -1 err)"
echo ok
