#!/usr/bin/env bash
# -G CGROUP: two cgroups made here, 100,000 getppid calls in one and 200,000 in the other at
# once; trace -G (by name, path, full path; with and without -a) counts only its cgroup's, exactly;
# --json records carry the cgroup's id and path; record --all-cgroups writes a file whose samples
# stock perf attributes to each cgroup's path; a bad -G is one ERROR line and its Hint
source "$(dirname "$0")/lib.sh"
need_root

mnt=$(awk '$9 == "cgroup2" { print $5; exit }' /proc/self/mountinfo)
[ -n "$mnt" ] || skip "no cgroup2 file system mounted (the kernel's cgroup v2)"
A=pb-e2e-a.$$ B=pb-e2e-b.$$
mkdir "$mnt/$A" "$mnt/$B" || fail "cannot make cgroups under $mnt"
on_exit "rmdir '$mnt/$A' '$mnt/$B' 2>/dev/null"
W=$(workload getppid-loop)

# both [N_A N_B]: a loop in each cgroup at once (100,000 and 200,000 calls); each shell moves
# itself into its cgroup, then execs the loop (the move is seen: the shell's calls before it
# are outside)
cat >"$T/both" <<EOS
#!/bin/sh
sh -c 'echo \$\$ >"$mnt/$A/cgroup.procs" && exec "$W" \${1:-100000}' - "\$1" &
sh -c 'echo \$\$ >"$mnt/$B/cgroup.procs" && exec "$W" \${1:-200000}' - "\$2" &
wait
EOS
chmod +x "$T/both"

# calls OUT: "COMM CALLS" for each table of a -s summary (its getppid row's calls)
calls() {
	awk '/ calls, / { comm = $1 } $1 == "getppid" { print comm, $2 }' "$1" | sort
}

summary() { # WHAT EXPECTED ARGS...
	local what=$1 want=$2
	shift 2
	"$PERF_BPF" trace "$@" -s -e getppid -- "$T/both" >"$T/out" 2>&1 || fail "$what: $(cat "$T/out")"
	expect_eq "$what" "$want" "$(calls "$T/out")"
}
summary "-G by name" "getppid-loop 100000" -G "$A"
summary "-G by path" "getppid-loop 200000" -G "/$B"
summary "-G by the directory's path" "getppid-loop 100000" -G "$mnt/$A"
summary "-a -G" "getppid-loop 100000" -a -G "$A"
summary "-a -G, the other" "getppid-loop 200000" -a -G "$B"
# the root holds every task: the shells' own getppid (sh's $PPID) before they moved too
summary "-G of the root" "$(printf 'both 1\ngetppid-loop 100001\ngetppid-loop 200001')" -G /

# a scriptlet's outputs (its bpf-output channel): only those made while the cgroup's tasks run,
# with and without -a, beside the system calls too
if command -v clang >/dev/null; then
	hello=$TOP/tests/fixtures/bpf/getppid-hello.c
	outputs() { # WHAT EXPECTED ARGS...
		local what=$1 want=$2
		shift 2
		"$PERF_BPF" trace "$@" -e "$hello" -- "$T/both" 1000 2000 >"$T/out" 2>&1 ||
			fail "$what: $(tail -3 "$T/out")"
		expect_eq "$what" "$want" "$(grep -c 'BPF string: "hello"' "$T/out")"
	}
	outputs "a scriptlet, -G" 1000 --no-syscalls -G "$A"
	outputs "a scriptlet, -a -G" 2000 --no-syscalls -a -G "$B"
	outputs "a scriptlet beside the calls, -G" 1000 -G "$A" -e getppid
fi
# a tracepoint's samples, which would follow the command's tasks: opened for the cgroup too
"$PERF_BPF" trace -G "$B" -e syscalls:sys_enter_getppid -- "$T/both" 1000 2000 >"$T/out" 2>"$T/err" ||
	fail "a tracepoint, -G: $(tail -3 "$T/err")"
expect_eq "a tracepoint's samples, -G" "2000" "$(grep -c 'getppid-loop .*sys_enter_getppid' "$T/out")"
expect_eq "a tracepoint's samples, -G, of others" "0" "$(grep -vc 'getppid-loop .*sys_enter_getppid' "$T/out")"

# --json: every record of A's loop carries A's id and path; none of B's is there (each call
# counted by its result: a call whose exit reached the lines after the next entry, which a
# busy machine's reader may let happen, prints in two objects, the first with no result)
id_a=$(stat -c %i "$mnt/$A")
"$PERF_BPF" trace -G "$A" -e getppid --json -- "$T/both" >"$T/json" 2>"$T/err" ||
	fail "trace --json: $(cat "$T/err")"
