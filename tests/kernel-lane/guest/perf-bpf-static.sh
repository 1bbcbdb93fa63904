#!/usr/bin/env bash
# The static perf-bpf runs in the guest: version, command list, `query --all`, and `trace`
# of a BPF object precompiled on the host, each part once the command exists.
source "$TOP/tests/e2e/lib.sh"

out=$("$PERF_BPF" --version) || fail "perf-bpf --version exited $?"
expect_match "version line" '^perf-bpf version [0-9]' "$out"
cmds=$("$PERF_BPF" --list-cmds) || fail "perf-bpf --list-cmds exited $?"
expect_match "command list" 'record' "$cmds"
if grep -qx query <<<"$cmds"; then
	"$PERF_BPF" query --all >"$T/query.out" 2>"$T/query.err"
	rc=$?
	cat "$T/query.out" "$T/query.err"
	expect_eq "perf-bpf query --all exit status" 0 "$rc"
	grep -q '^ERROR' "$T/query.err" && fail "perf-bpf query --all printed an error"
fi
obj=$TOP/tests/fixtures/bpf/getppid-hello.o
if grep -qx trace <<<"$cmds" && [ -f "$obj" ] && [ -x "$(workload getppid-loop)" ]; then
	"$PERF_BPF" trace -e "$obj" -- "$(workload getppid-loop)" 3 >"$T/trace.out" 2>"$T/trace.err"
	rc=$?
	cat "$T/trace.err"
	expect_eq "perf-bpf trace exit status" 0 "$rc"
	expect_eq "hello records traced" 3 "$(grep -c 'BPF string: "hello"' "$T/trace.out")"
	echo "perf-bpf trace: 3 records from $(basename "$obj")"
fi
echo "perf-bpf ran on $(uname -r)"
