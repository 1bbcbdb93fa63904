#!/usr/bin/env bash
# make bench: perf-bpf side by side with stock perf 6.1 (and bpftrace) in one run.
# Every figure is the median of BENCH_RUNS alternating runs (min..max beside it); the
# ratios compare figures measured in this same run. Writes bench/RESULTS.md.
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
PB=${PERF_BPF:-$top/perf-bpf}
BUILD=${BUILD:-$top/build}
RUNS=${BENCH_RUNS:-5}
N=${BENCH_EVENTS:-1000000}
W=$(mktemp -d /tmp/perf-bpf-bench.XXXXXX)
trap 'rm -rf "$W"' EXIT
mkdir -p "$W/home"
# stock perf 6.1 compiles BTF-map scriptlets given these [llvm] keys
printf '[llvm]\n\tkbuild-dir = ""\n\tclang-opt = "-I/usr/include/x86_64-linux-gnu"\n' >"$W/home/.perfconfig"
cp "$top/examples/hello.c" "$top/bench/throughput.c" "$W/"
timed="$BUILD/tests/workloads/getppid-timed"
export XDG_CACHE_HOME=$W/cache

# run LABEL CMD...: wall seconds and peak RSS (KiB) appended to $W/LABEL
run() {
	local label=$1
	shift
	if ! /usr/bin/time -f '%e %M' -o "$W/t" "$@" >"$W/out" 2>"$W/err"; then
		echo "bench: '$label' failed, left out: $(grep -v '^Command exited' "$W/err" | tail -n 1)" >&2
		return 1
	fi
	echo "$(cat "$W/t" | tail -n 1) $(sed -n 's/^ns_per_call //p' "$W/err" | tail -n 1)" >>"$W/$label"
	cp "$W/err" "$W/$label.lasterr"
}
# summary LABEL COLUMN: "median min max" of a column (1 wall, 2 rss, 3 ns/call)
summary() {
	awk -v c="$2" '{print $c}' "$W/$1" | sort -g | awk '{v[NR]=$1} END {
		if (!NR) { print "- - -"; exit }
		m = NR % 2 ? v[(NR+1)/2] : (v[NR/2] + v[NR/2+1]) / 2
		printf "%g %g %g\n", m, v[1], v[NR] }'
}
med() { summary "$1" "$2" | cut -d' ' -f1; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (a > 0 && b > 0) printf "%.1fx", b / a; else print "-" }'; }

# captured FILE LABEL: samples in the file, and lost = emitted - captured (one output per call;
# perf keeps other tasks' getppid outputs too, so its file may hold a few more than N)
captured() {
	local n
	n=$("$PB" script --json -i "$1" 2>/dev/null | grep -c '"type":"sample"')
	echo "$n" >>"$W/$2.samples"
	echo $((n < N ? N - n : 0)) >>"$W/$2.lost"
	stat -c %s "$1" >>"$W/$2.size"
}

cd "$W" || exit 1
have_perf=$(command -v perf >/dev/null && echo 1)
have_bpftrace=$(command -v bpftrace >/dev/null && echo 1)
"$PB" compile hello.c -o /dev/null && "$PB" compile throughput.c -o /dev/null # warm the cache

for i in $(seq "$RUNS"); do
	run pb_trace_warm "$PB" trace -e hello.c -- true
	run pb_record_warm "$PB" record -o pb.data -e hello.c -- true
	run pb_record_cold env XDG_CACHE_HOME="$W/cold$i" "$PB" record -o pb.data -e hello.c -- true
	[ -n "$have_perf" ] && run perf_record env HOME="$W/home" perf record -q -o perf.data -e ./hello.c -- true
	[ -n "$have_bpftrace" ] && run bpftrace bpftrace -q -e \
		'tracepoint:syscalls:sys_enter_clock_nanosleep { printf("Hello, world!\n"); }' \
		-c "$(type -P true)" # bpftrace wants a path that names one binary
	run floor "$timed" "$N"
	run pb_1m "$PB" record -o pb1m.data -e throughput.c -- "$timed" "$N"
	captured pb1m.data pb_1m
	if [ -n "$have_perf" ]; then
		run perf_1m env HOME="$W/home" perf record -o perf1m.data -e bpf-output/no-inherit,name=evt/ \
			-e './throughput.c/map:__bpf_stdout__.event=evt/' -- "$timed" "$N"
		captured perf1m.data perf_1m
	fi
	run pb_script "$PB" script -i pb1m.data
	[ -n "$have_perf" ] && run perf_script perf script -i pb1m.data
