#!/bin/sh
# Every extern symbol a library defines starts with one of its modules'
# prefixes (docs/architecture.md, "Names"): no bare `pay` or `emit` leaks out
# of a layer. Reads the release build's static libraries with nm.
# Writes "passed failed" to build/symbols-tests.result.
set -u
cd "$(dirname "$0")/.."
passed=0; failed=0
check() {   # check LIBRARY PREFIX...
    lib=bin/lib$1.a; shift
    if [ ! -f "$lib" ]; then
        echo "FAIL symbols: $lib is missing (sh tests/build.sh release)"; failed=$((failed + 1)); return
    fi
    pattern=$(printf '%s|' "$@"); pattern="^(${pattern%|})"
    bad=$(nm -g --defined-only "$lib" 2>/dev/null | awk '$2 ~ /^[TDBRC]$/ { print $3 }' | sort -u | grep -Ev "$pattern")
    if [ -z "$bad" ]; then
        passed=$((passed + 1))
    else
        echo "FAIL symbols: lib$(basename "$lib" .a | sed 's/^lib//') exports names without its prefixes:" $bad
        failed=$((failed + 1))
    fi
}
check vqcore action_log_ biome_ board_ cause_ collect_ contest_ cost_ decision_ effect_ end_reason_ \
    EVENT_ event_ flow_ game_ HEX_ hex_ invariants_ island_ land_change_ lava_ list_ loaded_save_ number_ \
    phase_ placement_ player_ queue_ regions_ rng_ rules_ save_ scenario_ setup_ snapshot_ stack_ tile_ \
    verb_ volcano_
check vqbot bot_
check vqscript LGAME_ content_ levents_ lgame_ lrequire_ mods_ rulestest_ sb_ script_ session_
check vqui ui_ gui_
check vqnet net_
check vqserver net_
check vqcli REPORT_ accum_ balance_ bench_ cli_ cmd_ compare_ coverage_ hist_ namecount_ plan_ powers_doc_ \
    progress_ record_ remote_ report_ results_ row_ rows_ run_args_ sim_ stats_ summary_ svg_ tally_ text_ tui_
echo "symbols: $passed passed, $failed failed"
mkdir -p build
echo "$passed $failed" > build/symbols-tests.result
[ "$failed" -eq 0 ]
