#!/usr/bin/env bash
# trace/record: with no flags, a libbpf-bootstrap-style RINGBUF, a libbpf-tools-style perf event
# array named events and a RINGBUF __bpf_stdout__ print their records; a full ring buffer and an
# event array too small to read are reported; stock perf script prints the recorded file the same
source "$(dirname "$0")/lib.sh"
need_root
need_testbuild
cd "$T" || fail "no temp dir"

# a workload of its own name: ring buffer records name no task and are shown for every task
NAME=chan$$
NAME=${NAME:0:15}
cp "$(workload getppid-loop)" "$NAME" || fail "no workload"
W=$T/$NAME
FIX=$TOP/tests/fixtures/bpf

# comm of each sample of event EV in JSON FILE: its comm field when the record is typed
# (struct event, taken from the object), else from its bytes at OFF
comms() {
	python3 - "$1" "$2" "$3" <<'PY'
import json, sys
for line in open(sys.argv[1]):
    o = json.loads(line)
    if o.get("type") == "sample" and o["event"] == sys.argv[2]:
        if "fields" in o:
            print(o["fields"]["comm"], o["cpu"], o["pid"], "typed")
            continue
        raw = bytes.fromhex(o["raw"])
        off = int(sys.argv[3])
        print(raw[off:off + 16].split(b"\0")[0].decode(), o["cpu"], o["pid"])
PY
}

# 1. RINGBUF rb, as libbpf-bootstrap: 3 records of the workload, no task or CPU in the sample
"$PERF_BPF" trace --json -e "$FIX/ringbuf-bootstrap.c" -- "$W" 3 >rb.json 2>rb.err ||
	fail "trace rb exited $? ($(cat rb.err))"
[ -s rb.err ] && fail "unexpected stderr: $(cat rb.err)"
expect_eq "rb records of the workload" "3" "$(comms rb.json rb 4 | grep -c "^$NAME -1 -1 typed$")"

# 2. PERF_EVENT_ARRAY events, as libbpf-tools: a bpf-output event of that name
"$PERF_BPF" trace --json -e "$FIX/events-execsnoop.c" -- "$W" 3 >ev.json 2>ev.err ||
	fail "trace events exited $? ($(cat ev.err))"
[ -s ev.err ] && fail "unexpected stderr: $(cat ev.err)"
expect_eq "events records" "3" "$(comms ev.json events 4 | grep -c "^$NAME [0-9]* [0-9]* typed$")"

# 3. a RINGBUF named __bpf_stdout__, written with bpf_ringbuf_output
cat >rbout.c <<'EOF2'
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>
struct {
	__uint(type, BPF_MAP_TYPE_RINGBUF);
	__uint(max_entries, 4096);
} __bpf_stdout__ SEC(".maps");
SEC("syscalls:sys_enter_getppid")
int rbout(void *ctx)
{
	char msg[16];

	bpf_get_current_comm(msg, sizeof(msg));
	if (msg[0] != 'c' || msg[1] != 'h' || msg[2] != 'a' || msg[3] != 'n')
		return 0; /* the test's workload only */
	bpf_ringbuf_output(&__bpf_stdout__, msg, sizeof(msg), 0);
	return 0;
}
char _license[] SEC("license") = "GPL";
EOF2
"$PERF_BPF" trace --json -e rbout.c -- "$W" 2 >out.json 2>out.err ||
	fail "trace rbout exited $? ($(cat out.err))"
expect_eq "__bpf_stdout__ ring records" "2" "$(comms out.json __bpf_stdout__ 0 | grep -c "^$NAME ")"

# 4. a full ring buffer (one page, 200 records of 64 bytes in one call, read only at the end)
PERF_BPF_TEST_CHANNELS_HOLD=1 "$PERF_BPF_TESTBUILD" trace -e "$FIX/ringbuf-full.c" -- "$W" 1 >full.out \
	2>full.err || fail "trace full exited $?"
# 72 bytes a record with its header: 56 fit in 4096
expect_eq "records that fit" 56 "$(grep -c ' small: ' full.out)"
expect_match "full warning" "^Warning: ring buffer 'small' was full 1 times when read" \
	"$(cat full.err)"

# 5. an event array with fewer slots than CPUs cannot be read: one warning line
if [ "$(nproc)" -gt 1 ]; then
	sed 's/} events SEC/\t__uint(max_entries, 1);\n} events SEC/' \
		"$FIX/events-execsnoop.c" >small.c
	"$PERF_BPF" trace -e small.c -- "$W" 1 >small.out 2>small.err || fail "trace small exited $?"
	expect_match "unread channel warning" "^Warning: 'events' of '.*small.c' is not read: 1 slots" \
		"$(cat small.err)"
	expect_eq "warning lines" 1 "$(wc -l <small.err)"
fi

# 6. record: both channels in one file, untyped (their struct renamed: no struct event),
# printed the same by stock perf script
sed 's/struct event/struct rec/g' "$FIX/ringbuf-bootstrap.c" >rb-bytes.c
sed 's/struct event/struct rec/g' "$FIX/events-execsnoop.c" >ev-bytes.c
"$PERF_BPF" record -q -o both.data -e rb-bytes.c -e ev-bytes.c -- "$W" 2 2>rec.err ||
	fail "record exited $? ($(cat rec.err))"
"$PERF_BPF" script -i both.data >ours 2>ours.err || fail "script exited $?"
[ "$(grep -c ' events: ' ours)" = 2 ] || fail "events samples: $(grep -c ' events: ' ours)"
grep -q ' rb: ' ours || fail "no rb samples"
grep -q '^ *:-1 *-1 \[-01\] ' ours || fail "rb samples do not say they have no task or CPU"
if command -v perf >/dev/null; then
	perf script -i both.data >theirs 2>theirs.err || fail "perf script exited $?"
	diff -u theirs ours || fail "perf-bpf script differs from perf script"
fi
# 7. a ring buffer that names its record type: fields decoded, no retry noise from libbpf
# (the workload's records only: other tasks' getppid would fill the 4 KiB ring)
cat >typed-rb.c <<'EOF2'
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>
struct event { int pid; char comm[16]; unsigned long long n; };
struct { __uint(type, BPF_MAP_TYPE_RINGBUF); __uint(max_entries, 4096); __type(value, struct event); } trb SEC(".maps");
SEC("syscalls:sys_enter_getppid")
int p(void *ctx)
{
	struct event *e;
	char comm[16];

	bpf_get_current_comm(comm, sizeof(comm));
	if (comm[0] != 'c' || comm[1] != 'h' || comm[2] != 'a' || comm[3] != 'n')
		return 0;
	e = bpf_ringbuf_reserve(&trb, sizeof(*e), 0);
	if (!e)
		return 0;
	e->pid = bpf_get_current_pid_tgid() >> 32;
	__builtin_memcpy(e->comm, comm, sizeof(comm));
	e->n = 7;
	bpf_ringbuf_submit(e, 0);
	return 0;
}
char _license[] SEC("license") = "GPL";
EOF2
"$PERF_BPF" trace -e typed-rb.c -- "$W" 2 >typed.out 2>typed.err || fail "typed ring: exit $? ($(cat typed.err))"
[ -s typed.err ] && fail "typed ring: unexpected stderr: $(cat typed.err)"
expect_eq "typed ring records" 2 "$(grep -c " trb: pid=[0-9]* comm=$NAME n=7\$" typed.out)"
exit 0
