#!/bin/sh
# bpf/vmlinux/vmlinux.h, the kernel types perf-bpf's BPF programs use, kept in the tree so
# that their objects do not depend on the build machine's kernel.
#   vmlinux-cut.sh gen VMLINUX_BTF   write it from a kernel's BTF (`make vmlinux-cut`)
#   vmlinux-cut.sh check             does it still cover bpf/*.bpf.c? (`make check`)
# From the Makefile's environment: CLANG, BPFTOOL, BPF_CFLAGS, BUILD, CUT_TOOL (gen).
set -eu
cd "$(dirname "$0")/.."
CUT=bpf/vmlinux/vmlinux.h
BUILD=${BUILD:-build}
work=$BUILD/vmlinux-cut

# The words a preprocessed source names: "struct X" pairs from the programs' own files
# (bpf/), bare words (typedefs, enums' constants) from all but vmlinux.h itself.
scan() {
	awk -v full="$1" '
	/^# [0-9]+ "/ { f = $3; gsub(/"/, "", f); own = f ~ /^bpf\//; skip = f == full; next }
	skip { next }
	{
		gsub(/"([^"\\]|\\.)*"/, " "); gsub(/'\''([^'\''\\]|\\.)*'\''/, " ")
		n = split($0, w, /[^A-Za-z0-9_]+/)
		for (i = 1; i <= n; i++) {
			if (w[i] == "struct" || w[i] == "union" || w[i] == "enum") {
				if (own && i < n) print w[i] " " w[i + 1]
				i++
			} else if (w[i] ~ /^[A-Za-z_]/) {
				print w[i]
			}
		}
	}'
}

gen() {
	btf=$1
	[ -r "$btf" ] || {
		echo "ERROR: no kernel BTF at '$btf'" >&2
		echo "Hint: set VMLINUX_BTF to a kernel's BTF (/sys/kernel/btf/vmlinux, or a vmlinux)" >&2
		exit 1
	}
	rm -rf "$work" && mkdir -p "$work/full"
	$BPFTOOL btf dump file "$btf" format c >"$work/full/vmlinux.h"
	objs=
	for src in bpf/*.bpf.c; do
		name=$(basename "$src" .c)
		# shellcheck disable=SC2086
		$CLANG $BPF_CFLAGS -I"$work/full" -E -o "$work/$name.i" "$src"
		# shellcheck disable=SC2086
		$CLANG $BPF_CFLAGS -I"$work/full" -c -o "$work/$name.o" "$src"
		scan "$work/full/vmlinux.h" <"$work/$name.i" >>"$work/names.all"
		objs="$objs $work/$name.o"
	done
	LC_ALL=C sort -u "$work/names.all" >"$work/names"
	# shellcheck disable=SC2086
	$CUT_TOOL "$btf" "$work/names" $objs >"$work/vmlinux.h"
	check "$work/vmlinux.h"
	mv "$work/vmlinux.h" "$CUT"
	echo "  CUT      $CUT: $(grep -cE '^(struct|union|enum|typedef) ' "$CUT") types from $btf"
}

# Each program compiled against the header: what it lacks, named, on one line each.
check() {
	hdr=${1:-$CUT}
	mkdir -p "$work/check" && cp "$hdr" "$work/check/vmlinux.h"
	bad=0
	for src in bpf/*.bpf.c; do
		# shellcheck disable=SC2086
		if ! $CLANG $BPF_CFLAGS -Werror -I"$work/check" -fsyntax-only "$src" \
			2>"$work/check/err"; then
			bad=1
			lacks "$src" <"$work/check/err"
		fi
	done
	[ $bad = 0 ] || exit 1
	[ -n "${1-}" ] || echo "  CUT      $CUT covers bpf/*.bpf.c"
}

lacks() {
	what=$(sed -n "s/.*error: .*'\(\(struct \|union \|enum \)\{0,1\}[A-Za-z_][A-Za-z0-9_]*\)'.*/\1/p" |
		LC_ALL=C sort -u | tr '\n' ',' | sed 's/,$//; s/,/, /g')
	if [ -n "$what" ]; then
		echo "ERROR: $1 uses $what that $CUT lacks: run make vmlinux-cut" >&2
	else
		echo "ERROR: $1 does not compile against $CUT:" >&2
		cat "$work/check/err" >&2
		echo "Hint: run make vmlinux-cut" >&2
	fi
	echo "Hint: make vmlinux-cut VMLINUX_BTF=FILE takes another kernel's BTF" >&2
}

case "${1-}" in
gen) gen "${2:-/sys/kernel/btf/vmlinux}" ;;
check) check ;;
*)
	echo "usage: $0 gen VMLINUX_BTF | check" >&2
	exit 129
	;;
esac
