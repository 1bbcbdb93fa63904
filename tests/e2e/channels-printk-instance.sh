#!/usr/bin/env bash
# trace: the tracefs instance for bpf_printk exists only while a program of the run can print, and
# is gone after success, an error, SIGINT; after kill -9 the next run (any run) removes it, and
# no other instance: not one a user made under a name like ours. Two runs whose pids have the
# same number (in two pid namespaces) make two instances.
source "$(dirname "$0")/lib.sh"
need_root
TRACING=/sys/kernel/tracing
[ -d "$TRACING/instances" ] || skip "no tracefs instances"

NAME=chanpk$$
NAME=${NAME:0:15}
cp "$(workload getppid-loop)" "$T/$NAME" || fail "no workload"
W=$T/$NAME # the name the program prints for
PRINTK=$TOP/tests/fixtures/bpf/printk-order.c
HELLO=$TOP/examples/hello.c
cd "$T" || fail "no temp dir"
instances() { find "$TRACING/instances" -maxdepth 1 -name 'perf-bpf-*' -printf '%f\n' | sort; }
# instances made since BEFORE: the run's own
made() { comm -13 <(echo "$before") <(sort "$1"); }

# instances a user made, named as ours were and are: never removed by a run
dead=$(sh -c 'echo $$')
for name in "perf-bpf-$dead" perf-bpf-0123456789abcdef; do
	mkdir "$TRACING/instances/$name" || fail "cannot make instance $name"
	on_exit "rmdir '$TRACING/instances/$name' 2>/dev/null"
done
before=$(instances)

# the hook runs once everything is set up, before the programs are attached
cat >hook <<EOF2
#!/bin/sh
find $TRACING/instances -maxdepth 1 -name 'perf-bpf-*' -printf '%f\n' >"$T/at-attach"
touch "$T/ready"
EOF2
chmod +x hook
export PERF_BPF_TEST_BEFORE_ATTACH=$T/hook
need_testbuild
PERF_BPF=$PERF_BPF_TESTBUILD # every run below signals through the hook

# 1. success: the instance existed while the program could print, and is gone
"$PERF_BPF" trace -e "$PRINTK" -- "$W" 1 >out 2>err || fail "trace exited $? ($(cat err))"
[ "$(made at-attach | wc -l)" = 1 ] || fail "no instance while the program was attached"
expect_eq "instances after success" "$before" "$(instances)"
expect_eq "lines" 2 "$(grep -c bpf_trace_printk out)"

# 2. a run whose programs cannot print makes none
"$PERF_BPF" trace -e "$HELLO" -- sleep 0 >out 2>err || fail "trace hello exited $?"
expect_eq "instances of a run that cannot print" "$before" "$(sort at-attach)"

# 3. an error after the instance was made (a section that cannot attach): none left
cat >bad.c <<'EOF2'
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>
SEC("syscalls:sys_enter_getppid")
int p(void *ctx) { bpf_printk("x"); return 0; }
SEC("raw_tp/perf_bpf_e2e_no_such_tracepoint")
int k(void *ctx) { return 0; }
char _license[] SEC("license") = "GPL";
EOF2
"$PERF_BPF" trace -e bad.c -- "$W" 1 >out 2>err && fail "trace of bad.c succeeded"
[ "$(made at-attach | wc -l)" = 1 ] || fail "bad.c failed before the instance was made"
expect_eq "instances after an error" "$before" "$(instances)"

# 4. SIGINT
rm -f ready
"$PERF_BPF" trace -a -e "$PRINTK" >out 2>err &
pid=$!
for _ in $(seq 300); do [ -e ready ] && break; sleep 0.1; done
[ -e ready ] || fail "trace never got ready"
kill -INT $pid
wait $pid || fail "trace exited $? on SIGINT ($(cat err))"
expect_eq "instances after SIGINT" "$before" "$(instances)"

# 5. SIGKILL leaves it; the next run, one that does not print, removes it
rm -f ready
"$PERF_BPF" trace -a -e "$PRINTK" >out 2>err &
pid=$!
for _ in $(seq 300); do [ -e ready ] && break; sleep 0.1; done
[ -e ready ] || fail "trace never got ready"
kill -KILL $pid
wait $pid 2>/dev/null
killed=$(made at-attach)
[ -n "$killed" ] && [ -d "$TRACING/instances/$killed" ] || fail "no instance of the killed run to clean"
on_exit "rmdir '$TRACING/instances/$killed' 2>/dev/null"
"$PERF_BPF" trace -e "$HELLO" -- sleep 0 >out 2>err || fail "next run exited $?"
[ -d "$TRACING/instances/$killed" ] && fail "the killed run's instance was not removed"
expect_eq "instances after the next run" "$before" "$(instances)"

# 6. two runs, each the first process of its own pid namespace (pid 1 both): the first waits
# at its hook until the second has made its instance, while its own is there
command -v unshare >/dev/null || fail "no unshare"
cat >hook-a <<EOF2
#!/bin/sh
touch "$T/a.ready"
for i in \$(seq 300); do [ -e "$T/b.ready" ] && exit 0; sleep 0.1; done
EOF2
cat >hook-b <<EOF2
#!/bin/sh
find $TRACING/instances -maxdepth 1 -name 'perf-bpf-*' -printf '%f\n' >"$T/at-b"
touch "$T/b.ready"
EOF2
chmod +x hook-a hook-b
PERF_BPF_TEST_BEFORE_ATTACH=$T/hook-a unshare -p -f --mount-proc "$PERF_BPF" trace -e "$PRINTK" \
	-- sleep 0 >a.out 2>a.err &
pid=$!
for _ in $(seq 300); do [ -e a.ready ] && break; sleep 0.1; done
[ -e a.ready ] || fail "the first run never got ready: $(cat a.err)"
PERF_BPF_TEST_BEFORE_ATTACH=$T/hook-b unshare -p -f --mount-proc "$PERF_BPF" trace -e "$PRINTK" \
	-- sleep 0 >b.out 2>b.err || fail "the second run exited $?: $(cat b.err)"
wait $pid || fail "the first run exited $?: $(cat a.err)"
expect_eq "instances of two runs of pid 1" 2 "$(made at-b | wc -l)"
expect_eq "instances after both" "$before" "$(instances)"
exit 0
