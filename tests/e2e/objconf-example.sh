#!/usr/bin/env bash
# examples/clock_read.c as its comment and the trace man page run it: a cpu-clock counter read through an event map, thinned by a map value
source "$(dirname "$0")/lib.sh"
need_root
command -v clang >/dev/null || skip "no clang"

cd "$TOP" || fail "no repository"
"$PERF_BPF" trace --json -i -e cpu-clock/period=1000000000/ \
	-e './examples/clock_read.c/map:clock.event=cpu-clock,map:every.value[0]=10/' \
	-- dd if=/dev/zero of=/dev/null bs=1 count=100 >"$T/out" 2>"$T/err" ||
	fail "trace exited $? ($(cat "$T/err"))"
# the reads of dd's writes: no error, a count that grows; one write in ten (of all tasks)
python3 - "$T/out" <<'PY' || fail "bad reads"
import json, struct, sys
last, n = {}, 0
for l in open(sys.argv[1]):
    j = json.loads(l)
    if j.get("type") != "sample" or j.get("comm") != "dd":
        continue
    err, ns, enabled, running = struct.unpack("<qQQQ", bytes.fromhex(j["raw"])[:32])
    if err or not ns or ns < last.get(j["cpu"], 0):
        sys.exit(f"read {err}, count {ns} after {last.get(j['cpu'])}")
    last[j["cpu"]] = ns
    n += 1
if not 1 <= n <= 15:
    sys.exit(f"{n} reports for about 103 writes, one in ten")
PY
# without the terms: every write is reported, and the empty slot fails the read (-ENOENT)
"$PERF_BPF" trace --json -e ./examples/clock_read.c -- dd if=/dev/zero of=/dev/null bs=1 \
	count=20 >"$T/bare" 2>"$T/err" || fail "bare trace exited $? ($(cat "$T/err"))"
got=$(python3 -c 'import json, struct, sys
r = [struct.unpack("<q", bytes.fromhex(j["raw"])[:8])[0] for j in map(json.loads, sys.stdin)
     if j.get("comm") == "dd"]
print(len(r) >= 20, sorted(set(r)))' <"$T/bare")
expect_eq "reads without the terms" "True [-2]" "$got"
echo "ok"
