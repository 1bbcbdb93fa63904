#!/usr/bin/env bash
# make bench: perf-bpf side by side with stock perf 6.1 (and bpftrace) in one run.
# Every figure is the median of BENCH_RUNS alternating runs (min..max beside it); the
# ratios compare figures measured in this same run. Writes bench/RESULTS.md (or
# BENCH_RESULTS). BENCH_SKIP="main startup cpu scale uprobe query rate big typed channels
# syscalls points keys first busy stacks"
# leaves groups out ("main": the first loop, start-up and the 1M-record runs); rate and big
# are the slow ones (about 6 and 2 minutes), the whole about 16 minutes.
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
cp "$top/examples/hello.c" "$top/bench/throughput.c" "$top/bench/burst.c" "$W/"
timed="$BUILD/tests/workloads/getppid-timed"
export XDG_CACHE_HOME=$W/cache

# run LABEL CMD...: wall seconds and peak RSS (KiB) appended to $W/LABEL
run() {
	local label=$1
	shift
	# stdout is not kept: into a file it would time the disk too (script prints 350 MB)
	if ! /usr/bin/time -f '%e %M' -o "$W/t" "$@" >/dev/null 2>"$W/err"; then
		echo "bench: '$label' failed, left out: $(grep -v '^Command exited' "$W/err" | tail -n 1)" >&2
		return 1
	fi
	echo "$(cat "$W/t" | tail -n 1) $(sed -n 's/^ns_per_call //p' "$W/err" | tail -n 1)" >>"$W/$label"
	cp "$W/err" "$W/$label.lasterr"
}
# summary LABEL COLUMN: "median min max" of a column (1 wall, 2 rss, 3 ns/call)
summary() {
	[ -f "$W/$1" ] || { echo "- - -" && return; }
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
"$PB" compile hello.c -o /dev/null && "$PB" compile throughput.c -o throughput.o # warm the cache
bench_skip() { [[ " ${BENCH_SKIP:-} " == *" $1 "* ]]; }
mkdir -p "$W/bin"
for b in rate floor drain; do
	cc -O2 -Wall -Wextra -o "$W/bin/$b" "$top/bench/$b.c" -lbpf || echo "bench: cannot build bench/$b.c" >&2
done

bench_skip main || for i in $(seq "$RUNS"); do
	run pb_trace_warm "$PB" trace -e hello.c -- true
	run pb_record_warm "$PB" record -o pb.data -e hello.c -- true
	run pb_record_cold env XDG_CACHE_HOME="$W/cold$i" "$PB" record -o pb.data -e hello.c -- true
	[ -n "$have_perf" ] && run perf_record env HOME="$W/home" perf record -q -o perf.data -e ./hello.c -- true
	[ -n "$have_bpftrace" ] && run bpftrace bpftrace -q -e \
		'tracepoint:syscalls:sys_enter_clock_nanosleep { printf("Hello, world!\n"); }' \
		-c "$(type -P true)" # bpftrace wants a path that names one binary
	run floor "$timed" "$N"
	# the kernel's floor for recording: bench/drain only empties the rings (no file)
	if run drain_1m "$W/bin/drain" throughput.o syscalls:sys_enter_getppid "$timed" "$N"; then
		awk -v n="$N" '/^child / { c = $2 } /^pid_samples / && $2 == c { s = $3 }
			END { print s + 0 >>"'"$W/drain_1m.samples"'"; print (s < n ? n - s : 0) }' \
			"$W/drain_1m.lasterr" >>"$W/drain_1m.lost"
	fi
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

# ---- issue 16 rows: each bench_* function measures one group; BENCH_SKIP="big rate
# scale uprobe query" leaves groups out (the slow ones: big, rate). ----
"$PB" compile hello.c -o hello.o

# runx LABEL OUT CMD...: like run, stdout to OUT; appends "wall rss user+sys" (seconds, KiB)
runx() {
	local label=$1 out=$2
	shift 2
	if ! /usr/bin/time -f '%e %M %U %S' -o "$W/t" "$@" >"$out" 2>"$W/err"; then
		echo "bench: '$label' failed, left out: $(grep -v '^Command exited' "$W/err" | tail -n 1)" >&2
		return 1
	fi
	tail -n 1 "$W/t" | awk '{print $1, $2, $3 + $4}' >>"$W/$label"
	cp "$W/err" "$W/$label.lasterr"
}
# self_cpu LABEL: the workload's own CPU seconds (bench/rate's stderr) of LABEL's last run
self_cpu() { sed -n 's/^self_cpu_s //p' "$W/$1.lasterr" | tail -n 1; }

# script of both 1M files, text and JSON, with peak RSS (our file's text rows are above)
bench_script() {
	[ -f pb1m.data ] || return 0 # BENCH_SKIP=main
	run pb_script_json "$PB" script --json -i pb1m.data
	[ -n "$have_perf" ] || return 0
	run pb_script_pf "$PB" script -i perf1m.data
	run pb_script_json_pf "$PB" script --json -i perf1m.data
	run perf_script_pf perf script -i perf1m.data
}

# the recorder's own CPU per event: user+sys of the recorder and its workload, less the
# workload's own (bench/rate reports it), over N events; appended as column 4 (ns/event)
bench_recorder_cpu() {
	local label
	[ -f throughput.o ] || "$PB" compile throughput.c -o throughput.o || return 0
	for label in pb_cpu perf_cpu; do
		[ "$label" = perf_cpu ] && [ -z "$have_perf" ] && continue
		if [ "$label" = pb_cpu ]; then
			runx pb_cpu /dev/null "$PB" record -o cpu.data -e throughput.o -- "$W/bin/rate" "$N"
		else # the object, not the source: perf would count its clang run as recording
			runx perf_cpu /dev/null env HOME="$W/home" perf record -o cpu.data \
				-e bpf-output/no-inherit,name=evt/ \
				-e './throughput.o/map:__bpf_stdout__.event=evt/' -- "$W/bin/rate" "$N"
		fi || continue
		sed -i '$ s/$/ '"$(tail -n 1 "$W/$label" | awk -v w="$(self_cpu "$label")" -v n="$N" \
			'{printf "%.1f", ($3 - w) * 1e9 / n}')"'/' "$W/$label"
		captured cpu.data "$label"
	done
}

# The highest rate with nothing lost, default buffers. bench/burst.c emits BURST records of
# 48 bytes per getppid, so the records can come faster than the syscalls (bench/rate paces
# the calls, in batches of 64). Both tools record system-wide (-a): perf's per-task
# bpf-output event cannot take the records of the workload's forked processes. Only the
# records of the workload's pids count. Lost = emitted - captured, and the tools' own LOST
# records in the file (-a also keeps the program on the tracepoint: an inherited per-task
# event takes it off for all when its process exits first). The rate doubles from 100k
# records/s to the first loss, then halves the gap 3 times; each step records
# BENCH_RATE_SECS seconds. The search runs BENCH_RATE_RUNS times (3), the tools one after
# the other in each. bench/drain -a with the same program is the reference: perf-bpf's rings
# emptied by a reader that does nothing else (its lost: the kernel's count).
BURST=${BENCH_BURST:-32}
# rate_step TOOL NPROC RATE: one recording at RATE records/s on NPROC CPUs; appends "asked
# reached emitted captured lost_records" to $steps; true when nothing was lost
rate_step() {
	local tool=$1 nproc=$2 rate=$3 calls pin=()
	calls=$((rate * ${BENCH_RATE_SECS:-1} / BURST / nproc * nproc))
	# on 1 CPU the recorder has the other one (bench/rate pins itself to CPU 0)
	[ "$nproc" = 1 ] && [ "$(nproc)" -gt 1 ] && pin=(taskset -c 1)
	if [ "$tool" = drain ]; then
		"${pin[@]}" "$W/bin/drain" -a "burst$BURST.o" syscalls:sys_enter_getppid "$W/bin/rate" "$calls" \
			"$((rate / BURST))" "$nproc" 2>"$W/rate.err" || return 2
		awk -v asked="$rate" -v emitted="$((calls * BURST))" -v k="$BURST" '
			/^rate / { r = $2 } /^lost_kernel / { l = $2 }
			/^pids / { for (i = 2; i <= NF; i++) want[$i] = 1 }
			/^pid_samples / && ($2 in want) { n += $3 }
			END { printf "%d %d %d %d %d\n", asked, r * k, emitted, n, l }' \
			"$W/rate.err" >>"$steps"
		tail -n 1 "$steps" | awk '{ exit !($4 >= $3 && $5 == 0) }'
		return
	elif [ "$tool" = pb ]; then
		"${pin[@]}" "$PB" record -a -o rate.data -e "burst$BURST.c" -- "$W/bin/rate" "$calls" \
			"$((rate / BURST))" "$nproc"
	else
		"${pin[@]}" env HOME="$W/home" perf record -a -o rate.data -e bpf-output/no-inherit,name=evt/ \
			-e "./burst$BURST.c/map:__bpf_stdout__.event=evt/" \
			-- "$W/bin/rate" "$calls" "$((rate / BURST))" "$nproc"
	fi >/dev/null 2>"$W/rate.err" || {
		echo "bench: rate step $tool $nproc $rate failed: $(tail -n 1 "$W/rate.err")" >&2
		return 2
	}
	"$PB" script --json -i rate.data 2>/dev/null | awk -F'"pid":' -v pids="$(sed -n \
		's/^pids //p' "$W/rate.err")" -v asked="$rate" -v emitted="$((calls * BURST))" \
		-v reached="$(sed -n 's/^rate //p' "$W/rate.err")" -v k="$BURST" '
		BEGIN { split(pids, p, " "); for (i in p) want[p[i]] = 1 }
		/^\{"type":"sample"/ { if (($2 + 0) in want) n++; next }
		/^\{"type":"lost"/ { sub(/.*"lost":/, ""); lost += $0 + 0 }
		END { printf "%d %d %d %d %d\n", asked, reached * k, emitted, n, lost }' \
		>>"$steps"
	tail -n 1 "$steps" | awk '{ exit !($4 >= $3 && $5 == 0) }'
}

bench_max_rate() {
	local tool nproc r steps good bad
	{
		echo "#define BURST $BURST"
		cat burst.c
	} >"burst$BURST.c" && "$PB" compile "burst$BURST.c" -o "burst$BURST.o" || return 1
	for r in $(seq "${BENCH_RATE_RUNS:-3}"); do
		for nproc in 1 2; do
			for tool in drain pb perf; do
				[ "$tool" = perf ] && [ -z "$have_perf" ] && continue
				steps=$W/steps_${tool}_$nproc.$r
				rate_search "$tool" "$nproc"
				echo "$good $bad $r" >>"$W/maxrate_${tool}_$nproc"
			done
		done
	done
}

# rate_search TOOL NPROC: sets good (the highest lossless rate) and bad (the lowest lossy, or 0)
rate_search() {
	local rate mid
	good=0 bad=0
	for rate in 100000 200000 400000 800000 1600000 3200000 6400000 12800000; do
		rate_step "$1" "$2" "$rate"
		case $? in
		0) good=$rate ;;
		1) bad=$rate && break ;;
		*) break ;;
		esac
		# the workload is at its top: asking more changes nothing
		tail -n 1 "$steps" | awk '{ exit !($2 < $1 * 0.9) }' && break
	done
	for _ in 1 2 3; do
		[ "$good" -gt 0 ] && [ "$bad" -gt 0 ] || break
		mid=$(((good + bad) / 2000 * 1000))
		if rate_step "$1" "$2" "$mid"; then good=$mid; else bad=$mid; fi
	done
}

