# shellcheck shell=bash
# Shared by the end-to-end tests: sourced first thing.
#   PERF_BPF   the binary under test      TOP    the repository
#   T          a private temp dir, removed at exit (with anything registered by on_exit)
# A test exits 0 on pass, 1 on fail, 2 on skip (say why on the last line).
set -u
: "${TOP:=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)}"
: "${PERF_BPF:=$TOP/perf-bpf}"
: "${BUILD:=$TOP/build}"
export XDG_CACHE_HOME
T=$(mktemp -d /tmp/perf-bpf-e2e.XXXXXX)
XDG_CACHE_HOME=$T/cache  # a test never shares the user's compile cache
_exit_cmds=("rm -rf '$T'")
on_exit() { _exit_cmds=("$*" "${_exit_cmds[@]}"); }
_run_exit() { for c in "${_exit_cmds[@]}"; do eval "$c"; done; }
trap _run_exit EXIT

"$TOP/scripts/mounts.sh"

skip() { echo "SKIP: $*"; exit 2; }
fail() { echo "FAIL: $*"; exit 1; }
need_root() { [ "$(id -u)" = 0 ] || skip "needs root"; }
workload() { echo "$BUILD/tests/workloads/$1"; }

# expect_eq WHAT EXPECTED ACTUAL
expect_eq() { [ "$2" = "$3" ] || fail "$1: expected '$2', got '$3'"; }
# expect_match WHAT REGEX TEXT
expect_match() { [[ "$3" =~ $2 ]] || fail "$1: '$3' does not match /$2/"; }
# expect_file_eq EXPECTED_FILE ACTUAL_FILE
expect_file_eq() { diff -u "$1" "$2" || fail "output differs from $1"; }

# Count of BPF programs (named NAME, if given) / links currently loaded, for leak checks.
# Prefer a name: other BPF users on the machine come and go.
bpf_prog_count() {
	if [ $# -gt 0 ]; then
		bpftool prog show 2>/dev/null | grep -c "^[0-9]*: .* name $1 "
	else
		bpftool prog show 2>/dev/null | grep -c '^[0-9]*:'
	fi
}
bpf_link_count() { bpftool link show 2>/dev/null | grep -c '^[0-9]*:'; }
# Wait until no program named NAME is loaded (the kernel frees them from a work queue).
wait_prog_gone() {
	for _ in $(seq 50); do
		[ "$(bpf_prog_count "$1")" = 0 ] && return 0
		sleep 0.1
	done
	return 1
}

# wait_pipe_full FD: until the pipe open on FD (read end, never read) holds 60 KiB of its
# 64: a writer into it then waits for room. Fails after a minute.
wait_pipe_full() {
	python3 - "$1" <<'PY' || fail "the pipe did not fill"
import array, fcntl, sys, termios, time
for _ in range(1200):
    n = array.array('i', [0])
    fcntl.ioctl(int(sys.argv[1]), termios.FIONREAD, n)
    if n[0] >= 60 * 1024:
        raise SystemExit(0)
    time.sleep(0.05)
raise SystemExit(1)
PY
}
