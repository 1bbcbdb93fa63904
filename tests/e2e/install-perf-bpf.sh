#!/usr/bin/env bash
# install: `make install` puts perf-bpf and its man pages under PREFIX, with no test switch in it; `perf bpf` then runs it
source "$(dirname "$0")/lib.sh"
need_root

make -s -C "$TOP" install DESTDIR="$T/root" PREFIX=/usr >/dev/null || fail "make install failed"
bin=$T/root/usr/bin/perf-bpf
[ -x "$bin" ] || fail "no perf-bpf installed"
# what ships reads no test switch, and every variable it reads (a name among its constant
# strings; the debug info names the kernel's PERF_BPF_EVENT_* too) is documented
grep -aq PERF_BPF_TEST_ "$bin" && fail "the installed perf-bpf names $(grep -ao 'PERF_BPF_TEST_[A-Z_]*' "$bin")"
objcopy -O binary --only-section=.rodata "$bin" "$T/rodata" || fail "objcopy failed on $bin"
vars=$(grep -ao 'PERF_BPF_[A-Z_]*' "$T/rodata" | sort -u)
[ -n "$vars" ] || fail "no PERF_BPF_ variable found in the installed perf-bpf"
for v in $vars; do
	grep -lq "^\.B $v\$" "$T"/root/usr/share/man/man1/perf-bpf*.1 ||
		fail "the installed perf-bpf reads $v, which no man page's ENVIRONMENT names"
done
command -v perf >/dev/null || fail "no stock perf (to run perf-bpf as perf bpf)"
for cmd in "" $("$PERF_BPF" --list-cmds); do
	page=$T/root/usr/share/man/man1/perf-bpf${cmd:+-$cmd}.1
	[ -f "$page" ] || fail "no man page $(basename "$page")"
done
PATH=$T/root/usr/bin:$PATH perf bpf trace -e "$TOP/examples/hello.c" -- sleep 0.01 >"$T/out" 2>&1 ||
	fail "perf bpf trace failed: $(cat "$T/out")"
grep -q 'BPF string: "Hello, world!"' "$T/out" || fail "perf bpf trace printed: $(cat "$T/out")"
