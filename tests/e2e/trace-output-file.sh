#!/usr/bin/env bash
# trace -o FILE: text and JSON into the file; with --json on stdout the command's own stdout
# goes to stderr, so the stream on stdout is JSON only; every JSON stream starts with the header
source "$(dirname "$0")/lib.sh"
need_root
hello=$TOP/examples/hello.c

# text into the file: what stdout would have had; the command's stdout stays on stdout
"$PERF_BPF" trace -o "$T/out.txt" -e "$hello" -- sh -c 'echo WORKLOAD; sleep 0.1' \
	>"$T/stdout" 2>"$T/err" || fail "trace -o: exit $? ($(cat "$T/err"))"
expect_eq "stdout" WORKLOAD "$(cat "$T/stdout")"
grep -q 'BPF string: "Hello, world!"' "$T/out.txt" || fail "text: $(cat "$T/out.txt")"

# JSON into the file
before=$(date +%s)
"$PERF_BPF" trace --json -o "$T/out.json" -e "$hello" -- sh -c 'echo WORKLOAD; sleep 0.1' \
	>"$T/stdout" 2>"$T/err" || fail "trace --json -o: exit $? ($(cat "$T/err"))"
after=$(date +%s)
expect_eq "stdout" WORKLOAD "$(cat "$T/stdout")"
python3 - "$T/out.json" "$before" "$after" <<'PY' || fail "JSON file: $(cat "$T/out.json")"
import json, sys, uuid
lines = [json.loads(l) for l in open(sys.argv[1])]
h = lines[0]
assert h["type"] == "header", h
assert h["origin"] == "live" and h["host"] and h["kernel"], h
assert h["boot_id"] == open("/proc/sys/kernel/random/boot_id").read().strip(), h
assert h["clock"] == "perf" and h["clockid"] is None and h["clock_offset_ns"] > 0, h
assert [l["type"] for l in lines[1:]] == ["sample"] * (len(lines) - 1) and len(lines) > 1
assert all(l["string"] == "Hello, world!" for l in lines[1:])
# perf's clock mapped too: every sample's wall-clock time falls within the run
lo, hi = int(sys.argv[2]) * 10**9, (int(sys.argv[3]) + 1) * 10**9
assert all(lo <= l["time"] + h["clock_offset_ns"] <= hi for l in lines[1:]), (lines[1], h)
PY

# JSON on stdout: the command's stdout goes to stderr, never into the stream
"$PERF_BPF" trace --json -e "$hello" -- sh -c 'echo WORKLOAD; sleep 0.1; echo AGAIN' \
	>"$T/stdout" 2>"$T/err" || fail "trace --json: exit $? ($(cat "$T/err"))"
python3 -c 'import json, sys; [json.loads(l) for l in open(sys.argv[1])]' "$T/stdout" ||
	fail "stdout is not JSON Lines only: $(cat "$T/stdout")"
expect_eq "header first" '"header"' "$(head -1 "$T/stdout" | python3 -c 'import json,sys; print(json.dumps(json.load(sys.stdin)["type"]))')"
expect_eq "the command's output, on stderr" "WORKLOAD AGAIN" "$(grep -E 'WORKLOAD|AGAIN' "$T/err" | xargs)"

# -o where nothing can be created: one ERROR line, nothing compiled
"$PERF_BPF" trace -o /nonexistent/x.txt -e "$hello" -- true >"$T/out" 2>"$T/err"
expect_eq "status" 1 $?
expect_eq "error" "ERROR: cannot create '/nonexistent/x.txt': No such file or directory" "$(cat "$T/err")"
exit 0
