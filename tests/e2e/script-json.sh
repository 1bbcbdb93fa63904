#!/usr/bin/env bash
# script --json: one valid JSON object per line, samples and lost notices, the same samples as the text output
source "$(dirname "$0")/lib.sh"

python3 "$TOP/tests/fixtures/script/mkperfdata.py" lost "$T/lost.data" || fail "cannot build a file"
"$PERF_BPF" script --json -i "$T/lost.data" >"$T/out" 2>"$T/err" || fail "script --json exited $?"
python3 - "$T/out" <<'PY' || fail "bad JSON Lines: $(cat "$T/out")"
import json, sys
lines = open(sys.argv[1]).read().splitlines()
objs = [json.loads(l) for l in lines]
samples = [o for o in objs if o["type"] == "sample"]
lost = [o for o in objs if o["type"] == "lost"]
assert [s["string"] for s in samples] == ["one", "two", "three"], samples
assert [s["time"] for s in samples] == [10, 12, 14], samples
assert all(s["event"] == "evt" and s["comm"] == "myprog" and s["tid"] == 4242 for s in samples)
assert samples[0]["raw"] == "6f6e6500", samples[0]
assert [l["lost"] for l in lost] == [7, 3], lost
PY
grep -q "lost 2 chunks" "$T/err" || fail "no lost warning on stderr under --json"
n=$("$PERF_BPF" script -i "$T/lost.data" 2>/dev/null | grep -c '^ *BPF string:')
expect_eq "samples in text and JSON" 3 "$n"
exit 0
