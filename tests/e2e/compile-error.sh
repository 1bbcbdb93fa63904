#!/usr/bin/env bash
# compile: a broken program shows clang's diagnostics, then the ERROR line and a Hint; exit 1
source "$(dirname "$0")/lib.sh"

command -v clang >/dev/null || skip "clang is not installed"
cd "$T" || fail "cd $T"

cat >broken.c <<'PROG'
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

SEC("syscalls:sys_enter_getppid")
int prog(void *ctx)
{
	return undeclared_thing + 1;
}
PROG

"$PERF_BPF" compile broken.c >out 2>err
rc=$?
expect_eq "exit status" 1 "$rc"
[ -s out ] && fail "stdout is not empty: $(cat out)"
[ -e broken.o ] && fail "an object was written for a failed compile"
diag=$(grep -n "broken.c:7:.*error: use of undeclared identifier 'undeclared_thing'" err | cut -d: -f1)
errline=$(grep -nx 'ERROR: unable to compile broken.c' err | cut -d: -f1)
hint=$(grep -n '^Hint: ' err | cut -d: -f1)
[ -n "$diag" ] || fail "clang's diagnostic is missing: $(cat err)"
[ -n "$errline" ] || fail "no exact 'ERROR: unable to compile broken.c' line: $(cat err)"
[ -n "$hint" ] || fail "no Hint line: $(cat err)"
[ "$diag" -lt "$errline" ] && [ "$errline" -lt "$hint" ] ||
	fail "order should be diagnostics, ERROR, Hint: $(cat err)"
expect_eq "ERROR lines" 1 "$(grep -c '^ERROR:' err)"

# -v shows the exact clang command, which reproduces the failure when run by hand.
"$PERF_BPF" compile -v broken.c 2>err
cmd=$(sed -n 's/^clang command: //p' err)
[ -n "$cmd" ] || fail "-v does not show the clang command: $(cat err)"
cmd=${cmd% -o *}
eval "$cmd -o by-hand.o" 2>/dev/null && fail "the shown command compiled a broken program"

# A missing file and usage errors.
"$PERF_BPF" compile nosuch.c 2>err
expect_eq "exit status for a missing file" 1 $?
grep -qx 'ERROR: unable to compile nosuch.c: No such file or directory' err ||
	fail "missing file message: $(cat err)"
"$PERF_BPF" compile 2>err
expect_eq "exit status without a file" 129 $?
"$PERF_BPF" compile a.c b.c 2>err
expect_eq "exit status with two files" 129 $?
"$PERF_BPF" compile --clang-path "$T/nope" "$TOP/examples/hello.c" 2>err
expect_eq "exit status without clang" 1 $?
grep -q "^ERROR: unable to find clang '$T/nope'" err || fail "missing clang message: $(cat err)"
grep -q '^Hint: ' err || fail "no Hint for a missing clang"
"$PERF_BPF" compile --clang-opt "-DX='unterminated" "$TOP/examples/hello.c" 2>err
expect_eq "exit status with a bad --clang-opt" 1 $?
grep -q "^ERROR: invalid clang options" err || fail "bad --clang-opt message: $(cat err)"
echo ok
