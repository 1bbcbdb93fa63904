#!/usr/bin/env bash
# the open-file limit: a run whose events need more fds than the soft limit (an event per probe
# point here) raises it to the hard one, and the workload runs with the limit it was given
source "$(dirname "$0")/lib.sh"
need_root

wl=$(workload probe-args)
sed "s|@TARGET@|$wl|g" "$TOP/tests/fixtures/bpf/probe-glob.c.in" >"$T/glob.c"
"$PERF_BPF" compile "$T/glob.c" -o /dev/null 2>"$T/err" || fail "compile: $(cat "$T/err")"
[ "$(ulimit -Hn)" = unlimited ] || [ "$(ulimit -Hn)" -ge 256 ] || skip "hard open-file limit $(ulimit -Hn)"
# an event per point: more fds than 16 before the programs are attached
(
	ulimit -Sn 16
	PERF_BPF_PROBE_MODE=tracefs "$PERF_BPF" trace -e "$T/glob.c" -- "$wl" 1 >"$T/out" 2>"$T/err"
) || fail "trace under a soft limit of 16 fds exited $? ($(tail -n 2 "$T/err"))"
expect_eq "strings of the globbed points" 6 "$(grep -c 'BPF string: "glob err=0\|BPF string: "pair err=0' "$T/out")"
# the workload: the soft limit it was given
(
	ulimit -Sn 16
	"$PERF_BPF" trace -e "$TOP/examples/hello.c" -- sh -c 'ulimit -Sn' >"$T/out" 2>"$T/err"
) || fail "trace of sh exited $? ($(cat "$T/err"))"
expect_eq "the workload's soft limit" 16 "$(grep -v BPF "$T/out" | grep -x '[0-9]*')"
exit 0
