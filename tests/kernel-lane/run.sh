#!/usr/bin/env bash
# The kernel lane: boot a stock Debian kernel under QEMU (TCG) and run the guest tests in it.
# Prints the suite's lines (PASS name / FAIL name  (why) / SKIP name  (why)); exits 0 when
# nothing failed, 1 otherwise.  See tests/kernel-lane/README.md.
#   BUILD                 build dir (default: build); the static build goes to $BUILD/static,
#                         the kernel cache and the initramfs to $BUILD/kernel-lane
#   KERNEL_PKG            kernel package(s), space separated: a full package name or a version
#                         prefix such as 6.12, or "default": what linux-image-amd64 depends on
#   KERNEL_LANE=skip      do not boot (local work only: prints one SKIP line)
#   KERNEL_LANE_TIMEOUT   seconds for one boot, all tests included (default 240)
#   KERNEL_LANE_TEST_TIMEOUT  seconds for one guest test (default 60)
#   KERNEL_LANE_EXTRA     a directory of more guest tests (executables) to run this time
#   KERNEL_LANE_APPEND    more kernel command line
#   KERNEL_LANE_ONLY=TEXT run only the guest tests whose name (kernel/NAME, guest/NAME)
#                         contains TEXT (no spaces)
#   KERNEL_LANE_JOBS      parallel boots sharing the tests (default: CPUs up to 4; 1 with
#                         KERNEL_LANE_ONLY)
#   KERNEL_LANE_NOBUILD=1 use $BUILD/static as it is (no make)
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
lane=$top/tests/kernel-lane
: "${BUILD:=$top/build}"
BUILD=$(cd "$top" && mkdir -p "$BUILD" && cd "$BUILD" && pwd)
cache=$BUILD/kernel-lane
boot_timeout=${KERNEL_LANE_TIMEOUT:-240}
test_timeout=${KERNEL_LANE_TEST_TIMEOUT:-60}
append="lane.timeout=$test_timeout ${KERNEL_LANE_ONLY:+lane.only=$KERNEL_LANE_ONLY}"
append="$append ${KERNEL_LANE_APPEND:-}"
# Guest tests spread over parallel boots: TCG keeps one host CPU busy per boot.
jobs=${KERNEL_LANE_JOBS:-$(nproc)}
[ -n "${KERNEL_LANE_ONLY:-}" ] && jobs=${KERNEL_LANE_JOBS:-1}
[ "$jobs" -gt 4 ] && jobs=4
failed=0
qpids=()

line() { # status name [reason]
	[ "$1" = FAIL ] && failed=1
	printf '%-4s %s%s\n' "$1" "$2" "${3:+  ($3)}"
}
indent() { sed 's/^/    | /'; }
plural() { echo "$1 $2$([ "$1" = 1 ] || echo s)"; }
cleanup() {
	[ ${#qpids[@]} -gt 0 ] || return 0
	kill "${qpids[@]}" 2>/dev/null
	wait "${qpids[@]}" 2>/dev/null
}
trap cleanup EXIT
trap 'exit 1' INT TERM

if [ "${KERNEL_LANE:-}" = skip ]; then
	line SKIP kernel-lane "KERNEL_LANE=skip: no guest kernel booted"
	exit 0
fi
mkdir -p "$cache" || exit 1

# The guest's programs: perf-bpf and the tests, linked statically.
build_static() {
	[ "${KERNEL_LANE_NOBUILD:-}" = 1 ] || "$lane/static.sh" "$BUILD" >"$cache/static.log" 2>&1
}
if ! command -v qemu-system-x86_64 >/dev/null; then
	line FAIL kernel-lane "no qemu-system-x86_64: install qemu-system-x86 (make deps)"
	exit 1
fi
if ! build_static; then
	line FAIL kernel-lane/static-build "make static failed"
	tail -n 20 "$cache/static.log" | indent
	exit 1
fi
initrd=$cache/initramfs${KERNEL_LANE_EXTRA:+-extra}.cpio
if ! "$lane/initramfs.sh" "$initrd" "$BUILD/static" ${KERNEL_LANE_EXTRA:+"$KERNEL_LANE_EXTRA"} \
	>"$cache/initramfs.log" 2>&1; then
	line FAIL kernel-lane/initramfs "$(tail -n 1 "$cache/initramfs.log")"
	exit 1
fi

# boot_start VMLINUX LOG SHARD: start one QEMU in the background, running the guest tests
# whose index modulo $jobs is SHARD; its exit status (124: timeout) comes from wait.
boot_start() {
	timeout -k 5 "$boot_timeout" qemu-system-x86_64 -accel tcg -m 1024 -smp 1 \
		-no-reboot -nodefaults -no-user-config -display none -serial stdio \
		-device isa-debug-exit,iobase=0xf4,iosize=0x04 -kernel "$1" -initrd "$initrd" \
		-append "console=ttyS0 panic=-1 quiet lane.shard=$3/$jobs $append" \
		</dev/null >"$2.raw" 2>&1 &
	qpids+=($!)
}

# report PREFIX LOG: one line per guest test; sets nres to the count of results seen.
report() {
	local prefix=$1 log=$2 out=$2.test name rc l
	nres=0
	: >"$out"
	while IFS= read -r l; do
		case $l in
		"LANE_BEGIN "*) : >"$out" ;;
		"    | "*) echo "$l" >>"$out" ;;
		"LANE_RESULT "*)
			rc=${l#LANE_RESULT }
			name=${rc#* }
			rc=${rc%% *}
			nres=$((nres + 1))
			case $rc in
			0) line PASS "$prefix/$name" ;;
			2) line SKIP "$prefix/$name" "$(tail -n 1 "$out" | sed 's/^    | //')" ;;
			*) line FAIL "$prefix/$name" "exit $rc"; tail -n 40 "$out" ;;
			esac
			;;
		esac
	done <"$log"
	rm -f "$out"
}

