#!/usr/bin/env bash
# the seed programs' tracepoint versions in examples/ run as perf users wrote them: legacy maps, old helper declarations, __bpf_stdout__, map:NAME.value=
source "$(dirname "$0")/lib.sh"
need_root
command -v clang >/dev/null || skip "no clang"

# run_ok OUTFILE ARGS...: perf-bpf ARGS, which must succeed (legacy maps included)
run_ok() {
	local out=$1 rc
	shift
	timeout 60 "$PERF_BPF" "$@" >"$out" 2>"$T/err"
	rc=$?
	[ $rc = 0 ] || fail "perf-bpf $* exited $rc: $(cat "$T/err")"
}

# 1. tp_bpf_trace.c: entry and exit of clock_nanosleep each raise a string on __bpf_stdout__.
#    The program runs for every task on the tracepoint; count only the traced sleep's lines.
run_ok "$T/trace.out" trace -e "$TOP/examples/tp_bpf_trace.c" -- sleep 0.1
n=$(awk '/^ *[^ ]+ +[0-9]+ +\[[0-9]+\] / { comm = $1 }
	comm == "sleep" && /BPF string: "Raise a BPF event!"/ { n++ } END { print n + 0 }' "$T/trace.out")
[ "$n" -ge 2 ] || { head -30 "$T/trace.out"; fail "expected 2 strings from sleep, got $n"; }
grep -q '__bpf_stdout__:' "$T/trace.out" || fail "no samples on the __bpf_stdout__ event"

# 2. tp_bpf_map_1.c: the value set from the command line reaches the program (trace_printk).
#    A value no other test writes, and the trace buffer is only read, never cleared.
val=$((600000 + $$ % 100000))
tracing=/sys/kernel/tracing
[ -r $tracing/trace ] || tracing=/sys/kernel/debug/tracing
run_ok "$T/map1.out" trace -e "$TOP/examples/tp_bpf_map_1.c/map:channel.value=$val/" \
	-- sleep 0.01
grep -q ": $val\$" $tracing/trace || fail "trace_printk of $val not in $tracing/trace"

# 3. tp_bpf_output.c: records go to the bpf-output event named on the command line.
cd "$T" || fail "no temp dir"
run_ok "$T/rec.out" record -o "$T/perf.data" -e bpf-output/no-inherit,name=evt/ \
	-e "$TOP/examples/tp_bpf_output.c/map:channel.event=evt/" -- /bin/echo hello
"$PERF_BPF" script -i "$T/perf.data" >"$T/script.out" 2>"$T/err" ||
	{ cat "$T/err"; fail "perf-bpf script failed"; }
grep -q ' evt: ' "$T/script.out" || { head "$T/script.out"; fail "no samples on evt"; }
echo "ok: $n strings, map value $val, $(grep -c ' evt: ' "$T/script.out") output records"
