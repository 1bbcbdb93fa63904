#!/usr/bin/env bash
# --errno-summary: each call's errors by errno, counted in the kernel (-s) or from the records (-S, script -s), equal to strace's lines of the same workload (1,000 ENOENT opens, 500 EBADF closes, 200 EINVAL lseeks), under each call's row as perf trace prints them, and in JSON; without -s or -S it is refused.
source "${TOP:-$(dirname "$0")/../..}/tests/e2e/lib.sh"
need_root

mix=$(workload errno-mix)
[ -x "$mix" ] || fail "build the tests first: no $mix"
command -v strace >/dev/null || skip "no strace to compare with"
CALLS=openat,close,lseek
# "CALL ERRNO COUNT" of a summary's tables: the errno lines under each call's row, summed (a
# row: perf trace's, the name first, or strace -c's, % time first and the name last)
errnos() {
	awk '/^   [a-z0-9_]+ +[0-9]+ +[0-9]+ / { call = $1; next }
	     /^ *[0-9]+\.[0-9]+ .* [a-z0-9_]+$/ { call = $NF; next }
	     /^\t\t\t\t[A-Z0-9]+: [0-9]+$/ { sub(/^\t+/, ""); sub(/:/, ""); n[call " " $1] += $2 }
	     END { for (k in n) print k, n[k] }' "$1" | sort
}

strace -f -e trace=$CALLS -o "$T/strace" "$mix" || fail "strace exited $?"
sed -n -E 's/^[0-9]+ +([a-z0-9_]+)\(.*\) += -1 ([A-Z0-9]+) .*$/\1 \2/p' "$T/strace" | sort | uniq -c |
	awk '{ print $2, $3, $1 }' | sort >"$T/strace.errnos"
grep -qx "openat ENOENT 1[0-9][0-9][0-9]" "$T/strace.errnos" || fail "strace saw: $(cat "$T/strace.errnos")"

# counted in the kernel
"$PERF_BPF" trace -s --errno-summary -e $CALLS -o "$T/sum" -- "$mix" 2>"$T/err" ||
	fail "trace -s --errno-summary exited $?: $(tail -n 3 "$T/err")"
errnos "$T/sum" >"$T/sum.errnos"
diff -u "$T/strace.errnos" "$T/sum.errnos" || fail "-s --errno-summary differs from strace's lines"
expect_eq "the lseek row, then its errno" "	EINVAL: 200" \
	"$(grep -A1 '^   lseek  *200  *200 ' "$T/sum" | tail -n 1 | sed 's/\t\t\t/ /; s/^ //')"
# every mode, the same errnos
for mode in total process comm; do
	"$PERF_BPF" trace -s --errno-summary --summary-mode=$mode -e $CALLS -o "$T/sum.$mode" -- "$mix" ||
		fail "--summary-mode=$mode exited $?"
	errnos "$T/sum.$mode" >"$T/sum.$mode.errnos"
	diff -u "$T/strace.errnos" "$T/sum.$mode.errnos" || fail "--summary-mode=$mode: errnos differ"
done
# without --errno-summary: no errno line
"$PERF_BPF" trace -s -e $CALLS -o "$T/plain" -- "$mix" || fail "trace -s exited $?"
grep -q "ENOENT" "$T/plain" && fail "errnos without --errno-summary: $(grep ENOENT "$T/plain")"

# from the records: the lines and the summary, and a recording's summary
"$PERF_BPF" trace -S --errno-summary -e $CALLS -o "$T/lines" -- "$mix" || fail "trace -S exited $?"
errnos "$T/lines" >"$T/lines.errnos"
diff -u "$T/strace.errnos" "$T/lines.errnos" || fail "-S --errno-summary differs from strace's lines"
(cd "$T" && "$PERF_BPF" record -e $CALLS -- "$mix" >/dev/null 2>"$T/err") || fail "record exited $?: $(tail -n 3 "$T/err")"
"$PERF_BPF" script -s --errno-summary -i "$T/perf.data" >"$T/script" 2>"$T/err" || fail "script -s exited $?: $(cat "$T/err")"
errnos "$T/script" >"$T/script.errnos"
diff -u "$T/strace.errnos" "$T/script.errnos" || fail "script -s --errno-summary differs from strace's lines"

# JSON: an object of errnos by name on each summary row
"$PERF_BPF" trace -s --errno-summary --json -e $CALLS -- "$mix" >"$T/json" 2>"$T/err" || fail "trace --json exited $?"
python3 - "$T/json" "$T/strace.errnos" <<'PY' || fail "JSON errnos: see above"
import json, sys
rows = [json.loads(l) for l in open(sys.argv[1]) if '"syscall_summary"' in l]
got = {}
for r in rows:
    for e, n in r["errnos"].items():
        got[(r["name"], e)] = got.get((r["name"], e), 0) + n
want = {}
for l in open(sys.argv[2]):
    c, e, n = l.split()
    want[(c, e)] = int(n)
assert got == want, (got, want)
PY

# refused without a summary: one ERROR line, usage's exit status
"$PERF_BPF" trace --errno-summary -- true >"$T/out" 2>"$T/err" && fail "--errno-summary without -s was taken"
expect_eq "exit status" 129 "$(("$PERF_BPF" trace --errno-summary -- true >/dev/null 2>&1); echo $?)"
expect_eq "one ERROR line" 1 "$(grep -c '^ERROR: --errno-summary' "$T/err")"
echo "PASS"
