#!/usr/bin/env bash
# trace: a call that never returns prints once, whole or as its entry's line and its
# '[continued]' end, never twice: a pipeline whose processes end while the others' lines
# print, 20 times; and recvfrom's data and its sender's address, each in its own slot.
source "${TOP:-$(dirname "$0")/../..}/tests/e2e/lib.sh"
need_root

for i in $(seq 20); do
	"$PERF_BPF" trace -e exit_group,write,read -o "$T/run" -- \
		sh -c 'tar cf - /usr/share/doc/bash 2>/dev/null | wc -c' >/dev/null 2>"$T/err" ||
		fail "run $i: trace exited $?: $(tail -n 3 "$T/err")"
	# each process's exit_group: one whole line, or one entry and its continuation
	awk '/ exit_group\(/ {
		match($0, /\/[0-9]+ /); tid = substr($0, RSTART + 1, RLENGTH - 2)
		if ($0 ~ /\.\.\. \[continued\]: exit_group/) cont[tid]++
		else if ($0 ~ / \.\.\.$/) entry[tid]++
		else whole[tid]++
		seen[tid] = 1
	}
	END {
		for (t in seen) {
			if (whole[t] + entry[t] != 1 || cont[t] != entry[t])
				printf "tid %s: %d whole, %d entries, %d continued\n", t, whole[t], entry[t], cont[t]
		}
		if (length(seen) < 3) print "only " length(seen) " exit_group lines"
	}' "$T/run" >"$T/bad"
	[ -s "$T/bad" ] && fail "run $i: $(head -n 3 "$T/bad")"
done

# recvfrom: the payload as the data, the sender's address as the address, as strace has them
w=$(workload cmp-sockets)
[ -x "$w" ] || fail "build the tests first: no $w"
"$PERF_BPF" trace -e sendto,recvfrom -o "$T/sock" -- "$w" >/dev/null 2>"$T/err" || fail "trace exited $?"
send=$(grep -m1 'buff: "PAYLOAD-XYZ"' "$T/sock")
recv=$(grep -m1 'ubuf: "PAYLOAD-XYZ"' "$T/sock")
expect_match "recvfrom's data and address" 'recvfrom\(fd: [0-9]+, ubuf: "PAYLOAD-XYZ", size: 64, addr: 127\.0\.0\.1:[0-9]+, addr_len: \[16\]\) += 11' "$recv"
expect_match "sendto's data and address" 'sendto\(fd: [0-9]+, buff: "PAYLOAD-XYZ", len: 11, addr: 127\.0\.0\.1:[0-9]+' "$send"
