#!/usr/bin/env bash
# perf-bpf's own system call programs (bpf/syscalls.bpf.c) loaded from the binary by lib/run/syscalls.h, on a workload of known calls: records with strings, buffers, socket addresses and errors, counts, selection, scope. Runs in the kernel lane too.
source "${TOP:-$(dirname "$0")/../..}/tests/e2e/lib.sh"
need_root

run=$BUILD/tests/runners/syscalls
mix=$(workload syscall-mix)
[ -x "$run" ] && [ -x "$mix" ] || fail "build the tests first: no $run or $mix"
N=2000
# The workload connects to 127.0.0.1: a guest starts with its loopback down.
if [ -r /sys/class/net/lo/flags ] && (($(cat /sys/class/net/lo/flags) % 2 == 0)); then
	ip link set lo up 2>/dev/null || ifconfig lo 127.0.0.1 up 2>/dev/null
fi

# capture OUT ARGS...: the runner's output into $T/OUT; SELF and WL are set from it.
capture() {
	local out=$T/$1
	shift
	"$run" "$@" >"$out" 2>"$out.err" || fail "runner $* exited $?: $(tail -n 5 "$out.err")"
	SELF=$(sed -n 's/^self //p' "$out")
	WL=$(sed -n 's/^workload //p' "$out")
	expect_eq "lost (records, counted calls, tasks) in $*" "lost 0 0 0" "$(grep '^lost' "$out")"
	grep -q '^broken' "$out" && fail "a record did not decode: $(grep -m1 '^broken' "$out")"
	grep -q "^\(enter\|exit\|count\) $SELF " "$out" && fail "perf-bpf's own calls were traced"
	return 0
}
# line_after OUT REGEX: the line after the first one that matches.
line_after() { grep -A1 -m1 -E "$2" "$T/$1" | tail -n 1; }
count_of() { grep -c -E "$2" "$T/$1"; }

capture cap -- "$mix" "$N"
mix_re=$(re_quote "$mix")
echo "workload $WL, traced by $SELF"
expect_eq "getppid entries" "$N" "$(count_of cap "^enter $WL $WL getppid$")"
expect_eq "getppid exits" "$N" "$(count_of cap "^exit $WL $WL getppid $SELF [1-9][0-9]*$")"
# the child is followed across fork
child=$(sed -n "s/^exit $WL $WL clone \([0-9]*\) .*/\1/p" "$T/cap")
[ -n "$child" ] || fail "no clone exit in the workload"
expect_eq "the child's getppid exits" 7 "$(count_of cap "^exit $child $child getppid $WL ")"
# an exec's argv (bpf_loop): two strings walked at entry; at exit the new program's copy,
# its filename then each string with its NUL
l=$(grep -m1 "^enter $WL $WL execve " "$T/cap")
[[ "$l" == *' i1="\x02\x00\x00\x00'* ]] || fail "the execve's argv at entry: $l"
l=$(grep -m1 "^exit $WL $WL execve 0 " "$T/cap")
[[ "$l" == *"$mix$mix\\x00$N\\x00\"" ]] || fail "the execve's argv at exit: $l"
# strings: the program's own path, read back by read; a cut one; an unmapped one
l=$(line_after cap "^enter $WL $WL openat 0xffffff9c 0x[0-9a-f]+ 0 [0-9a-fx]+ i1=\"$mix_re\"$")
expect_match "openat of the workload" "^exit $WL $WL openat [0-9]+ [0-9]+$" "$l"
expect_match "read of its ELF header" "^exit $WL $WL read 64 [0-9]+ i1=\"\\\\x7fELF" \
	"$(grep -m1 "^exit $WL $WL read 64 " "$T/cap")"
long=$(grep -m1 -o "i1=\"/aaa*\"$" "$T/cap")
expect_eq "a 299-byte path read whole" 304 "${#long}" # i1=" 299 bytes "
l=$(line_after cap "^enter $WL $WL openat 0xffffff9c 0x8 0 [0-9a-fx]+ i1=\(fault\)$")
expect_match "an unmapped path" "^exit $WL $WL openat -14 EFAULT [0-9]+ i1=\(fault\)$" "$l"
# a string not paged in at entry is read at exit
l=$(grep -A1 -m1 -E "^enter $WL $WL openat .*(missing|fault)" "$T/cap" | grep -m1 -- "-missing")
expect_match "the missing path" "i1=\"/nonexistent/perf-bpf-missing\"" "$l"
l=$(grep -m1 "^exit $WL $WL openat -2 " "$T/cap")
expect_match "ENOENT" "^exit $WL $WL openat -2 ENOENT [0-9]+" "$l"
# at exit: a pipe's two fds; at entry: a socket address
expect_match "pipe2's fds" "^exit $WL $WL pipe2 0 [0-9]+ i0=\[[0-9]+,[0-9]+\]$" \
	"$(grep -m1 "^exit $WL $WL pipe2 " "$T/cap")"
