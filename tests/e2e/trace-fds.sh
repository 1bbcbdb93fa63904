#!/usr/bin/env bash
# trace -y and -yy against strace -f -y/-yy: descriptors the workload inherits (its stdout, stderr) and those a forked child inherits, named as strace names them; sockets by inode under -y, by protocol and loopback addresses under -yy, pipes and a socket pair, the same text as strace's at every call of a workload that connects to its own listener.
source "${TOP:-$(dirname "$0")/../..}/tests/e2e/lib.sh"
need_root
command -v strace >/dev/null || fail "strace is missing: 'make deps' installs it"
mix=$(workload fd-mix)
[ -x "$mix" ] || fail "build the tests first: no $mix"
if [ -r /sys/class/net/lo/flags ] && (($(cat /sys/class/net/lo/flags) % 2 == 0)); then
	ip link set lo up 2>/dev/null || ifconfig lo 127.0.0.1 up 2>/dev/null
fi

# Inherited: perf-bpf's stdout and stderr are the workload's fd 1 and 2, and a child of the
# workload's shell gets them at its fork; nothing of perf-bpf's own (close-on-exec) shows.
"$PERF_BPF" trace -y -e write,close -o "$T/inh" -- sh -c 'cat /etc/hostname; echo hi' \
	>/dev/null 2>"$T/err" || fail "trace exited $?: $(tail -n 3 "$T/err")"
l=$(grep -m1 'cat/[0-9]* write(' "$T/inh")
expect_match "the forked child's inherited stdout" 'write\(fd: 1</dev/null>, ' "$l"
l=$(grep -m1 'sh/[0-9]* write(' "$T/inh")
expect_match "the workload's inherited stdout" 'write\(fd: 1</dev/null>, ' "$l"
l=$(grep -m1 'cat/[0-9]* close(fd: 2' "$T/inh")
expect_match "the inherited stderr" "close\\(fd: 2<$T/err>\\) += 0" "$l"

# The workload under strace, and under perf-bpf held open (its stdin a fifo) until the line
# of its getppid() was shown: its sockets are still there to ask about while their calls show.
CALLS=socket,bind,listen,getsockname,connect,accept4,write,read,dup2,pipe,pipe2,socketpair,close,getppid
strace -f -qq -yy -e trace=$CALLS -o "$T/strace" "$mix" </dev/null || fail "strace exited $?"
strace -f -qq -y -e trace=$CALLS -o "$T/strace1" "$mix" </dev/null || fail "strace exited $?"
# ours LEVEL: trace -y or -yy of the held workload, into $T/ours
ours() {
	rm -f "$T/in" "$T/lines" "$T/ours"
	mkfifo "$T/in" "$T/lines"
	"$PERF_BPF" trace "$1" -e $CALLS -- "$mix" hold <"$T/in" 2>"$T/lines" >/dev/null &
	local pid=$! line
	exec 7>"$T/in" 8<"$T/lines"
	while IFS= read -r line <&8; do
		echo "$line" >>"$T/ours"
		[[ $line == *" getppid()"* ]] && break
	done
	exec 7>&-
	cat <&8 >>"$T/ours"
	exec 8<&-
	wait "$pid" || fail "trace $1 exited $?: $(tail -n 3 "$T/ours")"
}
# A call and the annotation of its first descriptor, numbers (inodes, ports) as N: from
# strace's lines ("write(4<TCP:[...]>, ...") or ours ("write(fd: 4<TCP:[...]>, ...").
strace_fds() {
	sed -n -E 's/^[0-9]+ +([a-z0-9_]+)\([0-9]+<((->|[^<>]|<[^<>]*>)*)>.*/\1 \2/p' "$1" | numbers
}
ours_fds() {
	sed -n -E 's/^ *[0-9.]+ \([ 0-9.]+(ms)?\): [^ ]*\/[0-9]+ +([a-z0-9_]+)\([a-z_]+: [0-9]+<((->|[^<>]|<[^<>]*>)*)>.*/\2 \3/p' "$1" |
		grep -v '^read .*/in$' | numbers
}
# inodes and ports as N; the addresses stay
numbers() { sed -E -e 's/:[0-9]+/:N/g' -e 's/([[>])[0-9]+([],>-])/\1N\2/g' -e 's/^(accept|dup)[0-9]/\1N/'; }

for level in -y -yy; do
	ours "$level"
	want=$T/strace1
	[ "$level" = -yy ] && want=$T/strace
	strace_fds "$want" >"$T/want$level"
	ours_fds "$T/ours" >"$T/got$level"
	grep -q . "$T/want$level" || fail "strace $level named no descriptor"
	diff -u "$T/want$level" "$T/got$level" || fail "trace $level names descriptors unlike strace $level"
done
# the ends the right way round: the listener's port local to the accepted end, remote to ours
port=$(sed -n -E 's/.* listen\(fd: [0-9]+<TCP:\[127\.0\.0\.1:([0-9]+)\]>.*/\1/p' "$T/ours")
[ -n "$port" ] || fail "-yy: no listener's port: $(grep -m1 listen "$T/ours")"
expect_match "-yy: the accepted connection" "read\\(fd: [0-9]+<TCP:\\[127\\.0\\.0\\.1:$port->127\\.0\\.0\\.1:[0-9]+\\]>" "$(grep -m1 ' read(fd: [0-9]*<TCP' "$T/ours")"
expect_match "-yy: the dup2'd connection" "write\\(fd: 10<TCP:\\[127\\.0\\.0\\.1:[0-9]+->127\\.0\\.0\\.1:$port\\]>" "$(grep -m1 'write(fd: 10' "$T/ours")"
expect_match "-yy: the socket pair" 'UNIX-STREAM:\[[0-9]+->[0-9]+\]' "$(grep -m1 'UNIX-STREAM' "$T/ours")"
exit 0
