#!/usr/bin/env bash
# trace against strace, call by call, on the corpus of tests/strace-compare (files, sockets, processes, signals, everyday commands): no call missing or in excess, the same errno names, every string strace prints in our line, under 1% of the arguments strace decodes left as bare pointers.
source "${TOP:-$(dirname "$0")/../..}/tests/e2e/lib.sh"
set -euo pipefail
need_root
command -v strace >/dev/null || fail "strace is missing: 'make deps' installs it"
for w in cmp-files cmp-sockets cmp-procs cmp-signals; do
	[ -x "$(workload "$w")" ] || fail "build the tests first: no $(workload "$w")"
done
# the socket workload talks to itself over 127.0.0.1, which needs lo up
if [ -r /sys/class/net/lo/flags ] && (($(cat /sys/class/net/lo/flags) % 2 == 0)); then
	ip link set lo up 2>/dev/null || ifconfig lo 127.0.0.1 up 2>/dev/null || true
fi

# Each workload runs once under both tracers (perf-bpf tracing strace tracing it), so the
# figures do not depend on how two runs differ. The thresholds are the issue's: the same
# calls and counts, the same errno names, every string found, bare pointers under 1%, as many
# signal and exit lines.
cd "$T"
"$TOP/tests/strace-compare/compare" --corpus "$TOP/tests/strace-compare/corpus" \
	--workloads "$BUILD/tests/workloads" --perf-bpf "$PERF_BPF" --top 10 \
	--max-missing 0 --max-extra 0 --max-errno 0 --max-strings 0 --max-bare-pct 1 --same-events ||
	fail "perf-bpf trace differs from strace (tests/strace-compare/compare --details says where)"
