#!/usr/bin/env bash
# -k/--clockid: trace and record stamp records with the clock asked for; record stores it as
# stock perf reads it (CLOCKID, CLOCK_DATA); the JSON headers of trace and script name it
source "$(dirname "$0")/lib.sh"
need_root
prof=$TOP/tests/fixtures/libbpf/profile.bpf.c
W=$(workload getppid-loop)

# realtime: wall-clock times (software events: cpu-clock, bpf-output)
before=$(date +%s)
"$PERF_BPF" trace --json -k realtime -e cpu-clock -e "$prof" -- "$W" 200000 >"$T/out" 2>"$T/err" ||
	fail "trace -k realtime: exit $? ($(cat "$T/err"))"
after=$(date +%s)
python3 - "$T/out" "$before" "$after" <<'PY' || fail "trace -k realtime: $(head -3 "$T/out")"
import json, sys
lines = [json.loads(l) for l in open(sys.argv[1])]
h, samples = lines[0], lines[1:]
assert h["type"] == "header" and h["clock"] == "realtime" and h["clockid"] == 0, h
assert h["clock_offset_ns"] == 0, h
assert samples, "no sample"
lo, hi = int(sys.argv[2]) * 10**9, (int(sys.argv[3]) + 1) * 10**9
for s in samples:
    assert lo <= s["time"] <= hi, (s["time"], lo, hi)
PY

# monotonic: the header's offset turns the times into wall-clock times
"$PERF_BPF" trace --json -k monotonic -e "$TOP/examples/hello.c" -- sleep 0.1 >"$T/out" 2>"$T/err" ||
	fail "trace -k monotonic: exit $? ($(cat "$T/err"))"
after=$(date +%s)
python3 - "$T/out" "$before" "$after" <<'PY' || fail "trace -k monotonic: $(head -3 "$T/out")"
import json, sys
lines = [json.loads(l) for l in open(sys.argv[1])]
h, samples = lines[0], lines[1:]
assert h["clock"] == "monotonic" and h["clockid"] == 1, h
assert samples
lo, hi = int(sys.argv[2]) * 10**9, (int(sys.argv[3]) + 1) * 10**9
for s in samples:
    assert lo <= s["time"] + h["clock_offset_ns"] <= hi, (s["time"], h)
PY

# a tracepoint refuses a clock that is not NMI-safe: one ERROR, a Hint
"$PERF_BPF" trace -k realtime -e "$TOP/examples/hello.c" -- true >"$T/out" 2>"$T/err"
expect_eq "status" 1 $?
grep -q "^Hint: tracepoints take NMI-safe clocks only: -k monotonic" "$T/err" || fail "$(cat "$T/err")"
"$PERF_BPF" trace -k bogus -e "$TOP/examples/hello.c" -- true >"$T/out" 2>"$T/err"
expect_eq "status of a bad clock" 129 $?
grep -q "^ERROR: unknown clock 'bogus' for -k" "$T/err" || fail "$(cat "$T/err")"

# record -k realtime: stock perf shows the clock and wall-clock times; script's header has it
"$PERF_BPF" record -q -k realtime -o "$T/k.data" -e cpu-clock -e "$prof" -- "$W" 200000 \
	2>"$T/err" || fail "record -k: exit $? ($(cat "$T/err"))"
perf report --header-only -i "$T/k.data" >"$T/hdr" 2>&1
grep -q '^# clockid: realtime (0)$' "$T/hdr" || fail "perf: no clockid: $(grep -i clock "$T/hdr")"
perf script -i "$T/k.data" -F tod,event >"$T/tod" 2>&1 || fail "perf script -F tod: $(head -3 "$T/tod")"
grep -q "^$(date +%Y-%m-%d) [0-9:.]* *__bpf_stdout__:" "$T/tod" || fail "perf tod: $(head -3 "$T/tod")"
"$PERF_BPF" script --json -i "$T/k.data" >"$T/out" 2>"$T/err" || fail "script: $(cat "$T/err")"
python3 - "$T/out" "$before" <<'PY' || fail "script --json header: $(head -1 "$T/out")"
import json, sys, os
h = json.loads(open(sys.argv[1]).readline())
assert h["type"] == "header" and h["origin"] == "perf.data", h
assert h["host"] == os.uname().nodename and h["kernel"] == os.uname().release, h
assert h["boot_id"] is None, h
assert h["clock"] == "realtime" and h["clock_offset_ns"] == 0, h
assert h["start_ns"] >= int(sys.argv[2]) * 10**9, h
PY
# through a pipe, monotonic: the header's offset makes the samples' times wall-clock times
"$PERF_BPF" record -q -k monotonic -o - -e "$TOP/examples/hello.c" -- sleep 0.1 2>"$T/err" |
	"$PERF_BPF" script --json -i - >"$T/out" 2>>"$T/err" || fail "record | script: $(cat "$T/err")"
after=$(date +%s)
python3 - "$T/out" "$before" "$after" <<'PY' || fail "piped script --json: $(head -2 "$T/out")"
import json, sys
lines = [json.loads(l) for l in open(sys.argv[1])]
h, samples = lines[0], lines[1:]
assert h["clock"] == "monotonic" and h["clock_offset_ns"] > 0, h
assert samples and all(s["type"] == "sample" for s in samples)
lo, hi = int(sys.argv[2]) * 10**9, (int(sys.argv[3]) + 1) * 10**9
assert all(lo <= s["time"] + h["clock_offset_ns"] <= hi for s in samples), (samples[0], h)
PY
# without -k: perf's clock, its offset measured when recorded
before=$(date +%s)
"$PERF_BPF" record -q -o "$T/p.data" -e "$TOP/examples/hello.c" -- sleep 0.1 2>"$T/err" ||
	fail "record: $(cat "$T/err")"
after=$(date +%s)
"$PERF_BPF" script --json -i "$T/p.data" >"$T/out"
python3 - "$T/out" "$before" "$after" <<'PY' || fail "script header without -k: $(head -2 "$T/out")"
import json, sys
lines = [json.loads(l) for l in open(sys.argv[1])]
h, samples = lines[0], [l for l in lines[1:] if l["type"] == "sample"]
assert h["clock"] == "perf" and h["clockid"] is None and h["clock_offset_ns"] > 0, h
lo, hi = int(sys.argv[2]) * 10**9, (int(sys.argv[3]) + 1) * 10**9
assert lo <= h["start_ns"] <= hi, h
assert samples and all(lo <= s["time"] + h["clock_offset_ns"] <= hi for s in samples), (samples, h)
PY
# a file of stock perf record without -k has no clock data: no offset
if command -v perf >/dev/null; then
	perf record -q -o "$T/s.data" -e syscalls:sys_enter_getppid -- true 2>/dev/null
	"$PERF_BPF" script --json -i "$T/s.data" | head -1 >"$T/h"
	grep -q '"clock":"perf","clockid":null,"clock_offset_ns":null,"start_ns":null}$' "$T/h" ||
		fail "script header of perf's file without -k: $(cat "$T/h")"
fi
exit 0
