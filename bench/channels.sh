#!/usr/bin/env bash
# The output channel benchmark: __bpf_stdout__ as per-CPU perf buffers (throughput.c) against
# one RINGBUF (ringbuf.c), the same 48-byte record per getppid, N calls, recorded by perf-bpf
# record. Per run: events/s of the workload (its N calls over its wall time), records lost
# (N - samples in the file: other tasks' getppid calls only add), and perf-bpf's CPU time
# (user + system) per event. Sourced by run.sh; run alone it prints its table:
#	bench/channels.sh [RUNS [N]]

# bench_channels PB BUILD RUNS N DIR: a markdown table on stdout
bench_channels() {
	local pb=$1 timed=$2/tests/workloads/getppid-timed runs=$3 n=$4 d=$5 src kind
	local top
	top=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
	cp "$top/bench/throughput.c" "$top/bench/ringbuf.c" "$d/"
	for _ in $(seq "$runs"); do
		for kind in perfbuf ringbuf; do
			src=$d/throughput.c
			[ $kind = ringbuf ] && src=$d/ringbuf.c
			/usr/bin/time -f '%U %S' -o "$d/$kind.t" "$pb" record -q -o "$d/$kind.data" \
				-e "$src" -- "$timed" "$n" 2>"$d/$kind.err" >/dev/null || {
				echo "bench: $kind failed: $(tail -n 1 "$d/$kind.err")" >&2
				continue
			}
			local ns samples cpu
			ns=$(sed -n 's/^ns_per_call //p' "$d/$kind.err" | tail -n 1)
			samples=$("$pb" script --json -i "$d/$kind.data" 2>/dev/null |
				grep -c '"type":"sample"')
			cpu=$(awk '{print $1 + $2}' "$d/$kind.t" | tail -n 1)
			awk -v ns="$ns" -v s="$samples" -v n="$n" -v c="$cpu" 'BEGIN {
				printf "%.0f %d %.0f\n", 1e9 / ns, (s < n ? n - s : 0), c * 1e9 / n }' \
				>>"$d/$kind.rows"
		done
	done
	echo "| __bpf_stdout__ channel, $n events | events/s | lost | perf-bpf CPU ns/event |"
	echo "|---|---:|---:|---:|"
	for kind in perfbuf ringbuf; do
		[ -s "$d/$kind.rows" ] || continue
		printf '| %s | %s | %s | %s |\n' \
			"$([ $kind = perfbuf ] && echo "perf buffers, per CPU" || echo "ring buffer, one")" \
			"$(cut -d' ' -f1 "$d/$kind.rows" | sort -g | awk '{v[NR]=$1} END {print v[int((NR+1)/2)]}')" \
			"$(cut -d' ' -f2 "$d/$kind.rows" | sort -g | awk '{v[NR]=$1} END {print v[int((NR+1)/2)]}')" \
			"$(cut -d' ' -f3 "$d/$kind.rows" | sort -g | awk '{v[NR]=$1} END {print v[int((NR+1)/2)]}')"
	done
}

if [ "${BASH_SOURCE[0]}" = "$0" ]; then
	set -u
	top=$(cd "$(dirname "$0")/.." && pwd)
	d=$(mktemp -d /tmp/perf-bpf-bench.XXXXXX)
	trap 'rm -rf "$d"' EXIT
	export XDG_CACHE_HOME=$d/cache
	bench_channels "${PERF_BPF:-$top/perf-bpf}" "${BUILD:-$top/build}" "${1:-3}" "${2:-1000000}" "$d"
fi
