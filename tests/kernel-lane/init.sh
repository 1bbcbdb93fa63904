#!/bin/sh
# The guest's /init (busybox sh): mount what the tests need, run every test under /tests,
# report each on the serial console, then end QEMU through isa-debug-exit.
# Protocol read by run.sh (one line each):
#   LANE_BOOT <uname -r>          LANE_BEGIN <name>
#   LANE_RESULT <status> <name>   (status 0 pass, 2 skip, else fail; output precedes it, "    | ")
#   LANE_DONE <count>
export PATH=/bin:/sbin:/usr/bin:/usr/sbin
export HOME=/root TMPDIR=/tmp PERF_BPF=/bin/perf-bpf BUILD=/build TOP=/repo

mount -t proc proc /proc
mount -t sysfs sysfs /sys
mount -t devtmpfs devtmpfs /dev
# An initramfs built without root has no /dev/console node: connect to it now.
[ -t 1 ] || exec </dev/console >/dev/console 2>&1
mount -t tmpfs tmpfs /tmp
mount -t tracefs tracefs /sys/kernel/tracing
mount -t debugfs debugfs /sys/kernel/debug
mount -t bpf bpf /sys/fs/bpf

echo "LANE_BOOT $(uname -r)"
test_timeout=$(sed -n 's/.*lane.timeout=\([0-9]*\).*/\1/p' /proc/cmdline)
only=$(sed -n 's/.*lane.only=\([^ ]*\).*/\1/p' /proc/cmdline)
# lane.shard=I/J: of the tests selected, this boot runs those whose index modulo J is I.
shard=$(sed -n 's/.*lane.shard=\([0-9]*\/[0-9]*\).*/\1/p' /proc/cmdline)
shards=${shard#*/}
shard=${shard%/*}
n=0
idx=0
for t in /tests/kernel/* /tests/guest/*; do
	[ -f "$t" ] && [ -x "$t" ] || continue
	name=${t#/tests/}
	name=${name%.sh}
	case $name in
	*"$only"*) ;;
	*) continue ;;
	esac
	idx=$((idx + 1))
	[ $(((idx - 1) % ${shards:-1})) = "${shard:-0}" ] || continue
	echo "LANE_BEGIN $name"
	(cd /tmp && timeout "${test_timeout:-60}" "$t" </dev/null >/tmp/lane.log 2>&1)
	rc=$?
	sed 's/^/    | /' /tmp/lane.log
	echo "LANE_RESULT $rc $name"
	n=$((n + 1))
done
echo "LANE_DONE $n"
sync
sleep 0.2 # let the serial driver drain the last lines before QEMU goes away
qexit 0
# Only without the exit device: power off (QEMU then exits 0, which run.sh rejects).
poweroff -f
