#!/usr/bin/env bash
# script -i -: a pipe is printed round by round as it arrives, in bounded memory; a file
# whose attrs all claim the same id table is refused at once
source "$(dirname "$0")/lib.sh"
mk() { python3 "$TOP/tests/fixtures/script/mkperfdata.py" "$@" || fail "cannot build $2"; }

# 1. Streaming: the writer sends a first round, waits until it is printed, then the rest.
mk first-round "$T/first.data"
mk next-round "$T/next.data"
mkfifo "$T/in"
"$PERF_BPF" script -i - <"$T/in" >"$T/out" 2>"$T/err" &
pid=$!
exec 3>"$T/in"
cat "$T/first.data" >&3
# Not a timing window: the loop ends as soon as the line is there; the bound only stops a
# reader that waits for the end of its input from hanging the test.
for ((i = 0; i < 600; i++)); do
	grep -q 'BPF string: "first"' "$T/out" && break
	kill -0 $pid 2>/dev/null || break
	sleep 0.1
done
grep -q 'BPF string: "first"' "$T/out" ||
	{ exec 3>&-; wait $pid; fail "the first round was not printed before the input ended"; }
grep -q second "$T/out" && fail "the second round was printed before it was sent"
cat "$T/next.data" >&3
exec 3>&-
wait $pid || fail "script failed: $(cat "$T/err")"
expect_eq "samples printed" 2 "$(grep -c 'BPF string' "$T/out")"
grep -q 'BPF string: "second"' "$T/out" || fail "the second round is missing"

# 2. A 200 MB pipe: memory stays bounded (the rounds not printed yet, not the input).
N=${SCRIPT_PIPE_SAMPLES:-3000000} # 72 bytes each
mk big /dev/stdout "$N" | /usr/bin/time -f '%M %e' -o "$T/rss" "$PERF_BPF" script -i - \
	>"$T/big.out" 2>"$T/err" || fail "script of the big pipe failed: $(cat "$T/err")"
read -r rss secs <"$T/rss"
expect_eq "samples printed" "$N" "$(grep -c 'BPF string' "$T/big.out")"
echo "a $((N * 72 / 1000000)) MB pipe: max RSS $((rss / 1024)) MB, ${secs}s"
[ "$rss" -lt $((64 * 1024)) ] || fail "max RSS ${rss} KB for a pipe read round by round"

# 2b. A file's layout through a pipe (it must be seeked in): spooled to a temporary file,
# not held in memory; it prints what the file prints.
N=${SCRIPT_PIPE_SEEKABLE_SAMPLES:-1500000}
mk big-seekable "$T/seekable.data" "$N"
"$PERF_BPF" script -i "$T/seekable.data" >"$T/seekable.file.out" 2>&1 || fail "script of the file failed"
cat "$T/seekable.data" | /usr/bin/time -f '%M %e' -o "$T/rss" "$PERF_BPF" script -i - \
	>"$T/seekable.pipe.out" 2>"$T/err" || fail "script of the piped file failed: $(cat "$T/err")"
read -r rss secs <"$T/rss"
echo "a $((N * 72 / 1000000)) MB file through a pipe: max RSS $((rss / 1024)) MB, ${secs}s"
cmp -s "$T/seekable.file.out" "$T/seekable.pipe.out" || fail "the piped file does not print what the file prints"
[ "$rss" -lt $((64 * 1024)) ] || fail "max RSS ${rss} KB for a file's layout through a pipe"
# no room for the temporary file: one clear error
cat "$T/seekable.data" | TMPDIR=$T/none "$PERF_BPF" script -i - >/dev/null 2>"$T/err" &&
	fail "script passed without a temporary directory"
expect_eq "error without a temporary directory" \
	"ERROR: cannot read '-': a file's layout read from a pipe is kept in a temporary file in '$T/none': No such file or directory" \
	"$(head -1 "$T/err")"
rm -f "$T/seekable.data" "$T/seekable.file.out" "$T/seekable.pipe.out"

# 3. Read through the window (records crossing its moves), a pipe prints what the file does.
mk big "$T/mid.data" 300000
"$PERF_BPF" script -i "$T/mid.data" >"$T/file.out" 2>&1 || fail "script of the file failed"
cat "$T/mid.data" | "$PERF_BPF" script -i - >"$T/pipe.out" 2>&1 || fail "script of the pipe failed"
cmp -s "$T/file.out" "$T/pipe.out" || fail "the pipe does not print what the file prints"

# 4. 512 attrs sharing one 1 MiB id table: one clear error, at once (no time asserted).
mk shared-ids "$T/shared.data" 512
/usr/bin/time -f '%M %e' -o "$T/rss" "$PERF_BPF" script -i "$T/shared.data" >"$T/out" 2>"$T/err"
rc=$?
read -r rss secs < <(tail -1 "$T/rss")
echo "512 attrs sharing 1 MiB of ids: exit $rc, max RSS $((rss / 1024)) MB, ${secs}s"
expect_eq "exit status" 1 "$rc"
expect_eq "stderr" "ERROR: cannot read '$T/shared.data': attrs 0 and 1 share the ids at 0x68" \
	"$(cat "$T/err")"
exit 0
