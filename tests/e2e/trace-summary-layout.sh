#!/usr/bin/env bash
# The summary's layout: --summary-mode=total as strace -c prints it (% time first, a total row whose calls are the rows' sum and strace -c's), times that read non-zero for a call under a microsecond, long names that keep the columns aligned, -U's columns and --summary-sort-by's order, a bad -U value, script -s from a file.
source "${TOP:-$(dirname "$0")/../..}/tests/e2e/lib.sh"
need_root
command -v strace >/dev/null || fail "strace is missing: 'make deps' installs it"

w=$(workload summary-calls)
[ -x "$w" ] || fail "build the tests first: no $w"
N=1000
CALLS=getppid,openat,close,sched_getaffinity,io_uring_register,process_madvise,clock_nanosleep

# The column of header word $2 in the header line of file $1 (the line starting with $3):
# where the word ends, 1-based, for right-aligned numbers; where it starts for the name.
word_end() { awk -v w="$2" -v h="$3" 'index($0, h) == 1 { print index($0, w) + length(w) - 1; exit }' "$1"; }
word_start() { awk -v w="$2" -v h="$3" 'index($0, h) == 1 { print index($0, w); exit }' "$1"; }

# --summary-mode=total: strace -c's columns in strace's order, ours between, a total row
"$PERF_BPF" trace -s --summary-mode=total -e $CALLS -o "$T/total" -- "$w" $N >/dev/null 2>"$T/err" ||
	fail "trace -s --summary-mode=total exited $?: $(tail -n 3 "$T/err")"
expect_eq "the header" "% time total(us) min(us) avg(us) max(us) stddev(us) p50(us) p99(us) calls errors syscall" \
	"$(head -n 1 "$T/total" | xargs)"
expect_eq "two rules" 2 "$(grep -c '^------ ' "$T/total")"
expect_eq "the total row last" total "$(tail -n 1 "$T/total" | awk '{ print $NF }')"
rows=$(awk '/^------/ { n++; next } n == 1' "$T/total")
expect_eq "a row per call" 7 "$(wc -l <<<"$rows")"
sum=$(awk '{ s += $9 } END { print s }' <<<"$rows")
errs=$(awk 'NF == 11 { s += $10 } END { print s }' <<<"$rows")
expect_eq "the total row's calls are the rows' sum" "$sum" "$(tail -n 1 "$T/total" | awk '{ print $9 }')"
expect_eq "the total row's errors are the rows' sum" "$errs" "$(tail -n 1 "$T/total" | awk '{ print $10 }')"
expect_eq "the total row's % time" "100.00" "$(tail -n 1 "$T/total" | awk '{ print $1 }')"
# the rows by total time, most first; the percentages add up to 100 (to their rounding)
expect_eq "by time" "" "$(awk '{ if (NR > 1 && $2 + 0 > last) print "out of order: " $0; last = $2 + 0 }' <<<"$rows")"
awk '{ s += $1 } END { exit !(s > 99.9 && s < 100.1) }' <<<"$rows" || fail "% time adds up to $(awk '{ s += $1 } END { print s }' <<<"$rows")"
# and strace -c's of the same workload: the same calls and errors per call, the same total
strace -f -c -U calls,errors,name -e trace=$CALLS -o "$T/strace" "$w" $N >/dev/null || fail "strace -c exited $?"
expect_eq "the total calls, strace -c's" "$(awk '$NF == "total" { print $1 }' "$T/strace")" "$sum"
awk '$1 ~ /^[0-9]+$/ && $NF != "total" { print $NF, $1, (NF == 3 ? $2 : 0) }' "$T/strace" | sort >"$T/strace.rows"
awk '{ print $NF, $9, (NF == 11 ? $10 : 0) }' <<<"$rows" | sort >"$T/ours.rows"
diff -u "$T/strace.rows" "$T/ours.rows" || fail "the rows' calls and errors differ from strace -c's"
expect_match "getppid's count" "^ +$N +getppid$" "$(grep ' getppid$' "$T/total" | awk '{ print "  " $9 " " $NF }')"

# A call under a microsecond reads as such: every time of getppid's row is non-zero, in usecs
# with three decimals (nanoseconds), and in the per-thread table's msec with six
g=$(grep ' getppid$' "$T/total")
for i in 2 3 4 5 7 8; do
	v=$(awk -v i=$i '{ print $i }' <<<"$g")
	expect_match "getppid's time in column $i" '^[0-9]+\.[0-9]{3}$' "$v"
	[ "$v" != 0.000 ] || fail "getppid's time in column $i reads 0: $g"
done
"$PERF_BPF" trace -s -e $CALLS -o "$T/thread" -- "$w" $N >/dev/null 2>"$T/err" ||
	fail "trace -s exited $?: $(tail -n 3 "$T/err")"
g=$(grep '^   getppid ' "$T/thread")
for i in 4 5 6 7 9 10; do
	v=$(awk -v i=$i '{ print $i }' <<<"$g")
	expect_match "getppid's per-thread time in column $i" '^[0-9]+\.[0-9]{6}$' "$v"
	[ "$v" != 0.000000 ] || fail "getppid's per-thread time in column $i reads 0: $g"
done

# Long names keep the columns aligned: in perf trace's layout every number ends where its
# header does; in strace's every name starts where "syscall" does
for name in sched_getaffinity io_uring_register process_madvise clock_nanosleep; do
	grep -q "^   $name " "$T/thread" || fail "no row of $name: $(cat "$T/thread")"
