#!/usr/bin/env bash
# query lists the programs a process attached to a tracepoint, in attach order, then none
source "$(dirname "$0")/lib.sh"
need_root
tp=syscalls:sys_enter_setpgid
exec 9>/tmp/perf-bpf-ktest-sys_enter_setpgid.lock
flock 9 || fail "cannot take the tracepoint lock"
holder=$(workload query-holder)
[ -x "$holder" ] || fail "workload query-holder not built"

"$PERF_BPF" query "$tp" >"$T/before" || fail "query before attach failed"
grep -q 'no programs' "$T/before" || fail "programs on $tp before the test: $(cat "$T/before")"

"$holder" -n 4 -p e2e_list_ -t "$tp" >"$T/holder" 2>&1 &
hpid=$!
on_exit "kill $hpid 2>/dev/null; wait $hpid 2>/dev/null"
for _ in $(seq 600); do grep -q '^ready' "$T/holder" && break; sleep 0.1; done
grep -q '^ready' "$T/holder" || fail "query-holder did not start: $(cat "$T/holder")"

"$PERF_BPF" query "$tp" >"$T/out" || fail "query exited $?"
cat "$T/out"
expect_match "hook line" "^$tp  tracepoint, 4 programs, in run order" "$(head -1 "$T/out")"
# rows: ID TYPE NAME TAG LOADED LINK PIDS
awk '/^prog /{print $2, $3}' "$T/holder" >"$T/want"
awk 'NR > 2 {print $1, $3}' "$T/out" >"$T/got"
expect_file_eq "$T/want" "$T/got"
awk 'NR > 2 && $2 != "tracepoint" {exit 1}' "$T/out" || fail "a program is not of type tracepoint"
awk -v p="query-holder($hpid)" 'NR > 2 && $7 != p {exit 1}' "$T/out" ||
	fail "PIDS is not query-holder($hpid)"
# a pattern finds the same hook without opening every syscall tracepoint
"$PERF_BPF" query 'syscalls:sys_*_setpgid' >"$T/glob" || fail "glob query failed"
expect_eq "glob hooks" "$tp" "$(awk 'NF && $1 !~ /^[0-9]+$/ && $1 != "ID" {print $1}' "$T/glob")"
# opening every match gives the same answer
"$PERF_BPF" query --exhaustive 'syscalls:sys_*_setpgid' >"$T/exhaustive" || fail "--exhaustive failed"
expect_file_eq "$T/glob" "$T/exhaustive"

kill "$hpid"
wait "$hpid" 2>/dev/null
"$PERF_BPF" query "$tp" >"$T/after" || fail "query after exit failed"
expect_eq "after the holder exits" "$tp  tracepoint, no programs" "$(cat "$T/after")"
exit 0
