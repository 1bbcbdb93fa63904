#!/usr/bin/env bash
# Folded stacks and pprof from a stock perf record -g file of N samples or more (cpu-clock every
# 10 us on bench's frame-pointer workload), against stock perf script reading the same file's
# callchains, side by side in one run: wall seconds (median of RUNS alternating runs, min..max)
# and peak RSS. perf script is measured alone, and piped into a fold of its callchain blocks:
# FlameGraph's stackcollapse-perf.pl when STACKCOLLAPSE names it (it is not packaged in
# Debian; the bench does not ship it), else an awk fold (the rules of
# tests/e2e/script-folded.sh) as the nearest stand-in. Sourced by run.sh; run alone it prints
# its tables:
#	[STACKCOLLAPSE=PATH/stackcollapse-perf.pl] bench/stacks.sh [RUNS [N]]
# and then a file of 1000000 samples each of its own stack, folded the same ways.

# st_run D LABEL CMD...: "wall rss" appended to D/LABEL (the command's stdout discarded)
st_run() {
	local d=$1 label=$2
	shift 2
	/usr/bin/time -f '%e %M' -o "$d/t" "$@" >/dev/null 2>"$d/$label.err" || {
		echo "bench: '$label' failed: $(tail -n 1 "$d/$label.err")" >&2
		return 1
	}
	tail -n 1 "$d/t" >>"$d/$label"
}
st_med() {
	[ -s "$1" ] || { echo "- - -" && return; }
	awk -v c="$2" '{print $c}' "$1" | sort -g | awk '{v[NR]=$1} END {
		printf "%g %g %g\n", v[int((NR+1)/2)], v[1], v[NR] }'
}
st_fold() {
	awk '
	function flush(  s, i) {
		if (n) { s = comm; for (i = n - 1; i >= 0; i--) s = s ";" f[i]; c[s]++ }
		n = 0; hdr = 0
	}
	/^[^\t ]/ || /^ +[^ ]+ +[0-9]+ / { flush(); comm = $1; hdr = 1; next }
	hdr && /^\t/ && NF >= 2 { sym = $2; sub(/\+0x[0-9a-f]+$/, "", sym); f[n++] = sym; next }
	NF == 0 { flush() }
	END { flush(); for (s in c) print s, c[s] }'
}
st_perf_fold() {
	if [ -n "${STACKCOLLAPSE:-}" ]; then
		perf script -i "$1" 2>/dev/null | perl "$STACKCOLLAPSE"
	else
		perf script -i "$1" 2>/dev/null | st_fold
	fi
}