l=$(line_after cap "^enter $WL $WL connect 0x[0-9a-f]+ 0x[0-9a-f]+ 0x10 i1=inet:127.0.0.1:1$")
expect_match "a refused connect" "^exit $WL $WL connect -111 ECONNREFUSED [0-9]+$" "$l"
# at exit, the address accept4 filled in: the workload's own connection
expect_match "accept4's peer" "^exit $WL $WL accept4 [0-9]+ [0-9]+ i1=inet:127.0.0.1:[0-9]+$" \
	"$(grep -m1 "^exit $WL $WL accept4 " "$T/cap")"
# every call of the workload after its start has a duration
expect_eq "exits without an entry" 1 "$(count_of cap "^exit $WL .* no-entry")"

# in-kernel counts, exact
capture count -c -- "$mix" "$N"
l=$(grep "^count $WL $WL getppid " "$T/count")
expect_match "getppid counted" "^count $WL $WL getppid $N 0 [0-9]+ [0-9]+ [0-9]+ [0-9]+ [0-9]+ [0-9]+$" "$l"
read -r _ _ _ _ calls errors total min max p50 p99 _ <<<"$l"
((min > 0 && min <= p50 && p50 <= p99 && p99 <= max && total >= calls * min)) ||
	fail "getppid figures out of order: $l"
expect_match "the child counted" "^count [0-9]+ [0-9]+ getppid 7 0 " \
	"$(grep "^count [0-9]* [0-9]* getppid 7 " "$T/count")"
read -r _ _ _ _ calls errors _ <<<"$(grep "^count $WL $WL openat " "$T/count")"
((calls >= 4 && errors >= 3)) || fail "openat counted $calls calls, $errors errors"

# one call selected; a shorter string size
capture sel -e getppid -- "$mix" "$N"
expect_eq "only getppid" 0 "$(grep -E '^(enter|exit) ' "$T/sel" | grep -vc ' getppid')"
expect_eq "getppid exits, selected" "$((N + 7))" "$(count_of sel "^exit [0-9]+ [0-9]+ getppid ")"
capture short -s 16 -e openat,read -- "$mix" 0
expect_match "a path whole at -s 16" "i1=\"$mix_re\"$" \
	"$(grep -m1 "^enter $WL $WL openat .*i1=\"${mix:0:16}" "$T/short")"
expect_match "data cut at 16 bytes" "^exit $WL $WL read 64 [0-9]+ i1=\"\\\\x7fELF.{12,48}\"\.\.\.$" \
	"$(grep -m1 "^exit $WL $WL read 64 " "$T/short")"

# every task but perf-bpf's own: the runner waits for the workload in wait4
capture all -a -e getppid,wait4 -- "$mix" "$N"
expect_eq "getppid exits, every task" "$N" "$(count_of all "^exit $WL $WL getppid ")"
expect_match "the workload's wait4" "^exit $WL $WL wait4 " "$(grep -m1 "^exit $WL $WL wait4 " "$T/all")"
# the kernel's types the programs read, cut from its BTF once and kept in the cache: a later
# run reads no more of the kernel's BTF, and a damaged entry is made again
cut=$(ls "$XDG_CACHE_HOME"/perf-bpf/corebtf-* 2>/dev/null)
[ -s "$cut" ] || fail "no cut kernel BTF in the cache ($XDG_CACHE_HOME/perf-bpf)"
if command -v strace >/dev/null; then
	# (a sanitizer build's leak check cannot run under ptrace: it is left to the other runs)
	ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0 strace -f -e trace=openat -o "$T/opens" "$run" -e getppid -- \
		"$mix" 1 >/dev/null 2>&1 ||
		fail "runner under strace exited $?"
	grep -q /sys/kernel/btf/vmlinux "$T/opens" && fail "the kernel's BTF was read again"
fi
echo damaged >"$cut"
capture again -e getppid -- "$mix" "$N"
expect_eq "getppid exits, the cache entry damaged" "$((N + 7))" \
	"$(count_of again "^exit [0-9]+ [0-9]+ getppid ")"
# without the capabilities: one ERROR line and its Hint, nothing from libbpf (util-linux's
# setpriv: busybox's, in the kernel lane, cannot change users)
if setpriv --help 2>&1 | grep -q -- --reuid; then
	(cd / && setpriv --reuid=65534 --regid=65534 --clear-groups "$run" -- "$mix" 1) \
		>"$T/unpriv" 2>"$T/unpriv.err" && fail "the programs loaded without capabilities"
	expect_eq "without capabilities" "ERROR: cannot load perf-bpf's system call programs: \
CAP_BPF and CAP_PERFMON are missing
Hint: run as root, or give the CAP_BPF and CAP_PERFMON capabilities" "$(cat "$T/unpriv.err")"
fi
echo "capture, counts, selection and scope checked on $(uname -r)"
