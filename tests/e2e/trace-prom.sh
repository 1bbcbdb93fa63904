#!/usr/bin/env bash
# --prom: the maps as Prometheus text that promtool check metrics accepts, at every --interval and at the end, rewritten by rename; a histogram's _count is the events counted; struct keys as labels; --prom-host; script writes a file's maps
source "$(dirname "$0")/lib.sh"
need_root
command -v promtool >/dev/null || fail "no promtool ('make deps' installs prometheus)"
W=$(workload offcpu-sleep)
P=$TOP/tests/fixtures/bpf/prom-maps.c
cd "$T" || fail "no temp dir"

check() { promtool check metrics <"$1" >"$1.lint" 2>&1 || fail "promtool rejects $1: $(cat "$1.lint")"; }

# 20 sleeps of 10 ms, the maps looked at every second: the file is rewritten whole each time
"$PERF_BPF" trace -e "$P" --interval 1 --prom m.prom -- "$W" 150 >out 2>err &
pid=$!
while kill -0 $pid 2>/dev/null; do # what a reader finds while it runs: a whole file
	if [ -s m.prom ]; then
		cp m.prom mid.prom
		check mid.prom
	fi
	sleep 0.05
done
wait $pid || fail "trace --prom exited $? ($(cat err))"
# the run lasts 1.5 s at least: a look at 1 s, one at the end
[ "$(grep -c '^@asked_hist:' out)" -ge 2 ] || fail "not 2 looks at the maps: $(cat out)"
check m.prom
[ -e m.prom.tmp ] && fail "the temporary file stayed"
expect_eq "the histogram's count" "perf_bpf_asked_hist_count 150" "$(grep '^perf_bpf_asked_hist_count' m.prom)"
expect_eq "the +Inf bucket" 'perf_bpf_asked_hist_bucket{le="+Inf"} 150' "$(grep 'le="+Inf"' m.prom)"
grep -q '^perf_bpf_asked_hist_bucket{le="16777215"} 150$' m.prom || fail "no 10 ms bucket: $(cat m.prom)"
grep -q '^perf_bpf_calls{pid="[0-9]*",comm="offcpu-sleep"} 150$' m.prom || fail "struct key labels: $(cat m.prom)"
grep -q '^perf_bpf_tallies_asked{key="0"} 1500000000$' m.prom || fail "struct value members: $(cat m.prom)"
grep -q '^# TYPE perf_bpf_asked_hist histogram$' m.prom || fail "no histogram TYPE line"

# the host's name as a label, and the maps of a recording through script
"$PERF_BPF" record -q -e "$P" -o m.data -- "$W" 3 >/dev/null 2>err || fail "record exited $? ($(cat err))"
"$PERF_BPF" script -i m.data --prom s.prom --prom-host >/dev/null 2>err || fail "script --prom exited $? ($(cat err))"
check s.prom
grep -q "^perf_bpf_asked_hist_count{host=\"$(hostname)\"} 3$" s.prom || fail "script --prom-host: $(cat s.prom)"

# a file that cannot be made is said before anything runs
"$PERF_BPF" trace -e "$P" --prom /nonexistent/dir/m.prom -- true >out 2>err && fail "an unwritable --prom ran"
grep -q "^ERROR: cannot create '/nonexistent/dir/m.prom'" err || fail "no ERROR line: $(cat err)"
exit 0
