#!/usr/bin/env bash
# Bad-input corpus: run every case of tests/bad-inputs/cases against perf-bpf; each must fail
# cleanly: exit 1..127 (or 129, a usage error), the expected error line, no sanitizer report, no program left loaded.
# Usage: tests/bad-inputs/run.sh [NAME-PATTERN]      (PERF_BPF, BUILD as for tests/run.sh)
source "$(dirname "$0")/../e2e/lib.sh"
need_root
D=$TOP/tests/bad-inputs
pattern=${1:-}

# put FILE OFFSET HEX-BYTES: overwrite bytes in place (little-endian values written by hand)
put() { printf "$(echo "$3" | sed 's/../\\x&/g')" | dd of="$1" bs=1 seek="$2" conv=notrunc status=none; }
le16() { od -An -tu2 -j "$2" -N2 "$1" | tr -d ' '; }
le64() { od -An -tu8 -j "$2" -N8 "$1" | tr -d ' '; }

# The objects: a good one, then broken copies of it.
make_objects() {
	local shoff shnum i idx
	"$PERF_BPF" compile "$TOP/tests/crash/crash-getppid.c" -o "$T/ok.o" >"$T/err" 2>&1 ||
		fail "compile: $(cat "$T/err")"
	"$PERF_BPF" compile "$TOP/tests/fixtures/legacy/def20.c" -o "$T/legacy.o" >"$T/err" 2>&1 ||
		fail "compile: $(cat "$T/err")"
	head -c 300 "$T/ok.o" >"$T/truncated.o"
	LC_ALL=C awk 'BEGIN { srand(7); for (i = 0; i < 4096; i++) printf "%c", int(rand() * 256) }' \
		>"$T/random.o"
	: >"$T/empty.o"
	cp "$(workload getppid-loop)" "$T/notbpf.o"
	head -c 100 "$TOP/tests/fuzz/corpus/pdreader/file-bpf-output.data" >"$T/header.data"
	shoff=$(le64 "$T/ok.o" 40)
	shnum=$(le16 "$T/ok.o" 60)
	cp "$T/ok.o" "$T/shoff.o" && put "$T/shoff.o" 40 00ffffffffffff7f
	cp "$T/ok.o" "$T/shnum.o" && put "$T/shnum.o" 60 ffff
	cp "$T/ok.o" "$T/shstrndx.o" && put "$T/shstrndx.o" 62 ff7f
	cp "$T/ok.o" "$T/shsize.o"
	cp "$T/ok.o" "$T/shoffset.o"
	for ((i = 1; i < shnum; i++)); do
		put "$T/shsize.o" $((shoff + i * 64 + 32)) 00000000ffffff7f
		put "$T/shoffset.o" $((shoff + i * 64 + 24)) 00000000ffffff00
	done
	# the legacy 'maps' section cut to 3 bytes: no whole bpf_map_def in it
	idx=$(readelf -SW "$T/legacy.o" | sed -n 's/^ *\[ *\([0-9]*\)\] maps .*/\1/p')
	[ -n "$idx" ] || fail "no 'maps' section in $T/legacy.o"
	shoff=$(le64 "$T/legacy.o" 40)
	cp "$T/legacy.o" "$T/legacy-trunc.o" && put "$T/legacy-trunc.o" $((shoff + idx * 64 + 32)) 0300000000000000
	# ... and cut to 50 bytes: 2.5 definitions of 20 bytes
	cp "$T/legacy.o" "$T/maps-div.o" && put "$T/maps-div.o" $((shoff + idx * 64 + 32)) 3200000000000000
	hostile_objects
}

