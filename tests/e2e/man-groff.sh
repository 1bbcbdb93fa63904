#!/usr/bin/env bash
# man pages: groff renders every page without a warning (groff -ww -man -z prints nothing)
source "$(dirname "$0")/lib.sh"

command -v groff >/dev/null || fail "no groff ('make deps' installs groff-base)"
n=0
for page in "$TOP"/Documentation/*.1; do
	out=$(groff -ww -man -z "$page" 2>&1)
	[ -z "$out" ] || fail "groff on $(basename "$page"): $out"
	n=$((n + 1))
done
[ $n -ge 6 ] || fail "only $n man pages in Documentation/"
exit 0
