#!/bin/sh
# The shape of the code (tests/structure.lua): short functions, no call
# cycle among the core's files outside the turn unit, no include cycles.
# Reads the release build's objects. Writes "passed failed" to
# build/structure-tests.result.
set -u
cd "$(dirname "$0")/.."
mkdir -p build
out=$(lua5.4 tests/structure.lua 2>&1)
status=$?
printf '%s\n' "$out"
line=$(printf '%s\n' "$out" | tail -n 1)
p=$(echo "$line" | sed -n 's/^structure: \([0-9]*\) passed, \([0-9]*\) failed$/\1/p')
f=$(echo "$line" | sed -n 's/^structure: \([0-9]*\) passed, \([0-9]*\) failed$/\2/p')
[ -z "$p" ] && { p=0; f=1; }
[ "$status" -ne 0 ] && [ "$f" -eq 0 ] && f=1
echo "$p $f" > build/structure-tests.result
[ "$f" -eq 0 ]
