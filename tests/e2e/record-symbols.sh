#!/usr/bin/env bash
# record: MMAP2, KSYMBOL and BPF_EVENT records let stock perf name user code and BPF programs:
# a cpu-clock profile of a program with symbols (perf report --sort, perf script), as in stock
# perf record's own file of the same program, and a uprobe's sample
source "$(dirname "$0")/lib.sh"
need_root
command -v perf >/dev/null || skip "no stock perf"
prog=$(workload fp-symbols)

"$PERF_BPF" record -e cpu-clock -o "$T/prof.data" -- "$prog" >"$T/err" 2>&1 ||
	fail "record exited $? ($(cat "$T/err"))"
perf report -i "$T/prof.data" --stdio --sort comm,dso,sym >"$T/report" 2>"$T/report.err" ||
	fail "perf report exited $? ($(cat "$T/report.err"))"
grep -Eq '%  fp-symbols +fp-symbols +\[\.\] perf_bpf_inner' "$T/report" ||
	fail "perf report --sort comm,dso,sym has no perf_bpf_inner row: $(head -20 "$T/report")"
perf report -i "$T/prof.data" --stdio --sort sym 2>/dev/null | grep -q '\[\.\] perf_bpf_inner' ||
	fail "perf report --sort sym has no perf_bpf_inner"
perf script -i "$T/prof.data" >"$T/script" 2>/dev/null || fail "perf script exited $?"
grep -q " perf_bpf_inner+0x[0-9a-f]* ($prog)" "$T/script" ||
	fail "perf script names no sample perf_bpf_inner: $(head -5 "$T/script")"
# no sample of the workload before its exec: every one has its name
! grep -q '^ *:[0-9]' "$T/script" || fail "samples without a comm: $(grep -m1 '^ *:' "$T/script")"

# stock perf's own recording of the program names the same row
perf record -q -e cpu-clock -o "$T/perf.data" -- "$prog" >"$T/perf.err" 2>&1 ||
	fail "stock perf record exited $? ($(cat "$T/perf.err"))"
perf report -i "$T/perf.data" --stdio --sort comm,dso,sym 2>/dev/null |
	grep -Eq '%  fp-symbols +fp-symbols +\[\.\] perf_bpf_inner' ||
	fail "stock perf's own profile has no perf_bpf_inner row: the row checked above is not perf's"

# a uprobe's sample is at the probed function, and the programs have their records
target=$(workload uprobe-target)
sed "s|@TARGET@|$target|g" "$TOP/tests/fixtures/bpf/uprobe.c.in" >"$T/uprobe.c"
"$PERF_BPF" record -e "$T/uprobe.c" -o "$T/up.data" -- "$target" 2 >"$T/err" 2>&1 ||
	fail "record of the uprobe exited $? ($(cat "$T/err"))"
perf script -i "$T/up.data" >"$T/up" 2>/dev/null || fail "perf script exited $?"
expect_eq "uprobe samples at perf_bpf_target" 2 \
	"$(grep -c " perf_bpf_target+0x0 ($target)" "$T/up")"
perf script -i "$T/up.data" --show-bpf-events >"$T/bpf" 2>/dev/null || fail "perf script exited $?"
for p in pb_up_entry pb_up_exit; do
	grep -Eq "PERF_RECORD_KSYMBOL addr [0-9a-f]+ len [1-9][0-9]* type 1 flags 0x0 name bpf_prog_[0-9a-f]{16}_$p\$" \
		"$T/bpf" || fail "no KSYMBOL of $p: $(grep -m3 PERF_RECORD "$T/bpf")"
done
expect_eq "BPF_EVENT PROG_LOAD records" 2 "$(grep -c 'PERF_RECORD_BPF_EVENT type 1, flags 0, id [1-9]' "$T/bpf")"
exit 0
