#!/usr/bin/env bash
# No binary input under tests/ (a fuzz seed, an object, a recording) holds a path of the
# machine that made it: /work, /root, /home or /tmp (tests/fuzz/unpath.py rewrites them).
source "$(dirname "$0")/lib.sh"
cd "$TOP" || fail "no $TOP"
if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
	git ls-files -z tests >"$T/files"
else
	find tests -type f -print0 >"$T/files"
fi
n=0 bad=0
while IFS= read -r -d '' f; do
	grep -Iq . "$f" 2>/dev/null && continue # text: the tests' own sources
	[ -s "$f" ] || continue
	n=$((n + 1))
	p=$(grep -aoE '/(work|root|home|tmp)/[[:graph:]]*' "$f" | head -1)
	[ -z "$p" ] || { echo "$f: $p"; bad=$((bad + 1)); }
done <"$T/files"
[ $n -gt 0 ] || fail "no binary file under tests/"
[ $bad = 0 ] || fail "$bad of $n binary files hold a path of the machine that made them"
echo "$n binary files, none with a machine's path"
