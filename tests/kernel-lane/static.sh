#!/usr/bin/env bash
# Build the guest's programs (perf-bpf and the tests, linked statically) into BUILD/static.
# Usage: static.sh BUILD
# A fresh make: a calling make's flags (MAKEFLAGS, and `make asan`'s sanitizer flags, which
# make exports as environment variables) must not reach a static link.
top=$(cd "$(dirname "$0")/../.." && pwd)
exec env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL -u CFLAGS -u EXTRA_CFLAGS -u LDFLAGS \
	-u EXTRA_LDFLAGS make -C "$top" -j"$(nproc)" --no-print-directory BUILD="$1" static
