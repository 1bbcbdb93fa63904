#!/usr/bin/env bash
# The system-call view against perf trace, strace and bpftrace, side by side in one run, on two
# loops: N getppid calls, and dd copying N single bytes from /dev/zero to /dev/null (a read
# and a write per byte). Output to a file for every tool. Per tool: wall seconds (median of
# RUNS alternating runs), the ratio to the untraced loop, the calls shown and the records
# lost; with PERF_BPF_BEFORE=BINARY, another perf-bpf (an earlier build) beside it. Sourced by
# run.sh; run alone it prints its tables:
#	bench/syscalls.sh [RUNS [N]]

# sc_run DIR LABEL CMD...: wall seconds appended to DIR/LABEL, stderr kept in DIR/LABEL.err
sc_run() {
	local d=$1 label=$2 t0 t1
	shift 2
	t0=$EPOCHREALTIME
	"$@" >/dev/null 2>"$d/$label.err" || {
		echo "bench: '$label' failed: $(tail -n 1 "$d/$label.err")" >&2
		return 1
	}
	t1=$EPOCHREALTIME
	awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.3f\n", b - a }' >>"$d/$label"
}
sc_med() { [ -s "$1" ] && sort -g "$1" | awk '{v[NR]=$1} END {print v[int((NR+1)/2)]}' || echo -; }
sc_ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (a == "-" || b == "-" || b + 0 == 0) print "-"; else printf "%.2fx", a / b }'; }
# sc_lost FILE: records perf-bpf said it lost, summed over its warnings
sc_lost() { awk '/system-call records lost/ { n += $2 } END { print n + 0 }' "$1" 2>/dev/null || echo -; }

