#!/usr/bin/env bash
# a scriptlet built on perf-bpf's own perf helper headers (BTF maps, puts through __bpf_stdout__) loads and prints live
source "$(dirname "$0")/lib.sh"
need_root
CLANG=$(command -v clang) || skip "no clang"
COMPAT=$TOP/include/bpf-compat
triple=$("$CLANG" -print-multiarch 2>/dev/null)
MULTIARCH=
[ -n "$triple" ] && [ -d "/usr/include/$triple" ] && MULTIARCH=/usr/include/$triple
[ -x /bin/uname ] || skip "no /bin/uname to trace"

cat >"$T/uname_hello.c" <<'SRC'
#include <stdio.h>
#include <unistd.h>

bpf_map(calls, ARRAY, int, u64, 1);

int syscall_enter(newuname)(void *args)
{
	int key = 0;
	u64 *n = bpf_map_lookup_elem(&calls, &key);

	if (n)
		*n += 1;
	puts("perf-era hello");
	return 0;
}

license(GPL);
SRC
"$CLANG" -target bpf -O2 -g -D__KERNEL__ -D__NR_CPUS__="$(nproc)" -DLINUX_VERSION_CODE=0 \
	-I"$COMPAT" -I"$COMPAT/perf" ${MULTIARCH:+-I"$MULTIARCH"} \
	-c "$T/uname_hello.c" -o "$T/uname_hello.o" || fail "does not compile"

out=$(timeout 30 "$PERF_BPF" trace -e "$T/uname_hello.o" -- /bin/uname 2>"$T/err")
rc=$?
[ $rc = 0 ] || { cat "$T/err"; fail "perf-bpf trace exited $rc"; }
n=$(grep -c 'BPF string: "perf-era hello"' <<<"$out")
[ "$n" -ge 1 ] || { echo "$out" | head -20; cat "$T/err"; fail "no 'perf-era hello' output"; }
grep -q '__bpf_stdout__' <<<"$out" || fail "samples are not on the __bpf_stdout__ event"
# the kernel keeps 15 characters of a program's name; no other test uses this one
left=$(bpf_progs | grep -c 'name syscall_enter_n')
expect_eq "programs left loaded" 0 "$left"
echo "$n outputs"
