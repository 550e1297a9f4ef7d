#!/bin/sh
# Mutation check: breaks one rule at a time, in a copy of the tree, and runs
# the rules tests (bin/volcanique test tests/powers, then bin/volcanique-tests
# stopping at its first failure). Every mutation must be caught by some test.
#
#   sh tests/mutation.sh [--list] [--result FILE]
#
# Each mutation below is one small edit: a rule's name, a file, a search
# string that must occur exactly once in that file, and its replacement. A
# search string that no longer matches exactly once stops the check before
# anything is built, so the list cannot rot unnoticed. The working tree is
# only read: sources and the release build's objects are copied to a
# temporary folder, which is built there (incrementally) and removed at the
# end. --list prints the mutations; --result FILE writes "CAUGHT SURVIVED".
#
# Exits 0 when every mutation was caught, 1 when one survived, 2 when the
# check could not run (a stale search string, a mutant that does not build,
# tests that fail before any mutation).
set -u
cd "$(dirname "$0")/.."
root=$(pwd)

list=0; result=""
while [ $# -gt 0 ]; do
    case "$1" in
        --list) list=1; shift ;;
        --result) result=$2; shift 2 ;;
        -h|--help) sed -n '2,20p' "$0"; exit 0 ;;
        *) echo "mutation: unknown argument '$1' (see sh tests/mutation.sh --help)" >&2; exit 2 ;;
    esac
done

