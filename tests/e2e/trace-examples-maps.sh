#!/usr/bin/env bash
# trace: the README's commands on examples/typed.c, count.c and hist.c
source "$(dirname "$0")/lib.sh"
need_root

ex=$TOP/examples
"$PERF_BPF" trace -e "$ex/typed.c" -- cat /etc/hostname >"$T/out" 2>"$T/err" ||
	fail "typed.c: trace exited $? ($(cat "$T/err"))"
expect_match "typed.c" ' pid=[0-9]+ comm=cat kind=OPEN flags=[0-9]+ path=/etc/hostname$' \
	"$(grep 'path=/etc/hostname' "$T/out")"

# -a: the count covers every task, the workload's sleep included
"$PERF_BPF" trace -e "$ex/count.c" -a -- sh -c 'cat /etc/hostname >/dev/null; sleep 0.1' \
	>"$T/out" 2>"$T/err" || fail "count.c: trace exited $? ($(cat "$T/err"))"
grep -Eq '^@counts\[cat\]: [1-9][0-9]*$' "$T/out" || fail "count.c: $(cat "$T/out")"
# sorted by value, smallest first
grep '^@counts' "$T/out" | sed 's/.*: //' | sort -c -n || fail "count.c: not sorted: $(cat "$T/out")"

"$PERF_BPF" trace -e "$ex/hist.c" -- dd if=/dev/zero of=/dev/null bs=4k count=100 \
	>"$T/out" 2>"$T/err" || fail "hist.c: trace exited $? ($(cat "$T/err"))"
# dd's 100 reads of 4 KiB, among what else the command reads
grep -q '^@sizes_hist:$' "$T/out" || fail "hist.c: no log2 histogram: $(cat "$T/out")"
grep -Eq '^\[4K, 8K\) +[1-9][0-9]{2,} \|@* *\|$' "$T/out" || fail "hist.c log2: $(cat "$T/out")"
grep -q '^@sizes_lhist_1024:$' "$T/out" || fail "hist.c: no linear histogram: $(cat "$T/out")"
grep -Eq '^\[4096, 5120\) +[1-9][0-9]{2,} \|@* *\|$' "$T/out" || fail "hist.c linear: $(cat "$T/out")"
exit 0
