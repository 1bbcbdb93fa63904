#!/usr/bin/env bash
# test hooks: the shipped perf-bpf reads no PERF_BPF_TEST_* variable and takes none; the test build takes each
source "$(dirname "$0")/lib.sh"
need_root
need_testbuild

for hook in BEFORE_ATTACH CHANNELS_HOLD MODULES_DIR PRINTK_KB ROTATED; do
	grep -q "PERF_BPF_TEST_$hook" "$PERF_BPF" && fail "the shipped binary names PERF_BPF_TEST_$hook"
	grep -q "PERF_BPF_TEST_$hook" "$PERF_BPF_TESTBUILD" ||
		fail "the test build does not name PERF_BPF_TEST_$hook"
done

# the same recording, steered by a hook: only the test build runs the program it names
cd "$T" || fail "no temp dir"
printf '#!/bin/sh\ntouch "%s/ran"\n' "$T" >hook && chmod +x hook
for bin in "$PERF_BPF" "$PERF_BPF_TESTBUILD"; do
	rm -f ran
	PERF_BPF_TEST_BEFORE_ATTACH=$T/hook "$bin" record -q -o out.data -e sched:sched_process_exec \
		-- true 2>err || fail "$bin record exited $? ($(cat err))"
	if [ "$bin" = "$PERF_BPF" ]; then
		[ ! -e ran ] || fail "the shipped binary took PERF_BPF_TEST_BEFORE_ATTACH"
	else
		[ -e ran ] || fail "the test build did not take PERF_BPF_TEST_BEFORE_ATTACH"
	fi
done
exit 0
