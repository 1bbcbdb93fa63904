#!/usr/bin/env bash
# trace: SIGINT stops a system-wide trace after draining the rings; nothing stays loaded
source "$(dirname "$0")/lib.sh"
need_root

"$PERF_BPF" trace -a -e "$TOP/tests/fixtures/bpf/getppid-hello.c" >"$T/out" 2>"$T/err" &
pid=$!
for _ in $(seq 100); do # until outputs come through: everything is attached
	"$(workload getppid-loop)" 5
	sleep 0.1
	grep -q 'BPF string: "hello"' "$T/out" && break
done
grep -q 'BPF string: "hello"' "$T/out" || fail "no output at all: $(cat "$T/err")"
sleep 0.5 # a few poll rounds: all of that is printed
before=$(grep -c 'BPF string: "hello"' "$T/out")
"$(workload getppid-loop)" 5 # these are still in the ring when the signal comes
kill -INT $pid
wait $pid
expect_eq "exit status after SIGINT" 0 $?
# other tasks may call getppid too (-a): at least the last 5 must be there
n=$(($(grep -c 'BPF string: "hello"' "$T/out") - before))
[ "$n" -ge 5 ] || fail "outputs lost at SIGINT: $n of the last 5"
wait_prog_gone hello_getppid || fail "the program stayed loaded after exit"
