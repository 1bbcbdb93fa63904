#!/usr/bin/env bash
# The bench's groups for work that grows: probe points of one glob (10 to 2,000), distinct map
# keys printed at exit (1k to 1M, bpftrace's print beside), the first run on an empty cache,
# and script on a busy machine (two busy loops alongside). Sourced by run.sh, which has run,
# med, summary, per and ratio, the workloads in $W and the 1M file pb1m.data.

# a binary of 2,000 functions, g<K>_fn_<I> with K = I / 125 (perf takes 128 points a
# definition), and pts<N>.c: perf-style uprobe sections over N of them, returning 0
points_sources() {
	local i n
	{
		for i in $(seq 0 1999); do
			echo "__attribute__((noinline)) int g$((i / 125))_fn_$i(int x) { return x + $i; }"
		done
		echo 'int main(void) { return g0_fn_0(0); }'
	} >"$W/fn2000.c"
	cc -O1 -o "$W/fn2000" "$W/fn2000.c" || return 1
	for n in 10 100 500 2000; do
		local pats
		case $n in
		10) pats='g0_fn_?' ;;
		100) pats='g0_fn_? g0_fn_??' ;;
		*) pats=$(for i in $(seq 0 $((n / 125 - 1))); do printf 'g%d_* ' "$i"; done) ;;
		esac
		{
			echo '#include <linux/bpf.h>'
			echo '#include <bpf/bpf_helpers.h>'
			i=0
			for p in $pats; do
				echo "SEC(\"exec=$W/fn2000;pt$i=$p\") int pt$i(void *ctx) { return 0; }"
				i=$((i + 1))
			done
			echo 'char _license[] SEC("license") = "GPL";'
		} >"$W/pts$n.c"
		"$PB" compile "$W/pts$n.c" -o /dev/null || return 1
	done
}

# attach, run true, detach: through one multi link (the default where the kernel has
# uprobe_multi), and with an event per point (PERF_BPF_PROBE_MODE=tracefs, 10 and 100 only:
# about 0.1 s a point)
bench_points() {
	local n
	[ -x "$W/fn2000" ] || points_sources || return 0
	for n in 10 100 500 2000; do
		run "pts_$n" "$PB" trace -e "$W/pts$n.c" -- true
	done
	for n in 10 100; do
		run "pts_pp_$n" env PERF_BPF_PROBE_MODE=tracefs "$PB" trace -e "$W/pts$n.c" -- true
	done
}

# N distinct keys (bench/keys.c closes N fds that are not open) in a hash map keyed by the fd,
# printed at exit: perf-bpf trace against bpftrace, the workload alone beside
bench_keys() {
	local n
	cc -O2 -o "$W/bin/keys" "$top/bench/keys.c" || return 0
	cp "$top/bench/keys.bpf.c" "$W/" && "$PB" compile "$W/keys.bpf.c" -o /dev/null || return 0
	for n in 1000 100000 1000000; do
		run "keys_floor_$n" "$W/bin/keys" "$n"
		run "keys_pb_$n" "$PB" trace -e "$W/keys.bpf.c" -- "$W/bin/keys" "$n"
		[ -n "$have_bpftrace" ] || continue
		run "keys_bt_$n" env BPFTRACE_MAP_KEYS_MAX=2097152 bpftrace -q -e \
			'tracepoint:syscalls:sys_enter_close /comm == "keys"/ { @fds[args->fd] = 1; }' \
			-c "$W/bin/keys $n"
	done
}

