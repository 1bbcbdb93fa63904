#!/usr/bin/env bash
# map:NAME.value terms reach the program: every slot, index lists and ranges (only those slots), truncation to the value size
source "$(dirname "$0")/lib.sh"
need_root
command -v clang >/dev/null || skip "no clang"

fx=$TOP/tests/fixtures/bpf/objconf-value.c
W=$(workload getppid-loop)

# report FILE: one line per sample of the workload: "s0 s1 ... s7 wide narrow" (the program's struct)
report() {
	python3 - "$1" <<'PY'
import json, struct, sys
for line in open(sys.argv[1]):
    j = json.loads(line)
    if j.get("event") != "__bpf_stdout__" or j.get("comm") != "getppid-loop":
        continue
    raw = bytes.fromhex(j["raw"])[:48]
    slots = struct.unpack("<8I", raw[:32])
    wide, narrow = struct.unpack("<QB", raw[32:41])
    print(" ".join(str(s) for s in slots), hex(wide), narrow)
PY
}

# run NAME TERMS: trace 2 getppid calls with the object's terms; the report lines in $T/NAME
run() {
	"$PERF_BPF" trace --json -e "$fx/$2/" -- "$W" 2 >"$T/$1.json" 2>"$T/$1.err" ||
		fail "$1: trace exited $? ($(cat "$T/$1.err"))"
	report "$T/$1.json" >"$T/$1" || fail "$1: cannot decode $(head -2 "$T/$1.json")"
	expect_eq "$1: samples" 2 "$(wc -l <"$T/$1")"
	expect_eq "$1: both samples alike" 1 "$(sort -u "$T/$1" | wc -l)"
}

# no terms: the maps hold zeros
run none "map:slots.value[0]=0"
expect_eq "no terms" "0 0 0 0 0 0 0 0 0x0 0" "$(head -1 "$T/none")"

# every slot, a 64-bit value, a value cut to the map's one byte
run all "map:slots.value=41,map:wide.value=0x123456789abcdef0,map:narrow.value=0x1ff"
expect_eq "every slot" "41 41 41 41 41 41 41 41 0x123456789abcdef0 255" "$(head -1 "$T/all")"

# a list and an inclusive range: exactly slots 1, 3, 4, 5 and nothing else
run ranges "map:slots.value[1,3...5]=7"
expect_eq "slots 1,3...5" "0 7 0 7 7 7 0 0 0x0 0" "$(head -1 "$T/ranges")"

# later terms win on the slots they name; [all] is every slot
run layered "map:slots.value[all]=2,map:slots.value[6...7]=9,map:slots.value[0]=0xffffffff"
expect_eq "layered terms" "4294967295 2 2 2 2 2 9 9 0x0 0" "$(head -1 "$T/layered")"

# overlapping ranges set each slot once; a value wider than the slot is cut
run overlap "map:slots.value[2...4,3...6,4]=0x100000005"
expect_eq "overlapping ranges" "0 0 5 5 5 5 5 0 0x0 0" "$(head -1 "$T/overlap")"
echo "ok"
