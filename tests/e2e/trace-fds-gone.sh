#!/usr/bin/env bash
# trace -y against strace -f -y: descriptors of processes gone before perf-bpf reads their lines, named as the kernel had them at the call (a pipeline's pipe, a socket, a dup2'd copy and an eventfd of a child that exits at once), and the descriptors calls return (openat, pipe2, dup2, socket, eventfd2), the same as strace's but for the inode numbers.
source "${TOP:-$(dirname "$0")/../..}/tests/e2e/lib.sh"
need_root
command -v strace >/dev/null || fail "strace is missing: 'make deps' installs it"
short=$(workload fd-short)
[ -x "$short" ] || fail "build the tests first: no $short"

pipeline='cat /etc/hostname | wc -c >/dev/null'
CALLS=openat,close,pipe2,dup2
"$PERF_BPF" trace -y -e $CALLS -o "$T/ours" -- sh -c "$pipeline" </dev/null >/dev/null 2>"$T/err" ||
	fail "trace exited $?: $(tail -n 3 "$T/err")"
strace -f -qq -y -e trace=$CALLS -o "$T/strace" sh -c "$pipeline" </dev/null >/dev/null 2>&1 ||
	fail "strace exited $?"

# The pipe's write end in cat and its read end in wc: one inode, a number, in both tracers.
w=$(sed -n -E 's/.* cat\/[0-9]+ +close\(fd: 1<pipe:\[([^]]*)\]>\).*/\1/p' "$T/ours")
r=$(sed -n -E 's/.* wc\/[0-9]+ +close\(fd: 0<pipe:\[([^]]*)\]>\).*/\1/p' "$T/ours")
expect_match "cat's stdout, the pipe" '^[0-9]+$' "$w"
expect_match "wc's stdin, the pipe" '^[0-9]+$' "$r"
expect_eq "the pipe's inode at both ends" "$w" "$r"
s1=$(sed -n -E 's/^[0-9]+ +close\(1<pipe:\[([0-9]+)\]>.*/\1/p' "$T/strace" | sort -u)
s0=$(sed -n -E 's/^[0-9]+ +close\(0<pipe:\[([0-9]+)\]>.*/\1/p' "$T/strace" | sort -u)
[ -n "$s1" ] && [ "$s1" = "$s0" ] || fail "strace's run has another shape: '$s1' '$s0'"

# Every pipe a close names, as strace's: the same descriptors of the same pipes (by order
# of appearance), as many times.
pipes() { # FILE PREFIX-REGEX: "fd pipe#k" of each close of a pipe, sorted
	sed -n -E "s/$2close\\(([a-z]+: )?([0-9]+)<pipe:\\[([0-9?]+)\\]>.*/\\2 \\3/p" "$1" |
		awk '{ if (!($2 in k)) k[$2] = ++n; print $1, "pipe#" k[$2] }' | sort
}
pipes "$T/strace" '^[0-9]+ +' >"$T/want.pipes"
pipes "$T/ours" '.*\/[0-9]+ +' >"$T/got.pipes"
grep -q . "$T/want.pipes" || fail "strace named no pipe"
diff -u "$T/want.pipes" "$T/got.pipes" || fail "-y names the pipeline's pipes unlike strace"

# The descriptors returned: "call fd<name>", inodes as N, as strace's (a call another
# process's line interrupted ends in strace's "resumed" line or in our "[continued]" one).
rets() { # FILE: the calls whose result is a named descriptor
	sed -n -E -e 's/.*<\.\.\. ([a-z0-9_]+) resumed>.*\) += ([0-9]+<.*>)$/\1 \2/p' \
		-e 's/.* \.\.\. \[continued\]: ([a-z0-9_]+)\(.*\) += ([0-9]+<.*>)$/\1 \2/p' \
		-e 's/^([0-9]+ +|.*\/[0-9]+ +)([a-z0-9_]+)\(.*\) += ([0-9]+<.*>)$/\2 \3/p' "$1" |
		sed -E 's/\[[0-9]+\]/[N]/g' | sort
}
rets "$T/strace" >"$T/want.rets"
rets "$T/ours" >"$T/got.rets"
for want in 'openat 3</etc/hostname>' 'dup2 1<pipe:[N]>' 'dup2 0<pipe:[N]>'; do
	grep -qxF "$want" "$T/want.rets" || fail "strace's run has no '$want'"
done
diff -u "$T/want.rets" "$T/got.rets" || fail "-y names the descriptors calls return unlike strace"
expect_match "pipe2's pair" 'pipe2\(fildes: \[3<pipe:\[[0-9]+\]>, 4<pipe:\[[0-9]+\]>\]' \
	"$(grep -m1 ' pipe2(' "$T/ours")"

# A child that makes a socket, dup2()s it and an eventfd, and exits at once.
CALLS=socket,connect,dup2,eventfd2,close
"$PERF_BPF" trace -y -e $CALLS -o "$T/ours2" -- "$short" </dev/null >/dev/null 2>"$T/err" ||
	fail "trace exited $?: $(tail -n 3 "$T/err")"
strace -f -qq -y -e trace=$CALLS -o "$T/strace2" "$short" </dev/null >/dev/null 2>&1 ||
	fail "strace exited $?"
# "call: fd<name> ..." of each call, the result's last, inodes as N
named() {
	sed -n -E "s/^($2)([a-z0-9_]+)\\(.*/\\2/p" "$1" >"$T/names"
	sed -n -E "s/^($2)[a-z0-9_]+\\(//p" "$1" |
		while IFS= read -r l; do grep -oE '[0-9]+<[^<>]*>' <<<"$l" | tr '\n' ' '; echo; done |
		paste -d: "$T/names" - | sed -E 's/\[[0-9]+\]/[N]/g' | grep -v '</etc/ld\.so\.cache>\|lib' |
		sort
}
named "$T/strace2" '[0-9]+ +' >"$T/want2"
named "$T/ours2" '.*\/[0-9]+ +' >"$T/got2"
grep -q 'socket:\[N\]' "$T/want2" || fail "strace named no socket: $(cat "$T/want2")"
diff -u "$T/want2" "$T/got2" || fail "-y names a short-lived child's descriptors unlike strace"
ino=$(sed -n -E 's/.* socket\(.*= 3<socket:\[([0-9]+)\]>$/\1/p' "$T/ours2")
expect_match "the socket's inode" '^[0-9]+$' "$ino"
expect_eq "the socket at its close, its copy's" 2 "$(grep -cE "close\\(fd: (3|10)<socket:\\[$ino\\]>\\)" "$T/ours2")"
grep -qF 'eventfd2() ' "$T/ours2" && grep -qF '= 4<anon_inode:[eventfd]>' "$T/ours2" ||
	fail "the eventfd: $(grep eventfd2 "$T/ours2")"

# JSON: the returned descriptor's name as a key of its own
"$PERF_BPF" trace -y --json -e openat -o "$T/json" -- cat /etc/hostname >/dev/null 2>"$T/err" ||
	fail "trace --json exited $?: $(tail -n 3 "$T/err")"
grep -q '"name":"openat",.*"ret":3,"ret_fd":"/etc/hostname"[,}]' "$T/json" ||
	fail "no ret_fd in JSON: $(grep hostname "$T/json")"
exit 0