# the first run on an empty cache, to the traced command's end: hello.c (no vmlinux.h) and
# a source that includes vmlinux.h (generated on that first run; its precompiled header built
# by a process of its own meanwhile, for the later runs); then, once that header is there,
# another vmlinux.h source (a compile with it) and the first one again (a cache hit);
# bpftrace's one-liner beside
bench_first_run() {
	local i c
	for i in 1 2; do
		cat >"$W/vmlinux-tp$i.c" <<SRC
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
SEC("tp/syscalls/sys_enter_getppid")
int tp(struct trace_event_raw_sys_enter *ctx) { return bpf_get_current_task() ? 0 : $i; }
char _license[] SEC("license") = "GPL";
SRC
	done
	for i in $(seq "$RUNS"); do
		c=$W/firstv$i
		run first_hello env XDG_CACHE_HOME="$W/first$i" "$PB" trace -e hello.c -- true
		run first_vmlinux env XDG_CACHE_HOME="$c" "$PB" trace -e "$W/vmlinux-tp1.c" -- true
		# the header's builder is on its own: its end, before anything else is timed
		for _ in $(seq 300); do
			[ -n "$(find "$c" -name '*.pch')" ] && [ -z "$(find "$c" -name '*.tmp*')" ] && break
			sleep 0.1
		done
		run later_vmlinux env XDG_CACHE_HOME="$c" "$PB" trace -e "$W/vmlinux-tp2.c" -- true
		run hit_vmlinux env XDG_CACHE_HOME="$c" "$PB" trace -e "$W/vmlinux-tp1.c" -- true
		[ -n "$have_bpftrace" ] && run first_bt bpftrace -q -e \
			'tracepoint:syscalls:sys_enter_getppid { @n = count(); }' -c "$(type -P true)"
		rm -rf "$W/first$i" "$c"
	done
}

# script of the 1M file with two busy loops on the 2 CPUs, as the checks run
bench_script_busy() {
	local i b1 b2
	[ -f pb1m.data ] || return 0 # BENCH_SKIP=main
	sh -c 'while :; do :; done' &
	b1=$!
	sh -c 'while :; do :; done' &
	b2=$!
	for i in $(seq "$RUNS"); do
		run busy_pb_script "$PB" script -i pb1m.data
		[ -n "$have_perf" ] && run busy_perf_script perf script -i pb1m.data
	done
	kill "$b1" "$b2"
	wait "$b1" "$b2" 2>/dev/null
}

scale_rows() {
	local n
	echo
	echo "| probe points of one uprobe glob, trace -- true, s | 10 | 100 | 500 | 2000 |"
	echo "|---|---:|---:|---:|---:|"
	echo "| perf-bpf, one uprobe_multi link (program returns 0) | $(med pts_10 1) | $(med pts_100 1) | $(med pts_500 1) | $(med pts_2000 1) |"
	echo "| perf-bpf, an event per point (PERF_BPF_PROBE_MODE=tracefs) | $(med pts_pp_10 1) | $(med pts_pp_100 1) | - | - |"
	echo "| bpftrace uprobe:BINARY:g* -c true (uprobe group) | - | - | $(med bt_uprobe_500 1) | - |"
	echo
	echo "| map keys printed at exit | 1k s | 1k KiB | 100k s | 100k KiB | 1M s | 1M KiB |"
	echo "|---|---:|---:|---:|---:|---:|---:|"
	for l in "perf-bpf trace (hash map):keys_pb" "bpftrace, its print at exit:keys_bt" \
		"the workload alone:keys_floor"; do
		printf '| %s |' "${l%%:*}"
		for n in 1000 100000 1000000; do
			printf ' %s | %s |' "$(med "${l#*:}_$n" 1)" "$(med "${l#*:}_$n" 2)"
		done
		echo
	done
	echo
	echo "| first run, empty cache, to the command's end | median s | min..max |"
	echo "|---|---:|---|"
	row "trace -e hello.c -- true" first_hello 1
	row "trace -e (includes vmlinux.h) -- true" first_vmlinux 1
	row "later: another vmlinux.h source (header built)" later_vmlinux 1
	row "later: the same source (cache hit)" hit_vmlinux 1
	row "bpftrace one-liner (anchor)" first_bt 1
	echo
	echo "| script 1M text, two busy loops alongside | median s | min..max | perf script / perf-bpf |"
	echo "|---|---:|---|---:|"
	printf '| %s | %s | %s | %s |\n' "perf-bpf script" "$(med busy_pb_script 1)" \
		"$(summary busy_pb_script 1 | awk '{print $2 ".." $3}')" \
		"$(ratio "$(med busy_pb_script 1)" "$(med busy_perf_script 1)")"
	printf '| %s | %s | %s | |\n' "perf script" "$(med busy_perf_script 1)" \
		"$(summary busy_perf_script 1 | awk '{print $2 ".." $3}')"
}
