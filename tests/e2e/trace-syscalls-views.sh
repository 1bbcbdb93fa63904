#!/usr/bin/env bash
# The system-call view with others: the seed's scriptlet output inside the call it fires in (trace -e clock_nanosleep --ev prog.c), JSON Lines that parse with the path as a string, record then script printing the same calls (and stock perf script reading the file), -y's paths, the summary from a file, hostile arguments.
source "${TOP:-$(dirname "$0")/../..}/tests/e2e/lib.sh"
need_root

mix=$(workload syscall-mix)
[ -x "$mix" ] || fail "build the tests first: no $mix"
if [ -r /sys/class/net/lo/flags ] && (($(cat /sys/class/net/lo/flags) % 2 == 0)); then
	ip link set lo up 2>/dev/null || ifconfig lo 127.0.0.1 up 2>/dev/null
fi
calls() { # the calls and results of a text view's lines, counted
	sed -n -E 's/^ *[0-9.]+ \([ 0-9.]+(ms)?\): [^ ]*\/[0-9]+ +(\.\.\. \[continued\]: )?([a-z0-9_]+)\(.* = (-1 [A-Z]+|[0-9]{1,3}|.*)( .*)?$/\3 \4/p' "$1" |
		sed -E 's/ (-1 )?([A-Z0-9]+|[0-9]{1,3})$/ \2/; s/ [0-9]{4,}$/ N/; s/ 0x[0-9a-f]+$/ N/' | sort | uniq -c
}

# The seed: the scriptlet's line falls inside the call, which prints as "..." then "[continued]".
"$PERF_BPF" trace -e clock_nanosleep --ev "$TOP/examples/hello.c" -o "$T/seed" -- sleep 0.2 \
	>/dev/null 2>"$T/err" || fail "trace --ev exited $?: $(tail -n 3 "$T/err")"
awk '/clock_nanosleep\(.*\) +\.\.\.$/ { s = 1; next }
     s == 1 && /BPF string: "Hello, world!"/ { s = 2; next }
     s == 2 && /\.\.\. \[continued\]: clock_nanosleep\(\)\) += 0$/ { s = 3 }
     END { exit s != 3 }' "$T/seed" || fail "the scriptlet's output is not inside the call: $(cat "$T/seed")"
# -e prog.c alone: the scriptlet's output only, on stdout, as before
"$PERF_BPF" trace -e "$TOP/examples/hello.c" -- sleep 0.1 >"$T/alone" 2>"$T/err" || fail "trace -e prog.c"
grep -q "clock_nanosleep(" "$T/alone" "$T/err" && fail "-e prog.c alone traced system calls"
grep -q 'BPF string: "Hello, world!"' "$T/alone" || fail "-e prog.c alone: no output on stdout"
# no -e: every call, on stderr as perf trace prints them, the command's output on stdout
"$PERF_BPF" trace -- cat /etc/hostname >"$T/out" 2>"$T/all" || fail "trace -- cat exited $?"
expect_eq "the command's output" "$(cat /etc/hostname)" "$(cat "$T/out")"
expect_match "the exec, first" "^ +0\.000 \([ 0-9.]+ ms\): cat/[0-9]+ execve\(filename: \"/(usr/)?bin/cat\"" "$(head -n 1 "$T/all")"
grep -qE 'openat\(dfd: CWD, filename: "/etc/hostname", flags: RDONLY\) += [0-9]+$' "$T/all" || fail "no open of /etc/hostname: $(grep hostname "$T/all")"
expect_match "exit_group never returns" "exit_group\\(error_code: 0\\) += \\?$" "$(grep -v ' +++ ' "$T/all" | tail -n 1)"
expect_match "then the process ends" " cat/[0-9]+ \\+\\+\\+ exited with 0 \\+\\+\\+$" "$(tail -n 1 "$T/all")"

# JSON Lines: every line parses, the path is a string, the errno a name
"$PERF_BPF" trace --json -e openat,connect -- "$mix" 1 >"$T/json" 2>"$T/err" || fail "trace --json exited $?"
python3 - "$T/json" "$mix" <<'EOF' || fail "JSON Lines: see above"
import json, sys
lines = [json.loads(l) for l in open(sys.argv[1])]
calls = [o for o in lines if o.get("type") == "syscall"]
assert lines[0]["type"] == "header", lines[0]
paths = [c["args"]["filename"]["value"] for c in calls if c["name"] == "openat" and "filename" in c["args"]]
assert sys.argv[2] in paths, paths
missing = [c for c in calls if c["args"].get("filename", {}).get("value") == "/nonexistent/perf-bpf-missing"]
assert missing and missing[0]["errno"] == "ENOENT" and missing[0]["ret"] == -2, missing
refused = [c for c in calls if c["name"] == "connect" and c.get("errno") == "ECONNREFUSED"]
assert refused and refused[0]["args"]["uservaddr"]["value"] == "127.0.0.1:1", refused
for c in calls:
    for k in ("time", "duration", "pid", "tid", "comm", "cpu", "name", "args", "ret"):
        assert k in c, (k, c)
