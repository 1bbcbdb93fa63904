#!/usr/bin/env bash
# trace's system-call view against strace, the oracle, on a workload of known calls: the same calls with the same results and errno names, the strings and the socket address; -s counts equal to strace -c's per call in total and per thread; --failure, --duration, -p, classes and globs, an unknown name.
source "${TOP:-$(dirname "$0")/../..}/tests/e2e/lib.sh"
need_root
command -v strace >/dev/null || fail "strace is missing: 'make deps' installs it"

mix=$(workload syscall-mix)
[ -x "$mix" ] || fail "build the tests first: no $mix"
N=300
CALLS=openat,read,close,getppid,pipe2,socket,connect,bind,listen,accept4,clock_nanosleep,wait4
if [ -r /sys/class/net/lo/flags ] && (($(cat /sys/class/net/lo/flags) % 2 == 0)); then
	ip link set lo up 2>/dev/null || ifconfig lo 127.0.0.1 up 2>/dev/null
fi

# A call and its result, one per line, from perf-bpf's lines or strace's: "name result", where
# a result is an errno name, a number below 1000, or N (a pid, an address: they differ by run).
ours_calls() {
	sed -n -E 's/^ *[0-9.]+ \([ 0-9.]+(ms)?\): [^ ]*\/[0-9]+ +(\.\.\. \[continued\]: )?([a-z0-9_]+)\(.* = (.*)$/\3 \4/p' "$1" |
		normalize
}
strace_calls() {
	grep -v -e '<unfinished \.\.\.>' -e '+++ exited' -e '--- SIG' "$1" |
		sed -n -E 's/^[0-9]+ +(<\.\.\. ([a-z0-9_]+) resumed>|([a-z0-9_]+)\().* = (.*)$/\2\3 \4/p' | normalize
}
normalize() {
	sed -E -e 's/ -1 ([A-Z0-9]+) .*/ \1/' -e 's/ ([0-9]{4,}|0x[0-9a-f]+)$/ N/' -e 's/ ([0-9]+) .*$/ \1/' |
		sort | uniq -c
}

strace -f -qq -e trace=$CALLS -o "$T/strace" "$mix" "$N" || fail "strace exited $?"
"$PERF_BPF" trace -e $CALLS -o "$T/ours" -- "$mix" "$N" >"$T/out" 2>"$T/err" ||
	fail "trace exited $?: $(tail -n 3 "$T/err")"
[ -s "$T/err" ] && fail "trace said something: $(head -n 3 "$T/err")"
strace_calls "$T/strace" >"$T/strace.calls"
ours_calls "$T/ours" >"$T/ours.calls"
diff -u "$T/strace.calls" "$T/ours.calls" || fail "calls and results differ from strace's"
grep -q " $N getppid" <<<"$(sed 's/^ *//' "$T/ours.calls")" ||
	expect_eq "getppid calls" "$((N + 7)) getppid N" "$(grep getppid "$T/ours.calls" | sed 's/^ *//')"

# what the lines say of the arguments and results
l=$(grep -m1 'perf-bpf-missing' "$T/ours")
expect_match "the missing path" 'openat\(dfd: CWD, filename: "/nonexistent/perf-bpf-missing", flags: RDONLY\) += -1 ENOENT \(No such file or directory\)$' "$l"
expect_match "the program's own path" "openat\\(dfd: CWD, filename: \"$(re_quote "$mix")\", flags: RDONLY\\) += [0-9]+$" "$(grep -m1 "filename: \"$mix\"" "$T/ours")"
expect_match "read's bytes" 'read\(fd: [0-9]+, buf: "\\177ELF' "$(grep -m1 'buf: "\\177ELF\\2' "$T/ours")"
l=$(grep -m1 'connect(' "$T/ours")
expect_match "the refused connection" 'connect\(fd: [0-9]+, uservaddr: 127\.0\.0\.1:1, addrlen: 16\) += -1 ECONNREFUSED \(Connection refused\)$' "$l"
expect_match "pipe2's descriptors" 'pipe2\(fildes: \[[0-9]+, [0-9]+\], flags: CLOEXEC\) += 0$' "$(grep -m1 'pipe2(' "$T/ours")"
expect_match "accept4's peer" 'accept4\(fd: [0-9]+, upeer_sockaddr: 127\.0\.0\.1:[0-9]+, upeer_addrlen: \[16\], flags: CLOEXEC\) += [0-9]+$' "$(grep -m1 'accept4(' "$T/ours")"
expect_match "an unmapped path" 'openat\(dfd: CWD, filename: 0x8, flags: RDONLY\) += -1 EFAULT' "$(grep -m1 'filename: 0x8,' "$T/ours")"
child=$(awk '/getppid/ { split($0, a, "/"); split(a[2], b, " "); print b[1] }' "$T/ours" | sort | uniq -c | awk '$1 == 7 { print $2 }')
[ -n "$child" ] || fail "the forked child's 7 getppid calls are not shown"
grep -q "perf-bpf/" "$T/ours" && fail "perf-bpf's own calls are shown"
# a continued call prints its entry's time, as perf trace's: the other lines go in time order
expect_match "lines in time order" "^$" "$(grep -v 'continued]' "$T/ours" | awk '{ t = $1 + 0; if (t < last) print "out of order: " $0; last = t }' | head -n 1)"

