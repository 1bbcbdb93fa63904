#!/usr/bin/env bash
# trace: struct pointers a tracer must not trust (unmapped, half mapped into an unmapped page,
# a path with no NUL before the end of its mapping, socket addresses longer and shorter than
# their family's): each call has its line, the pointer where the struct could not be read,
# what could be read decoded, and nothing else said.
source "${TOP:-$(dirname "$0")/../..}/tests/e2e/lib.sh"
need_root

w=$(workload hostile-structs)
[ -x "$w" ] || fail "build the tests first: no $w"
"$PERF_BPF" trace -o "$T/ours" -- "$w" >"$T/out" 2>"$T/err" || fail "trace exited $?: $(tail -n 3 "$T/err")"
[ -s "$T/err" ] && fail "trace said something: $(head -n 3 "$T/err")"
line() { grep -m"${2:-1}" -E " $1\(" "$T/ours" | tail -n 1; }
expect_match "a sigset half mapped" 'rt_sigprocmask\(how: BLOCK, nset: 0x[0-9a-f]+, sigsetsize: 8\) += -1 EFAULT' \
	"$(line rt_sigprocmask)"
expect_match "a timespec half mapped" 'clock_nanosleep\(which_clock: MONOTONIC, rqtp: 0x[0-9a-f]+\) += -1 EFAULT' \
	"$(line clock_nanosleep)"
expect_match "a stat the call could not fill" 'filename: "/etc/hostname", statbuf: 0x[0-9a-f]+\) += -1 EFAULT' \
	"$(grep -m1 " newfstatat(dfd: CWD, filename: \"/etc/hostname\"" "$T/ours")"
expect_match "an unmapped old set" 'oset: 0x8, sigsetsize: 8\) += -1 EFAULT' "$(line rt_sigprocmask 2)"
expect_match "an address longer than its family's" 'uservaddr: 127\.0\.0\.1:1, addrlen: 128\) += 0' \
	"$(line connect)"
expect_match "an address too short for its family" 'uservaddr: \{family: INET\}, addrlen: 3\) += -1 EINVAL' \
	"$(line connect 2)"
expect_match "a path with no end" 'openat\(dfd: CWD, filename: 0x[0-9a-f]+, flags: RDONLY\) += -1 ENAMETOOLONG' \
	"$(grep -E ' openat\(.*ENAMETOOLONG' "$T/ours")"
expect_match "the end" '\+\+\+ exited with 0 \+\+\+$' "$(tail -n 1 "$T/ours")"
