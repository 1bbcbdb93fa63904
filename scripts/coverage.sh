#!/usr/bin/env bash
# Line coverage of the program and the library, per folder, from the gcov counts a run of
# the suite left in BUILD (`make coverage` builds it with --coverage and runs every test).
# Objects no test ran count with all their lines unexecuted.
# Usage: scripts/coverage.sh [-f] BUILD   -- prints "FOLDER LINES EXECUTED PERCENT" rows
#   -f: a row per file as well, under its folder's
set -u
files=0
[ "${1:-}" = -f ] && { files=1; shift; }
build=${1:?usage: coverage.sh [-f] BUILD}
top=$(cd "$(dirname "$0")/.." && pwd)
command -v gcov >/dev/null || { echo "ERROR: gcov is not installed" >&2; exit 1; }
cd "$top" || exit 1
# lib/ and src/ objects only: not the generated parsers, the tests or the test build's hooks
find "$build/lib" "$build/src" -name '*.gcno' | sort |
	while read -r gcno; do
		gcov --json-format --stdout --object-directory "$(dirname "$gcno")" "$gcno" 2>/dev/null
	done | python3 -c '
import collections, json, os, sys

lines = collections.defaultdict(dict)  # file: {line: executed}
for doc in sys.stdin:
    doc = doc.strip()
    if not doc:
        continue
    for f in json.loads(doc)["files"]:
        path = os.path.normpath(f["file"])
        if not (path.startswith("lib/") or path.startswith("src/")):
            continue
        seen = lines[path]
        for l in f["lines"]:
            seen[l["line_number"]] = seen.get(l["line_number"], False) or l["count"] > 0

folders = collections.defaultdict(lambda: [0, 0])
for path, seen in lines.items():
    keys = [os.path.dirname(path), "all"] + ([path] if sys.argv[1] == "1" else [])
    for key in keys:
        folders[key][0] += len(seen)
        folders[key][1] += sum(seen.values())
print("%-28s %7s %9s %6s" % ("folder", "lines", "executed", "cover"))
for key in sorted(folders, key=lambda k: (k == "all", k)):
    n, hit = folders[key]
    print("%-28s %7d %9d %5.1f%%" % (key, n, hit, 100.0 * hit / n if n else 0))
' "$files"