# sc_loop D NAME LABEL CMD...: every tool on one loop, RUNS times; rows into D/NAME.rows
sc_loop() {
	local d=$1 name=$2 calls=$3
	shift 3
	for _ in $(seq "$SC_RUNS"); do
		sc_run "$d" "$name.untraced" "$@"
		sc_run "$d" "$name.pb_all" "$SC_PB" trace -o "$d/pb.out" -- "$@" &&
			grep -c " = " "$d/pb.out" >>"$d/$name.pb_all.lines"
		sc_lost "$d/$name.pb_all.err" >>"$d/$name.pb_all.lost"
		if [ -n "${SC_PB_BEFORE:-}" ]; then
			sc_run "$d" "$name.pb_before" "$SC_PB_BEFORE" trace -o "$d/pb0.out" -- "$@" &&
				grep -c " = " "$d/pb0.out" >>"$d/$name.pb_before.lines"
		fi
		# -y: every call's descriptors named, the capture reading each one's inode
		sc_run "$d" "$name.pb_y" "$SC_PB" trace -y -o "$d/pby.out" -- "$@"
		[ -n "${SC_PB_BEFORE:-}" ] &&
			sc_run "$d" "$name.pb_before_y" "$SC_PB_BEFORE" trace -y -o "$d/pby0.out" -- "$@"
		sc_run "$d" "$name.pb_unused" "$SC_PB" trace -e openat -o "$d/pb1.out" -- "$@"
		sc_run "$d" "$name.pb_sum" "$SC_PB" trace -s -o "$d/pbs.out" -- "$@"
		if command -v perf >/dev/null; then
			sc_run "$d" "$name.perf_trace" perf trace -o "$d/perf.out" -- "$@" &&
				grep -c " = " "$d/perf.out" >>"$d/$name.perf_trace.lines"
			sc_run "$d" "$name.perf_sum" perf trace -s -o "$d/perfs.out" -- "$@"
		fi
		if command -v strace >/dev/null; then
			sc_run "$d" "$name.strace" strace -f -o "$d/strace.out" "$@" &&
				grep -c " = " "$d/strace.out" >>"$d/$name.strace.lines"
			sc_run "$d" "$name.strace_c" strace -f -c -o "$d/stracec.out" "$@"
		fi
		if command -v bpftrace >/dev/null; then
			sc_run "$d" "$name.bpftrace" bpftrace -q -o "$d/bt.out" -e \
				'tracepoint:raw_syscalls:sys_enter /pid == cpid/ { @s[tid] = nsecs; }
				 tracepoint:raw_syscalls:sys_exit /@s[tid]/ { @calls[args->id] = count(); @ns[args->id] = sum(nsecs - @s[tid]); delete(@s[tid]); }' \
				-c "$*"
		fi
	done
	local u
	u=$(sc_med "$d/$name.untraced")
	{
		echo "| $name: $calls | wall s | vs untraced | calls shown | lost |"
		echo "|---|---:|---:|---:|---:|"
		printf '| untraced | %s | 1x | - | - |\n' "$u"
		printf '| perf-bpf trace, every call | %s | %s | %s | %s |\n' "$(sc_med "$d/$name.pb_all")" \
			"$(sc_ratio "$(sc_med "$d/$name.pb_all")" "$u")" "$(sc_med "$d/$name.pb_all.lines")" \
			"$(sc_med "$d/$name.pb_all.lost")"
		[ -n "${SC_PB_BEFORE:-}" ] &&
			printf '| perf-bpf before (PERF_BPF_BEFORE), every call | %s | %s | %s | - |\n' \
				"$(sc_med "$d/$name.pb_before")" \
				"$(sc_ratio "$(sc_med "$d/$name.pb_before")" "$u")" \
				"$(sc_med "$d/$name.pb_before.lines")"
		printf '| perf-bpf trace -y, every call | %s | %s | - | - |\n' "$(sc_med "$d/$name.pb_y")" \
			"$(sc_ratio "$(sc_med "$d/$name.pb_y")" "$u")"
		[ -n "${SC_PB_BEFORE:-}" ] &&
			printf '| perf-bpf before (PERF_BPF_BEFORE) -y, every call | %s | %s | - | - |\n' \
				"$(sc_med "$d/$name.pb_before_y")" \
				"$(sc_ratio "$(sc_med "$d/$name.pb_before_y")" "$u")"
		printf '| perf trace, every call | %s | %s | %s | - |\n' "$(sc_med "$d/$name.perf_trace")" \
			"$(sc_ratio "$(sc_med "$d/$name.perf_trace")" "$u")" "$(sc_med "$d/$name.perf_trace.lines")"
		printf '| strace -f, every call | %s | %s | %s | - |\n' "$(sc_med "$d/$name.strace")" \
			"$(sc_ratio "$(sc_med "$d/$name.strace")" "$u")" "$(sc_med "$d/$name.strace.lines")"
		printf '| perf-bpf trace -e openat (a call the loop never makes) | %s | %s | - | - |\n' \
			"$(sc_med "$d/$name.pb_unused")" "$(sc_ratio "$(sc_med "$d/$name.pb_unused")" "$u")"
		printf '| perf-bpf trace -s (counted in the kernel) | %s | %s | - | - |\n' \
			"$(sc_med "$d/$name.pb_sum")" "$(sc_ratio "$(sc_med "$d/$name.pb_sum")" "$u")"
		printf '| perf trace -s | %s | %s | - | - |\n' \
			"$(sc_med "$d/$name.perf_sum")" "$(sc_ratio "$(sc_med "$d/$name.perf_sum")" "$u")"
		printf '| strace -f -c | %s | %s | - | - |\n' \
			"$(sc_med "$d/$name.strace_c")" "$(sc_ratio "$(sc_med "$d/$name.strace_c")" "$u")"
		printf '| bpftrace, calls and time counted in maps | %s | %s | - | - |\n' \
			"$(sc_med "$d/$name.bpftrace")" "$(sc_ratio "$(sc_med "$d/$name.bpftrace")" "$u")"
		echo
		echo "| $name, same run | ratio |"
		echo "|---|---:|"
		[ -n "${SC_PB_BEFORE:-}" ] &&
			printf '| perf-bpf trace / perf-bpf before, every call | %s |\n' \
				"$(sc_ratio "$(sc_med "$d/$name.pb_all")" "$(sc_med "$d/$name.pb_before")")"
		printf '| perf-bpf trace -y / perf-bpf trace, every call | %s |\n' \
			"$(sc_ratio "$(sc_med "$d/$name.pb_y")" "$(sc_med "$d/$name.pb_all")")"
		[ -n "${SC_PB_BEFORE:-}" ] &&
			printf '| perf-bpf trace -y / perf-bpf before -y, every call | %s |\n' \
				"$(sc_ratio "$(sc_med "$d/$name.pb_y")" "$(sc_med "$d/$name.pb_before_y")")"
		printf '| perf-bpf trace / perf trace, every call | %s |\n' \
			"$(sc_ratio "$(sc_med "$d/$name.pb_all")" "$(sc_med "$d/$name.perf_trace")")"
		printf '| perf-bpf trace / strace -f, every call | %s |\n' \
			"$(sc_ratio "$(sc_med "$d/$name.pb_all")" "$(sc_med "$d/$name.strace")")"
		printf '| perf-bpf trace -s / bpftrace counting | %s |\n' \
			"$(sc_ratio "$(sc_med "$d/$name.pb_sum")" "$(sc_med "$d/$name.bpftrace")")"
		echo
	} >"$d/$name.rows"
}