got=$(jq -r 'select(.type == "syscall" and .ret != null) | "\(.name) \(.cgroup_id) \(.cgroup)"' "$T/json" |
	sort | uniq -c | awk '{ print $1, $2, $3, $4 }')
expect_eq "--json's cgroup" "100000 getppid $id_a /$A" "$got"
# without -G too, each loop's records name its own cgroup
"$PERF_BPF" trace -e getppid --json -- "$T/both" >"$T/json" 2>"$T/err" ||
	fail "trace --json: $(cat "$T/err")"
got=$(jq -r 'select(.type == "syscall" and .comm == "getppid-loop" and .ret != null) | .cgroup' "$T/json" |
	sort | uniq -c | awk '{ print $1, $2 }')
expect_eq "--json's cgroups" "$(printf '100000 /%s\n200000 /%s' "$A" "$B")" "$got"

# record --all-cgroups: each sample's cgroup, and its path, for stock perf (an entry and an
# exit a call, and the process's end)
"$PERF_BPF" record --all-cgroups -e getppid -o "$T/perf.data" -- "$T/both" >"$T/out" 2>&1 ||
	fail "record --all-cgroups: $(cat "$T/out")"
if command -v perf >/dev/null; then
	perf report -i "$T/perf.data" --stdio -F sample,comm,cgroup >"$T/report" 2>"$T/err" ||
		fail "perf report: $(cat "$T/err")"
	got=$(awk '$2 == "getppid-loop" { print $1, $3 }' "$T/report" | sort)
	expect_eq "perf report's cgroups" "$(printf '200001 /%s\n400001 /%s' "$A" "$B")" "$got"
	perf report -i "$T/perf.data" --stats >"$T/stats" 2>&1 || fail "perf report --stats: $(cat "$T/stats")"
	expect_match "CGROUP records" "CGROUP events: +[1-9]" "$(cat "$T/stats")"
	perf script -i "$T/perf.data" -F comm,tid >/dev/null 2>"$T/err" || fail "perf script: $(cat "$T/err")"
	perf inject -i "$T/perf.data" -o "$T/inject.data" 2>"$T/err" || fail "perf inject: $(cat "$T/err")"
	perf evlist -i "$T/perf.data" -v >"$T/evlist" 2>&1 || fail "perf evlist: $(cat "$T/evlist")"
	expect_match "sample type" "sample_type: [A-Z|]*CGROUP" "$(grep syscalls "$T/evlist")"
fi
# (each call by its result, as above)
got=$("$PERF_BPF" script -i "$T/perf.data" --json 2>/dev/null |
	jq -r 'select(.type == "syscall" and .comm == "getppid-loop" and .ret != null) | .cgroup' |
	sort | uniq -c | awk '{ print $1, $2 }')
expect_eq "script --json's cgroups" "$(printf '100000 /%s\n200000 /%s' "$A" "$B")" "$got"

# a bad -G: one ERROR line and its Hint, status 129
bad() { # WHAT STATUS ARGS...
	local what=$1 want=$2 st=0
	shift 2
	"$@" >"$T/out" 2>&1 || st=$?
	expect_eq "$what: status" "$want" "$st"
	expect_eq "$what: ERROR lines" 1 "$(grep -c '^ERROR:' "$T/out")"
	expect_eq "$what: Hint lines" 1 "$(grep -c '^Hint:' "$T/out")"
	expect_eq "$what: lines" 2 "$(wc -l <"$T/out")"
}
bad "no such cgroup" 129 "$PERF_BPF" trace -G "no-such-$$" -- true
bad "no such path" 129 "$PERF_BPF" trace -G "/no/such-$$" -s -- true
mkdir "$mnt/$A/twin" "$mnt/$B/twin"
on_exit "rmdir '$mnt/$A/twin' '$mnt/$B/twin' 2>/dev/null"
bad "a name of two cgroups" 129 "$PERF_BPF" trace -G twin -- true
# no cgroup2 mount (in a mount namespace of its own): the machine's error, status 1
if unshare -m true 2>/dev/null; then
	bad "no cgroup2 mount" 1 unshare -m sh -c \
		"awk '\$9 == \"cgroup2\" { print \$5 }' /proc/self/mountinfo | xargs -r -n1 umount -l; \
		 exec '$PERF_BPF' trace -G '$A' -- true"
fi
echo "PASS"
