#!/usr/bin/env bash
# Prove the kernel lane fails when it must: a failing guest test, a guest test that outlives
# its timeout, a guest that stops before reporting every result, a guest panic, a guest hang
# and a kernel package that cannot be fetched each give a FAIL line and exit 1, and no QEMU
# outlives its run.  Prints the suite's lines; exits 0 when every fault was caught.  Boots
# the default kernel three times, with none of the real guest tests (BUILD as for run.sh).
set -u
lane=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$lane/../.." && pwd)
: "${BUILD:=$top/build}"
t=$(mktemp -d /tmp/kernel-lane-selftest.XXXXXX)
trap 'rm -rf "$t" "$BUILD/kernel-lane/initramfs-extra.cpio"' EXIT
failed=0

line() { [ "$1" = FAIL ] && failed=1; printf '%-4s %s%s\n' "$1" "$2" "${3:+  ($3)}"; }

# expect NAME ENV... -- NAME:REGEX...: run.sh with ENV must exit 1 and, for each NAME:REGEX,
# print a FAIL line matching REGEX.
expect() {
	local envs=() rc name re
	while [ "$1" != -- ]; do envs+=("$1"); shift; done
	shift
	env "${envs[@]}" "$lane/run.sh" >"$t/out" 2>&1
	rc=$?
	for check in "$@"; do
		name=${check%%:*} re=${check#*:}
		if [ $rc = 1 ] && grep -qE "^FAIL .*$re" "$t/out"; then
			line PASS "kernel-lane/selftest/$name"
		else
			line FAIL "kernel-lane/selftest/$name" \
				"run.sh exit $rc, no FAIL line matching /$re/"
			sed 's/^/    | /' "$t/out" | tail -n 20
		fi
	done
}

# Build once (as run.sh does); each faulty run below then skips the build.  Only the lane's
# machinery is under test here, so a previous static build does when the tree does not build.
if ! "$lane/static.sh" "$BUILD" >"$t/build.log" 2>&1 &&
	[ ! -x "$BUILD/static/tests/kernel-lane/qexit" ]; then
	line FAIL kernel-lane/selftest "make static failed"
	tail -n 20 "$t/build.log" | sed 's/^/    | /'
	exit 1
fi
export KERNEL_LANE_NOBUILD=1

mk() { # dir name body: a guest test script
	mkdir -p "$t/$1"
	printf '#!/bin/sh\n%s\n' "$3" >"$t/$1/$2"
	chmod +x "$t/$1/$2"
}
# Named lane-st-*: KERNEL_LANE_ONLY keeps the real guest tests out of these boots.
mk stop lane-st-a-fails 'echo "this test fails"; exit 1'
mk stop lane-st-a-sleeps 'sleep 600'
mk stop lane-st-b-stops 'qexit 0'
mk stop lane-st-c-never-runs 'exit 0'
mk panic lane-st-crash 'echo c >/proc/sysrq-trigger; sleep 10'
mk hang lane-st-sleeps 'sleep 600'
export KERNEL_LANE_ONLY=guest/lane-st-

expect KERNEL_LANE_EXTRA="$t/stop" KERNEL_LANE_TEST_TIMEOUT=3 -- \
	'guest-test-fails:guest/lane-st-a-fails  \(exit 1\)' \
	'guest-test-times-out:guest/lane-st-a-sleeps  \(exit [0-9]+\)' \
	'guest-stops-early:boot  \(guest stopped before reporting'
expect KERNEL_LANE_EXTRA="$t/panic" -- 'guest-panics:boot  \(guest kernel panic'
expect KERNEL_LANE_EXTRA="$t/hang" KERNEL_LANE_TIMEOUT=10 -- 'guest-hangs:boot  \(guest hung'
expect KERNEL_PKG=linux-image-0.0.0-0-amd64-unsigned -- \
	'no-kernel-package:kernel-lane/linux-image-0.0.0-0-amd64-unsigned  \(ERROR: cannot download'
if pgrep -f 'initramfs-extra[.]cpio' >/dev/null; then
	line FAIL kernel-lane/selftest/no-qemu-left "a QEMU process outlived its run"
else
	line PASS kernel-lane/selftest/no-qemu-left
fi
exit $failed
