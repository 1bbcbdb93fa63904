#!/usr/bin/env bash
# probe fentry: kprobe sections attached through fentry/fexit (as on kernels without kprobes), arguments from the function's BTF
source "$TOP/tests/e2e/lib.sh"

obj=/tests/guest/bpf/probe-kprobe.o
[ -f "$obj" ] || fail "no $obj: the host did not compile tests/kernel-lane/guest/bpf/probe-kprobe.c"
wl=$(workload probe-kernel)
rounds=3
# what kprobe-less kernels get; forced here, where kprobes exist too
export PERF_BPF_PROBE_MODE=fentry

strings_of() { awk -v c="$2" '$1 == c {ours = 1; next} /BPF string:/ {if (ours) print; ours = 0}' "$1" |
	sed 's/.*BPF string: "\(.*\)"/\1/'; }

"$PERF_BPF" trace -v -e "$obj" -- "$wl" $rounds >"$T/out" 2>"$T/err"
rc=$?
grep -v '^libbpf\|^ *[0-9]*: ' "$T/err"
[ $rc = 0 ] || fail "trace exited $rc"
strings_of "$T/out" probe-kernel >"$T/got"
cat "$T/got"
expect_match "-v says how the context differs" \
	"program 'kp_open': attached through fentry instead of kprobes: its context is the arguments" \
	"$(cat "$T/err")"
expect_match "fexit" "program 'kp_open_ret' attached at 'do_sys_openat2' through fexit" "$(cat "$T/err")"
expect_eq "nanosleep entries" $rounds "$(grep -c '^nanosleep 1$' "$T/got")"
opens=$(grep '^open err=0 dfd=-100 .* mode=1a0$' "$T/got")
expect_eq "openat entries with mode 0640" $rounds "$(grep -c . <<<"$opens")"
while read -r line; do
	flags=$(sed 's/.* flags=\([0-9a-f]*\) .*/\1/' <<<"$line")
	expect_eq "O_CREAT|O_WRONLY|O_TRUNC in flags 0x$flags" $((0x241)) $((0x$flags & 0x241))
done <<<"$opens"
fds=$(sed -n 's/^dup err=0 oldfd=//p' "$T/got" | sort -u)
expect_eq "dup* entries" $((3 * rounds)) "$(grep -c '^dup err=0 oldfd=' "$T/got")"
expect_eq "one fd dup'ed" 1 "$(grep -c . <<<"$fds")"
# $retval from the slot after the 3 arguments of do_sys_openat2
[ "$(grep -c "^open-ret err=0 fd=$fds\$" "$T/got")" -ge $rounds ] || fail "fexit did not see fd $fds returned $rounds times"
exit 0
