#!/usr/bin/env bash
# The first build of vmlinux.h and its precompiled header says so on a terminal's stderr
# (one line each), not when they are cached, not with -q, not on a file or pipe
source "$(dirname "$0")/lib.sh"
need_root
command -v script >/dev/null || skip "no script(1) to give perf-bpf a terminal"
src=$TOP/tests/fixtures/libbpf/syscount.bpf.c

on_tty() { script -qec "$*" /dev/null | tr -d '\r'; }
on_tty "'$PERF_BPF' compile '$src' -o '$T/a.o'" >"$T/first" || fail "compile: $(cat "$T/first")"
expect_eq "first build" \
	"perf-bpf: generating vmlinux.h from /sys/kernel/btf/vmlinux (once per kernel)...
perf-bpf: precompiling vmlinux.h (once per kernel and clang options)..." "$(cat "$T/first")"
on_tty "'$PERF_BPF' compile --no-cache '$src' -o '$T/a.o'" >"$T/again" || fail "compile again"
expect_eq "cached: nothing said" "" "$(cat "$T/again")"
rm -rf "$XDG_CACHE_HOME"
on_tty "'$PERF_BPF' compile -q '$src' -o '$T/a.o'" >"$T/quiet" || fail "compile -q"
expect_eq "-q" "" "$(cat "$T/quiet")"
rm -rf "$XDG_CACHE_HOME"
"$PERF_BPF" compile "$src" -o "$T/a.o" 2>"$T/err" || fail "compile: $(cat "$T/err")"
expect_eq "not a terminal" "" "$(cat "$T/err")"
exit 0
