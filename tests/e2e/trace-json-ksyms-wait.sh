#!/usr/bin/env bash
# trace --json names each sample's kernel ip, from the kernel's symbols a thread reads from the
# start. While that thread reads, the records go on being read from the rings into the
# time-ordered queue: they used to wait in the rings, which filled and lost records. The test
# build holds the thread on a FIFO until the run says its records wait in the queue.
source "$(dirname "$0")/lib.sh"
need_root
need_testbuild
cd "$T" || fail "no temp dir"

mkfifo ksyms
# the workload's getppid calls only: other tasks' could fill the rings meanwhile
ln -s "$(workload getppid-loop)" kswgetppid
printf '#define ONLY_COMM "kswgetppid"\n#include "%s"\n' \
	"$TOP/tests/fixtures/bpf/getppid-hello.c" >hello.c
cat >work.sh <<SH
#!/bin/sh
$T/kswgetppid 100
while [ -d $T ] && [ ! -e $T/go ]; do sleep 0.05; done
SH
chmod +x work.sh
PERF_BPF_TEST_KSYMS=$T/ksyms "$PERF_BPF_TESTBUILD" trace -v --json -e hello.c -- ./work.sh \
	>out.json 2>err &
pid=$!
on_exit "kill -9 $pid 2>/dev/null"
timeout 60 head -1 ksyms >said || fail "the kernel's symbols were not read ahead"
expect_eq "pause" ksyms "$(cat said)"
# the symbols are not read yet: the 100 records must reach the queue all the same
for _ in $(seq 600); do
	grep -q "records wait in the time-ordered queue" err && break
	sleep 0.1
done
grep -q "records wait in the time-ordered queue" err ||
	fail "records not read while the kernel's symbols were read: $(tail -n 3 err)"
: >ksyms # the thread reads its symbols now
touch go
wait "$pid" || fail "trace failed: $(tail -n 3 err)"
grep -q "lost" err && fail "records lost: $(grep lost err)"
expect_eq "samples" 100 "$(grep -c '"event":"__bpf_stdout__"' out.json)"
expect_match "kernel ip named" '"sym":"[a-z_]' "$(grep -m1 '__bpf_stdout__' out.json)"
# in time order
python3 - out.json <<'PY' || fail "JSON samples out of time order"
import json, sys
t = [json.loads(l)["time"] for l in open(sys.argv[1]) if '"__bpf_stdout__"' in l]
sys.exit(t != sorted(t))
PY
echo PASS
