#!/usr/bin/env bash
# compile: [llvm] clang-path and clang-opt come from $PERF_CONFIG or ~/.perfconfig, as in perf
source "$(dirname "$0")/lib.sh"

command -v clang >/dev/null || skip "clang is not installed"
cd "$T" || fail "cd $T"
real_clang=$(command -v clang)

for name in from-config from-home from-cli; do
	cat >"clang-$name" <<EOF2
#!/bin/sh
echo "\$*" >>"$T/calls-$name"
exec "$real_clang" "\$@"
EOF2
	chmod +x "clang-$name"
done
ran() { [ -s "calls-$1" ] && grep -q -- ' -c ' "calls-$1"; }

# The program only compiles with the macro the configuration adds.
cat >prog.c <<'PROG'
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>
#ifndef FROM_CONFIG
#error clang-opt from the configuration was not used
#endif
SEC("syscalls:sys_enter_getppid")
int prog(void *ctx) { return 0; }
char _license[] SEC("license") = "GPL";
PROG

cat >perfconfig <<EOF2
# perf's configuration
[colors]
	clang-path = /not/this/one
[llvm]
	clang-path = $T/clang-from-config   ; the counting wrapper
	clang-opt = "-DFROM_CONFIG=1 -Wno-unused-macros"
EOF2
PERF_CONFIG=$T/perfconfig "$PERF_BPF" compile --no-cache prog.c 2>err || fail "compile: $(cat err)"
ran from-config || fail "clang-path from \$PERF_CONFIG was not used"

# --clang-path beats the configuration (clang-opt still comes from it).
PERF_CONFIG=$T/perfconfig "$PERF_BPF" compile --no-cache --clang-path "$T/clang-from-cli" prog.c \
	2>err || fail "compile with --clang-path: $(cat err)"
ran from-cli || fail "--clang-path was not used"

# Without PERF_CONFIG: ~/.perfconfig.
mkdir home
sed "s/clang-from-config/clang-from-home/" perfconfig >home/.perfconfig
HOME=$T/home "$PERF_BPF" compile --no-cache prog.c 2>err || fail "compile with ~/.perfconfig: $(cat err)"
ran from-home || fail "clang-path from ~/.perfconfig was not used"

# An empty PERF_CONFIG reads no file: the macro is missing, the compile fails.
PERF_CONFIG= HOME=$T/home "$PERF_BPF" compile --no-cache prog.c 2>err &&
	fail "PERF_CONFIG='' still read a configuration"
grep -q 'clang-opt from the configuration was not used' err || fail "unexpected failure: $(cat err)"

# A broken file is an error that says where.
printf '[llvm\nclang-path = x\n' >bad
PERF_CONFIG=$T/bad "$PERF_BPF" compile prog.c 2>err
expect_eq "exit status with a bad config" 1 $?
grep -qx "ERROR: bad config file '$T/bad:1': missing ']' after the section name" err ||
	fail "bad config message: $(cat err)"
echo ok
