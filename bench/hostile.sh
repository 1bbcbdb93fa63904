#!/usr/bin/env bash
# Hostile files at scale, perf-bpf script beside stock perf script 6.1 on the same file:
# wall seconds and peak RSS (median of BENCH_RUNS runs), printed as a markdown table.
#   mmaps     N MMAP2s of one file in one process, each below the one before
#   dsos      N MMAP2s of N files
#   buildids  N MMAP2s of N files and a BUILD_ID table naming each
#   feature   feature ids 32-255 all naming one 16 MiB section
# Usage: bench/hostile.sh [N]     (PERF_BPF, BUILD as for make bench; N default 200000)
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
PB=${PERF_BPF:-$top/perf-bpf}
BUILD=${BUILD:-$top/build}
RUNS=${BENCH_RUNS:-3}
N=${1:-200000}
W=$(mktemp -d /tmp/perf-bpf-bench.XXXXXX)
trap 'rm -rf "$W"' EXIT

# median LABEL CMD...: "wall rss" of the median run (by wall time)
median() {
	shift
	for _ in $(seq "$RUNS"); do
		/usr/bin/time -f '%e %M' -o "$W/t" "$@" >/dev/null 2>&1
		tail -n 1 "$W/t"
	done | sort -g | awk '{ v[NR] = $0 } END { print v[int((NR + 1) / 2)] }'
}

for k in mmaps dsos buildids; do
	python3 "$top/tests/fixtures/script/mkperfdata.py" "$k" "$W/$k.data" "$N" || exit 1
done
"$BUILD/tests/runners/hostile-files" "$W" || exit 1
mv "$W/feature-amp.data" "$W/feature.data"
echo "| file | MiB | perf-bpf s | perf-bpf MB | perf s | perf MB | same output |"
echo "|------|-----|------------|-------------|--------|---------|-------------|"
for k in mmaps dsos buildids feature; do
	read -r ours ours_kb <<<"$(median ours "$PB" script -i "$W/$k.data")"
	read -r theirs theirs_kb <<<"$(median theirs perf script -i "$W/$k.data")"
	same=no
	[ "$("$PB" script -i "$W/$k.data" 2>/dev/null | md5sum)" = \
		"$(perf script -i "$W/$k.data" 2>/dev/null | md5sum)" ] && same=yes
	[ $k = feature ] && same="- (perf refuses it)"
	printf '| %s | %d | %s | %d | %s | %d | %s |\n' "$k" $(($(stat -c %s "$W/$k.data") >> 20)) \
		"$ours" $((ours_kb / 1024)) "$theirs" $((theirs_kb / 1024)) "$same"
done
