#!/usr/bin/env bash
# record -a and -p: a process started before the recording gets its COMM (FORK with -a) and the
# MMAP2 of each executable mapping, with build ids, so stock perf report names its code; -a
# also writes the KSYMBOL and BPF_EVENT records of a BPF program loaded before it
source "$(dirname "$0")/lib.sh"
need_root
command -v perf >/dev/null || skip "no stock perf"
prog=$(workload fp-symbols)
holder=$(workload query-holder)

# started first, it waits for a byte on its stdin before it burns its CPU
mkfifo "$T/go" "$T/ready" "$T/go2" "$T/ready2"
"$prog" wait 100000000 <"$T/go" >"$T/ready" &
wpid=$!
on_exit "kill $wpid 2>/dev/null; wait $wpid 2>/dev/null"
exec 9>"$T/go"
read -r line <"$T/ready" && [ "$line" = ready ] || fail "fp-symbols did not start"

"$holder" -n 1 -p e2e_ksym_ -t syscalls:sys_enter_getppid >"$T/holder" 2>&1 &
hpid=$!
on_exit "kill $hpid 2>/dev/null; wait $hpid 2>/dev/null"
for _ in $(seq 600); do grep -q '^ready' "$T/holder" && break; sleep 0.1; done
grep -q '^ready' "$T/holder" || fail "query-holder did not start: $(cat "$T/holder")"
prog_id=$(awk '/^prog /{print $2; exit}' "$T/holder")

# the workload lets the process go once the recording has begun, and waits for its end
"$PERF_BPF" record -a -e cpu-clock -o "$T/all.data" -- \
	bash -c "echo go >&9; exec 9>&-; while kill -0 $wpid 2>/dev/null; do sleep 0.05; done" \
	>"$T/err" 2>&1 || fail "record -a exited $? ($(cat "$T/err"))"
exec 9>&-
perf script -i "$T/all.data" --show-task-events --show-mmap-events --show-bpf-events \
	>"$T/events" 2>/dev/null || fail "perf script exited $?"
grep -q " 0\.000000: PERF_RECORD_FORK($wpid:$wpid):([0-9]*:[0-9]*)" "$T/events" ||
	fail "no FORK for $wpid"
grep -q " 0\.000000: PERF_RECORD_COMM: fp-symbols:$wpid/$wpid\$" "$T/events" || fail "no COMM for $wpid"
grep -Eq " 0\.000000: PERF_RECORD_MMAP2 $wpid/$wpid: \[0x[0-9a-f]+\(0x[0-9a-f]+\) @ 0x[0-9a-f]+ <[0-9a-f]{40}>\]: r-xp $(re_quote "$prog")\$" \
	"$T/events" || fail "no MMAP2 with a build id of $prog: $(grep -m3 "MMAP2 $wpid/" "$T/events")"
bid=$(grep -Eo "<[0-9a-f]{40}>\]: r-xp $(re_quote "$prog")\$" "$T/events" | head -1 | cut -c2-41)
want=$(readelf -n "$prog" | awk '/Build ID:/ {print $3}')
expect_eq "build id of $prog" "$want" "$bid"
grep -Eq "PERF_RECORD_KSYMBOL addr [0-9a-f]+ len [1-9][0-9]* type 1 flags 0x0 name bpf_prog_[0-9a-f]{16}_e2e_ksym_0\$" \
	"$T/events" || fail "no KSYMBOL of the program loaded before"
grep -q "PERF_RECORD_BPF_EVENT type 1, flags 0, id $prog_id\$" "$T/events" ||
	fail "no BPF_EVENT of program $prog_id"
perf report -i "$T/all.data" --stdio --sort comm,dso,sym 2>/dev/null |
	grep -Eq '%  fp-symbols +fp-symbols +\[\.\] perf_bpf_inner' ||
	fail "perf report names no perf_bpf_inner of the process started before"

# a program loaded while -a records: the kernel's own KSYMBOL and BPF_EVENT (its unload is
# left out: the kernel reports it from a work queue, maybe after the recording ended)
"$PERF_BPF" record -a -e cpu-clock -o "$T/live.data" -- bash -c "
	'$holder' -n 1 -p e2e_live_ -t syscalls:sys_enter_getppid >'$T/live' 2>&1 & h=\$!
	until grep -q '^ready' '$T/live'; do kill -0 \$h || exit 1; sleep 0.05; done
	kill \$h; wait \$h; exit 0" >"$T/err" 2>&1 || fail "record -a exited $? ($(cat "$T/err"))"
perf script -i "$T/live.data" --show-bpf-events >"$T/live.events" 2>/dev/null || fail "perf script exited $?"
grep -Eq "PERF_RECORD_KSYMBOL addr [0-9a-f]+ len [0-9]+ type 1 flags 0x0 name bpf_prog_[0-9a-f]{16}_e2e_live_0\$" \
	"$T/live.events" || fail "no KSYMBOL of the program loaded during the run"
grep -Eq "[1-9][0-9]*\.[0-9]+: PERF_RECORD_BPF_EVENT type 1, flags 0, id [1-9]" "$T/live.events" ||
	fail "no BPF_EVENT of the program loaded during the run"

# -p: COMM and MMAP2 of the process, no FORK (as perf)
"$prog" wait 1000 <"$T/go2" >"$T/ready2" &
ppid=$!
on_exit "kill $ppid 2>/dev/null; wait $ppid 2>/dev/null"
exec 9>"$T/go2"
read -r line <"$T/ready2" && [ "$line" = ready ] || fail "fp-symbols did not start"
"$PERF_BPF" record -v -p "$ppid" -e cpu-clock -o "$T/p.data" >"$T/err" 2>&1 &
rpid=$!
# the records of the process are made once the events are open: then it may go, and end
for _ in $(seq 300); do
	grep -q "synthesized the records of the tasks" "$T/err" && break
	kill -0 "$rpid" 2>/dev/null || fail "record -p exited: $(cat "$T/err")"
	sleep 0.1
done
echo go >&9
exec 9>&-
wait "$ppid"
# record -p ends when its process does (it spun writing empty rounds until a signal came)
for _ in $(seq 600); do kill -0 "$rpid" 2>/dev/null || break; sleep 0.1; done
kill -0 "$rpid" 2>/dev/null && { kill -INT "$rpid"; fail "record -p did not end with its process"; }
wait "$rpid" || fail "record -p exited $? ($(cat "$T/err"))"
perf script -i "$T/p.data" --show-task-events --show-mmap-events >"$T/pevents" 2>/dev/null ||
	fail "perf script exited $?"
grep -q " 0\.000000: PERF_RECORD_COMM: fp-symbols:$ppid/$ppid\$" "$T/pevents" || fail "-p: no COMM"
grep -q " 0\.000000: PERF_RECORD_MMAP2 $ppid/$ppid: .*: r-xp $prog\$" "$T/pevents" || fail "-p: no MMAP2"
! grep -q "PERF_RECORD_FORK($ppid:" "$T/pevents" || fail "-p: a FORK was synthesized"
exit 0
