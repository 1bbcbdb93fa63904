#!/usr/bin/env bash
# Every perf-bpf command README.md shows runs as written: each line of its code that starts
# with ./perf-bpf (or "$ ./perf-bpf", a command shown with its output), in README order, in a
# directory where ./perf-bpf is the binary under test and examples/ and build/ are the
# repository's; none may exit non-zero or print an ERROR line
source "$(dirname "$0")/lib.sh"
need_root

mapfile -t cmds < <(sed -n 's/^[[:space:]]*\(\$ \)\{0,1\}\(\.\/perf-bpf .*\)$/\2/p' "$TOP/README.md")
[ "${#cmds[@]}" -ge 20 ] || fail "only ${#cmds[@]} commands found in README.md"

mkdir "$T/run" && cd "$T/run" || exit 1
ln -s "$PERF_BPF" perf-bpf
ln -s "$TOP/examples" examples
ln -s "$BUILD" build
for cmd in "${cmds[@]}"; do
	[[ ${cmd%% #*} == *...* ]] && fail "a placeholder in README.md's '$cmd'"
	timeout -s INT 120 bash -c "$cmd" >"$T/out" 2>"$T/err" </dev/null ||
		fail "README.md's '$cmd' exited $?: $(head -5 "$T/err")"
	grep -q '^ERROR' "$T/err" "$T/out" && fail "README.md's '$cmd' printed: $(grep '^ERROR' "$T/err" "$T/out")"
done
exit 0