EOF

# record, then script: the same calls; stock perf script reads the file
CALLS=openat,read,close,getppid,pipe2,connect,clock_nanosleep
"$PERF_BPF" trace -e $CALLS -o "$T/live" -- "$mix" 50 >/dev/null 2>&1 || fail "trace exited $?"
(cd "$T" && "$PERF_BPF" record -e $CALLS -e "$TOP/examples/hello.c" -- "$mix" 50 >/dev/null 2>"$T/err") ||
	fail "record exited $?: $(tail -n 3 "$T/err")"
"$PERF_BPF" script -i "$T/perf.data" >"$T/replay" 2>"$T/err" || fail "script exited $?: $(cat "$T/err")"
calls "$T/live" >"$T/live.calls"
calls "$T/replay" >"$T/replay.calls"
[ -s "$T/live.calls" ] || fail "no calls in trace's lines"
diff -u "$T/live.calls" "$T/replay.calls" || fail "script's calls differ from trace's"
grep -q 'BPF string: "Hello, world!"' "$T/replay" || fail "the scriptlet's output is not in the file"
if command -v perf >/dev/null; then
	perf script -i "$T/perf.data" >"$T/stock" 2>"$T/stock.err" || fail "stock perf script exited $?: $(tail -n 3 "$T/stock.err")"
	grep -q "perf-bpf:syscalls:" "$T/stock" || fail "stock perf script shows no system-call samples"
	perf report -i "$T/perf.data" --stats >"$T/stats" 2>&1 || fail "stock perf report --stats exited $?"
fi
"$PERF_BPF" script -s --summary-mode=total -i "$T/perf.data" >"$T/sum" 2>&1 || fail "script -s exited $?"
expect_match "script -s counts getppid" " 57 +getppid$" "$(grep -m1 ' getppid$' "$T/sum")"
grep -q "clock_nanosleep(" "$T/sum" && fail "script -s printed lines"

# -y: descriptors with their paths
"$PERF_BPF" trace -y -e read -- "$mix" 1 >/dev/null 2>"$T/y" || fail "trace -y exited $?"
expect_match "-y" "read\\(fd: [0-9]+<$(re_quote "$mix")>, buf: \"\\\\177ELF" "$(grep -m1 "$mix" "$T/y")"

# hostile: a path at an unmapped address, a path longer than --strsize, the largest --strsize;
# file names print whole whatever --strsize is, as strace prints them, and data is cut
"$PERF_BPF" trace --strsize 16 -e openat,read -- "$mix" 1 >/dev/null 2>"$T/cut" || fail "--strsize 16"
expect_match "a path longer than --strsize 16 whole" 'filename: "/a{298}", flags: RDONLY\) += -1 ENAMETOOLONG' "$(grep -m1 'ENAMETOOLONG' "$T/cut")"
expect_match "data cut at 16 bytes" 'buf: "\\177ELF(\\[0-9]+){12}"\.\.\.' "$(grep -m1 'read(' "$T/cut")"
expect_match "an unmapped path" 'filename: 0x8, flags: RDONLY\) += -1 EFAULT' "$(grep -m1 EFAULT "$T/cut")"
"$PERF_BPF" trace --strsize 4096 -e openat -- "$mix" 1 >/dev/null 2>"$T/big" || fail "--strsize 4096"
expect_match "a 299-byte path whole" "filename: \"/a{298}\", flags: RDONLY\\) += -1 ENAMETOOLONG" "$(grep -m1 'ENAMETOOLONG' "$T/big")"
"$PERF_BPF" trace --strsize 100000000 -e openat -- true >"$T/out" 2>"$T/err" && fail "a huge --strsize was taken"
expect_match "a huge --strsize" "strsize" "$(head -n 1 "$T/err")"
"$PERF_BPF" trace -s 64 -- true >"$T/out" 2>"$T/err" && fail "strace's -s N was taken for a command"
expect_match "-s N said" "--strsize" "$(head -n 1 "$T/err")"
exit 0