# start-up against the kernel's floor: bench/floor does only what the kernel needs
bench_floor() {
	run startup_floor "$W/bin/floor" hello.o syscalls:sys_enter_clock_nanosleep true
}

# 1, 10 and 100 scriptlets in one run: start-up (-- true) and cost per event. Each emits
# one record per getppid, half of them on its entry and half on its exit (a tracepoint takes
# at most 64 programs); 200k events in all, less the workload alone. Compiled (cached) first.
bench_scale() {
	local k i args m
	for k in 1 10 100; do
		args=()
		for i in $(seq "$k"); do
			if [ ! -f "s$i.c" ]; then
				sed "$([ $((i % 2)) = 0 ] && echo s/sys_enter_getppid/sys_exit_getppid/)" \
					throughput.c >"s$i.c"
				"$PB" compile "s$i.c" -o /dev/null
			fi
			args+=(-e "s$i.c")
		done
		m=$((200000 / k))
		run "scale_start_$k" "$PB" record -o scale.data "${args[@]}" -- true
		run "scale_floor_$k" "$W/bin/rate" "$m"
		run "scale_ev_$k" "$PB" record -o scale.data "${args[@]}" -- "$W/bin/rate" "$m"
	done
}

# a glob over 500 functions of one binary (4 sections of 125: perf takes at most 128 points
# a definition) against 1 function, attach time with -- true; bpftrace's uprobe:BINARY:g*
# over the same points
bench_uprobe() {
	local i g
	if [ ! -x "$W/fn500" ]; then
		{
			for i in $(seq 0 499); do
				echo "__attribute__((noinline)) int g$((i / 125))_fn_$i(int x) { return x + $i; }"
			done
			echo 'int main(void) { return g0_fn_0(0); }'
		} >"$W/fn500.c"
		cc -O1 -o "$W/fn500" "$W/fn500.c" || return 1
		for g in 'g0_fn_0' 'g0_* g1_* g2_* g3_*'; do
			{
				echo '#include <linux/bpf.h>'
				echo '#include <bpf/bpf_helpers.h>'
				i=0
				for pat in $g; do
					echo "SEC(\"exec=$W/fn500;up$i=$pat\") int up$i(void *ctx) { return 0; }"
					i=$((i + 1))
				done
				echo 'char _license[] SEC("license") = "GPL";'
			} >"up$([ "$g" = g0_fn_0 ] && echo 1 || echo 500).c"
		done
		"$PB" compile up1.c -o /dev/null && "$PB" compile up500.c -o /dev/null
	fi
	# trace, not record: record cannot write the descriptions of 500 events in one record
	run uprobe_1 "$PB" trace -e up1.c -- true
	run uprobe_500 "$PB" trace -e up500.c -- true
	[ -n "$have_bpftrace" ] || return 0
	run bt_uprobe_1 bpftrace -q -e "uprobe:$W/fn500:g0_fn_0 { }" -c "$(type -P true)"
	run bt_uprobe_500 bpftrace -q -e "uprobe:$W/fn500:g* { }" -c "$(type -P true)"
}

