#!/usr/bin/env bash
# a throwaway user: without CAP_BPF/CAP_PERFMON one ERROR and Hint naming what is missing, no
# libbpf lines; with both but a root-only tracefs, the ERROR names the closed path and the Hint
# how to open it
source "$(dirname "$0")/lib.sh"
need_root
command -v setpriv >/dev/null || skip "no setpriv (util-linux)"
command -v useradd >/dev/null && command -v userdel >/dev/null || skip "no useradd/userdel"

user=pbt$$
useradd -M -d "$T/home" -s /bin/sh "$user" >/dev/null 2>&1 || skip "cannot add a user"
on_exit "userdel '$user' >/dev/null 2>&1"
chmod 711 "$T"
mkdir -m 755 "$T/home"
chown "$user:" "$T/home"
as_user() { # as_user CAPS CMD...: CAPS like +bpf,+perfmon, or - for none
	local caps=()
	[ "$1" != - ] && caps=(--inh-caps="$1" --ambient-caps="$1")
	shift
	HOME=$T/home XDG_CACHE_HOME=$T/home/cache setpriv --reuid="$user" --regid="$user" \
		--clear-groups "${caps[@]}" "$@"
}
as_user - test -x "$PERF_BPF" -a -r "$TOP/examples/hello.c" ||
	skip "$user cannot run $PERF_BPF or read the examples"
cd "$T/home" || fail "no home"

# no capabilities: what is missing, said once, before anything is compiled
as_user - "$PERF_BPF" trace -e "$TOP/examples/hello.c" -- true >out 2>err &&
	fail "trace passed without capabilities"
expect_eq "no caps: stderr" "ERROR: running BPF scriptlets needs CAP_BPF and CAP_PERFMON: \
CAP_BPF and CAP_PERFMON are missing
Hint: run as root, or give perf-bpf both capabilities (e.g. 'setcap cap_bpf,cap_perfmon=ep \
perf-bpf')" "$(cat err)"
as_user - "$PERF_BPF" record -e "$TOP/examples/hello.c" -- true 2>err && fail "record passed"
grep -q libbpf err && fail "libbpf lines: $(cat err)"
[ -e perf.data ] && fail "record created perf.data without the capabilities"

# CAP_BPF and CAP_PERFMON, tracefs closed to others: the path, its mode, and the way in
tracefs=$(awk '$3 == "tracefs" { print $2; exit }' /proc/mounts)
[ -n "$tracefs" ] || skip "tracefs not mounted"
id=$tracefs/events/syscalls/sys_enter_clock_nanosleep/id
as_user - test -r "$id" && skip "tracefs is open to every user here: nothing to report"
as_user +bpf,+perfmon "$PERF_BPF" trace -e "$TOP/examples/hello.c" -- true >out 2>err &&
	fail "trace passed with a closed tracefs"
grep -q libbpf err && fail "libbpf lines: $(cat err)"
expect_eq "lines" 2 "$(wc -l <err)"
expect_match "error" "^ERROR: cannot read tracepoint 'syscalls:sys_enter_clock_nanosleep': \
tracefs denies this user $tracefs[^ ]* \(mode 0[0-7]+, owner [^ ]+\)$" "$(head -1 err)"
expect_match "hint" "^Hint: tracepoints need read access to tracefs .*chmod g\+rx? .*gid=GROUP" \
	"$(tail -1 err)"
exit 0
