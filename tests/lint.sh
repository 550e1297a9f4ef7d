#!/bin/sh
# Lints the Lua the engine runs: luacheck, with the API's globals from
# .luacheckrc, over the rules scripts, the mods and the powers' rules tests
# (any warning fails), and the LuaLS annotation files must load in Lua 5.4.
# Writes "passed failed" to build/lint-tests.result.
set -u
cd "$(dirname "$0")/.."
p=0; f=0
if ! command -v luacheck >/dev/null 2>&1; then
    echo "lint: luacheck is missing (Debian's lua-check; sh tests/deps.sh installs it)" >&2
    f=$((f + 1))
elif out=$(luacheck --no-color --codes --formatter plain scripts mods tests/powers 2>&1); then
    p=$((p + 1))
else
    printf '%s\n' "$out"
    echo "lint: luacheck found the problems above (configuration: .luacheckrc)"
    f=$((f + 1))
fi
for meta in scripts/meta/*.lua; do
    if lua5.4 -e "assert(loadfile('$meta'))" 2>&1; then p=$((p + 1)); else f=$((f + 1)); fi
done
echo "lint: $p passed, $f failed"
mkdir -p build
echo "$p $f" > build/lint-tests.result
[ "$f" -eq 0 ]
