#!/usr/bin/env bash
# probe tracefs kprobes: kprobe_events under perf_bpf_probe, one program id over a glob in perf-bpf query, nothing left after exit or kill -9
source "$TOP/tests/e2e/lib.sh"

obj=/tests/guest/bpf/probe-kprobe.o
events=/sys/kernel/tracing/kprobe_events
[ -f "$obj" ] || fail "no $obj: the host did not compile tests/kernel-lane/guest/bpf/probe-kprobe.c"
[ -w "$events" ] || skip "no tracefs kprobe_events in $(uname -r)"
wl=$(workload probe-kernel)
export PERF_BPF_PROBE_MODE=tracefs
ours() { grep -c "^[pr][0-9]*:perf_bpf_probe/.*__$1 " "$events"; }
# busybox's sleep may take whole seconds only
nap() { sleep 0.2 2>/dev/null || sleep 1; }
# kp_sleep, kp_open, kp_open_ret, and 3 points of kp_dup
want=6

"$PERF_BPF" trace -e "$obj" -- "$wl" 2 4 >"$T/out" 2>"$T/err" &
pid=$!
on_exit "kill -9 $pid 2>/dev/null"
for _ in $(seq 150); do [ "$(ours $pid)" -ge $want ] && break; nap; done
cat "$events" "$T/err"
expect_eq "kprobe events while running" $want "$(ours $pid)"
grep -q "^r[0-9]*:perf_bpf_probe/kp_open_ret__$pid " "$events" || fail "no return probe kp_open_ret"
# the three dup points: one program id
"$PERF_BPF" query "perf_bpf_probe:kp_dup*" >"$T/q" 2>&1 || fail "query exited $? ($(cat "$T/q"))"
cat "$T/q"
expect_eq "hooks of kp_dup" 3 "$(grep -c '^perf_bpf_probe:kp_dup' "$T/q")"
expect_eq "distinct program ids on them" 1 "$(awk '$3 == "kp_dup" {print $1}' "$T/q" | sort -u | wc -l)"
expect_eq "programs listed" 3 "$(awk '$3 == "kp_dup"' "$T/q" | wc -l)"
wait $pid || fail "trace exited $? ($(cat "$T/err"))"
expect_eq "kprobe events after exit" 0 "$(ours $pid)"
expect_match "dup outputs" 'BPF string: "dup err=0 oldfd=' "$(cat "$T/out")"

# kill -9: the events stay until the next run, which removes them
"$PERF_BPF" trace -e "$obj" -- "$wl" 1 30 >"$T/out" 2>"$T/err" &
pid=$!
on_exit "kill -9 $pid 2>/dev/null"
for _ in $(seq 150); do [ "$(ours $pid)" -ge $want ] && break; nap; done
expect_eq "kprobe events while running" $want "$(ours $pid)"
kill -9 $pid
wait $pid 2>/dev/null
pkill -9 -f "probe-kernel 1 30" 2>/dev/null
nap
expect_eq "events left by the killed run" $want "$(ours $pid)"
"$PERF_BPF" trace -e "$obj" -- "$wl" 1 >"$T/out" 2>"$T/err" || fail "next run exited $? ($(cat "$T/err"))"
expect_eq "stale events after the next run" 0 "$(ours $pid)"
expect_eq "nothing of ours in kprobe_events" 0 "$(grep -c perf_bpf_probe "$events")"
exit 0
