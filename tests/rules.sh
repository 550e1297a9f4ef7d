#!/bin/sh
# The rules tests written in Lua: the base powers' (tests/powers/) and every
# shipped mod's (mods/NAME/tests/), through `volcanique test`, in the release
# build and under the sanitizers. Writes "passed failed" to build/rules-tests.result.
set -u
cd "$(dirname "$0")/.."
p=0; f=0
run() {   # run BINARY FOLDER
    out=$("$1" test "$2" 2>&1)
    st=$?
    printf '%s\n' "$out" | grep -v '^ok - ' | grep -v ' passed, .* failed$'
    line=$(printf '%s\n' "$out" | tail -n 1)
    lp=$(echo "$line" | sed -n 's/^\([0-9]*\) passed, \([0-9]*\) failed$/\1/p')
    lf=$(echo "$line" | sed -n 's/^\([0-9]*\) passed, \([0-9]*\) failed$/\2/p')
    if [ -z "$lp" ]; then lp=0; lf=1; fi
    if [ "$st" -ne 0 ] && [ "$lf" -eq 0 ]; then lf=1; fi
    p=$((p + lp)); f=$((f + lf))
}
for bin in bin/volcanique bin/sanitize/volcanique; do
    [ -x "$bin" ] || continue
    run "$bin" tests/powers
    run "$bin" tests/api
    for mod in mods/*/; do
        [ -d "$mod/tests" ] && run "$bin" "${mod%/}"
    done
done
echo "rules: $p passed, $f failed"
mkdir -p build
echo "$p $f" > build/rules-tests.result
[ "$f" -eq 0 ]
