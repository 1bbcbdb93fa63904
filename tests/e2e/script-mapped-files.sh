#!/usr/bin/env bash
# script: the files a recording's mapping records name are opened only when they are regular
# files: a FIFO or a device in a binary's place is passed over at once (never waited on, never
# opened), and the samples print as stock perf script prints them
source "$(dirname "$0")/lib.sh"
need_root
cd "$T" || fail "no temp dir"
# no copy of prog by its build id in a ~/.debug of earlier runs
mkdir home
export HOME=$T/home

cp "$(workload callchain-fp)" prog
"$PERF_BPF" record -e cpu-clock -o prof.data -- ./prog 100 >rec.out 2>rec.err ||
	fail "record exited $?: $(cat rec.err)"
"$PERF_BPF" script -i prof.data >named.out 2>named.err || fail "script exited $?: $(cat named.err)"
grep -q ' cc_inner+0x[0-9a-f]* (.*/prog)$' named.out || fail "no sample in prog: $(head -3 named.out)"

# check WHAT: script ends (a blocking open of the FIFO never would: timeout ends it) and
# names prog's samples [unknown], as stock perf does
check() {
	timeout 120 "$PERF_BPF" script -i prof.data >out 2>err </dev/null
	expect_eq "script's status with $1 in place of prog" 0 $?
	grep -q ' \[unknown\] (.*/prog)$' out || fail "$1: prog's samples not printed: $(head -3 out)"
	if command -v perf >/dev/null; then
		timeout 120 perf script -i prof.data >perf.out 2>/dev/null </dev/null
		diff <(grep '/prog)$' perf.out) <(grep '/prog)$' out) >diff.out ||
			fail "$1: differs from perf script: $(head -6 diff.out)"
	fi
}
rm prog
mkfifo prog
check "a FIFO"
rm prog
ln -s /dev/zero prog
check "a link to /dev/zero"
exit 0
