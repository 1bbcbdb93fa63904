#!/usr/bin/env bash
# map:NAME.event=EVT with software counters: cpu-clock and task-clock read with bpf_perf_event_read_value grow, slot = CPU, with -a and -C
source "$(dirname "$0")/lib.sh"
need_root
command -v clang >/dev/null || skip "no clang"

fx=$TOP/tests/fixtures/bpf/objconf-counter.c
W=$(workload getppid-loop)
# a period no run reaches: the counters are read, never sampled
clocks=(-e cpu-clock/period=100000000000/ -e task-clock/period=100000000000/)
terms="map:clock.event=cpu-clock,map:tclock.event=task-clock"

# check FILE PID [CPU]: every sample of PID read both counters without error, each second
# read above the first, and on each CPU the counts never go back; prints the sample count
check() {
	python3 - "$@" <<'PY'
import json, struct, sys
path, pid = sys.argv[1], int(sys.argv[2])
want_cpu = int(sys.argv[3]) if len(sys.argv) > 3 else None
last, n = {}, 0
for line in open(path):
    j = json.loads(line)
    if j.get("event") != "__bpf_stdout__" or j.get("pid") != pid:
        continue
    e1, a1, b1, e2, a2, b2, cpu = struct.unpack("<qQQqQQQ", bytes.fromhex(j["raw"])[:56])
    if e1 or e2:
        sys.exit(f"read error {e1}/{e2} on cpu {cpu}")
    if cpu != j["cpu"] or (want_cpu is not None and cpu != want_cpu):
        sys.exit(f"sample of cpu {j['cpu']} read cpu {cpu}")
    if not (0 < a1 < b1 and 0 < a2 < b2):
        sys.exit(f"counts do not grow within a run of the program: {a1} {b1} {a2} {b2}")
    if cpu in last and (a1 < last[cpu][0] or a2 < last[cpu][1]):
        sys.exit(f"counts went back on cpu {cpu}: {last[cpu]} then {a1} {a2}")
    last[cpu] = (b1, b2)
    n += 1
print(n)
PY
}

# the workload
"$PERF_BPF" trace --json -i "${clocks[@]}" -e "$fx/$terms/" -- "$W" 5 >"$T/w.json" \
	2>"$T/err" || fail "trace exited $? ($(cat "$T/err"))"
pid=$(python3 -c 'import json,sys; print(next(j["pid"] for j in map(json.loads, sys.stdin) if j["type"] == "sample"))' <"$T/w.json")
n=$(check "$T/w.json" "$pid") || fail "workload: $n"
expect_eq "workload samples" 5 "$n"
# the counters are opened on every CPU, but only the workload's samples are shown
expect_eq "other tasks' samples" 0 "$(grep -v '^{"type":"header"' "$T/w.json" | grep -vc "\"pid\":$pid,")"

# system-wide: the same, the workload among every task calling getppid (a copy with a name
# of its own: other runs of getppid-loop may be traced too)
comm=occnt$$
cp "$W" "$T/$comm" || fail "cannot copy the workload"
"$PERF_BPF" trace --json -a -e cpu-clock/period=100000000000,no-inherit/ \
	-e task-clock/period=100000000000,no-inherit/ -e "$fx/$terms/" -- "$T/$comm" 4 \
	>"$T/a.json" 2>"$T/err" || fail "trace -a exited $? ($(cat "$T/err"))"
pid=$(python3 -c 'import json,sys
for l in sys.stdin:
    j = json.loads(l)
    if j.get("comm") == sys.argv[1]: print(j["pid"]); break' "$comm" <"$T/a.json")
[ -n "$pid" ] || fail "-a: no sample of the workload"
n=$(check "$T/a.json" "$pid") || fail "-a: $n"
expect_eq "-a workload samples" 4 "$n"

# -C: the counters exist on CPU 0 only, in slot 0; the workload is kept on CPU 0
"$PERF_BPF" trace --json -i -C 0 "${clocks[@]}" -e "$fx/$terms/" -- taskset -c 0 "$W" 3 \
	>"$T/c.json" 2>"$T/err" || fail "trace -C 0 exited $? ($(cat "$T/err"))"
pid=$(python3 -c 'import json,sys; print(next(j["pid"] for j in map(json.loads, sys.stdin) if j["type"] == "sample"))' <"$T/c.json")
n=$(check "$T/c.json" "$pid" 0) || fail "-C 0: $n"
expect_eq "-C 0 samples" 3 "$n"

# only slot 1 filled: a program on CPU 0 finds no event there (-ENOENT), so the term did that
if [ "$(nproc)" -ge 2 ]; then
	"$PERF_BPF" trace --json -i "${clocks[@]}" \
		-e "$fx/map:clock.event[1]=cpu-clock,map:tclock.event[1]=task-clock/" \
		-- taskset -c 0 "$W" 2 >"$T/s.json" 2>"$T/err" || fail "slot 1 run exited $?"
	err=$(python3 -c 'import json,struct,sys
for l in sys.stdin:
    j = json.loads(l)
    if j.get("event") == "__bpf_stdout__":
        print(struct.unpack("<q", bytes.fromhex(j["raw"])[:8])[0])' <"$T/s.json" | sort -u)
	expect_eq "read of an empty slot" "-2" "$err"
fi
echo "ok"