# bench_stacks PB BUILD RUNS N DIR: the markdown tables on stdout
bench_stacks() {
	local pb=$1 work=$2/tests/workloads/callchain-fp runs=$3 n=$4 d=$5 samples row fold
	fold="awk fold (stackcollapse-perf.pl not in Debian)"
	[ -n "${STACKCOLLAPSE:-}" ] && fold="stackcollapse-perf.pl"
	[ -z "${STACKCOLLAPSE:-}" ] || [ -r "$STACKCOLLAPSE" ] ||
		{ echo "bench: STACKCOLLAPSE: no file '$STACKCOLLAPSE'" >&2; return 1; }
	export STACKCOLLAPSE
	export -f st_fold st_perf_fold
	# 10 us a sample: N samples are N / 100000 s of CPU; the workload spins 200M rounds a
	# tenth of a second or so
	perf record -q -g -e cpu-clock -c 10000 -o "$d/g.data" -- "$work" $((n / 100000 * 2000)) \
		>/dev/null 2>&1 || { echo "bench: perf record -g failed" >&2; return 1; }
	samples=$(perf report --stats -i "$d/g.data" 2>/dev/null | awk '/^ *SAMPLE events:/ {print $3; exit}')
	for _ in $(seq "$runs"); do
		st_run "$d" folded "$pb" script -i "$d/g.data" --folded
		st_run "$d" pprof "$pb" script -i "$d/g.data" --pprof "$d/g.pb.gz"
		st_run "$d" perf_script perf script -i "$d/g.data"
		st_run "$d" perf_fold bash -c 'st_perf_fold "$0"' "$d/g.data"
	done
	echo "| stacks of a perf record -g file, $samples samples | s | min..max | peak RSS MiB |"
	echo "|---|---:|---|---:|"
	for row in "folded:perf-bpf script --folded" "pprof:perf-bpf script --pprof" \
		"perf_script:perf script (callchains, no folding)" \
		"perf_fold:perf script \\| $fold"; do
		set -- $(st_med "$d/${row%%:*}" 1)
		printf '| %s | %s | %s..%s | %s |\n' "${row#*:}" "$1" "$2" "$3" \
			"$(st_med "$d/${row%%:*}" 2 | awk '{printf "%.1f", $1 / 1024}')"
	done
	echo
	echo "| same run | ratio |"
	echo "|---|---:|"
	for row in "folded:perf_script" "folded:perf_fold" "pprof:perf_script" "pprof:perf_fold"; do
		printf '| %s / %s | %s |\n' "${row#*:}" "${row%%:*}" "$(awk -v a="$(st_med "$d/${row#*:}" 1 | cut -d' ' -f1)" \
			-v b="$(st_med "$d/${row%%:*}" 1 | cut -d' ' -f1)" \
			'BEGIN { if (a > 0 && b > 0) printf "%.1fx", a / b; else print "-" }')"
	done
}

# bench_manystacks PB BUILD RUNS N DIR: N samples of N distinct stacks (bench/manystacks.py)
bench_manystacks() {
	local pb=$1 top runs=$3 n=$4 d=$5 row fold=awk\ fold
	[ -n "${STACKCOLLAPSE:-}" ] && fold=stackcollapse-perf.pl
	top=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
	perf record -q -g -e cpu-clock -c 100000 -o "$d/small.data" -- \
		"$2/tests/workloads/callchain-fp" 20 >/dev/null 2>&1 &&
		python3 "$top/bench/manystacks.py" "$d/small.data" "$d/many.data" "$n" ||
		{ echo "bench: cannot make the file of $n stacks" >&2; return 1; }
	export -f st_fold st_perf_fold
	for _ in $(seq "$runs"); do
		st_run "$d" m_folded "$pb" script -i "$d/many.data" --folded
		st_run "$d" m_svg "$pb" script -i "$d/many.data" --flamegraph "$d/m.svg"
		st_run "$d" m_pprof "$pb" script -i "$d/many.data" --pprof "$d/m.pb.gz"
		st_run "$d" m_perf_fold bash -c 'st_perf_fold "$0"' "$d/many.data"
	done
	echo "| $n samples, each of its own stack (3 kernel frames) | s | min..max | peak RSS MiB |"
	echo "|---|---:|---|---:|"
	for row in "m_folded:perf-bpf script --folded" "m_svg:perf-bpf script --flamegraph" \
		"m_pprof:perf-bpf script --pprof" \
		"m_perf_fold:perf script \\| $fold"; do
		set -- $(st_med "$d/${row%%:*}" 1)
		printf '| %s | %s | %s..%s | %s |\n' "${row#*:}" "$1" "$2" "$3" \
			"$(st_med "$d/${row%%:*}" 2 | awk '{printf "%.1f", $1 / 1024}')"
	done
}

if [ "${BASH_SOURCE[0]}" = "$0" ]; then
	set -u
	top=$(cd "$(dirname "$0")/.." && pwd)
	d=$(mktemp -d /tmp/perf-bpf-bench.XXXXXX)
	trap 'rm -rf "$d"' EXIT
	bench_stacks "${PERF_BPF:-$top/perf-bpf}" "${BUILD:-$top/build}" "${1:-3}" "${2:-1000000}" "$d"
	echo
	bench_manystacks "${PERF_BPF:-$top/perf-bpf}" "${BUILD:-$top/build}" "${1:-3}" 1000000 "$d"
fi
