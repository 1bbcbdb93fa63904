#!/usr/bin/env bash
# bad inputs: every case of tests/bad-inputs/cases fails cleanly with its one-line error
source "$(dirname "$0")/lib.sh"
"$TOP/tests/bad-inputs/run.sh"
