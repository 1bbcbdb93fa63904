#!/usr/bin/env bash
# probe kprobes: func=SYM, %return with $retval, BTF-resolved arguments, a glob sharing one program (PMU path)
source "$TOP/tests/e2e/lib.sh"
# the PMU path (tracefs probes, the default where there are k/uprobe_events, are probe-tracefs's)
export PERF_BPF_PROBE_MODE=pmu

obj=/tests/guest/bpf/probe-kprobe.o
[ -f "$obj" ] || fail "no $obj: the host did not compile tests/kernel-lane/guest/bpf/probe-kprobe.c"
[ -e /sys/bus/event_source/devices/kprobe ] || skip "no kprobe PMU in $(uname -r)"
wl=$(workload probe-kernel)
rounds=3

# BPF strings of the workload's samples only (kprobes fire in every task)
strings_of() { awk -v c="$2" '$1 == c {ours = 1; next} /BPF string:/ {if (ours) print; ours = 0}' "$1" |
	sed 's/.*BPF string: "\(.*\)"/\1/'; }

"$PERF_BPF" trace -v -e "$obj" -- "$wl" $rounds >"$T/out" 2>"$T/err"
rc=$?
[ $rc = 0 ] || { cat "$T/err"; fail "trace exited $rc"; }
cat "$T/err"
strings_of "$T/out" probe-kernel >"$T/got"
cat "$T/got"

expect_eq "nanosleep entries" $rounds "$(grep -c '^nanosleep 1$' "$T/got")"
# the workload's own open: dfd = AT_FDCWD, O_CREAT|O_WRONLY|O_TRUNC (0x241) in flags, mode 0640
# (the dynamic loader's opens come before, without O_CREAT)
opens=$(grep '^open err=0 dfd=-100 .* mode=1a0$' "$T/got")
expect_eq "openat entries with mode 0640" $rounds "$(grep -c . <<<"$opens")"
while read -r line; do
	flags=$(sed 's/.* flags=\([0-9a-f]*\) .*/\1/' <<<"$line")
	expect_eq "O_CREAT|O_WRONLY|O_TRUNC in flags 0x$flags" $((0x241)) $((0x$flags & 0x241))
done <<<"$opens"
# dup, dup2, dup3 of the opened fd each round: one program on three points
fds=$(sed -n 's/^dup err=0 oldfd=//p' "$T/got" | sort -u)
expect_eq "dup* entries" $((3 * rounds)) "$(grep -c '^dup err=0 oldfd=' "$T/got")"
expect_eq "one fd dup'ed" 1 "$(grep -c . <<<"$fds")"
# $retval of the opens: that fd, once per round
[ "$(grep -c "^open-ret err=0 fd=$fds\$" "$T/got")" -ge $rounds ] || fail "openat did not return fd $fds $rounds times"
expect_match "3 points" "program 'kp_dup': 3 point\(s\), 1 distinct prologue\(s\)" "$(cat "$T/err")"
grep -q "extra program" "$T/err" && fail "extra programs loaded for identical fetches"

# PMU kprobes are invisible to PERF_EVENT_IOC_QUERY_BPF: query --all finds them through their holder
"$PERF_BPF" trace -a -e "$obj" >/dev/null 2>&1 &
tracer=$!
on_exit "kill $tracer 2>/dev/null"
for _ in $(seq 100); do
	[ "$(bpf_prog_count kp_sleep)" -gt 0 ] && break
	sleep 0.1
done
sleep 0.5 # loaded, then attached
"$PERF_BPF" query --all >"$T/all" 2>&1 || fail "query --all exited $? ($(cat "$T/all"))"
cat "$T/all"
grep -q '^kprobe:do_nanosleep ' "$T/all" || fail "query --all does not show the kprobe on do_nanosleep"
grep -q 'kp_sleep' "$T/all" || fail "query --all does not name the program kp_sleep"
kill -INT $tracer
wait $tracer
wait_prog_gone kp_sleep || fail "kp_sleep stayed loaded"
exit 0