# -s: the counts in total and per thread, strace -c's
strace -f -c -U calls,errors,name -e trace=$CALLS -o "$T/strace.c" "$mix" "$N" || fail "strace -c exited $?"
"$PERF_BPF" trace -s --summary-mode=total -e $CALLS -o "$T/sum" -- "$mix" "$N" >/dev/null 2>"$T/err" ||
	fail "trace -s exited $?: $(tail -n 3 "$T/err")"
awk '$1 ~ /^[0-9]+$/ && $NF != "total" { print $NF, $1, (NF == 3 ? $2 : 0) }' "$T/strace.c" | sort >"$T/strace.sum"
# strace -c's layout: the name last, no errors blank, a rule before the total row
awk '/^------/ { n++; next } n == 1 { print $NF, $9, (NF == 11 ? $10 : 0) }' "$T/sum" | sort >"$T/ours.sum"
[ -s "$T/ours.sum" ] || fail "no summary table: $(head -n 5 "$T/sum")"
diff -u "$T/strace.sum" "$T/ours.sum" || fail "-s counts differ from strace -c's"
"$PERF_BPF" trace -s -e getppid -o "$T/sum2" -- "$mix" "$N" >/dev/null 2>&1 || fail "trace -s per thread failed"
expect_eq "threads in the per-thread summary" 2 "$(grep -c '^ syscall-mix ([0-9]*), ' "$T/sum2")"
expect_match "the parent's getppid" "getppid +$N +0 " "$(grep -m1 "getppid  *$N " "$T/sum2")"
expect_match "the child's getppid" "getppid +7 +0 " "$(grep -m1 'getppid  *7 ' "$T/sum2")"

# --failure, --duration, globs and classes
"$PERF_BPF" trace --failure -e $CALLS -o "$T/fail" -- "$mix" 1 >/dev/null 2>&1 || fail "--failure"
# signals and the ends of processes stay, as with strace -Z
expect_eq "--failure shows failures only" "" "$(grep -v -e ' = -1 E' -e ' --- SIG' -e ' +++ ' "$T/fail")"
expect_match "--failure keeps ECONNREFUSED" "ECONNREFUSED" "$(cat "$T/fail")"
"$PERF_BPF" trace --duration 0.5 -e $CALLS -o "$T/dur" -- "$mix" 1 >/dev/null 2>&1 || fail "--duration"
expect_match "--duration keeps the 1 ms sleep" "clock_nanosleep" "$(cat "$T/dur")"
expect_eq "--duration leaves getppid out" "" "$(grep getppid "$T/dur")"
"$PERF_BPF" trace -e 'pipe*,%net' -o "$T/glob" -- "$mix" 1 >/dev/null 2>&1 || fail "globs and classes"
expect_eq "a glob and a class" "accept4 bind connect getsockname listen pipe2 socket" \
	"$(ours_calls "$T/glob" | awk '{ print $2 }' | sort -u | xargs)"

# an unknown name: one ERROR, the closest names as a Hint, no trace
"$PERF_BPF" trace -e opnat -- true >"$T/out" 2>"$T/err" && fail "an unknown call was accepted"
expect_match "unknown call" "^ERROR: .*'opnat'" "$(head -n 1 "$T/err")"
expect_match "its hint" "openat" "$(sed -n 2p "$T/err")"

# -p: a running process, from now on; --max-events ends the run
loop=$(workload getppid-loop)
"$loop" 100000000000 &
lp=$!
on_exit "kill $lp 2>/dev/null"
"$PERF_BPF" trace -p "$lp" --max-events 6 -e getppid -o "$T/pid" >/dev/null 2>"$T/err" ||
	fail "trace -p exited $?: $(tail -n 3 "$T/err")"
# a call in flight when tracing began shows as its end alone ("? ... [continued]"), once at most
expect_eq "-p --max-events 6" 6 "$(wc -l <"$T/pid")"
expect_match "-p: whole calls" "^[56]$" "$(grep -cE "^ +[0-9.]+ \( *[0-9.]+ ms\): getppid-loop/$lp getppid\(\) += [0-9]+$" "$T/pid")"
kill "$lp"
# -t: one thread of a process of three, from now on
threads=$(workload objconf-threads)
"$threads" 30 3 >"$T/tid.out" &
tp=$!
on_exit "kill $tp 2>/dev/null"
for _ in $(seq 100); do [ -s "$T/tid.out" ] && break; sleep 0.1; done
tid=$(head -n 1 "$T/tid.out")
[ -n "$tid" ] || fail "the threaded workload gave no thread id"
"$PERF_BPF" trace -t "$tid" --max-events 6 -e getppid,clock_nanosleep,nanosleep -o "$T/tid" >/dev/null 2>"$T/err" ||
	fail "trace -t exited $?: $(tail -n 3 "$T/err")"
expect_eq "-t: its calls only" 6 "$(grep -cE "objconf-thread?s?/$tid " "$T/tid")"
expect_eq "-t: the lines" 6 "$(grep -c ' = ' "$T/tid")"
kill "$tp"
