#!/usr/bin/env bash
# The static perf-bpf runs in the guest: version, command list, and `query --all` when it exists.
source "$TOP/tests/e2e/lib.sh"

out=$("$PERF_BPF" --version) || fail "perf-bpf --version exited $?"
expect_match "version line" '^perf-bpf version [0-9]' "$out"
cmds=$("$PERF_BPF" --list-cmds) || fail "perf-bpf --list-cmds exited $?"
expect_match "command list" 'record' "$cmds"
uname -r
if grep -qx query <<<"$cmds"; then
	"$PERF_BPF" query --all >"$T/query.out" 2>"$T/query.err"
	rc=$?
	cat "$T/query.out" "$T/query.err"
	expect_eq "perf-bpf query --all exit status" 0 "$rc"
	grep -q '^ERROR' "$T/query.err" && fail "perf-bpf query --all printed an error"
fi
echo "perf-bpf ran on $(uname -r)"
