#!/usr/bin/env bash
# trace decodes the structs calls read and fill as strace does: sigaction, rlimits, a timespec, wait4's status and rusage, uname, sysinfo, times, statfs, socket lengths and options, FIONREAD's int, getdents64's entries (counted, and with --verbose-structs each).
source "${TOP:-$(dirname "$0")/../..}/tests/e2e/lib.sh"
set -euo pipefail
need_root
command -v strace >/dev/null || fail "strace is missing: 'make deps' installs it"
w=$(workload trace-structs)
[ -x "$w" ] || fail "build the tests first: no $w"
if [ -r /sys/class/net/lo/flags ] && (($(cat /sys/class/net/lo/flags) % 2 == 0)); then
	ip link set lo up 2>/dev/null || ifconfig lo 127.0.0.1 up 2>/dev/null || true
fi

# One run under both tracers (perf-bpf tracing strace tracing the workload): the same
# handler addresses, limits and times in both outputs.
run() {
	rm -rf "$T/dir"
	"$PERF_BPF" trace "$@" -o "$T/ours" -- strace -f -q -o "$T/theirs" -- "$w" "$T/dir" ||
		fail "trace $*: exit $?"
}

# Our lines of call (whole, or the [continued] line that ends it).
ours_of() { grep -E "trace-structs/[0-9]+ +(\.\.\. \[continued\]: )?$1\(" "$T/ours" || true; }

# strace's text matching re in its line of call must be in one of our lines of call.
expect_same() {
	local call=$1 re=$2 text
	text=$(grep -E "^[0-9]+ +($call\(|<\.\.\. $call resumed>)" "$T/theirs" | grep -oE -- "$re" | head -1) ||
		fail "$call: strace printed nothing like /$re/"
	[ -n "$text" ] || fail "$call: strace printed nothing like /$re/"
	ours_of "$call" | grep -qF -- "$text" ||
		fail "$call: strace's '$text' is not in ours: $(ours_of "$call" | head -3)"
}

run
expect_same rt_sigaction '\{sa_handler=0x[0-9a-f]+, sa_mask=\[USR1\], sa_flags=[A-Z_|]+, sa_restorer=0x[0-9a-f]+\}'
expect_same rt_sigaction '\{sa_handler=SIG_IGN, [^}]*\}'
expect_same rt_sigaction '\{sa_handler=SIG_DFL, sa_mask=\[\], sa_flags=0\}'
expect_same prlimit64 '\{rlim_cur=[^}]*RLIM64_INFINITY\}'
expect_same prlimit64 '\{rlim_cur=[0-9*]+, rlim_max=[0-9*]+\}'
expect_same clock_nanosleep '\{tv_sec=0, tv_nsec=0\}'
expect_same times '\{tms_utime=[^}]*\}'
expect_same wait4 '\[\{WIFEXITED\(s\) && WEXITSTATUS\(s\) == 3\}\]'
expect_same wait4 '\{ru_utime=\{[^}]*\}, ru_stime=\{[^}]*\}, \.\.\.\}'
expect_same sysinfo '\{uptime=[0-9]+, loads=\[[0-9, ]+\], totalram=[0-9]+'
expect_same statfs '\{f_type=[A-Z0-9_x]+, f_bsize=[0-9]+, f_blocks=[0-9]+'
expect_same statfs 'f_flags=[A-Z_|]+\}'
# ours names the arguments: strace's values one by one
expect_same getsockname '\[16\]'
expect_same setsockopt '\[1\]'
expect_same getsockopt '\[1\]'
expect_same getsockopt '\[4\]'
expect_same ioctl '\[0\]'
ours_of ioctl | grep -qF 'arg: [0]' || fail "ioctl: no FIONREAD's [0]: $(ours_of ioctl | tail -2)"
expect_same getdents64 '/\* 4 entries \*/'
expect_same getdents64 '/\* 0 entries \*/'
# the kernel names uname's tracepoint newuname: shown once the table knows the alias
if [ -n "$(ours_of uname)$(ours_of newuname)" ]; then
	expect_same uname '\{sysname="[^"]*", nodename="[^"]*", \.\.\.\}'
else
	echo "note: no uname line (its tracepoint is newuname): not compared"
fi

# every member, as strace -v prints them
rm -rf "$T/dir"
"$PERF_BPF" trace --verbose-structs -o "$T/ours" -- strace -f -q -v -o "$T/theirs" -- "$w" "$T/dir" ||
	fail "trace --verbose-structs: exit $?"
expect_same getdents64 '\[\{d_ino=[0-9]+, d_off=-?[0-9]+, d_reclen=[0-9]+, d_type=DT_DIR, d_name="\."\}'
expect_same getdents64 'd_type=DT_REG, d_name="x"\}'
expect_same wait4 '\{ru_utime=\{[^}]*\}, ru_stime=\{[^}]*\}, ru_maxrss=[0-9]+, [^)]*ru_nivcsw=[0-9]+\}'
echo "ok"
