#!/usr/bin/env bash
# probe filtering: kprobe sections are sampled events, a call kept only when the program returns non-zero (perf-era scriptlets: a flip-flop on do_epoll_wait, an llseek argument test)
source "$TOP/tests/e2e/lib.sh"

[ -w /sys/kernel/tracing/kprobe_events ] || skip "no tracefs kprobe_events in $(uname -r)"
wl=$(workload filter-calls)
for o in filter-epoll filter-llseek; do
	[ -f "/tests/guest/bpf/$o.o" ] ||
		fail "no $o.o: the host did not compile tests/kernel-lane/guest/bpf/$o.c"
done
# samples of the workload in a trace/script output
count() { grep -c "^ *filter-calls .* perf_bpf_probe:func: ([0-9a-f]*)\$" "$1"; }
# return samples: the function's address and where it returned to
count_ret() { grep -c "^ *filter-calls .* perf_bpf_probe:ret: ([0-9a-f]* <- [0-9a-f]*)\$" "$1"; }

# flip-flop: exactly half of the calls, live and recorded
"$PERF_BPF" trace -e /tests/guest/bpf/filter-epoll.o -- "$wl" epoll 10 >"$T/out" 2>"$T/err" ||
	fail "trace exited $? ($(cat "$T/err"))"
cat "$T/out"
expect_eq "epoll_pwait calls kept" 5 "$(count "$T/out")"
expect_eq "epoll_pwait returns kept" 5 "$(count_ret "$T/out")"
"$PERF_BPF" record -q -o "$T/epoll.data" -e /tests/guest/bpf/filter-epoll.o -- "$wl" epoll 111 \
	>"$T/rec" 2>&1 || fail "record exited $? ($(cat "$T/rec"))"
"$PERF_BPF" script -i "$T/epoll.data" >"$T/script" 2>"$T/err" ||
	fail "script exited $? ($(cat "$T/err"))"
expect_eq "epoll_pwait calls kept in perf.data" 56 "$(count "$T/script")"
expect_eq "epoll_pwait returns kept in perf.data" 56 "$(count_ret "$T/script")"

# the prologue's arguments decide: read-only, even offsets, not SEEK_CUR (4 of i = 0..11)
"$PERF_BPF" trace -e /tests/guest/bpf/filter-llseek.o -- "$wl" lseek 12 ro >"$T/out" 2>"$T/err" ||
	fail "trace of lseek exited $? ($(cat "$T/err"))"
cat "$T/out"
expect_eq "lseek calls kept" 4 "$(count "$T/out")"
"$PERF_BPF" trace -e /tests/guest/bpf/filter-llseek.o -- "$wl" lseek 12 rw >"$T/out" 2>"$T/err" ||
	fail "trace of lseek rw exited $? ($(cat "$T/err"))"
expect_eq "lseek calls kept on a file open for writing" 0 "$(count "$T/out")"
"$PERF_BPF" record -q -o "$T/lseek.data" -e /tests/guest/bpf/filter-llseek.o -- "$wl" lseek 12 ro \
	>"$T/rec" 2>&1 || fail "record of lseek exited $? ($(cat "$T/rec"))"
"$PERF_BPF" script -i "$T/lseek.data" >"$T/script" 2>"$T/err" ||
	fail "script of lseek exited $? ($(cat "$T/err"))"
expect_eq "lseek calls kept in perf.data" 4 "$(count "$T/script")"
exit 0
