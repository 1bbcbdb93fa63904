#!/usr/bin/env bash
# trace's names for flags, commands and enumerations (ioctl requests, access modes, socket levels and options, message flags, wait options, statx masks, clocks, ...) and the zeros that are constants, on the calls of one workload, checked against stock perf trace where it names them and against strace where it does not.
source "${TOP:-$(dirname "$0")/../..}/tests/e2e/lib.sh"
need_root
command -v strace >/dev/null || fail "strace is missing: 'make deps' installs it"

w=$(workload named-calls)
[ -x "$w" ] || fail "build the tests first: no $w"
CALLS=ioctl,access,getrandom,prlimit64,rt_sigprocmask,madvise,setsockopt,sendto,wait4,statx,epoll_ctl,fcntl,clock_nanosleep,exit_group,arch_prctl

"$PERF_BPF" trace -e $CALLS -o "$T/ours" -- "$w" >"$T/out" 2>"$T/err" ||
	fail "trace exited $?: $(tail -n 3 "$T/err")"
strace -qq -e trace=$CALLS -o "$T/strace" "$w" || fail "strace exited $?"
perf=/usr/bin/perf
if [ -x $perf ] && $perf trace -e $CALLS -o "$T/perf" -- "$w" >/dev/null 2>&1; then
	have_perf=1
else
	have_perf=0 # a machine without stock perf checks against strace alone
fi

# The last line of call $1 (the workload's own calls come after the loader's), and the
# value of its argument $2.
last() { grep -E "[ /0-9]$1\(" "$2" | tail -n "${3:-1}" | head -n 1; }
value() { sed -n -E "s/.*[(, ]$1: ([^,)]*).*/\\1/p" <<<"$2"; }

# check CALL ARG OURS STRACE_WORD [PERF_NAMES]: our value of ARG is OURS; strace's line of
# the call has STRACE_WORD; when perf trace names it (PERF_NAMES=1), its value is ours.
check() {
	local call=$1 arg=$2 want=$3 word=$4 perf_names=${5:-0} n=${6:-1} l
	l=$(last "$call" "$T/ours" "$n")
	expect_eq "$call $arg in '$l'" "$want" "$(value "$arg" "$l")"
	grep -E "^$call\(" "$T/strace" | tail -n "$n" | head -n 1 | grep -qwF -- "$word" ||
		fail "$call: strace does not say $word: $(grep -E "^$call\(" "$T/strace" | tail -n 1)"
	if ((perf_names && have_perf)); then
		expect_eq "$call $arg as perf trace names it" "$(value "$arg" "$(last "$call" "$T/perf" "$n")")" "$want"
	fi
}

check ioctl cmd FIONREAD FIONREAD 1
check access mode RW R_OK\|W_OK 1
check getrandom flags NONBLOCK GRND_NONBLOCK 1
check prlimit64 resource NOFILE RLIMIT_NOFILE 1
check rt_sigprocmask how BLOCK SIG_BLOCK 0 # perf trace hides the 0
check madvise behavior MADV_DONTNEED MADV_DONTNEED 1
check setsockopt level SOCKET SOL_SOCKET 0 2 # perf trace prints 1
check setsockopt optname SO_REUSEADDR SO_REUSEADDR 0 2
check setsockopt level IP SOL_IP 1
check setsockopt optname IP_TOS IP_TOS 0
check sendto flags DONTWAIT MSG_DONTWAIT 1
check wait4 options NOHANG WNOHANG 1
check statx flags STATX_SYNC_AS_STAT AT_STATX_SYNC_AS_STAT 0 # perf trace prints nothing
check statx mask BASIC_STATS STATX_BASIC_STATS 0
check epoll_ctl op ADD EPOLL_CTL_ADD 1
check fcntl arg "RDONLY|NONBLOCK" "O_RDONLY|O_NONBLOCK" 1
check clock_nanosleep which_clock MONOTONIC CLOCK_MONOTONIC 0 # perf trace prints 1
check exit_group error_code 0 "exit_group(0)" 0
# addresses in hex, as perf trace shows them; what FIONREAD fills, as strace shows it
expect_match "arch_prctl's address in hex" "option: SET_FS, arg2: 0x[0-9a-f]+\\)" \
	"$(last arch_prctl "$T/ours")"
expect_match "FIONREAD's int" "cmd: FIONREAD, arg: \\[0\\]\\)" "$(last ioctl "$T/ours")"
[ -s "$T/err" ] && fail "trace said something: $(head -n 3 "$T/err")"
echo "PASS: names as perf trace and strace print them"
