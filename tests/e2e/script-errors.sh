#!/usr/bin/env bash
# script: missing, foreign, damaged and cut-off files give one error line (or a warning) and the right exit status
source "$(dirname "$0")/lib.sh"

cd "$T" || fail "no temp dir"
# no perf.data here
"$PERF_BPF" script >out 2>err
expect_eq "status without a file" 1 $?
expect_eq "error line" "ERROR: cannot read 'perf.data': No such file or directory" "$(head -1 err)"
grep -q '^Hint: ' err || fail "no hint: $(cat err)"
[ -s out ] && fail "stdout not empty"

# not a perf.data file
echo "hello, this is not perf data" >text.data
"$PERF_BPF" script -i text.data >out 2>err
expect_eq "status on a text file" 1 $?
expect_match "bad magic" "^ERROR: cannot read 'text.data': .*bad magic" "$(cat err)"

# empty file
: >empty.data
"$PERF_BPF" script -i empty.data >out 2>err
expect_eq "status on an empty file" 1 $?
expect_match "empty" "zero-sized" "$(cat err)"

# a header that points outside the file
python3 "$TOP/tests/fixtures/script/mkperfdata.py" lost good.data || fail "cannot build a file"
cp good.data bad.data
printf '\xff\xff\xff\x7f' | dd of=bad.data bs=1 seek=24 conv=notrunc status=none
"$PERF_BPF" script -i bad.data >out 2>err
expect_eq "status on a bad attr offset" 1 $?
expect_match "outside" "^ERROR: cannot read 'bad.data': attr section .* outside the file" "$(cat err)"

# a streaming file cut inside a record: what came before, a warning, exit 0
python3 "$TOP/tests/fixtures/script/mkperfdata.py" big big.data 100 || fail "cannot build a file"
head -c $(($(stat -c %s big.data) - 20)) big.data >cut.data
"$PERF_BPF" script -i cut.data >out 2>err
expect_eq "status on a cut file" 0 $?
expect_match "cut warning" "ends inside a record" "$(cat err)"
expect_eq "samples before the cut" 99 "$(grep -c 'BPF string: "hello world"' out)"

# usage errors
"$PERF_BPF" script --no-such-option >/dev/null 2>&1
expect_eq "unknown option" 129 $?
"$PERF_BPF" script extra-arg >/dev/null 2>&1
expect_eq "extra operand" 129 $?
"$PERF_BPF" script -F nosuchfield -i good.data >/dev/null 2>&1
expect_eq "bad field" 129 $?
exit 0