# Each defect alone in a copy of ok.o: bad relocations, a huge section, overlapping
# sections, a license without its NUL, BTF naming a type that does not exist or looping,
# BTF.ext whose records name what does not exist or do not fit.
hostile_objects() {
	local shoff prog rel lic relo poff licoff
	shoff=$(le64 "$T/ok.o" 40)
	prog=$(sec_index "$T/ok.o" 'syscalls:sys_enter_getppid')
	rel=$(sec_index "$T/ok.o" '.relsyscalls:sys_enter_getppid')
	lic=$(sec_index "$T/ok.o" license)
	[ -n "$prog" ] && [ -n "$rel" ] && [ -n "$lic" ] || fail "unexpected sections in $T/ok.o"
	relo=$(le64 "$T/ok.o" $((shoff + rel * 64 + 24)))
	poff=$(le64 "$T/ok.o" $((shoff + prog * 64 + 24)))
	licoff=$(le64 "$T/ok.o" $((shoff + lic * 64 + 24)))
	cp "$T/ok.o" "$T/reloc-sym.o" && put "$T/reloc-sym.o" $((relo + 12)) ff7f0000
	cp "$T/ok.o" "$T/reloc-off.o" && put "$T/reloc-off.o" "$relo" 0000ff7f00000000
	cp "$T/ok.o" "$T/reloc-entsize.o" && put "$T/reloc-entsize.o" $((shoff + rel * 64 + 32)) 0c00000000000000
	cp "$T/ok.o" "$T/huge.o" && put "$T/huge.o" $((shoff + prog * 64 + 32)) 00000000ffffff7f
	cp "$T/ok.o" "$T/overlap.o" && put "$T/overlap.o" $((shoff + lic * 64 + 24)) "$(hex64 "$poff")"
	cp "$T/ok.o" "$T/license-nonul.o" && put "$T/license-nonul.o" $((licoff + 3)) 58
	# sections of type SHT_NULL keep no bytes in the file, wherever their offset points
	btf=$(sec_index "$T/ok.o" '.BTF')
	cp "$T/ok.o" "$T/license-null.o" && put "$T/license-null.o" $((shoff + lic * 64 + 4)) 00000000 &&
		put "$T/license-null.o" $((shoff + lic * 64 + 24)) 00000000ffff0000
	cp "$T/ok.o" "$T/btf-null.o" && put "$T/btf-null.o" $((shoff + btf * 64 + 4)) 00000000 &&
		put "$T/btf-null.o" $((shoff + btf * 64 + 24)) 00000000ffff0000
	"$D/btf-patch.py" "$T/ok.o" "$T/btf-member.o" member || fail "cannot patch $T/ok.o"
	"$D/btf-patch.py" "$T/ok.o" "$T/btf-loop.o" loop || fail "cannot patch $T/ok.o"
	for m in ext-func-type ext-line-str ext-count; do
		"$D/btf-patch.py" "$T/ok.o" "$T/$m.o" $m || fail "cannot patch $T/ok.o"
	done
	# an object with CO-RE relocations (ok.o has none)
	"$PERF_BPF" compile "$TOP/tests/fixtures/libbpf/syscount.bpf.c" -o "$T/core.o" >"$T/err" 2>&1 ||
		fail "compile: $(cat "$T/err")"
	"$D/btf-patch.py" "$T/core.o" "$T/ext-core-type.o" ext-core-type || fail "cannot patch $T/core.o"
}

sec_index() { readelf -SW "$1" | sed -n "s/^ *\[ *\([0-9]*\)\] $2 .*/\1/p" | head -1; }
hex64() { printf '%016x' "$1" | sed 's/../& /g' | awk '{ for (i = NF; i > 0; i--) printf "%s", $i }'; }

make_mounts() {
	mkdir -p "$T/ro" "$T/full"
	mount -t tmpfs -o ro,size=64k perf-bpf-ro "$T/ro" || skip "cannot mount a tmpfs"
	on_exit "umount '$T/ro'"
	mount -t tmpfs -o size=512k perf-bpf-full "$T/full" || skip "cannot mount a tmpfs"
	on_exit "umount '$T/full'"
}

run_case() { # name regex args
	local name=$1 regex=$2 rc why=
	local -a args
	read -ra args <<<"$3"
	timeout 60 "$PERF_BPF" "${args[@]}" >"$T/out" 2>"$T/err" </dev/null
	rc=$?
	if [ $rc = 0 ]; then
		why="exit 0"
	elif [ $rc = 124 ]; then
		why="timed out"
	elif [ $rc -ge 128 ] && [ $rc != 129 ]; then
		why="killed by signal $((rc - 128))"
	elif grep -qE 'Sanitizer|runtime error:' "$T/err"; then
		why="sanitizer report"
	elif ! grep -qE -- "$regex" "$T/err"; then
		why="no line matches /$regex/"
	fi
	if [ -n "$why" ]; then
		echo "FAIL $name: $why ($PERF_BPF ${args[*]})"
		sed 's/^/    | /' "$T/err" | tail -15
		return 1
	fi
	echo "ok   $name (exit $rc): $(grep -E -m1 -- "$regex" "$T/err")"
}

make_objects
make_mounts
w=$(workload getppid-loop)
total=0 failed=0
while IFS='|' read -r name regex args; do
	name=$(echo "$name" | sed 's/^ *//; s/ *$//')
	case $name in '' | '#'*) continue ;; esac
	[ -z "$pattern" ] || [[ $name == *"$pattern"* ]] || continue
	regex=$(echo "$regex" | sed 's/^ *//; s/ *$//')
	args=$(echo "$args" | sed "s|@D|$D|g; s|@T|$T|g; s|@W|$w|g")
	regex=${regex//@T/$T}
	total=$((total + 1))
	run_case "$name" "$regex" "$args" || failed=$((failed + 1))
done <"$D/cases"

for prog in crash_getppid bad_deref nolicense_prog absent_tp absent_bin bad_section; do
	wait_prog_gone $prog || { echo "FAIL: program $prog still loaded"; failed=$((failed + 1)); }
done
echo "$total cases, $failed failed"
[ $total -gt 0 ] && [ $failed = 0 ]
