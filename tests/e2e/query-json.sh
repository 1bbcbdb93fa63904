#!/usr/bin/env bash
# query --json prints one valid JSON document with ids, names, holders and stats
source "$(dirname "$0")/lib.sh"
need_root
command -v jq >/dev/null || skip "jq not installed"
holder=$(workload query-holder)
tp=syscalls:sys_enter_setsid
exec 9>/tmp/perf-bpf-ktest-sys_enter_setsid.lock
flock 9 || fail "cannot take the tracepoint lock"

"$holder" -n 2 -p e2e_json_ -t "$tp" >"$T/holder" 2>&1 &
hpid=$!
on_exit "kill $hpid 2>/dev/null; wait $hpid 2>/dev/null"
for _ in $(seq 600); do grep -q '^ready' "$T/holder" && break; sleep 0.1; done
grep -q '^ready' "$T/holder" || fail "query-holder did not start: $(cat "$T/holder")"

"$PERF_BPF" query --json "$tp" >"$T/out" || fail "query --json exited $?"
python3 -m json.tool "$T/out" >/dev/null || fail "not valid JSON: $(cat "$T/out")"
expect_eq "hook" "$tp" "$(jq -r '.hooks[0].hook' "$T/out")"
expect_eq "kind" "tracepoint" "$(jq -r '.hooks[0].kind' "$T/out")"
expect_eq "run_order" "true" "$(jq -r '.hooks[0].run_order' "$T/out")"
expect_eq "ids" "$(awk '/^prog /{print $2}' "$T/holder" | xargs)" \
	"$(jq -r '.hooks[0].programs[].id' "$T/out" | xargs)"
expect_eq "names" "e2e_json_0 e2e_json_1" "$(jq -r '.hooks[0].programs[].name' "$T/out" | xargs)"
expect_eq "pids" "$hpid $hpid" "$(jq -r '.hooks[0].programs[].pids[0].pid' "$T/out" | xargs)"
expect_match "tag" '^[0-9a-f]{16}$' "$(jq -r '.hooks[0].programs[0].tag' "$T/out")"
expect_match "load_time" '^[0-9]{4}-[0-9]{2}-[0-9]{2}T' "$(jq -r '.hooks[0].programs[0].load_time' "$T/out")"

# -j with --stats: the window counts the runs the holder's tracepoint sees while it is open;
# it opens (a -v line says so), 20 calls are made, and SIGINT closes it
before=$(sysctl -n kernel.bpf_stats_enabled)
"$PERF_BPF" query -v -j --stats 600 "$tp" >"$T/stats" 2>"$T/stats.err" &
q=$!
on_exit "kill $q 2>/dev/null"
for _ in $(seq 600); do grep -q 'window open' "$T/stats.err" && break; sleep 0.1; done
grep -q 'window open' "$T/stats.err" || fail "the stats window did not open: $(cat "$T/stats.err")"
for _ in $(seq 20); do setsid true; done
kill -INT "$q"
wait "$q" || fail "query --stats exited $? after SIGINT: $(cat "$T/stats.err")"
jq -e '.stats == true and .stats_window_ms > 0 and .stats_window_ms < 600000' "$T/stats" \
	>/dev/null || fail "stats keys: $(cat "$T/stats")"
runs=$(jq '.hooks[0].programs[0].run_cnt' "$T/stats")
[ "$runs" -ge 20 ] || fail "run_cnt $runs, want at least 20"
jq -e '.hooks[0].programs[0] | has("avg_ns")' "$T/stats" >/dev/null || fail "no avg_ns"
expect_eq "bpf_stats_enabled restored" "$before" "$(sysctl -n kernel.bpf_stats_enabled)"

# SECONDS attached, the tracepoint before the option
"$PERF_BPF" query "$tp" -j --stats=0.2 >"$T/stats" || fail "query --stats=0.2 exited $?"
jq -e '.stats == true and .stats_window_ms == 200' "$T/stats" >/dev/null ||
	fail "stats keys, --stats=0.2: $(cat "$T/stats")"
exit 0