# sc_ns D LABEL CMD...: the timed loop's own ns a call (getppid-timed's stderr), to D/LABEL.ns
sc_ns() {
	local d=$1 label=$2
	shift 2
	"$@" 2>&1 >/dev/null | awk '/^ns_per_call/ { print $2 }' >>"$d/$label.ns"
}

# sc_beside D LABEL TIMED N PB_ARGS...: the loop's ns a call while a perf-bpf trace that does
# not trace it runs beside it (given the time to attach: a bench, not a test)
sc_beside() {
	local d=$1 label=$2 timed=$3 n=$4 pb
	shift 4
	"$SC_PB" trace "$@" -o /dev/null 2>"$d/$label.err" &
	pb=$!
	sleep 3
	if ! kill -0 "$pb" 2>/dev/null; then
		echo "bench: '$label' failed: $(tail -n 1 "$d/$label.err")" >&2
		return 1
	fi
	sc_ns "$d" "$label" "$timed" "$n"
	kill -INT "$pb" 2>/dev/null
	wait "$pb" 2>/dev/null
}

# sc_outside D TIMED N: the early return of a task not traced, by its ids (-p of another
# process) and by its cgroup (-G of an empty one): the loop runs outside both
sc_outside() {
	local d=$1 timed=$2 n=$3 mnt cg sleeper
	mnt=$(awk '$9 == "cgroup2" { print $5; exit }' /proc/self/mountinfo)
	[ -n "$mnt" ] || return 0
	cg=$mnt/perf-bpf-bench.$$
	mkdir -p "$cg" || return 0
	sleep 1000 &
	sleeper=$!
	for _ in $(seq "$SC_RUNS"); do
		sc_beside "$d" pb_other_pid "$timed" "$n" -s -e getppid -p "$sleeper"
		sc_beside "$d" pb_other_cgroup "$timed" "$n" -s -e getppid -a -G "$cg"
	done
	kill "$sleeper"
	rmdir "$cg"
}

