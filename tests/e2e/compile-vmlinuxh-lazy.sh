#!/usr/bin/env bash
# compile: vmlinux.h is generated only for a source that needs it: not for one that never names it; for one whose own header includes it, on clang's first miss
source "$(dirname "$0")/lib.sh"

command -v clang >/dev/null || skip "clang is not installed"
[ -r /sys/kernel/btf/vmlinux ] || skip "no kernel BTF: no vmlinux.h"
cd "$T" || fail "cd $T"
export XDG_CACHE_HOME=$T/cache
made() { find "$XDG_CACHE_HOME" -name vmlinux.h | wc -l; }

"$PERF_BPF" compile "$TOP/examples/hello.c" -o hello.o 2>err || fail "hello.c: $(cat err)"
expect_eq "vmlinux.h files after a source without it" 0 "$(made)"

# vmlinux.h reached through a header of the source's own
cat >types.h <<'EOF2'
#include "vmlinux.h"
EOF2
cat >indirect.c <<'EOF2'
#include "types.h"
#include <bpf/bpf_helpers.h>
SEC("tp/syscalls/sys_enter_getppid")
int prog(struct trace_event_raw_sys_enter *ctx) { return ctx->id == 0; }
char _license[] SEC("license") = "GPL";
EOF2
"$PERF_BPF" compile indirect.c -o indirect.o 2>err || fail "indirect.c: $(cat err)"
expect_eq "vmlinux.h files after a source that includes it" 1 "$(made)"
[ -s indirect.o ] || fail "no object for indirect.c"
expect_eq "stderr" "" "$(cat err)"
exit 0
