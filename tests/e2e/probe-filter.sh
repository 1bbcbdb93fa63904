#!/usr/bin/env bash
# probe filtering: probe sections are sampled events, a hit kept only when the program returns non-zero (uprobes, perf-era scriptlets)
source "$(dirname "$0")/lib.sh"
need_root

[ -w /sys/kernel/tracing/uprobe_events ] || skip "no tracefs uprobe_events (CONFIG_UPROBE_EVENTS off?)"
# a copy of its own: uprobes are per file, and another run of the shared binary would flip the map
target=$T/target
cp "$(workload uprobe-target)" "$target"
scriptlet() { sed "s|@SEC@|$2|" "$TOP/tests/fixtures/bpf/$1.c.in" >"$T/$3.c"; }
# samples of perf_bpf_probe:EVENT in a trace/script output
count() { grep -c " perf_bpf_probe:$1: (" "$2"; }

# the flip-flop: exactly half of 10 calls, live and recorded
scriptlet probe-filter "exec=$target;func=perf_bpf_target" flip
"$PERF_BPF" trace -e "$T/flip.c" -- "$target" 10 >"$T/out" 2>"$T/err" ||
	fail "trace exited $? ($(cat "$T/err"))"
expect_eq "kept by trace" 5 "$(count func "$T/out")"
expect_match "a sample" "^ +target +[0-9]+ \[[0-9]+\] +[0-9.]+: perf_bpf_probe:func: \([0-9a-f]+\)$" \
	"$(grep perf_bpf_probe "$T/out" | head -1)"
expect_eq "stderr" "" "$(cat "$T/err")"
"$PERF_BPF" record -q -o "$T/flip.data" -e "$T/flip.c" -- "$target" 10 >"$T/rec" 2>&1 ||
	fail "record exited $? ($(cat "$T/rec"))"
"$PERF_BPF" script -i "$T/flip.data" >"$T/script" 2>"$T/err" ||
	fail "script exited $? ($(cat "$T/err"))"
expect_eq "kept in perf.data" 5 "$(count func "$T/script")"
# stock perf names and prints them alike
if [ -x /usr/bin/perf ] && /usr/bin/perf script -i "$T/flip.data" >"$T/stock" 2>"$T/stock.err"; then
	expect_eq "kept, read by perf script" 5 "$(count func "$T/stock")"
	expect_file_eq "$T/stock" "$T/script"
fi

# the return probe: the entry and the return address, half of 6
scriptlet probe-filter "exec=$target;ret=perf_bpf_target%return" flipret
"$PERF_BPF" trace -e "$T/flipret.c" -- "$target" 6 >"$T/out" 2>"$T/err" ||
	fail "trace of %return exited $? ($(cat "$T/err"))"
expect_eq "kept return hits" 3 "$(count ret "$T/out")"
expect_match "a return sample" "perf_bpf_probe:ret: \([0-9a-f]+ <- [0-9a-f]+\)$" \
	"$(grep perf_bpf_probe "$T/out" | head -1)"

# the prologue's argument decides: i = 0..9, multiples of 3 kept
scriptlet probe-argfilter "exec=$target;arg=perf_bpf_target i" arg
"$PERF_BPF" trace -e "$T/arg.c" -- "$target" 10 >"$T/out" 2>"$T/err" ||
	fail "trace with an argument exited $? ($(cat "$T/err"))"
expect_eq "kept by the argument" 4 "$(count arg "$T/out")"
"$PERF_BPF" record -q -o "$T/arg.data" -e "$T/arg.c" -- "$target" 10 >"$T/rec" 2>&1 ||
	fail "record with an argument exited $? ($(cat "$T/rec"))"
"$PERF_BPF" script -i "$T/arg.data" >"$T/script" 2>&1 || fail "script exited $?"
expect_eq "kept in perf.data by the argument" 4 "$(count arg "$T/script")"

# JSON names the event as text does
"$PERF_BPF" trace --json -e "$T/flip.c" -- "$target" 4 >"$T/json" 2>"$T/err" ||
	fail "trace --json exited $? ($(cat "$T/err"))"
expect_eq "JSON samples" 2 "$(grep -c '"perf_bpf_probe:func"' "$T/json")"
exit 0
