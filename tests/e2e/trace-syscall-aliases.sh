#!/usr/bin/env bash
# trace: the calls whose tracepoints the kernel names otherwise (stat as newstat, uname as
# newuname, ...) shown under their own names, as strace shows them, in lines, -e, -s and
# with the tracepoint's name as an alias; a call the headers lack named by the kernel.
source "${TOP:-$(dirname "$0")/../..}/tests/e2e/lib.sh"
need_root
command -v strace >/dev/null || fail "strace is missing: 'make deps' installs it"

w=$(workload syscall-aliases)
[ -x "$w" ] || fail "build the tests first: no $w"
export XDG_CACHE_HOME=$T/cache # the kernel's numbers read, not taken from a cache

# every call, as strace names them
strace -f -qq -o "$T/strace" "$w" || fail "strace exited $?"
"$PERF_BPF" trace -o "$T/all" -- "$w" 2>"$T/err" || fail "trace exited $?: $(tail -n 3 "$T/err")"
for call in stat lstat fstat uname sendfile umount2; do
	want=$(grep -c "^[0-9]* *$call(" "$T/strace")
	expect_eq "$call lines, as strace's" "$want" "$(grep -cE "[0-9]+ $call\(" "$T/all")"
done
expect_match "stat's path" 'stat\(filename: "/etc/hostname", statbuf: \{st_mode=S_IFREG' \
	"$(grep -m1 -E ' stat\(' "$T/all")"
expect_match "umount2's failure" 'umount2\(name: "/nonexistent/perf-bpf-umount"\) += -1 ENOENT' \
	"$(grep -m1 -E ' umount2\(' "$T/all")"
# a call newer than the build's headers, named by the kernel
if [ -d /sys/kernel/tracing/events/syscalls/sys_enter_cachestat ]; then
	expect_match "cachestat by the kernel's name" 'cachestat\(fd: -1\) += -1 EBADF' \
		"$(grep -m1 -E ' cachestat\(' "$T/all")"
fi
# the numbers are kept: a second run reads them from the cache, the same lines
ls "$XDG_CACHE_HOME"/perf-bpf/syscall-numbers-* >/dev/null 2>&1 || fail "the numbers were not kept"
"$PERF_BPF" trace -o "$T/again" -e stat,fstat,uname -- "$w" 2>"$T/err" || fail "trace exited $?"
expect_eq "-e by the calls' names" 3 "$(grep -cE ' (stat|fstat|uname)\(' "$T/again")"

# the tracepoint's name is an alias; -s counts them under the call's name
"$PERF_BPF" trace -o "$T/alias" -e newstat,newuname -- "$w" 2>"$T/err" || fail "trace -e newstat exited $?"
expect_eq "-e newstat,newuname" 2 "$(grep -cE ' (stat|uname)\(' "$T/alias")"
"$PERF_BPF" trace -s -o "$T/sum" -e stat,lstat,fstat,uname -- "$w" 2>"$T/err" || fail "trace -s exited $?"
for call in stat lstat fstat uname; do
	expect_match "-s counts $call" "^ +$call +1 " "$(grep -E "^ +$call " "$T/sum")"
done
