#!/usr/bin/env bash
# compile: clang reads vmlinux.h and the precompiled vmlinux.h through fds perf-bpf holds, so a
# parent of the cache directory swapped while clang runs cannot hand it other files
source "$(dirname "$0")/lib.sh"

command -v clang >/dev/null || skip "clang is not installed"
[ -r /sys/kernel/btf/vmlinux ] || skip "no kernel BTF: no vmlinux.h"
cd "$T" || fail "cd $T"
real_clang=$(command -v clang)
mkdir xdg
XDG_CACHE_HOME=$T/xdg/cache

cat >pch.c <<'PROG'
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
SEC("tp/syscalls/sys_enter_getppid")
int prog(void *ctx) { return bpf_get_current_task() ? 0 : 1; }
char _license[] SEC("license") = "GPL";
PROG
# vmlinux.h not first: no precompiled header, vmlinux.h read through -I
sed '1i #define NOT_AN_INCLUDE 1' pch.c >nopch.c

"$PERF_BPF" compile pch.c 2>err || fail "first compile: $(cat err)"
ls "$XDG_CACHE_HOME"/perf-bpf/vmlinux-*/*.pch >/dev/null || fail "no precompiled vmlinux.h made"

# Another tree with a vmlinux.h that does not compile and a broken precompiled header.
cp -a xdg other
for h in other/cache/perf-bpf/vmlinux-*/vmlinux.h; do printf '#error redirected\n' >"$h"; done
for p in other/cache/perf-bpf/vmlinux-*/*.pch; do printf 'not a pch' >"$p"; done

# A clang that swaps the cache's parent for the other tree while it compiles.
cat >clang-swapping <<EOF2
#!/bin/sh
case "\$*" in *" -c "*) ;; *) exec "$real_clang" "\$@" ;; esac
mv "$T/xdg" "$T/xdg.real" && mv "$T/other" "$T/xdg" || exit 99
"$real_clang" "\$@"
status=\$?
mv "$T/xdg" "$T/other" && mv "$T/xdg.real" "$T/xdg" || exit 99
exit \$status
EOF2
chmod +x clang-swapping

for src in pch.c nopch.c; do
	"$PERF_BPF" compile --no-cache --clang-path "$T/clang-swapping" -j "$src" >json 2>err ||
		fail "$src: clang read the swapped-in files: $(cat err)"
	grep -q redirected err && fail "$src: clang read the swapped-in vmlinux.h: $(cat err)"
	[ "$src" = pch.c ] && ! grep -q '"precompiled_vmlinux_h": true' json &&
		fail "$src: the precompiled header was not used: $(cat json)"
	"$PERF_BPF" compile --no-cache "$src" -o want.o 2>err || fail "$src: reference compile: $(cat err)"
	cmp -s "${src%.c}.o" want.o || fail "$src: the object differs from an undisturbed compile"
done
echo ok
