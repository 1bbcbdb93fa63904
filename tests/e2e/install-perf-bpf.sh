#!/usr/bin/env bash
# install: `make install` puts perf-bpf and its man pages under PREFIX; `perf bpf` then runs it
source "$(dirname "$0")/lib.sh"
need_root
command -v perf >/dev/null || skip "no perf on this machine"

make -s -C "$TOP" install DESTDIR="$T/root" PREFIX=/usr >/dev/null || fail "make install failed"
[ -x "$T/root/usr/bin/perf-bpf" ] || fail "no perf-bpf installed"
for cmd in "" $("$PERF_BPF" --list-cmds); do
	page=$T/root/usr/share/man/man1/perf-bpf${cmd:+-$cmd}.1
	[ -f "$page" ] || fail "no man page $(basename "$page")"
done
PATH=$T/root/usr/bin:$PATH perf bpf trace -e "$TOP/examples/hello.c" -- sleep 0.01 >"$T/out" 2>&1 ||
	fail "perf bpf trace failed: $(cat "$T/out")"
grep -q 'BPF string: "Hello, world!"' "$T/out" || fail "perf bpf trace printed: $(cat "$T/out")"
