#!/usr/bin/env bash
# probe tracefs: uprobes through uprobe_events (perf_bpf_probe group), queryable, removed at exit and after kill -9
source "$(dirname "$0")/lib.sh"
need_root

events=/sys/kernel/tracing/uprobe_events
[ -w "$events" ] || skip "no tracefs uprobe_events (CONFIG_UPROBE_EVENTS off?)"
wl=$(workload probe-args)
sed "s|@TARGET@|$wl|g" "$TOP/tests/fixtures/bpf/probe-glob.c.in" >"$T/glob.c"
export PERF_BPF_PROBE_MODE=tracefs
ours() { grep -c "^p:perf_bpf_probe/.*__$1 " "$events"; }

# a normal run: 6 events while it runs (4 globbed + 2 pair), queryable, none after
"$PERF_BPF" trace -e "$T/glob.c" -- "$wl" 1 3 >"$T/out" 2>"$T/err" &
pid=$!
on_exit "kill -9 $pid 2>/dev/null; wait $pid 2>/dev/null"
for _ in $(seq 100); do [ "$(ours $pid)" -ge 6 ] && break; sleep 0.05; done
expect_eq "tracefs events while running" 6 "$(ours $pid)"
"$PERF_BPF" query "perf_bpf_probe:globbed_1__$pid" >"$T/q" 2>&1 || fail "query exited $? ($(cat "$T/q"))"
grep -q ' globbed ' "$T/q" || grep -q 'globbed' "$T/q" || fail "query does not show the program: $(cat "$T/q")"
wait $pid || fail "trace exited $? ($(cat "$T/err"))"
expect_eq "glob outputs" 4 "$(grep -c 'BPF string: "glob err=0' "$T/out")"
expect_eq "tracefs events after exit" 0 "$(ours $pid)"

# kill -9 leaves the events behind; the next run removes them (their owner is gone), whatever
# path it takes itself
"$PERF_BPF" trace -e "$T/glob.c" -- "$wl" 1 30 >"$T/out" 2>"$T/err" &
pid=$!
on_exit "kill -9 $pid 2>/dev/null; pkill -9 -P $pid 2>/dev/null"
for _ in $(seq 100); do [ "$(ours $pid)" -ge 6 ] && break; sleep 0.05; done
expect_eq "tracefs events while running" 6 "$(ours $pid)"
wlpid=$(pgrep -P $pid -f probe-args)
kill -9 $pid
wait $pid 2>/dev/null
[ -n "$wlpid" ] && kill -9 $wlpid 2>/dev/null
expect_eq "events left by the killed run" 6 "$(ours $pid)"
# the next run goes through the uprobe PMU, and still sweeps them
PERF_BPF_PROBE_MODE=pmu "$PERF_BPF" trace -e "$T/glob.c" -- "$wl" 1 >"$T/out2" 2>"$T/err2" ||
	fail "next run exited $? ($(cat "$T/err2"))"
expect_eq "stale events after the next run" 0 "$(ours $pid)"
expect_eq "outputs of the next run" 4 "$(grep -c 'BPF string: "glob err=0' "$T/out2")"
exit 0
