#!/usr/bin/env bash
# compile: a clang that never ends is stopped (--clang-timeout), SIGTERM/SIGHUP during a compile
# end the command with one ERROR line; either way clang's whole process group is killed and no
# temporary file or directory is left
source "$(dirname "$0")/lib.sh"

command -v clang >/dev/null || skip "clang is not installed"
cd "$T" || fail "cd $T"
real_clang=$(command -v clang)
mkdir tmp
export TMPDIR=$T/tmp # the compile's temporary directories go here: it must end empty

cat >prog.c <<'PROG'
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>
SEC("syscalls:sys_enter_getppid")
int prog(void *ctx) { return 0; }
char _license[] SEC("license") = "GPL";
PROG
no_litter() {
	expect_eq "$1: temporary files left" "" "$(ls -A tmp)"
	expect_eq "$1: cache temporaries left" "" "$(find cache -name '*.tmp.*' 2>/dev/null)"
}

# A header that is a FIFO nobody writes: clang blocks in open() forever.
mkfifo never
printf '#include "never"\n' >hang.c
timeout 60 "$PERF_BPF" compile --clang-timeout 1 hang.c 2>err
expect_eq "status when clang hangs" 1 $?
expect_eq "message when clang hangs" "ERROR: clang ran for more than 1 s on hang.c: stopped" \
	"$(head -1 err)"
grep -q '^Hint: .*--clang-timeout' err || fail "no hint about --clang-timeout: $(cat err)"
no_litter "timeout"

# The same limit from [llvm] clang-timeout; a bad value is an error.
printf '[llvm]\n\tclang-timeout = 1\n' >perfconfig
PERF_CONFIG=$T/perfconfig timeout 60 "$PERF_BPF" compile hang.c 2>err
expect_eq "message with [llvm] clang-timeout" \
	"ERROR: clang ran for more than 1 s on hang.c: stopped" "$(head -1 err)"
printf '[llvm]\n\tclang-timeout = soon\n' >perfconfig
PERF_CONFIG=$T/perfconfig "$PERF_BPF" compile prog.c 2>err && fail "a bad clang-timeout is accepted"
grep -q "^ERROR: bad config value 'soon' for llvm.clang-timeout" err ||
	fail "bad clang-timeout message: $(cat err)"

# A clang that says it runs (by opening the FIFO 'alive'), then waits with a child of its own;
# both hold 'alive' open, so reading it to its end waits for the whole group to be gone.
mkfifo alive
cat >clang-slow <<EOF2
#!/bin/sh
case "\$*" in *-print-multiarch*) exec "$real_clang" "\$@" ;; esac
exec 3>"$T/alive"
sleep 1000 &
wait
EOF2
chmod +x clang-slow

# stop_during SIGNAL WHAT CMD...: send SIGNAL while clang runs, expect one ERROR line.
stop_during() {
	local sig=$1 what=$2 pid status
	shift 2
	"$@" 2>err &
	pid=$!
	exec 4<alive # returns once the fake clang runs
	kill -"$sig" $pid
	wait $pid
	status=$?
	[ "$status" = 1 ] || fail "$what: exit status $status, not 1 ($(cat err))"
	timeout 60 cat <&4 >/dev/null || fail "$what: clang's process group outlived the command"
	exec 4<&-
	expect_eq "$what: message" "ERROR: compile of prog.c interrupted by SIG$sig" "$(cat err)"
	no_litter "$what"
}
stop_during TERM "compile, SIGTERM" "$PERF_BPF" compile --clang-path "$T/clang-slow" prog.c
stop_during HUP "compile, SIGHUP" "$PERF_BPF" compile --clang-path "$T/clang-slow" prog.c
if [ "$(id -u)" = 0 ]; then
	stop_during TERM "trace, SIGTERM" "$PERF_BPF" trace -q --clang-path "$T/clang-slow" \
		-e prog.c -- true
	stop_during HUP "record, SIGHUP" "$PERF_BPF" record -q -o "$T/perf.data" \
		--clang-path "$T/clang-slow" -e prog.c -- true
fi
echo ok