# verdict LOG RC NRES: why that boot failed (nothing when it did not).
verdict() {
	local log=$1 rc=$2 done_n
	done_n=$(sed -n 's/^LANE_DONE \([0-9]*\)$/\1/p' "$log")
	if [ "$rc" = 124 ] || [ "$rc" = 137 ]; then
		echo "guest hung: no power-off within ${boot_timeout} s"
	elif grep -q 'Kernel panic' "$log"; then
		echo "guest kernel panic"
	elif ! grep -q '^LANE_BOOT ' "$log"; then
		echo "guest /init never started (QEMU exit $rc)"
	elif [ -z "$done_n" ]; then
		echo "guest stopped before reporting every result (QEMU exit $rc)"
	elif [ "$done_n" != "$3" ]; then
		echo "guest reported $done_n tests, $3 results read"
	elif [ "$rc" != 1 ]; then
		echo "QEMU exit $rc, not the guest's exit device"
	fi
}

run_kernel() { # package-or-version ("" for the default)
	local vmlinux kver log t0 secs i n=0 why= w rcs=() nres
	if ! vmlinux=$("$lane/kernel.sh" "$cache" "$1" 2>"$cache/kernel.err"); then
		line FAIL "kernel-lane/${1:-kernel}" "$(tail -n 1 "$cache/kernel.err")"
		return
	fi
	kver=$(basename "$(dirname "$vmlinux")")
	kver=${kver#linux-image-}
	kver=${kver%-unsigned}
	log=$cache/console-$kver
	rm -f "$log".*
	t0=$(date +%s%N)
	for ((i = 0; i < jobs; i++)); do
		boot_start "$vmlinux" "$log.$i.log" $i
	done
	for i in "${!qpids[@]}"; do
		wait "${qpids[$i]}"
		rcs+=($?)
	done
	qpids=()
	secs=$(awk -v a="$t0" -v b="$(date +%s%N)" 'BEGIN { printf "%.1f", (b - a) / 1e9 }')
	for ((i = 0; i < jobs; i++)); do
		tr -d '\r' <"$log.$i.log.raw" >"$log.$i.log" && rm -f "$log.$i.log.raw"
		report "kernel-lane/$kver" "$log.$i.log"
		n=$((n + nres))
		w=$(verdict "$log.$i.log" "${rcs[$i]}" "$nres")
		if [ -n "$w" ] && [ -z "$why" ]; then
			why=$w
			[ "$jobs" -gt 1 ] && why="$why, boot $((i + 1)) of $jobs"
			grep -v '^    | ' "$log.$i.log" | tail -n 30 >"$log.why"
		fi
	done
	[ -z "$why" ] && [ "$n" = 0 ] && why="no guest tests found"
	if [ -n "$why" ]; then
		line FAIL "kernel-lane/$kver/boot" "$why"
		[ -f "$log.why" ] && indent <"$log.why"
	else
		why="$(plural "$n" test), $(plural "$jobs" boot), $secs s"
		line PASS "kernel-lane/$kver/boot" "$why"
	fi
}

for pkg in ${KERNEL_PKG:-default}; do
	[ "$pkg" = default ] && pkg=
	run_kernel "$pkg"
done
exit $failed