# query --all over every hook of this kernel
bench_query() {
	run query_all "$PB" query --all
}

# a 4 GB file made from the 1M one (deleted after): script's time and peak RSS
bench_big() {
	local size=${BENCH_BIG_BYTES:-4294967296}
	python3 "$top/bench/bigfile.py" pb1m.data big.data "$size" || return 1
	stat -c %s big.data >"$W/big.size"
	runx big_script /dev/null "$PB" script -i big.data
	rm -f big.data
}

# Typed records printed by trace (text, JSON) against bpftrace's printf of the same fields,
# on the same getppid() calls: lines printed per second of wall time (rows in typed_rows).
typed_bench() {
	local n=${BENCH_TYPED_EVENTS:-200000} i label
	cp "$top/bench/typed.c" "$W/" && "$PB" compile typed.c -o /dev/null
	for i in $(seq "$RUNS"); do
		for label in pb_typed_text pb_typed_json; do
			/usr/bin/time -f '%e' -o "$W/t" "$PB" trace $([ $label = pb_typed_json ] && echo --json) \
				-e typed.c -- "$timed" "$n" >"$W/typed.out" 2>/dev/null || continue
			awk -v l="$(grep -c . "$W/typed.out")" '{ if ($1 > 0) print l / $1 }' "$W/t" >>"$W/$label"
			grep -c . "$W/typed.out" >>"$W/$label.lines"
		done
		[ -n "$have_bpftrace" ] || continue
		/usr/bin/time -f '%e' -o "$W/t" bpftrace -q -e 'tracepoint:syscalls:sys_enter_getppid
			/pid == cpid/ { printf("pid=%d ts=%lu comm=%s\n", pid, nsecs, comm); }' \
			-c "$timed $n" >"$W/typed.out" 2>/dev/null || continue
		awk -v l="$(grep -c '^pid=' "$W/typed.out")" '{ if ($1 > 0) print l / $1 }' "$W/t" >>"$W/bt_typed"
		grep -c '^pid=' "$W/typed.out" >>"$W/bt_typed.lines"
	done
}
typed_rows() {
	echo
	echo "| typed records, lines/s (${BENCH_TYPED_EVENTS:-200000} events, default buffers) | median | min..max | lines |"
	echo "|---|---:|---|---:|"
	for l in "perf-bpf trace, text:pb_typed_text" "perf-bpf trace --json:pb_typed_json" \
		"bpftrace printf:bt_typed"; do
		printf '| %-34s | %10s | %-20s | %s |\n' "${l%%:*}" "$(med "${l#*:}" 1)" \
			"$(summary "${l#*:}" 1 | awk '{print $2 ".." $3}')" "$(col "${l#*:}.lines")"
	done
}

for i in $(seq "$RUNS"); do
	bench_script
	bench_skip startup || bench_floor
	bench_skip cpu || bench_recorder_cpu
	bench_skip scale || bench_scale
	bench_skip query || bench_query
done
bench_skip uprobe || bench_uprobe # once: bpftrace takes half a minute over 500 points
source "$top/bench/scale.sh"
bench_skip points || bench_points # once: an event per point takes 0.1 s a point
bench_skip keys || bench_keys     # once: 1M keys take 10 s in bpftrace
bench_skip first || bench_first_run
bench_skip busy || bench_script_busy
bench_skip rate || bench_max_rate
bench_skip big || bench_big
bench_skip typed || typed_bench

col() { [ -f "$W/$1" ] || { echo - && return; } && sort -g "$W/$1" | awk 'NF {v[++n]=$1} END { if (!n) print "-"; else print v[int((n+1)/2)] }'; }
row() { # label what figure-label column unit
	printf '| %-34s | %10s | %-20s |\n' "$1" "$(med "$2" "$3")" "$(summary "$2" "$3" | awk '{print $2 ".." $3}')"
}
# sub A B: A - B; per A B: A / B (1 decimal), "-" when either is missing
sub() { awk -v a="$1" -v b="$2" 'BEGIN { if (a == "-" || b == "-" || a == "" || b == "") print "-"; else printf "%.3g\n", a - b }'; }
per() { awk -v a="$1" -v b="$2" 'BEGIN { if (a == "-" || b == "-" || a == "" || b + 0 == 0) print "-"; else printf "%.3g\n", a / b }'; }
# maxrate TOOL_NPROC: "good bad run" of the search whose highest lossless rate is the median
maxrate() {
	[ -f "$W/maxrate_$1" ] || { echo "- - -" && return; }
	sort -n "$W/maxrate_$1" | awk '{ l[NR] = $0 } END { print l[int((NR + 1) / 2)] }'
}
# rate_row LABEL TOOL_NPROC: the median search's highest lossless step (asked, reached), its
# lowest lossy one (asked: emitted - captured, LOST records' sum), every search's highest
# (k/s), and the median search's steps as asked:lost (k/s)
rate_row() {
	local good bad r
	read -r good bad r <<<"$(maxrate "$2")"
	[ -f "$W/steps_$2.$r" ] || { echo "| $1 | - | - | - | - | - |" && return; }
	awk -v l="$1" -v good="$good" -v bad="$bad" -v all="$(sort -n "$W/maxrate_$2" |
		awk '{ printf "%s%d", (NR > 1 ? " " : ""), $1 / 1000 }')" '
		{ lost = $3 > $4 ? $3 - $4 : 0; steps = steps sprintf(" %d:%d", $1 / 1000, lost) }
		$1 == good { reached = $2 }
		$1 == bad { first = sprintf("%d: %d of %d (LOST records: %d)", $1, lost, $3, $5) }
		END { printf "| %s | %s | %s | %s | %s | %s |\n", l, good ? good : "-",
			reached ? reached : "-", first ? first : "none", all, substr(steps, 2) }' \
		"$W/steps_$2.$r"
}

# the issue 16 rows, after the tables above
bench_report() {
	local k f1 f500
	echo
	echo "| script (same run) | median s | peak RSS KiB | perf script s | ratio |"
	echo "|---|---:|---:|---:|---:|"
	echo "| perf-bpf file, text | $(med pb_script 1) | $(med pb_script 2) | $(med perf_script 1) | $(ratio "$(med pb_script 1)" "$(med perf_script 1)") |"
	echo "| perf-bpf file, JSON | $(med pb_script_json 1) | $(med pb_script_json 2) | $(med perf_script 1) | $(ratio "$(med pb_script_json 1)" "$(med perf_script 1)") |"
	echo "| perf file, text | $(med pb_script_pf 1) | $(med pb_script_pf 2) | $(med perf_script_pf 1) | $(ratio "$(med pb_script_pf 1)" "$(med perf_script_pf 1)") |"
	echo "| perf file, JSON | $(med pb_script_json_pf 1) | $(med pb_script_json_pf 2) | $(med perf_script_pf 1) | $(ratio "$(med pb_script_json_pf 1)" "$(med perf_script_pf 1)") |"
	[ -f "$W/big_script" ] &&
		echo "| $(cat "$W/big.size") bytes (made, deleted after), text to /dev/null | $(med big_script 1) | $(med big_script 2) | - | - |"
	echo
	echo "| recorder's own CPU, $N events | ns/event | wall s | lost | perf-bpf / perf |"
	echo "|---|---:|---:|---:|---:|"
	echo "| perf-bpf record | $(med pb_cpu 4) | $(med pb_cpu 1) | $(col pb_cpu.lost) | CPU $(per "$(med pb_cpu 4)" "$(med perf_cpu 4)")x, wall $(per "$(med pb_cpu 1)" "$(med perf_cpu 1)")x |"
	echo "| perf record | $(med perf_cpu 4) | $(med perf_cpu 1) | $(col perf_cpu.lost) | |"
	echo
	k=$(cat /proc/sys/kernel/perf_event_mlock_kb 2>/dev/null || echo 516)
	k=$(((k * 1024 - $(getconf PAGESIZE)) / $(getconf PAGESIZE)))
	while [ $((k & (k - 1))) -ne 0 ]; do k=$((k & (k - 1))); done
	echo "Highest rate with 0 lost: records/s of 48 bytes ($BURST per getppid, bench/burst.c), -a for"
	echo "both tools. 1 CPU: the workload on CPU 0, the recorder on CPU 1; 2 CPUs: a workload"
	echo "process on each, the recorder anywhere. ${BENCH_RATE_SECS:-1} s a step; ${BENCH_RATE_RUNS:-3} searches. Default"
	echo "buffers: perf-bpf record (and bench/drain) 256 pages per CPU (1 MiB); perf record $k pages"
	echo "per CPU (its default for root: kernel.perf_event_mlock_kb less a page, to a power of two)."
	echo
	echo "| highest rate with 0 lost (median search) | asked /s | reached /s | first loss at /s: lost of emitted | each search, k/s | steps, k/s asked:lost |"
	echo "|---|---:|---:|---|---|---|"
	rate_row "reference: bench/drain, 1 CPU" drain_1
	rate_row "perf-bpf record, 1 CPU" pb_1
	rate_row "perf record, 1 CPU" perf_1
	rate_row "reference: bench/drain, 2 CPUs" drain_2
	rate_row "perf-bpf record, 2 CPUs" pb_2
	rate_row "perf record, 2 CPUs" perf_2
	echo "| ratio perf-bpf / perf (goal >= 2x), 1 CPU; 2 CPUs | $(per "$(maxrate pb_1 | cut -d' ' -f1)" "$(maxrate perf_1 | cut -d' ' -f1)")x; $(per "$(maxrate pb_2 | cut -d' ' -f1)" "$(maxrate perf_2 | cut -d' ' -f1)")x | | | | |"
	echo
	echo "| start-up against the floor | s |"
	echo "|---|---:|"
	echo "| floor: bench/floor (libbpf: load, events, attach, run true, close) | $(med startup_floor 1) |"
	echo "| perf-bpf record warm minus the floor | $(sub "$(med pb_record_warm 1)" "$(med startup_floor 1)") |"
	echo "| perf record minus the floor | $(sub "$(med perf_record 1)" "$(med startup_floor 1)") |"
	echo
	echo "| scriptlets in one run | start-up s | ns per event |"
	echo "|---|---:|---:|"
	for k in 1 10 100; do
		echo "| $k | $(med "scale_start_$k" 1) | $(per "$(sub "$(med "scale_ev_$k" 1)" "$(med "scale_floor_$k" 1)")" "$((200000 / k * k))e-9") |"
	done
	echo "| growth per scriptlet (1 to 100), start-up s | $(per "$(sub "$(med scale_start_100 1)" "$(med scale_start_1 1)")" 99) | |"
	echo
	f1=$(med uprobe_1 1) f500=$(med uprobe_500 1)
	echo "| uprobe glob, one binary | 1 point s | 500 points s | per point ms |"
	echo "|---|---:|---:|---:|"
	echo "| perf-bpf trace -- true | $f1 | $f500 | $(per "$(sub "$f500" "$f1")" 0.499) |"
	echo "| bpftrace uprobe:BINARY:g* -c true | $(med bt_uprobe_1 1) | $(med bt_uprobe_500 1) | $(per "$(sub "$(med bt_uprobe_500 1)" "$(med bt_uprobe_1 1)")" 0.499) |"
	echo
	k=$(find /sys/kernel/tracing/events -mindepth 2 -maxdepth 2 -type d 2>/dev/null | wc -l)
	echo "| query --all | s | tracepoints | us per tracepoint |"
	echo "|---|---:|---:|---:|"
	echo "| perf-bpf query --all | $(med query_all 1) | $k | $(per "$(med query_all 1)" "${k}e-6") |"
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
	row "record 1M s: kernel floor (bench/drain)" drain_1m 1
	row "record 1M s: perf-bpf record" pb_1m 1
	row "record 1M s: perf record" perf_1m 1
	row "ns per call: no tracing" floor 3
	row "ns per call: kernel floor (bench/drain)" drain_1m 3
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
	echo "| kernel floor (bench/drain, no file) | $(col drain_1m.samples) | $(col drain_1m.lost) | - |"
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
	echo "| record 1M wall: perf-bpf record / perf record (goal <= 0.5x) | $(per "$(med pb_1m 1)" "$(med perf_1m 1)")x |"
	echo "| best possible wall ratio: kernel floor / perf record | $(per "$(med drain_1m 1)" "$(med perf_1m 1)")x |"
	echo "| script 1M: perf script / perf-bpf script | $(ratio "$(med pb_script 1)" "$(med perf_script 1)") |"
	bench_report
	typed_rows
	scale_rows
} >"$W/RESULTS.md"
# __bpf_stdout__ as perf buffers against a ring buffer (bench/channels.sh)
source "$top/bench/channels.sh"
mkdir -p "$W/channels"
bench_skip channels || { echo; bench_channels "$PB" "$BUILD" "$RUNS" "$N" "$W/channels"; } >>"$W/RESULTS.md"
# the system-call view against perf trace, strace and bpftrace (bench/syscalls.sh)
source "$top/bench/syscalls.sh"
mkdir -p "$W/syscalls"
bench_skip syscalls || { echo; bench_syscalls "$PB" "$BUILD" "$RUNS" 300000 "$W/syscalls"; } >>"$W/RESULTS.md"
# folded stacks and pprof against perf script (bench/stacks.sh)
source "$top/bench/stacks.sh"
mkdir -p "$W/stacks"
bench_skip stacks || { echo; bench_stacks "$PB" "$BUILD" "$RUNS" 1000000 "$W/stacks"; echo
	bench_manystacks "$PB" "$BUILD" "$RUNS" 1000000 "$W/stacks"; } >>"$W/RESULTS.md"
cat "$W/RESULTS.md"
cp "$W/RESULTS.md" "${BENCH_RESULTS:-$top/bench/RESULTS.md}"
