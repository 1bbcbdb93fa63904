#!/usr/bin/env bash
# --pprof: go tool pprof -top reads the profile of a stock perf record -g file: its total is the file's samples, the hot function's flat share is its share of the folded stacks; an off-CPU map's profile counts off_cpu nanoseconds in the sleeping function
source "$(dirname "$0")/lib.sh"
need_root
command -v perf >/dev/null || skip "no stock perf to compare with"
command -v go >/dev/null || fail "no go ('make deps' installs golang-go)"
export HOME=$T GOCACHE=$T/gocache GOFLAGS=-mod=mod
W=$(workload fp-symbols)
cd "$T" || fail "no temp dir"

perf record -q -g -e cpu-clock -o g.data -- "$W" >/dev/null 2>&1 || fail "perf record -g exited $?"
"$PERF_BPF" script -i g.data --pprof g.pb.gz >out 2>err || fail "script --pprof exited $? ($(cat err))"
[ -s out ] && fail "the samples were printed with --pprof: $(head -3 out)"
[ "$(head -c 2 g.pb.gz | od -An -tx1 | tr -d ' \n')" = 1f8b ] || fail "not gzipped"
go tool pprof -top -nodecount=1000 g.pb.gz >top 2>top.err || fail "go tool pprof exited $? ($(cat top.err))"
total=$(report_samples g.data)
grep -q "^Type: samples$" top || fail "not a profile of samples: $(head -5 top)"
grep -q " of $total total$" top || fail "the total is not the file's $total samples: $(head -5 top)"
"$PERF_BPF" script -i g.data --folded >folded || fail "script --folded exited $?"
# perf_bpf_inner's flat share: the stacks whose leaf it is
want=$(awk -v t="$total" '{n = split($1, f, ";"); if (f[n] == "perf_bpf_inner") s += $2}
	END {printf "%.2f%%", 100 * s / t}' folded)
got=$(awk '$6 == "perf_bpf_inner" {print $2}' top)
expect_eq "perf_bpf_inner's flat share" "$want" "$got"

# a map of off-CPU times: the sample type says so, the sleeping function holds the time
P=$TOP/examples/offcputime.bpf.c
"$PERF_BPF" trace -e "$P" --clang-opt=-DTARGET_COMM=offcpu-sleep --pprof off.pb.gz \
	-- "$(workload offcpu-sleep)" 20 >/dev/null 2>err || fail "trace --pprof exited $? ($(cat err))"
go tool pprof -top off.pb.gz >otop 2>otop.err || fail "go tool pprof exited $? ($(cat otop.err))"
grep -q "^Type: off_cpu$" otop || fail "not an off_cpu profile: $(head -5 otop)"
awk '$6 == "perf_bpf_sleeper" && $5 + 0 >= 90 {ok = 1} END {exit !ok}' otop ||
	fail "perf_bpf_sleeper does not hold 90% of the off-CPU time: $(head -12 otop)"
exit 0
