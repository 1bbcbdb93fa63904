#!/usr/bin/env bash
# trace: the README's commands on examples/hello.c and examples/other.c, text and JSON
source "$(dirname "$0")/lib.sh"
need_root

ex=$TOP/examples
"$PERF_BPF" trace -e "$ex/hello.c" -e "$ex/other.c" -- sleep 0.1 >"$T/out" 2>"$T/err" ||
	fail "trace exited $? ($(cat "$T/err"))"
expect_eq "strings, in order" $'Hello, world!\nGoodbye, world!' \
	"$(sed -n 's/^      BPF string: "\(.*\)"$/\1/p' "$T/out")"
# -a sees every task's sleeps: the workload is a copy of sleep with a name of its own
cp "$(command -v sleep)" "$T/ex-sleep"
"$PERF_BPF" trace --json -e "$ex/hello.c" -e "$ex/other.c" -a -- "$T/ex-sleep" 0.2 >"$T/json" \
	2>"$T/err" || fail "trace --json exited $? ($(cat "$T/err"))"
python3 -c '
import json, sys
lines = [json.loads(l) for l in open(sys.argv[1])]
mine = [l for l in lines if l.get("comm") == "ex-sleep"]
assert [l["string"] for l in mine][:2] == ["Hello, world!", "Goodbye, world!"], mine
assert all(l["type"] == "sample" and l["event"] == "__bpf_stdout__" for l in mine)
' "$T/json" || fail "JSON output: $(head -5 "$T/json")"
