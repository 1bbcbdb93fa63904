#!/usr/bin/env bash
# trace: after kill -9 no BPF program, link or perf event of perf-bpf remains (all held by fd)
source "$(dirname "$0")/lib.sh"
need_root

progs=$(bpf_prog_count)
links=$(bpf_link_count)
"$PERF_BPF" trace -a -e "$TOP/tests/fixtures/bpf/getppid-hello.c" -e syscalls:sys_enter_getpgid \
	>/dev/null 2>&1 &
pid=$!
for _ in $(seq 50); do
	[ "$(bpf_prog_count)" -gt "$progs" ] && break
	sleep 0.1
done
[ "$(bpf_prog_count)" -gt "$progs" ] || fail "the program never loaded"
kill -9 $pid
wait $pid 2>/dev/null
for _ in $(seq 50); do # the kernel frees programs from a work queue
	[ "$(bpf_prog_count)" = "$progs" ] && break
	sleep 0.1
done
expect_eq "programs after kill -9" "$progs" "$(bpf_prog_count)"
expect_eq "links after kill -9" "$links" "$(bpf_link_count)"