done
for col in calls errors total min avg max stddev p50 p99; do
	at=$(word_end "$T/thread" "$col" "   syscall")
	[ -n "$at" ] || fail "no header '$col' in the per-thread table"
	bad=$(awk -v at="$at" '/^   [a-z]/ && !/^   syscall/ {
		c = substr($0, at, 1); n = substr($0, at + 1, 1)
		if (c !~ /[0-9%]/ || (n != "" && n != " ")) print }' "$T/thread")
	expect_eq "the per-thread rows' $col column ends at $at" "" "$bad"
done
at=$(word_start "$T/total" syscall "% time")
bad=$(awk -v at="$at" 'NR > 2 && !/^------/ { if (substr($0, at - 1, 1) != " " || substr($0, at, 1) !~ /[a-z]/) print }' "$T/total")
expect_eq "the names start at $at" "" "$bad"

# -U: exactly the columns asked for, in their order; the name last when left out (strace's)
"$PERF_BPF" trace -s --summary-mode=total -U name,calls -e $CALLS -o "$T/u" -- "$w" $N >/dev/null 2>&1 ||
	fail "-U name,calls exited $?"
expect_eq "-U name,calls: the header" "syscall calls" "$(head -n 1 "$T/u" | xargs)"
expect_eq "-U name,calls: two cells a row" "" "$(awk '!/^-/ && NF != 2' "$T/u")"
expect_eq "-U name,calls: the total" "total $sum" "$(tail -n 1 "$T/u" | xargs)"
expect_eq "-U name,calls: getppid" "getppid $N" "$(grep '^getppid ' "$T/u" | xargs)"
"$PERF_BPF" trace -s -U errors,count -e $CALLS -o "$T/u2" -- "$w" $N >/dev/null 2>&1 || fail "-U errors,count exited $?"
expect_eq "-U errors,count per thread: the header" "errors calls syscall" "$(grep -m1 '^   errors' "$T/u2" | xargs)"
expect_eq "-U errors,count per thread: getppid" "0 $N getppid" "$(grep ' getppid$' "$T/u2" | xargs)"
# --summary-sort-by: calls most first; names from A to Z
"$PERF_BPF" trace -s --summary-mode=total -U calls,name --summary-sort-by=calls -e $CALLS -o "$T/s" -- "$w" $N \
	>/dev/null 2>&1 || fail "--summary-sort-by=calls exited $?"
expect_eq "by calls" "getppid openat close" "$(awk 'NR > 2 && !/^-/ && $2 != "total" { print $2 }' "$T/s" | head -n 3 | xargs)"
"$PERF_BPF" trace -s --summary-mode=total -U name --summary-sort-by=name -e $CALLS -o "$T/s" -- "$w" $N \
	>/dev/null 2>&1 || fail "--summary-sort-by=name exited $?"
expect_eq "by name" "clock_nanosleep close getppid io_uring_register openat process_madvise sched_getaffinity total" \
	"$(awk 'NR > 2 && !/^-/' "$T/s" | xargs)"

# a bad -U: one ERROR line naming the columns, a Hint, exit 129; so for the order
for bad in "-U calls,bogus" "-U calls,calls" "-U ," "--summary-sort-by=fastest"; do
	# shellcheck disable=SC2086
	"$PERF_BPF" trace -s $bad -- true >/dev/null 2>"$T/bad"
	rc=$?
	expect_eq "trace -s $bad: the exit status" 129 "$rc"
	expect_eq "trace -s $bad: one ERROR line" 1 "$(grep -c '^ERROR: ' "$T/bad")"
	grep -q '^Hint: ' "$T/bad" || fail "trace -s $bad: no Hint: $(cat "$T/bad")"
done
"$PERF_BPF" trace -s -U calls,bogus -- true 2>"$T/bad"
expect_match "the ERROR names the columns" "^ERROR: unknown summary column 'bogus': the columns are time-percent, total-time, min-time, avg-time, max-time, stddev, p50, p99, calls, errors, name" \
	"$(grep '^ERROR' "$T/bad")"
"$PERF_BPF" trace -U calls -- true >/dev/null 2>"$T/bad"
expect_eq "-U without a summary: the exit status" 129 "$?"
grep -q '^Hint: add -s' "$T/bad" || fail "-U without a summary: $(cat "$T/bad")"

# script -s: the same tables from a recording
(cd "$T" && "$PERF_BPF" record -e $CALLS -- "$w" $N >/dev/null 2>"$T/err") || fail "record exited $?: $(tail -n 3 "$T/err")"
"$PERF_BPF" script -s --summary-mode=total -U calls,errors,name -i "$T/perf.data" >"$T/script" 2>"$T/err" ||
	fail "script -s exited $?: $(cat "$T/err")"
expect_eq "script -s: the header" "calls errors syscall" "$(head -n 1 "$T/script" | xargs)"
expect_eq "script -s: the total" "$sum $errs total" "$(tail -n 1 "$T/script" | xargs)"
"$PERF_BPF" script -s -U bogus -i "$T/perf.data" >/dev/null 2>"$T/bad"
expect_eq "script -s -U bogus: the exit status" 129 "$?"
expect_eq "script -s -U bogus: one ERROR line" 1 "$(grep -c '^ERROR: ' "$T/bad")"
exit 0
