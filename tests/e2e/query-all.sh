#!/usr/bin/env bash
# query --all shows raw_tp, uprobe PMU and tracepoint programs, merged by hook, in under 1 s
source "$(dirname "$0")/lib.sh"
need_root
holder=$(workload query-holder)
[ -x "$holder" ] || fail "workload query-holder not built"
exec 9>/tmp/perf-bpf-ktest-sys_exit_setpgid.lock
flock 9 || fail "cannot take the tracepoint lock"

# two programs through the ioctl, a raw tracepoint, then a uprobe PMU event twice
# (ioctl, then a link: hooks QUERY_BPF cannot see) and one more tracepoint program by link
"$holder" -n 2 -p e2e_all_ -t syscalls:sys_exit_setpgid -r sched_kthread_stop -u \
	-L -u -n 1 -t syscalls:sys_exit_setpgid >"$T/holder" 2>&1 &
hpid=$!
on_exit "kill $hpid 2>/dev/null; wait $hpid 2>/dev/null"
for _ in $(seq 600); do grep -q '^ready' "$T/holder" && break; sleep 0.1; done
grep -q '^ready' "$T/holder" || fail "query-holder did not start: $(cat "$T/holder")"
raw_id=$(awk '$4 == "raw_tp:sched_kthread_stop" {print $2}' "$T/holder")
tp_ids=$(awk '$4 == "syscalls:sys_exit_setpgid" {print $2}' "$T/holder" | xargs)
uprobe=$(awk '$4 ~ /^uprobe:/ {print $4; exit}' "$T/holder")
up_rows=$(awk '$4 ~ /^uprobe:/ {print $2, $5}' "$T/holder")
tp_link=$(awk '$4 == "syscalls:sys_exit_setpgid" && $5 != "-" {print $2, $5}' "$T/holder")

start=$(date +%s%N)
"$PERF_BPF" query --all >"$T/out" || fail "query --all exited $?"
ms=$(( ($(date +%s%N) - start) / 1000000 ))
cat "$T/out"
echo "query --all: $ms ms"
[ "$ms" -lt 1000 ] || fail "query --all took $ms ms (limit 1000)"

# the block of one hook: its rows' "ID NAME"
block() { awk -v h="$1" '$1 == h {on = 1; next} on && NF == 0 {on = 0} on && $1 ~ /^[0-9]+$/ {print $1, $3}' "$T/out"; }
expect_match "raw_tp hook" "^$raw_id e2e_all_2\$" "$(block raw_tp:sched_kthread_stop | grep "^$raw_id ")"
expect_eq "tracepoint hook" "$tp_ids" "$(block syscalls:sys_exit_setpgid | awk '{print $1}' | xargs)"
grep -q "^raw_tp:sched_kthread_stop  raw_tp," "$T/out" || fail "raw_tp hook line missing"
grep -q "^syscalls:sys_exit_setpgid  tracepoint, 3 programs, in run order" "$T/out" ||
	fail "tracepoint hook line"
# rows: ID TYPE NAME TAG LOADED LINK PIDS; "ID LINK" of a hook's block
links() { awk -v h="$1" '$1 == h {on = 1; next} on && NF == 0 {on = 0} on && $1 ~ /^[0-9]+$/ {print $1, $6}' "$T/out"; }
expect_eq "uprobe hook (ioctl and link)" "$up_rows" "$(links "$uprobe")"
expect_eq "link of the link-attached tracepoint program" "$tp_link" \
	"$(links syscalls:sys_exit_setpgid | awk '$2 != "-"')"
# the raw tracepoint program has a link, the ioctl-attached ones none
link=$(awk -v id="$raw_id" '$1 == id {print $6}' "$T/out")
expect_match "raw_tp link id" '^[0-9]+$' "$link"
bpftool_show link id "$link" | grep -q "prog $raw_id" ||
	fail "link $link is not program $raw_id's"

"$PERF_BPF" query --all -j >"$T/json" || fail "query --all -j exited $?"
jq -e --argjson id "$raw_id" \
	'[.hooks[] | select(.hook == "raw_tp:sched_kthread_stop") | .programs[].id] | index($id) != null' \
	"$T/json" >/dev/null || fail "raw_tp program missing from --all -j"

kill "$hpid"
wait "$hpid" 2>/dev/null
"$PERF_BPF" query --all >"$T/after" || fail "query --all after exit failed"
! grep -q "e2e_all_" "$T/after" || fail "programs listed after the holder exited"
exit 0
