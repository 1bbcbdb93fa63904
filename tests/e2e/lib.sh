# shellcheck shell=bash
# Shared by the end-to-end tests: sourced first thing.
#   PERF_BPF   the binary under test      TOP    the repository
#   PERF_BPF_TESTBUILD   the same program built with its test hooks (lib/util/testhook.h),
#              for the runs a test steers through a PERF_BPF_TEST_* variable (need_testbuild)
#   T          a private temp dir, removed at exit (with anything registered by on_exit)
# A test exits 0 on pass, 1 on fail, 2 on skip (say why on the last line).
set -u
: "${TOP:=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)}"
: "${PERF_BPF:=$TOP/perf-bpf}"
: "${BUILD:=$TOP/build}"
: "${PERF_BPF_TESTBUILD:=$BUILD/test/perf-bpf}"
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
# fail_test MSG: fail from inside $(...) too, where exit ends only the subshell
trap 'exit 1' USR1
fail_test() { echo "FAIL: $*" >&2; kill -USR1 $$; exit 1; }
need_root() { [ "$(id -u)" = 0 ] || skip "needs root"; }
# The shipped binary ignores the PERF_BPF_TEST_* hooks: a test that uses one runs the test build.
need_testbuild() {
	[ -x "$PERF_BPF_TESTBUILD" ] || fail "no test build at $PERF_BPF_TESTBUILD ('make tests' makes it)"
}
workload() { echo "$BUILD/tests/workloads/$1"; }
# workload_at O0|O1|O2 NAME: the workload built at that level (the default build is -O1)
workload_at() { if [ "$1" = O1 ]; then workload "$2"; else workload "$1/$2"; fi; }

# expect_eq WHAT EXPECTED ACTUAL
expect_eq() { [ "$2" = "$3" ] || fail "$1: expected '$2', got '$3'"; }
# expect_match WHAT REGEX TEXT
expect_match() { [[ "$3" =~ $2 ]] || fail "$1: '$3' does not match /$2/"; }
# re_quote TEXT: TEXT as an extended regex matching it literally (a path may hold '+', '.')
re_quote() { printf '%s' "$1" | sed 's/[][\\.^$*+?(){}|]/\\&/g'; }
# expect_file_eq EXPECTED_FILE ACTUAL_FILE
expect_file_eq() { diff -u "$1" "$2" || fail "output differs from $1"; }

# bpf_progs: the BPF programs loaded, a line each as bpftool prints them ("ID: TYPE  name
# NAME  tag TAG"), by tests/runners/bpf-progs (the kernel lane has no bpftool).
# bpftool_show link|perf [ARGS]: what bpftool lists. Both fail the test when they cannot
# say, since a leak check that counts nothing passes whatever leaked.
bpf_progs() {
	local out
	out=$("$BUILD/tests/runners/bpf-progs" 2>&1) || fail_test "cannot list BPF programs: $out"
	printf '%s\n' "$out"
}
bpftool_show() {
	local out
	command -v bpftool >/dev/null || fail_test "no bpftool, to list BPF $1s"
	out=$(bpftool "$1" show "${@:2}" 2>&1) || fail_test "bpftool $* show failed: $out"
	printf '%s\n' "$out"
}
# Count of BPF programs (named NAME, if given) / links currently loaded, for leak checks.
# Prefer a name: other BPF users on the machine come and go.
bpf_prog_count() {
	local out
	out=$(bpf_progs) || exit 1
	if [ $# -gt 0 ]; then
		grep -c "^[0-9]*: .* name $1 " <<<"$out"
	else
		grep -c '^[0-9]*:' <<<"$out"
	fi
}
bpf_link_count() {
	local out
	out=$(bpftool_show link) || exit 1
	grep -c '^[0-9]*:' <<<"$out"
}
# Wait until no program named NAME is loaded (the kernel frees them from a work queue);
# gives up after a minute, long enough for a busy machine.
wait_prog_gone() {
	for _ in $(seq 600); do
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

# report_samples FILE [EVENT]: the SAMPLE count stock `perf report --stats` gives for FILE
# (all events, or EVENT's own), 0 when it lists none; fails when perf report fails.
report_samples() {
	perf report --stats -i "$1" >"$T/stats.out" 2>"$T/stats.err" ||
		fail "perf report --stats -i $1 exited $?: $(tail -3 "$T/stats.err")"
	grep -q "unexpected end of event stream" "$T/stats.err" &&
		fail "perf report --stats -i $1: $(cat "$T/stats.err")"
	awk -v ev="${2:-}" '
		ev == "" && /^ *SAMPLE events:/ { print $3; found = 1; exit }
		ev != "" && $0 == ev " stats:" { in_ev = 1; next }
		in_ev && /^ *SAMPLE events:/ { print $3; found = 1; exit }
		in_ev && /stats:$/ { exit }
		END { if (!found) print 0 }' "$T/stats.out"
}

# Crash files from what reached the disk (tests/diskwrites/diskwrites.h): run a command as
# with_disk_log FILE LOG CMD..., then killed_states LOG lists the files a kill -9 could have
# left, one "NTH PART" line each in the order they happen: after each write or truncation,
# and inside each write at its first and middle page boundaries (a kill stops a write between
# pages only). cut_as_killed LOG NTH PART OUT writes that file to OUT.
DISKWRITES_SO=$BUILD/tests/diskwrites/diskwrites.so
with_disk_log() {
	[ -e "$DISKWRITES_SO" ] || fail "no $DISKWRITES_SO ('make tests' makes it)"
	DISKWRITES_FILE=$(realpath -m "$1") DISKWRITES_LOG=$2 LD_PRELOAD=$DISKWRITES_SO "${@:3}"
}
_disk_ops='
import struct, sys
def ops(path):
    d, i = open(path, "rb").read(), 0
    while i < len(d):
        kind, off, n = struct.unpack("<QQQ", d[i:i + 24])
        yield chr(kind), off, d[i + 24:i + 24 + n]
        i += 24 + n
'
killed_states() {
	python3 -c "$_disk_ops"'
for nth, (kind, off, data) in enumerate(ops(sys.argv[1])):
    stops = [p - off for p in range(off // 4096 * 4096 + 4096, off + len(data), 4096)]
    for part in sorted(set(stops[:1] + stops[len(stops) // 2:][:1])) + [len(data)]:
        print(nth, part)' "$1"
}
cut_as_killed() {
	python3 -c "$_disk_ops"'
f = bytearray()
for nth, (kind, off, data) in enumerate(ops(sys.argv[1])):
    if nth > int(sys.argv[2]):
        break
    if kind == "t":
        del f[off:]
        f.extend(bytes(off - len(f)))
        continue
    data = data[:int(sys.argv[3])] if nth == int(sys.argv[2]) else data
    f.extend(bytes(max(0, off + len(data) - len(f))))
    f[off:off + len(data)] = data
open(sys.argv[4], "wb").write(f)' "$@"
}
