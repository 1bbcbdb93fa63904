#!/usr/bin/env bash
# trace's arrays against strace -f's text on the same workload: an exec after fork() with its argv, filename and envp count, writev/readv over a pipe, sendmsg/recvmsg over a socketpair, poll's events and revents, epoll_ctl and epoll_wait; hostile ones (argv at an unmapped address, an iovec half into an unmapped page, 1024 iovecs, 10,000 strings) print clearly, as strace does.
source "${TOP:-$(dirname "$0")/../..}/tests/e2e/lib.sh"
need_root
command -v strace >/dev/null || fail "strace is missing: 'make deps' installs it"

wl=$(workload trace-arrays)
[ -x "$wl" ] || fail "build the tests first: no $wl"
CALLS=execve,writev,readv,sendmsg,recvmsg,poll,epoll_ctl,epoll_wait

# run NAME PARTS...: both tools on the workload, their texts into $T/NAME.ours and .strace
run() {
	local name=$1
	shift
	strace -f -qq -s 32 -e trace=$CALLS -o "$T/$name.strace" "$wl" "$@" >/dev/null \
		2>"$T/$name.strace.err" || fail "strace exited $?"
	"$PERF_BPF" trace -e $CALLS -o "$T/$name.ours" -- "$wl" "$@" >/dev/null 2>"$T/$name.err" ||
		fail "trace exited $?: $(tail -n 3 "$T/$name.err")"
	[ -s "$T/$name.err" ] && fail "trace said something: $(head -n 3 "$T/$name.err")"
	return 0
}
# line FILE CALL [REGEX]: the first line of CALL (that matches REGEX)
line() { grep -E "(^|[ /0-9])$2\(" "$1" | grep -m1 -E -e "${3:-.}"; }
# has NAME CALL TEXT: our line of CALL holds TEXT, as strace's does
has() {
	local s o
	s=$(line "$T/$1.strace" "$2" "${4:-.}")
	o=$(line "$T/$1.ours" "$2" "${4:-.}")
	[[ "$s" == *"$3"* ]] || fail "strace's $2 lacks '$3': $s"
	[[ "$o" == *"$3"* ]] || fail "our $2 lacks '$3' (strace: $s): $o"
}
# same NAME CALL REGEX: what REGEX matches of strace's line of CALL is in ours
same() {
	local s o want
	s=$(line "$T/$1.strace" "$2" "${4:-.}")
	o=$(line "$T/$1.ours" "$2" "${4:-.}")
	want=$(grep -o -E -m1 "$3" <<<"$s" | head -n 1)
	[ -n "$want" ] || fail "strace's $2 has no /$3/: $s"
	[[ "$o" == *"$want"* ]] || fail "our $2 lacks strace's '$want': $o"
}

run calls exec iov msg poll epoll
# the exec after fork(): the strings were not there at entry, the new program's mm has them
has calls execve '["echo", "child-hello"]' 'echo'
has calls execve '/* 2 vars */' 'echo'
expect_match "the child's execve" 'execve\(filename: "/bin/echo", argv: \["echo", "child-hello"\], envp: 0x[0-9a-f]+ /\* 2 vars \*/\) += 0$' \
	"$(line "$T/calls.ours" execve echo)"
same calls writev '\[\{iov_base=.*\}\]'
same calls readv '\[\{iov_base=.*\}\]'
same calls sendmsg '\{msg_name=.*msg_flags=[^}]*\}'
same calls recvmsg '\{msg_name=.*msg_flags=[^}]*\}'
same calls epoll_ctl '\{events=.*\}\}'
same calls epoll_wait '\[\{events=.*\}\}\]'
# poll: strace's events at entry and its revents after the result, ours in one array
s=$(line "$T/calls.strace" poll)
[[ "$s" =~ ^[0-9]+\ +poll\(\[(.*)\],\ 2,.*\ =\ 2\ \(\[(.*)\]\)$ ]] || fail "strace's poll: $s"
want=$(paste -d, <(grep -o 'fd=[0-9]*, events=[A-Z|]*' <<<"${BASH_REMATCH[1]}") \
	<(grep -o 'revents=[A-Z|]*' <<<"${BASH_REMATCH[2]}") | sed 's/^/{/; s/,/, /2; s/$/}/' |
	paste -s -d, | sed 's/},{/}, {/g')
o=$(line "$T/calls.ours" poll)
[[ "$o" == *"ufds: [$want]"* ]] || fail "our poll lacks '[$want]' (strace: $s): $o"

# hostile: pointers to nothing print as pointers, and the kernel's EFAULT
run hostile hostile
expect_match "an argv at an unmapped address" \
	'execve\(filename: "/bin/echo", argv: 0x[0-9a-f]+, envp: 0x[0-9a-f]+\) += -1 EFAULT' \
	"$(line "$T/hostile.ours" execve EFAULT)"
expect_match "an iovec half into an unmapped page" \
	'writev\(fd: [0-9]+, vec: \[\{iov_base=0x[0-9a-f]+, iov_len=8\}\], vlen: 1\)' \
	"$(line "$T/hostile.ours" writev)"
has hostile writev ', iov_len=8}]'

# 1024 iovecs and 10,000 strings: strsize's 32 of them, each cut, then "...", as strace
run many many
same many writev '\[\{iov_base=.*\]'
same many execve '\["true", .*\]' true
expect_match "argv of 10,000 strings" '"many", \.\.\.\], envp' "$(line "$T/many.ours" execve true)"
echo "ok: arrays as strace prints them"