# sc_floor D TIMED N: what a call costs the loop itself (no start-up in it), against the
# kernel's floor: two empty programs on raw_syscalls, and a syscall tracepoint's perf event
# for a call the loop never makes (no program runs, but every call takes the traced path)
sc_floor() {
	local d=$1 timed=$2 n=$3 src
	src=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/floor-syscalls.bpf.c
	"$SC_PB" trace -e "$src" -o /dev/null -- true || return 1 # compiled once, cached
	for _ in $(seq "$SC_RUNS"); do
		sc_ns "$d" untraced "$timed" "$n"
		sc_ns "$d" floor_raw "$SC_PB" trace -e "$src" -o /dev/null -- "$timed" "$n"
		command -v perf >/dev/null &&
			sc_ns "$d" floor_tp perf stat -e syscalls:sys_enter_openat,syscalls:sys_exit_openat \
				-o /dev/null -- "$timed" "$n"
		sc_ns "$d" pb_unused "$SC_PB" trace -e openat -o /dev/null -- "$timed" "$n"
		sc_ns "$d" pb_sum "$SC_PB" trace -s -o /dev/null -- "$timed" "$n"
		sc_ns "$d" pb_errno "$SC_PB" trace -s --errno-summary -o /dev/null -- "$timed" "$n"
	done
	sc_outside "$d" "$timed" "$n"
	local u
	u=$(sc_med "$d/untraced.ns")
	row() {
		local m
		m=$(sc_med "$d/$2.ns")
		printf '| %s | %s | %s | %s |\n' "$1" "$m" "$(sc_ratio "$m" "$u")" \
			"$(awk -v a="$m" -v b="$u" 'BEGIN { if (a == "-" || b == "-") print "-"; else printf "%.0f", a - b }')"
	}
	echo "| $n getppid, the loop's own ns a call (start-up left out) | ns | vs untraced | ns added |"
	echo "|---|---:|---:|---:|"
	row "untraced" untraced
	row "floor: empty programs on raw_syscalls sys_enter and sys_exit" floor_raw
	row "floor: perf stat of syscalls:sys_{enter,exit}_openat (no program runs)" floor_tp
	row "perf-bpf trace -e openat (a call the loop never makes)" pb_unused
	row "perf-bpf trace -s (counted in the kernel)" pb_sum
	row "perf-bpf trace -s -p OTHER beside it (its early return: not selected)" pb_other_pid
	row "perf-bpf trace -s -a -G CGROUP beside it (its early return: outside the cgroup)" \
		pb_other_cgroup
	row "perf-bpf trace -s --errno-summary" pb_errno
	echo
	# ns added a call, against the floor's: what the issue's goals are written in
	added() { awk -v a="$(sc_med "$d/$1.ns")" -v u="$u" 'BEGIN { if (a == "-" || u == "-") print "-"; else print a - u }'; }
	echo "| ns added a call, same run | ratio |"
	echo "|---|---:|"
	printf '| perf-bpf trace -s / floor (empty programs) | %s |\n' "$(sc_ratio "$(added pb_sum)" "$(added floor_raw)")"
	printf '| perf-bpf trace -s --errno-summary / -s | %s |\n' "$(sc_ratio "$(added pb_errno)" "$(added pb_sum)")"
	printf '| perf-bpf trace -s --errno-summary / -s, the loop'"'"'s own ns | %s |\n' \
		"$(sc_ratio "$(sc_med "$d/pb_errno.ns")" "$(sc_med "$d/pb_sum.ns")")"
	echo
}

# bench_syscalls PB BUILD RUNS N DIR: the markdown tables on stdout
bench_syscalls() {
	SC_PB=$1
	SC_RUNS=$3
	local loop=$2/tests/workloads/getppid-loop n=$4 d=$5
	sc_loop "$d" getppid "$n getppid calls" "$loop" "$n"
	sc_loop "$d" dd "$n one-byte reads and writes" "$(type -P dd)" if=/dev/zero of=/dev/null bs=1 count="$n" status=none
	mkdir -p "$d/floor"
	sc_floor "$d/floor" "$2/tests/workloads/getppid-timed" 3000000 >"$d/floor.rows"
	cat "$d/getppid.rows" "$d/dd.rows" "$d/floor.rows"
}

if [ "${BASH_SOURCE[0]}" = "$0" ]; then
	set -u
	top=$(cd "$(dirname "$0")/.." && pwd)
	d=$(mktemp -d /tmp/perf-bpf-bench.XXXXXX)
	trap 'rm -rf "$d"' EXIT
	SC_PB_BEFORE=${PERF_BPF_BEFORE:-}
	bench_syscalls "${PERF_BPF:-$top/perf-bpf}" "${BUILD:-$top/build}" "${1:-3}" "${2:-300000}" "$d"
fi
