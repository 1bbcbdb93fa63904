#!/bin/sh
# The version of this tree, from one place: the VERSION file a release tarball carries
# (`make dist` writes it), else `git describe` of the newest v* tag (0.2.0, or 0.2.0+3.gHASH
# three commits after it, +dirty with uncommitted changes), else, in a checkout that has no
# such tag yet, debian/changelog's version and +g and the commit.
#   version.sh [--base]   --base: the release only, without what follows a '+'
set -e
cd "$(dirname "$0")/.."
if [ -r VERSION ]; then
	v=$(cat VERSION)
elif d=$(git describe --tags --match 'v[0-9]*' --dirty 2>/dev/null); then
	v=$(printf '%s\n' "${d#v}" | sed -e 's/-\([0-9]*\)-g\([0-9a-f]*\)/+\1.g\2/' -e 's/-dirty$/+dirty/')
else
	v=$(sed -n '1s/^[^ ]* (\([^)-]*\).*/\1/p' debian/changelog)
	h=$(git rev-parse --short HEAD 2>/dev/null) && v="$v+g$h"
fi
[ "${1-}" = --base ] && v=${v%%+*}
printf '%s\n' "$v"