done

col() { sort -g "$W/$1" | awk 'NF {v[++n]=$1} END { if (!n) print "-"; else print v[int((n+1)/2)] }'; }
row() { # label what figure-label column unit
	printf '| %-34s | %10s | %-20s |\n' "$1" "$(med "$2" "$3")" "$(summary "$2" "$3" | awk '{print $2 ".." $3}')"
}
{
	echo "# perf-bpf benchmarks"
	echo
	echo "$(date -u +%Y-%m-%d), $(uname -r), $(nproc) CPUs, $(perf --version 2>/dev/null), $(bpftrace --version 2>/dev/null)."
	echo "Medians of $RUNS alternating runs (min..max); N = $N events. Produced by \`make bench\`."
	echo
	echo "| measure | median | min..max |"
	echo "|---|---:|---|"
	row "start-up s: perf-bpf trace, warm" pb_trace_warm 1
	row "start-up s: perf-bpf record, warm" pb_record_warm 1
	row "start-up s: perf-bpf record, cold" pb_record_cold 1
	row "start-up s: perf record -e hello.c" perf_record 1
	row "start-up s: bpftrace one-liner" bpftrace 1
	row "record 1M s: no tracing (floor)" floor 1
	row "record 1M s: perf-bpf record" pb_1m 1
	row "record 1M s: perf record" perf_1m 1
	row "ns per call: no tracing" floor 3
	row "ns per call: perf-bpf record" pb_1m 3
	row "ns per call: perf record" perf_1m 3
	row "script 1M s: perf-bpf script" pb_script 1
	row "script 1M s: perf script" perf_script 1
	row "peak RSS KiB: perf-bpf record 1M" pb_1m 2
	row "peak RSS KiB: perf record 1M" perf_1m 2
	row "peak RSS KiB: perf-bpf script 1M" pb_script 2
	row "peak RSS KiB: perf script 1M" perf_script 2
	echo
	echo "| record 1M | samples | lost | file bytes |"
	echo "|---|---:|---:|---:|"
	echo "| perf-bpf record | $(col pb_1m.samples) | $(col pb_1m.lost) | $(col pb_1m.size) |"
	[ -n "$have_perf" ] && echo "| perf record | $(col perf_1m.samples) | $(col perf_1m.lost) | $(col perf_1m.size) |"
	echo
	echo "| ratio (same run) | value |"
	echo "|---|---:|"
	echo "| start-up: perf record / perf-bpf trace warm | $(ratio "$(med pb_trace_warm 1)" "$(med perf_record 1)") |"
	echo "| start-up: perf record / perf-bpf record warm | $(ratio "$(med pb_record_warm 1)" "$(med perf_record 1)") |"
	echo "| start-up: perf record / perf-bpf record cold | $(ratio "$(med pb_record_cold 1)" "$(med perf_record 1)") |"
	echo "| start-up: bpftrace / perf-bpf record warm | $(ratio "$(med pb_record_warm 1)" "$(med bpftrace 1)") |"
	echo "| record 1M wall: perf record / perf-bpf record | $(ratio "$(med pb_1m 1)" "$(med perf_1m 1)") |"
	echo "| script 1M: perf script / perf-bpf script | $(ratio "$(med pb_script 1)" "$(med perf_script 1)") |"
} >"$W/RESULTS.md"
# __bpf_stdout__ as perf buffers against a ring buffer (bench/channels.sh)
source "$top/bench/channels.sh"
mkdir -p "$W/channels"
{ echo; bench_channels "$PB" "$BUILD" "$RUNS" "$N" "$W/channels"; } >>"$W/RESULTS.md"
cat "$W/RESULTS.md"
cp "$W/RESULTS.md" "$top/bench/RESULTS.md"
