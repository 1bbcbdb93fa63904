#!/usr/bin/env bash
# The conformance tests in kselftest form: `make -C tests/kernel run_tests` prints KTAP,
# one result line per test program, and its runner turns pass, skip and fail exits into
# "ok", "ok # SKIP reason" and "not ok" with a non-zero exit status.
source "$(dirname "$0")/lib.sh"
need_root

# the runner alone, on programs with known outcomes
cat >"$T/pass" <<'SH'
#!/bin/sh
echo "3 checks passed"
SH
cat >"$T/skip" <<'SH'
#!/bin/sh
echo "SKIP: no such hook here"
exit 2
SH
cat >"$T/fail" <<'SH'
#!/bin/sh
echo "FAIL check 2"
exit 1
SH
chmod +x "$T/pass" "$T/skip" "$T/fail"
"$TOP/tests/kernel/runner" "$T/pass" "$T/skip" "$T/fail" >"$T/fake.tap"
rc=$?
expect_eq "runner exit with a failing program" 1 "$rc"
expect_eq "runner output" "TAP version 13
1..3
# selftests: kernel: pass
# 3 checks passed
ok 1 pass
# selftests: kernel: skip
# SKIP: no such hook here
ok 2 skip # SKIP no such hook here
# selftests: kernel: fail
# FAIL check 2
not ok 3 fail # exit=1" "$(cat "$T/fake.tap")"
"$TOP/tests/kernel/runner" "$T/pass" "$T/skip" >/dev/null || fail "runner failed with no failing program"

# the real suite, built and run through its Makefile
make -s -C "$TOP/tests/kernel" BUILD="$BUILD" run_tests >"$T/kernel.tap" 2>"$T/build.log"
rc=$?
cat "$T/kernel.tap"
nr=$(ls "$TOP"/tests/kernel/*.c | wc -l)
expect_eq "run_tests exit" 0 "$rc"
expect_eq "first line" "TAP version 13" "$(head -n 1 "$T/kernel.tap")"
expect_eq "plan" "1..$nr" "$(sed -n 2p "$T/kernel.tap")"
expect_eq "result lines" "$nr" "$(grep -c '^\(not \)\?ok [0-9]* ' "$T/kernel.tap")"
# a skipped conformance test checked nothing: only a kernel without the feature may skip one
missing=$(sed -n 's/^ok [0-9]* .* # SKIP \(kernel without .*\)/\1/p' "$T/kernel.tap")
grep '# SKIP' "$T/kernel.tap" | grep -v '# SKIP kernel without ' &&
	fail "conformance tests skipped for another reason than a missing kernel feature"
[ -z "$missing" ] || skip "$(echo "$missing" | paste -sd';')"
expect_eq "tests passed" "$nr" "$(grep -c '^ok [0-9]* [^#]*$' "$T/kernel.tap")"
! grep -v '^\(ok \|not ok \|# \|TAP version 13$\|1\.\.[0-9]*$\)' "$T/kernel.tap" ||
	fail "lines that are not KTAP on stdout"
exit 0
