#!/bin/sh
# Command-line tests: the engine driven from a shell, as users script it.
# Writes "PASSED FAILED" to build/cli-tests.result.
set -u
cd "$(dirname "$0")/../.."
V=bin/volcanique
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
passed=0; failed=0
ok()   { passed=$((passed + 1)); }
bad()  { failed=$((failed + 1)); echo "FAIL cli: $1"; }
expect_status() {   # name, wanted status, command...
    name=$1; want=$2; shift 2
    "$@" >"$tmp/out" 2>"$tmp/err"; got=$?
    if [ "$got" -eq "$want" ]; then ok; else bad "$name: exit $got, wanted $want ($(head -c 300 "$tmp/err"))"; fi
}

expect_status help_exits_0 0 $V --help
grep -q "replay SAVE" "$tmp/out" && ok || bad "help_lists_replay"
for cmd in new show options act replay tui sim gui; do
    grep -q "^  $cmd" "$tmp/out" && ok || bad "help_lists_$cmd"
done
expect_status unknown_command_exits_2 2 $V frobnicate
grep -q "unknown command 'frobnicate'" "$tmp/err" && ok || bad "unknown_command_is_named"
expect_status bad_player_count_exits_2 2 $V new "$tmp/x.json" --players 9
grep -q -- "--players" "$tmp/err" && ok || bad "bad_player_count_names_option"
expect_status new_writes_save 0 $V new "$tmp/g.json" --players 2 --seed 7
[ -s "$tmp/g.json" ] && ok || bad "new_save_exists"
expect_status options_lists 0 $V options "$tmp/g.json"
grep -q "^   0  " "$tmp/out" && ok || bad "options_are_numbered"
expect_status act_applies 0 $V act "$tmp/g.json" 0
expect_status act_illegal_exits_1 1 $V act "$tmp/g.json" 8000
expect_status act_not_a_number_exits_2 2 $V act "$tmp/g.json" many
# One number parser everywhere: digits only, no blank, sign or suffix.
for n in " 1" "1 " "+1" "0x1" "1e2" "-0" ""; do
    expect_status "act_number_'$n'_refused" 2 $V act "$tmp/g.json" "$n"
    grep -q "digits only" "$tmp/err" && ok || bad "act_number_'$n'_says_digits_only"
done
expect_status players_with_blank_refused 2 $V new "$tmp/x.json" --players " 4"
expect_status seed_with_plus_refused 2 $V sim --games 1 --seed +5
expect_status seed_too_large_refused 2 $V sim --games 1 --seed 18446744073709551616
expect_status games_with_exponent_refused 2 $V sim --games 1e3
expect_status shard_with_blank_refused 2 $V sim --games 2 --shard " 1/2"
expect_status shard_with_sign_refused 2 $V sim --games 2 --shard 0/+2
expect_status mcts_with_blank_refused 2 $V sim --games 1 --seats "mcts: 5"
expect_status mcts_ms_with_blank_refused 2 $V sim --games 1 --seats "mcts:5 ms"
expect_status shard_accepted 0 $V sim --games 2 --shard 1/2
expect_status mcts_ms_accepted 0 $V sim --games 1 --seats mcts:2ms
cp "$tmp/g.json" "$tmp/before.json"
i=0
while [ $i -lt 40 ]; do $V act "$tmp/g.json" 0 >/dev/null 2>&1 || break; i=$((i + 1)); done
expect_status replay_verifies 0 $V replay "$tmp/g.json"
grep -q "matches" "$tmp/out" && ok || bad "replay_prints_hash"
expect_status show_prints_board 0 $V show "$tmp/g.json"
grep -q "Board" "$tmp/out" && ok || bad "show_has_board"

# A damaged save is refused, named, and left as it was.
head -c 200 "$tmp/g.json" > "$tmp/cut.json"
cp "$tmp/cut.json" "$tmp/cut.orig"
expect_status truncated_save_refused 1 $V act "$tmp/cut.json" 0
grep -q "cut.json" "$tmp/err" && ok || bad "truncated_save_error_names_file"
cmp -s "$tmp/cut.json" "$tmp/cut.orig" && ok || bad "truncated_save_left_untouched"
sed 's/"state_hash": "[0-9a-f]*"/"state_hash": "0000000000000000"/' "$tmp/g.json" > "$tmp/hash.json"
expect_status wrong_hash_refused 1 $V replay "$tmp/hash.json"
grep -q "hash" "$tmp/err" && ok || bad "wrong_hash_error_says_hash"
printf 'garbage\001\002' > "$tmp/garbage.json"
expect_status garbage_refused 1 $V show "$tmp/garbage.json"
expect_status missing_file_refused 1 $V show "$tmp/nope.json"

# Headless games: JSON lines, same seed same games.
expect_status sim_runs 0 $V sim --games 3 --players 3 --seed 11 --check
[ "$(wc -l < "$tmp/out")" -eq 3 ] && ok || bad "sim_prints_one_line_per_game"
cp "$tmp/out" "$tmp/sim1"
$V sim --games 3 --players 3 --seed 11 > "$tmp/sim2" 2>/dev/null
cmp -s "$tmp/sim1" "$tmp/sim2" && ok || bad "sim_is_deterministic"

# The terminal game, driven through a pipe by a scripted player: bots play seat B.
yes 0 | head -n 3000 | $V tui --seats human,bot --seed 5 > "$tmp/tui" 2>&1
grep -q "Final scores" "$tmp/tui" && ok || bad "tui_plays_to_final_scores"

# Mods: recorded in the save, checked on load.
expect_status new_with_mod 0 $V new "$tmp/m.json" --mods bountiful_start --seed 4
expect_status replay_with_mod 0 $V replay "$tmp/m.json"
expect_status mod_path_escape_refused 2 $V new "$tmp/x.json" --mods ../x
mkdir "$tmp/root" && cp -r content scripts mods "$tmp/root/"   # a copy to change
expect_status new_with_mod_in_copy 0 $V --root "$tmp/root" new "$tmp/m2.json" --mods bountiful_start --seed 4
echo "-- changed" >> "$tmp/root/mods/bountiful_start/mod.lua"
expect_status changed_mod_refused 1 $V --root "$tmp/root" show "$tmp/m2.json"
grep -q "has changed" "$tmp/err" && ok || bad "changed_mod_error_says_so"

# The SDL window, headless: bots play, a screenshot is written.
SDL_VIDEODRIVER=dummy $V gui --seats bot,bot --seed 3 --bot-delay 0 --frames 30 --screenshot "$tmp/s.bmp" \
    >"$tmp/out" 2>"$tmp/err" && ok || bad "gui_runs_headless ($(head -c 300 "$tmp/err"))"
[ -s "$tmp/s.bmp" ] && ok || bad "gui_writes_a_screenshot"

mkdir -p build
echo "$passed $failed" > build/cli-tests.result
echo "cli: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
