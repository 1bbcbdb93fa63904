#!/usr/bin/env bash
# trace/record/script: a ring buffer record typed as libbpf-bootstrap's event shows the task
# its fields name (pid, comm) in place of '-'; under -k monotonic its ts field is its time,
# so it is shown in time order among the tracepoint's samples; a ts that lies outside the
# run is not taken; -v says which fields are taken; stock perf script shows the recorded pid
source "$(dirname "$0")/lib.sh"
need_root
cd "$T" || fail "no temp dir"

NAME=rbt$$
NAME=${NAME:0:15}
cp "$(workload getppid-loop)" "$NAME" || fail "no workload"
W=$T/$NAME
FIX=$TOP/tests/fixtures/bpf/ringbuf-task.c
EXIT=syscalls:sys_exit_getppid

# 1. the task and name the record carries, in the text and in JSON; -v says the rule's choice
"$PERF_BPF" trace -v -e "$FIX" -- "$W" 3 >task.out 2>task.err || fail "trace exited $? ($(cat task.err))"
pid=$(grep -o ' rb: pid=[0-9]*' task.out | head -1 | cut -d= -f2)
[ -n "$pid" ] || fail "no rb records: $(cat task.out)"
expect_eq "rb lines with the workload's name and pid" 3 \
	"$(grep -cE "^ *$NAME +$pid \[-\] +[0-9]+\.[0-9]{6}: +rb: pid=$pid ppid=1 " task.out)"
grep -q "^ring buffer 'rb': task from 'pid' (process), name from 'comm', no time" task.err ||
	fail "-v does not say which fields are taken: $(grep 'ring buffer' task.err)"
"$PERF_BPF" trace --json -e "$FIX" -- "$W" 2 >task.json 2>task.jerr ||
	fail "trace --json exited $? ($(cat task.jerr))"
expect_eq "JSON rb samples with pid, tid and comm" 2 "$(python3 - task.json "$NAME" <<'PY'
import json, sys
n = 0
for line in open(sys.argv[1]):
    o = json.loads(line)
    if o.get("type") == "sample" and o.get("event") == "rb":
        n += (o.get("comm") == sys.argv[2] and o["pid"] == o["tid"] == o["fields"]["pid"]
              and o["pid"] > 0)
print(n)
PY
)"

# 2. -k monotonic: ts (bpf_ktime_get_ns) is the record's time; each getppid's record comes
# before its exit, whatever the pass that read it
order() { grep -oE " (rb|$EXIT): " "$1" | sed "s/ $EXIT: /x/; s/ rb: /r/" | tr -d '\n'; }
"$PERF_BPF" trace -k monotonic --clang-opt -DTS -v -e "$FIX" -e "$EXIT" -- "$W" 4 >ts.out 2>ts.err ||
	fail "trace -k monotonic exited $? ($(cat ts.err))"
expect_eq "rb records in time order among the exits" "rxrxrxrx" "$(order ts.out)"
grep -q "^ring buffer 'rb': .*, time from 'ts'$" ts.err ||
	fail "-v does not say ts is taken: $(grep 'ring buffer' ts.err)"
# perf's clock (no -k) is not bpf_ktime_get_ns()'s: the time read, and -v says why
"$PERF_BPF" trace --clang-opt -DTS -v -e "$FIX" -- "$W" 1 >tsp.out 2>tsp.err ||
	fail "trace with perf's clock exited $? ($(cat tsp.err))"
grep -q "^ring buffer 'rb': .*time from 'ts' (not used: .*-k monotonic uses it)$" tsp.err ||
	fail "-v does not say why ts is not used: $(grep 'ring buffer' tsp.err)"

# 3. times outside the run (1, 2^64 - 1, an hour ahead): the time read, the order kept
"$PERF_BPF" trace -k monotonic --clang-opt -DTS_BAD -e "$FIX" -e "$EXIT" -- "$W" 3 >bad.out \
	2>bad.err || fail "trace of bad times exited $? ($(cat bad.err))"
expect_eq "rb records of bad times" 3 "$(grep -c ' rb: ' bad.out)"
times=$(grep -oE '[0-9]+\.[0-9]{6}: ' bad.out | tr -d ': ')
[ "$times" = "$(sort -n <<<"$times")" ] || fail "times out of order: $times"
first=$(head -1 <<<"$times")
last=$(tail -1 <<<"$times")
python3 -c "import sys; sys.exit(not ($first > 1 and $last - $first < 60))" ||
	fail "a bad time was taken: $first .. $last"

# 4. record -k monotonic: the file keeps pid and time; script shows what trace showed, stock
# perf script the workload's pid and name in place of :-1 -1
"$PERF_BPF" record -q -k monotonic --clang-opt -DTS -o ts.data -e "$FIX" -e "$EXIT" -- "$W" 3 \
	2>rec.err || fail "record exited $? ($(cat rec.err))"
"$PERF_BPF" script -i ts.data >script.out 2>script.err || fail "script exited $? ($(cat script.err))"
expect_eq "script: rb records in time order" "rxrxrx" "$(order script.out)"
rpid=$(grep -o ' rb: pid=[0-9]*' script.out | head -1 | cut -d= -f2)
expect_eq "script: rb lines of the workload" 3 \
	"$(grep -cE "^ *$NAME +$rpid \[-\] .* rb: pid=$rpid " script.out)"
if command -v perf >/dev/null; then
	perf script -i ts.data >perf.out 2>perf.err || fail "perf script exited $? ($(cat perf.err))"
	expect_eq "perf script: rb samples of the workload's pid" 3 \
		"$(grep -cE "^ *$NAME +$rpid \[-01\] .* rb: " perf.out)"
fi
exit 0