tmp=$(mktemp -d "${TMPDIR:-/tmp}/vq-mutation-XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT INT TERM
mkdir "$tmp/m"
count=0

# mutate RULE FILE SEARCH REPLACEMENT: records one mutation.
mutate() {
    count=$((count + 1))
    printf '%s' "$1" > "$tmp/m/$count.rule"
    printf '%s' "$2" > "$tmp/m/$count.file"
    printf '%s' "$3" > "$tmp/m/$count.find"
    printf '%s' "$4" > "$tmp/m/$count.repl"
}

# ---- the mutations: the base rules, across the rulebook ----

mutate 'Placing a tile: it must match at least one edge' \
    engine/core/placement.c \
    'if (own[rot] & facing)' \
    'if ((own[rot] & facing) || 1)'
mutate 'Critter movement: within its connected biome' \
    engine/core/options.c \
    'if (game_view_region(g, v, cell, a) == region && game_critter_at(g, cell, a) < 0)' \
    'if (game_critter_at(g, cell, a) < 0)'
mutate 'Critter movement: never onto a controlled biome' \
    engine/core/options.c \
    'bool uncontrolled = v->players_in[r] == 0 && dist <= reach;' \
    'bool uncontrolled = dist <= reach;'
mutate 'Buying tiles: the first tile is compulsory when one is affordable and placeable' \
    engine/core/options.c \
    'bool compulsory = tile_options > 0 && g->buys_made == 0 && g->mode == MODE_NORMAL;' \
    'bool compulsory = tile_options > 0 && g->buys_made == 99 && g->mode == MODE_NORMAL;'
mutate 'Insufficient resources: a critter from hand goes to the crater' \
    engine/core/turn.c \
    'c->place = AT_CRATER;' \
    'c->place = AT_HAND;'
mutate 'Migrating critters: only within the covered critter'"'"'s own biome' \
    engine/core/contest.c \
    'if (game_view_region(g, v, lc, a) == region)' \
    'if (game_view_region(g, v, lc, a) >= 0)'
mutate 'Resolving a contested biome: a tie returns every critter' \
    engine/core/contest.c \
    'int k = (c == top && top_players == 1) ? c - second : 0;' \
    'int k = (c == top && c > 0) ? 1 : 0;'
mutate 'Placing critters: only on uncontrolled biomes' \
    engine/core/options.c \
    'if (v.players_in[game_view_region(g, &v, cell, a)] == 0)' \
    'if (1 || v.players_in[game_view_region(g, &v, cell, a)] == 0)'
mutate 'The crater holds three critters' \
    engine/core/options.c \
    'if (game_crater_count(g, g->active) >= g->rules.crater_capacity ||' \
    'if (game_crater_count(g, g->active) > g->rules.crater_capacity ||'
mutate 'Collect resources: at most seven kept' \
    engine/core/collect.c \
    'g->pending = (Pending){ DK_DISCARD, (uint8_t)p, 0, 0, (uint16_t)cap };' \
    'g->pending = (Pending){ DK_DISCARD, (uint8_t)p, 0, 0, (uint16_t)(cap + 1) };'
mutate 'Lava flows only downhill' \
    engine/core/board.c \
    'if (nb != NO_CELL && b->cells[nb].height < height)' \
    'if (nb != NO_CELL && b->cells[nb].height <= height)'
mutate 'Scoring: the tallest biome scores three' \
    engine/core/score.c \
    'award(tall, tall_n, g->players, 3,' \
    'award(tall, tall_n, g->players, 2,'

# ---- the mutations: rules scripts ----

mutate 'End game: every other player has one final turn' \
    scripts/endgame/final_round.lua \
    'S.final_left = game.players() - 1' \
    'S.final_left = game.players() - 2'
mutate 'Symbiosis: five critters on land make a player fair game' \
    engine/core/game.c \
    'if (n >= g->rules.targeting_threshold)' \
    'if (n > g->rules.targeting_threshold)'
mutate 'Symbiosis: the opponents with the most critters on land' \
    scripts/variants/symbiosis.lua \
    'targets = { most_critters = true, threshold = true, uninhabited = true },' \
    'targets = { threshold = true, uninhabited = true },'
mutate 'Symbiosis: a stack with no critter on it is fair game' \
    scripts/variants/symbiosis.lua \
    'targets = { most_critters = true, threshold = true, uninhabited = true },' \
    'targets = { most_critters = true, threshold = true },'
mutate 'To the Left: no exception for stacks with no critter on them' \
    scripts/variants/to_the_left.lua \
    'targets = { seat = 1, threshold = true },' \
    'targets = { seat = 1, threshold = true, uninhabited = true },'
mutate 'To the Left: the next player in turn order' \
    scripts/variants/to_the_left.lua \
    'targets = { seat = 1, threshold = true },' \
    'targets = { seat = -1, threshold = true },'
mutate 'Exalted sacrifices: each crater critter scores two' \
    scripts/powers/exalted_sacrifices.lua \
    'abilities = { crater_points = 2 },' \
    'abilities = { crater_points = 1 },'
mutate 'Colossal critter: worth 4 points, 3 more than a critter' \
    scripts/powers/colossal_critter.lua \
    'game.critter_mark{ name = "colossal", points = 3 }' \
    'game.critter_mark{ name = "colossal", points = 2 }'

# ---- running them ----

# occurrences FILE SEARCH: how many times SEARCH occurs in FILE (lines taken
# one by one; the search strings hold no newline).
occurrences() {
    MUT_FIND=$2 awk 'BEGIN { f = ENVIRON["MUT_FIND"]; n = 0 }
        { line = $0; while ((i = index(line, f)) > 0) { n++; line = substr(line, i + length(f)) } }
        END { print n }' "$1"
}

# replace FILE SEARCH REPLACEMENT: the literal edit, in place.
replace() {
    MUT_FIND=$2 MUT_REPL=$3 awk 'BEGIN { f = ENVIRON["MUT_FIND"]; r = ENVIRON["MUT_REPL"] }
        { line = $0; out = ""
          while ((i = index(line, f)) > 0) { out = out substr(line, 1, i - 1) r; line = substr(line, i + length(f)) }
          print out line }' "$1" > "$1.mutant" && mv "$1.mutant" "$1"
}

stale=0
k=1
while [ $k -le $count ]; do
    file=$(cat "$tmp/m/$k.file")
    n=0
    [ -f "$file" ] && n=$(occurrences "$file" "$(cat "$tmp/m/$k.find")")
    if [ "$n" -ne 1 ]; then
        echo "mutation $k ($(cat "$tmp/m/$k.rule")): the search string occurs $n times in $file, not once:" >&2
        echo "    $(cat "$tmp/m/$k.find")" >&2
        stale=1
    fi
    [ $list -eq 1 ] && printf '%2d. %s\n    %s: %s\n    ->  %s\n' $k "$(cat "$tmp/m/$k.rule")" "$file" \
        "$(cat "$tmp/m/$k.find")" "$(cat "$tmp/m/$k.repl")"
    k=$((k + 1))
done
[ $stale -eq 0 ] || { echo "mutation: fix the list above in tests/mutation.sh" >&2; exit 2; }
[ $list -eq 1 ] && exit 0

start=$(date +%s)
tree="$tmp/tree"
mkdir "$tree"
# The sources, and the release build's objects when there are some (so the
# copy builds incrementally); never .git, the sanitizer or fuzzer builds.
tar -C "$root" --exclude=./.git --exclude=./build --exclude=./bin -cf - . | tar -C "$tree" -xf - || exit 2
if [ -d "$root/build/obj/release" ]; then
    mkdir -p "$tree/build/obj" "$tree/bin"
    tar -C "$root/build/obj" -cf - release | tar -C "$tree/build/obj" -xf -
    find "$root/bin" -maxdepth 1 -type f -exec cp -p {} "$tree/bin/" \;
fi
log="$tmp/log"
build() {
    if ! (cd "$tree" && premake4 --file=premake5.lua gmake && make -C build config=release -j2) \
            >"$log" 2>&1; then
        echo "mutation: the build failed$1:" >&2
        grep -E 'error|Error' "$log" | head -5 >&2
        exit 2
    fi
}
# c_tests FAST [FILTER]: the C tests (FAST=1: stopping at the first failure).
c_tests() {
    if ! (cd "$tree" && TESTS_FAIL_FAST=$1 bin/volcanique-tests ${2:+"$2"}) >"$log" 2>&1; then
        grep '^FAIL' "$log" | sed 's/^FAIL //' | paste -s -d, - | sed 's/,/, /g' > "$tmp/caught"
        [ -s "$tmp/caught" ] || tail -n 1 "$log" > "$tmp/caught"
        return 1
    fi
}
# rules_tests: 0 when every rules test passes, else what failed in
# $tmp/caught: the scenario tests of the rulebook first (all of them, in a
# second or two), then the powers' Lua tests, then every C test up to the
# first failure.
rules_tests() {
    c_tests 0 test_rules_ || return 1
    if ! (cd "$tree" && bin/volcanique test tests/powers) >"$log" 2>&1; then
        grep -v '^ok - ' "$log" | grep -m 1 -E 'not ok|FAIL|error' | sed 's/^not ok - //' > "$tmp/caught"
        return 1
    fi
    c_tests 1
}

echo "mutation: building a copy of the tree"
build ""
echo "mutation: running the tests on the unchanged copy ($(( $(date +%s) - start ))s)"
if ! rules_tests; then
    echo "mutation: the rules tests fail before any mutation: $(cat "$tmp/caught")" >&2
    exit 2
fi

caught=0; survived=0; stale_build=0
k=1
while [ $k -le $count ]; do
    rule=$(cat "$tmp/m/$k.rule"); file=$(cat "$tmp/m/$k.file")
    cp "$tree/$file" "$tmp/original"
    replace "$tree/$file" "$(cat "$tmp/m/$k.find")" "$(cat "$tmp/m/$k.repl")"
    case "$file" in *.c|*.h) stale_build=1 ;; esac
    # A C mutant, or the last one's restored source: the binaries must follow.
    [ $stale_build -eq 1 ] && build " with mutation $k ($rule)"
    stale_build=0
    if rules_tests; then
        survived=$((survived + 1))
        verdict="SURVIVED: no test failed"
    else
        caught=$((caught + 1))
        verdict="caught by $(cut -c1-160 "$tmp/caught")"
    fi
    cp "$tmp/original" "$tree/$file"   # a fresh mtime: the next build recompiles it
    case "$file" in *.c|*.h) stale_build=1 ;; esac
    echo "mutation [$k/$count] $rule ($file): $verdict ($(( $(date +%s) - start ))s)"
    k=$((k + 1))
done

echo "mutation: $caught of $count caught, $survived survived ($(( $(date +%s) - start ))s)"
[ -n "$result" ] && echo "$caught $survived" > "$result"
[ "$survived" -eq 0 ]
