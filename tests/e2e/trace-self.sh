#!/usr/bin/env bash
# trace -a: perf-bpf is not in its own results. What it reads of the system (/proc, tracefs)
# is read before the programs are attached, and its own samples are dropped.
source "$(dirname "$0")/lib.sh"
need_root

# A name of its own, so that no other perf-bpf on the machine is counted with this one.
self=pbself$$
self=${self:0:15}
ln -s "$PERF_BPF" "$T/$self"

"$T/$self" trace -e "$TOP/examples/count.c" -a -- sleep 0.2 >"$T/out" 2>"$T/err" ||
	fail "count.c -a: $(cat "$T/err")"
grep -q '^@counts\[' "$T/out" || fail "no counts: $(head -5 "$T/out")"
n=$(sed -n "s/^@counts\[$self\]: //p" "$T/out")
[ "${n:-0}" -le 1 ] || fail "perf-bpf counted $n openat calls of its own (at most 1)"

"$T/$self" trace -e "$TOP/examples/typed.c" -a -- cat /etc/hostname >"$T/out" 2>"$T/err" ||
	fail "typed.c -a: $(cat "$T/err")"
grep -q "comm=cat " "$T/out" || fail "the workload's opens are missing: $(head -5 "$T/out")"
grep "comm=$self " "$T/out" | head -3 >"$T/own"
[ -s "$T/own" ] && fail "perf-bpf's own opens shown: $(cat "$T/own")"
echo "ok"
