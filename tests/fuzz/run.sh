#!/bin/sh
# Builds the libFuzzer harnesses and runs each for a short fixed number of
# runs from its seed corpus (tests/fuzz/corpus/NAME), with a fixed seed, so
# the suite stays fast and repeatable. New inputs go to a temporary folder,
# never into the repository. A crash, leak, hang (over 10 s per input) or
# memory blow-up (over 2 GB) fails the target and keeps the input in
# build/fuzz-crashes/. Writes "PASSED FAILED" to build/fuzz-tests.result.
# Longer runs: see docs/reliability.md.
set -u
cd "$(dirname "$0")/../.."
mkdir -p build
rm -f build/fuzz-tests.result
if ! command -v clang >/dev/null 2>&1; then
    echo "fuzz: clang is not installed (tests/deps.sh installs it)"
    echo "0 1" > build/fuzz-tests.result
    exit 1
fi
make -s -C tests/fuzz -j"$(nproc)" || { echo "0 1" > build/fuzz-tests.result; exit 1; }
passed=0; failed=0
mkdir -p build/fuzz-crashes
for spec in save:3000 scenario:3000 content:300 mods:400 state:400 events:400 scenario_bytes:3000; do
    name=${spec%%:*}; runs=${spec#*:}
    work=$(mktemp -d)
    dict=""
    [ "$name" = mods ] && dict="-dict=tests/fuzz/lua.dict"
    corpus="tests/fuzz/corpus/$name"
    [ "$name" = scenario_bytes ] && corpus="tests/fuzz/corpus/scenario_bytes tests/fuzz/corpus/scenario"
    if bin/fuzz/fuzz_$name -runs="$runs" -seed=1 -timeout=10 -rss_limit_mb=2048 $dict \
            -artifact_prefix=build/fuzz-crashes/$name- "$work" $corpus \
            >"$work.log" 2>&1; then
        passed=$((passed + 1))
        echo "fuzz $name: $runs runs, no failure"
    else
        failed=$((failed + 1))
        echo "FAIL fuzz $name (inputs kept in build/fuzz-crashes/):"
        grep -E "ERROR|SUMMARY|Test unit written" "$work.log" | head -5
    fi
    rm -rf "$work" "$work.log"
done
echo "$passed $failed" > build/fuzz-tests.result
echo "fuzz: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
