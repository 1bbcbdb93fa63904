#!/usr/bin/env bash
# trace: perf-style uprobe and uretprobe sections (exec=PATH;EVENT=FUNC[%return]) on a test binary
source "$(dirname "$0")/lib.sh"
need_root

target=$(workload uprobe-target)
sed "s|@TARGET@|$target|g" "$TOP/tests/fixtures/bpf/uprobe.c.in" >"$T/uprobe.c"
"$PERF_BPF" trace -e "$T/uprobe.c" -- "$target" 3 >"$T/out" 2>"$T/err" ||
	fail "trace exited $? ($(cat "$T/err"))"
expect_eq "entries" 3 "$(grep -c 'BPF string: "entry"' "$T/out")"
expect_eq "exits" 3 "$(grep -c 'BPF string: "exit"' "$T/out")"
wait_prog_gone pb_up_entry || fail "the uprobe program stayed loaded"
wait_prog_gone pb_up_exit || fail "the uretprobe program stayed loaded"
