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
# Waits until file $1 holds a line matching $2: what a program announces. The
# bound ($3 seconds, default 120) only stops a program that never says it.
wait_for() {
    n=0; limit=$(( ${3:-120} * 20 ))
    until grep -q -- "$2" "$1" 2>/dev/null; do
        n=$((n + 1))
        [ "$n" -lt "$limit" ] || return 1
        sleep 0.05
    done
}
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

# Games that once failed (issues 9 and 13): a sea critter left on land, the
# magma siphon looking past the board's edge. Then every seat holding Sea
# critters (with Rift and Magma siphon beside it) under the checker.
expect_status sea_critter_game_1573_passes_check 0 $V sim --games 1 --players 3 --setup 1 --seed 1573 --variant symbiosis --check
expect_status sea_critter_game_50047_passes_check 0 $V sim --games 1 --players 3 --seed 50047 --mods hot_lava,bountiful_start --check
expect_status magma_siphon_edge_game_50255_passes_check 0 $V sim --games 1 --players 5 --seed 50255 --mods hot_lava,bountiful_start --check
expect_status sea_critters_held_by_all_pass_check 0 $V sim --games 12 --players 3 --seed 1 --check \
    --hold "A=Sea critters" --hold "B=Sea critters,Magma siphon" --hold "C=Sea critters,Rift"

# A card's name is read with blanks or underscores, in any case, wherever a
# command takes one, and printed as the card's own name: the same games.
$V sim --games 2 --seed 7 --hold "A=Sea critters" --deal "Pack critters" > "$tmp/blanks" 2>"$tmp/err" || bad "card_names_with_blanks_run"
$V sim --games 2 --seed 7 --hold "A=sea_critters" --deal "Pack_Critters" > "$tmp/underscores" 2>"$tmp/err" &&
    cmp -s "$tmp/blanks" "$tmp/underscores" && grep -q '"hold":\[\["Sea critters"\]' "$tmp/underscores" && ok ||
    bad "card_names_with_underscores_play_the_same_games ($(head -c 200 "$tmp/err"))"
expect_status balance_takes_card_names_with_underscores 0 $V balance --games 2 --powers "Sea_critters" --json

# The terminal game, driven through its input by a scripted player against a bot:
# help, a placement by coordinates (the turns named by their edges), undo, the
# score, the grid, quitting with the game saved, loading it again, to the end.
printf '?\n0\n0\n1,0\na\nu\n1,0 b\ns\ng\nc\nl 5\nquit\n' |
    $V tui --seats human,random --seed 5 --save "$tmp/t.json" > "$tmp/tui" 2>&1 && ok || bad "tui_quits_cleanly"
grep -q "u           undo your last choice" "$tmp/tui" && ok || bad "tui_help_lists_undo"
grep -q "^At (1,0) (edges named clockwise" "$tmp/tui" && ok || bad "tui_lists_the_turns_at_a_place"
grep -Eq "^   a  \[[0-9]+\] place the .* at \(1,0\): [a-z]+ (E|SE|SW|W|NW|NE)" "$tmp/tui" && ok || bad "tui_names_turns_by_edges"
grep -q "^Undone: back to A's choice" "$tmp/tui" && ok || bad "tui_undoes"
sed -n '/^Undone/,$p' "$tmp/tui" | grep -q "A: place the .* at (1,0)" && ok || bad "tui_places_again_after_undo"
grep -q "^Scores if the game ended now" "$tmp/tui" && ok || bad "tui_shows_scores"
grep -q "^Power Grid" "$tmp/tui" && ok || bad "tui_shows_the_grid"
grep -q "Stopped. The game is saved in $tmp/t.json" "$tmp/tui" && ok || bad "tui_says_where_the_game_is"
expect_status tui_game_saved_is_valid 0 $V replay "$tmp/t.json"
expect_status tui_refuses_to_overwrite_a_save 1 $V tui --seats human,random --save "$tmp/t.json" </dev/null
grep -q "already holds a game: continue it with --load" "$tmp/err" && ok || bad "tui_overwrite_refusal_says_how"
expect_status tui_load_keeps_its_options 2 $V tui --load "$tmp/t.json" --players 3 </dev/null
# A save keeps its seats: --load without --seats seats them again.
rm -f "$tmp/seated.json"
printf 'q\n' | $V tui --seats human,greedy --seed 3 --save "$tmp/seated.json" >/dev/null 2>&1
printf 'q\n' | $V tui --load "$tmp/seated.json" > "$tmp/out" 2>&1
grep -q "Seats: A=human B=greedy" "$tmp/out" && ok || bad "tui_load_seats_a_save_as_it_was ($(head -c 200 "$tmp/out"))"
expect_status tui_refuses_an_unknown_seat 2 $V tui --seats human,clever </dev/null
grep -q "greedy, mcts" "$tmp/err" && ok || bad "tui_seat_error_lists_the_bots"
$V new "$tmp/other.json" --seed 9 >/dev/null
{ printf 'load %s\n' "$tmp/nope.json"; printf 'load %s\n' "$tmp/other.json"; yes 0 | head -n 4000; } |
    $V tui --load "$tmp/t.json" --seats human,greedy > "$tmp/tui2" 2>&1 && ok || bad "tui_loads_and_plays_on"
grep -q "continued from $tmp/t.json" "$tmp/tui2" && ok || bad "tui_continues_a_save"
grep -q "Cannot load $tmp/nope.json" "$tmp/tui2" && ok || bad "tui_names_a_missing_save"
grep -q "Loaded $tmp/other.json" "$tmp/tui2" && ok || bad "tui_load_command"
grep -q "^Final scores:" "$tmp/tui2" && ok || bad "tui_plays_to_final_scores"
grep -q "^Winner: " "$tmp/tui2" && ok || bad "tui_names_the_winner"
expect_status tui_finished_game_replays 0 $V replay "$tmp/other.json"

# A mod that keeps a number in a Lua local is refused at load, naming the
# local and its line; a game of a greedy bot against mcts with a mod, saved
# to its end, replays to its hash.
mkdir -p "$tmp/croot/mods/counter" && ln -s "$PWD/content" "$tmp/croot/content" && ln -s "$PWD/scripts" "$tmp/croot/scripts"
cat > "$tmp/croot/mods/counter/mod.lua" <<'EOF'
local n = 0
on("turn_start", function(ev)
  n = n + 1
  if n % 5 == 0 then game.gain(ev.player, "dark", 1) end
end)
return { name = "counter", version = "1" }
EOF
expect_status counter_mod_in_a_local_refused_at_load 1 $V --root "$tmp/croot" sim --games 3 --seed 1 --mods counter
grep -q "mods/counter/mod.lua:3: assigns 'n'" "$tmp/err" && ok || bad "counter_refusal_names_the_local ($(head -c 300 "$tmp/err"))"
expect_status greedy_against_mcts_with_a_mod_plays_out 0 $V tui --seats greedy,mcts:100 --mods scouting_critters \
    --save "$tmp/gm.json" --seed 5
expect_status greedy_against_mcts_with_a_mod_replays 0 $V replay "$tmp/gm.json"

# Mods: recorded in the save, checked on load.
expect_status new_with_mod 0 $V new "$tmp/m.json" --mods bountiful_start --seed 4
expect_status replay_with_mod 0 $V replay "$tmp/m.json"
expect_status mod_path_escape_refused 2 $V new "$tmp/x.json" --mods ../x
mkdir "$tmp/root" && cp -r content scripts mods "$tmp/root/"   # a copy to change
expect_status new_with_mod_in_copy 0 $V --root "$tmp/root" new "$tmp/m2.json" --mods bountiful_start --seed 4
echo "-- changed" >> "$tmp/root/mods/bountiful_start/mod.lua"
expect_status changed_mod_refused 1 $V --root "$tmp/root" show "$tmp/m2.json"
grep -q "has changed" "$tmp/err" && ok || bad "changed_mod_error_says_so"

# The SDL window, headless: bots play, a PNG screenshot is written; a save is
# continued; a save is not overwritten unasked; the start screen opens alone.
SDL_VIDEODRIVER=dummy $V gui --seats random,greedy --seed 3 --bot-delay 0 --frames 30 --screenshot "$tmp/s.png" \
    >"$tmp/out" 2>"$tmp/err" && ok || bad "gui_runs_headless ($(head -c 300 "$tmp/err"))"
[ "$(head -c 8 "$tmp/s.png" | od -An -tx1 | tr -d ' \n')" = "89504e470d0a1a0a" ] && ok || bad "gui_screenshot_is_png"
SDL_VIDEODRIVER=dummy $V gui --load "$tmp/t.json" --frames 3 --screenshot "$tmp/l.png" >"$tmp/out" 2>"$tmp/err" \
    && ok || bad "gui_loads_a_save ($(head -c 300 "$tmp/err"))"
grep -q "turn [0-9]*, game in progress" "$tmp/out" && ok || bad "gui_reports_the_loaded_game"
expect_status gui_refuses_to_overwrite_a_save 1 env SDL_VIDEODRIVER=dummy $V gui --seats human,random --save "$tmp/t.json" --frames 1
SDL_VIDEODRIVER=dummy $V gui --frames 2 --screenshot "$tmp/start.png" >"$tmp/out" 2>"$tmp/err" && ok || bad "gui_start_screen"
grep -q "no game was started" "$tmp/out" && ok || bad "gui_start_screen_starts_nothing_alone"
expect_status bench_render_runs 0 $V bench --render
[ "$(grep -c "^render .* median .* worst" "$tmp/out")" -eq 4 ] && ok || bad "bench_render_prints_four_figures"
expect_status bench_render_alone 2 $V bench --render --games 3
grep -q "render takes no other option" "$tmp/err" && ok || bad "bench_render_with_more_says_it_runs_alone"

# The engine's C names no power (issue: powers are mods): neither a card's
# name nor its distinctive first word appears in engine/, comments included.
$V powers | grep -E '^[A-Z]' > "$tmp/cards"
[ "$(wc -l < "$tmp/cards")" -ge 25 ] && ok || bad "powers_lists_the_cards"
named=""
while IFS= read -r card; do
    first=$(echo "$card" | cut -d' ' -f1)
    grep -rqwi --include='*.[ch]' -e "$card" engine/ && named="$named [$card]"
    case "$first" in Island|Lava|Pack|Sea|Super|Volcanic) continue ;; esac
    grep -rqwi --include='*.[ch]' -e "$first" engine/ && named="$named [$first]"
done < "$tmp/cards"
[ -z "$named" ] && ok || bad "engine_names_no_power:$named"
# Nor does it name what the powers' scripts declare (end reasons, marks,
# questions, actions), in code or comments: their words come from the
# scripts. Names of plain English words (frozen, sharing, ...) are left out.
grep -rhoE 'game\.end_reason\("[a-z0-9_]+"|name = "[a-z0-9_]+"' scripts/powers scripts/endgame \
    | sed -E 's/.*"([a-z0-9_]+)"/\1/' | grep '_' | sort -u > "$tmp/declared"
[ "$(wc -l < "$tmp/declared")" -ge 20 ] && ok || bad "scripts_declare_names_with_underscores"
named=""
while IFS= read -r name; do
    grep -rqw --include='*.[ch]' -e "$name" engine/ && named="$named [$name]"
done < "$tmp/declared"
[ -z "$named" ] && ok || bad "engine_names_no_name_a_power_declares:$named"

# Layers: only the core library includes its internal header (the build
# gives no other library engine/core/internal), and the core includes no Lua
# or SDL header.
! grep -rl 'core_internal.h' engine/bot engine/script engine/ui engine/cli > "$tmp/inc" && ok \
    || bad "front_ends_include_no_internal_header: $(tr '\n' ' ' < "$tmp/inc")"
! grep -rlE '#include [<"](lua|lauxlib|lualib|SDL)' engine/core engine/bot > "$tmp/inc" && ok \
    || bad "core_and_bots_include_no_lua_or_sdl: $(tr '\n' ' ' < "$tmp/inc")"

# Scripts' marks are shown in words: show (and the terminal game's screen).
printf 'players 2\nturn A move\nhold A Colossal_critter\ntile 0 0 uno_dark\ntile 1 0 uno_dark\ncritter A 0 0 dark\nmark 0 0 1 colossal\n' \
    > "$tmp/marked.txt"
expect_status new_from_marked_scenario 0 $V new "$tmp/marked.json" --scenario "$tmp/marked.txt"
$V show "$tmp/marked.json" > "$tmp/out" 2>&1
grep -q "^Marks: A's critter at (0,0): colossal" "$tmp/out" && ok || bad "show_names_critter_marks"

# powers --mods lists the cards a mod declares, with the file that declares them.
expect_status powers_with_mods 0 $V powers --mods scouting_critters
grep -q "script:       mods/scouting_critters/mod.lua" "$tmp/out" && ok || bad "powers_lists_a_mods_card"
expect_status powers_unknown_mod_refused 1 $V powers --mods no_such_mod

# The pure helpers answer while the rules load, in a fresh process (before
# any game has set the board up): a mod reads them at its top level.
mkdir -p "$tmp/proot/mods/pure" && cp -r content scripts "$tmp/proot/"
cat > "$tmp/proot/mods/pure/mod.lua" <<'LUA'
local east = game.neighbour(0, 0, 1)
assert(east and east.q == 1 and east.r == 0, "game.neighbour(0, 0, 1) is not (1,0) while loading")
assert(#game.neighbours(0, 0) == 6, "game.neighbours(0, 0) has not six positions while loading")
assert(game.distance(0, 0, 2, -1) == 2, "game.distance is wrong while loading")
return { name = "pure", version = "1" }
LUA
expect_status pure_helpers_answer_while_the_rules_load 0 $V --root "$tmp/proot" sim --mods pure --games 1 --seed 1

# --watch: a mod changed while a game is played is reloaded and the game
# replayed, in the terminal and in the window. Each step waits for what the
# program says (wait_for): the two moves taken (the help they were followed
# by is printed), the window watching, the reload done; nothing here depends
# on how fast the machine is.
mkdir -p "$tmp/wroot/mods/house" && cp -r content scripts "$tmp/wroot/"
printf 'on("collect", function(ev) end)\nreturn { name = "house", version = "1" }\n' > "$tmp/wroot/mods/house/mod.lua"
mkfifo "$tmp/fifo"
$V --root "$tmp/wroot" tui --seats human,random --mods house --seed 4 --watch < "$tmp/fifo" > "$tmp/out" 2>&1 &
tui_pid=$!
exec 7> "$tmp/fifo"
printf '0\n0\n?\n' >&7
wait_for "$tmp/out" "Commands (then Enter):" && echo "-- changed" >> "$tmp/wroot/mods/house/mod.lua" \
    && wait_for "$tmp/out" "Rules reloaded"
printf 'q\n' >&7
exec 7>&-
wait "$tui_pid"
grep -q "Rules reloaded: 2 actions replayed" "$tmp/out" && ok || bad "tui_watch_reloads_a_changed_mod ($(tail -c 300 "$tmp/out"))"
SDL_VIDEODRIVER=dummy $V --root "$tmp/wroot" gui --seats human,random --mods house --seed 4 --watch \
    --width 400 --height 300 > "$tmp/wout" 2> "$tmp/err" &
gui_pid=$!
wait_for "$tmp/wout" "gui: watching" && echo "-- changed again" >> "$tmp/wroot/mods/house/mod.lua" \
    && wait_for "$tmp/err" "Rules reloaded"
kill -TERM "$gui_pid"   # the window's quit, as closing it would be
wait "$gui_pid"
grep -q "Rules reloaded" "$tmp/err" && ok || bad "gui_watch_reloads_a_changed_mod ($(head -c 300 "$tmp/err"))"

# A rules-test run that runs nothing proves nothing: a misspelt filter fails.
expect_status test_with_a_filter_matching_nothing_fails 1 $V test --filter no_test_has_this_name
grep -q "no test ran (no test's \"file: name\" contains 'no_test_has_this_name')" "$tmp/err" && ok || bad "test_filter_miss_is_said"

# Every test runs twice, after the tests before it and alone in a fresh
# session, and must play the same games: a test file whose local leaks from
# one test into the next shows what a mod's leaking state would.
mkdir -p "$tmp/leaky"
cat > "$tmp/leaky/leak.lua" <<'EOF'
local runs = 0
test("first", function() runs = runs + 1 end)
test("second", function()
  runs = runs + 1
  scenario[[
  turn B lava
  tile 0 0 uno_dark
  critter A 0 0 dark
]]
  if runs == 2 then run() end
end)
EOF
expect_status test_that_plays_differently_alone_fails 1 $V test "$tmp/leaky"
grep -q "not ok - .*leak.lua: second" "$tmp/out" && grep -q "steps alone and 2 after the other tests" "$tmp/out" \
    && ok || bad "test_alone_difference_is_named ($(head -c 400 "$tmp/out"))"

# Hostile mods, round two (issue 28), and the kill test.
. tests/cli/hostile.sh
. tests/cli/kill.sh
# The network commands: a bad command line is refused, naming what is wrong
# (whole games, kills and hostile clients are tests/net/, in the C suite).
expect_status join_without_a_link_exits_2 2 $V join
expect_status join_seat_without_bot_exits_2 2 $V join "http://127.0.0.1:1/#table=abcdefghijkl&seat=A&token=0123456789abcdef0123456789abcdef"
grep -q -- "--bot" "$tmp/err" && ok || bad "join_seat_without_bot_says_bot"
expect_status join_bad_link_exits_2 2 $V join "http://127.0.0.1:1/#table=short"
grep -q "table" "$tmp/err" && ok || bad "join_bad_link_is_named"
expect_status join_bad_bot_exits_2 2 $V join "http://127.0.0.1:1/#table=abcdefghijkl" --bot clever
expect_status create_without_seats_exits_2 2 $V create http://127.0.0.1:1/
expect_status serve_bad_port_exits_2 2 $V serve --port 70000
expect_status serve_bad_sync_exits_2 2 $V serve --sync sometimes
expect_status serve_flood_without_a_rate_exits_2 2 $V serve --flood 40
grep -q "BURST/PER_SECOND" "$tmp/err" && ok || bad "serve_flood_form_is_said"
expect_status serve_flood_of_zero_exits_2 2 $V serve --flood 0/20
expect_status serve_bad_id_prefix_exits_2 2 $V serve --id-prefix NOPE!
printf 'not a database' > "$tmp/not.db"
expect_status serve_refuses_a_file_that_is_no_table_database 1 $V serve --port 0 --host 127.0.0.1 --db "$tmp/not.db"
grep -q "not.db" "$tmp/err" && ok || bad "serve_bad_database_is_named ($(head -c 200 "$tmp/err"))"
[ "$(cat "$tmp/not.db")" = "not a database" ] && ok || bad "serve_leaves_a_foreign_file_as_it_was"

# README.md: the commands a player types first run as written.
. tests/cli/readme.sh

# Every option --help names is documented in docs/ or README.md (--watch was
# in --help and nowhere else).
undocumented=""
for o in $($V --help | grep -o -- '--[a-z][a-z-]*' | sort -u); do
    grep -qF -- "$o" docs/*.md README.md || undocumented="$undocumented $o"
done
[ -z "$undocumented" ] && ok || bad "help_options_are_documented:$undocumented"

# docs/modding.md: its excerpts match the shipped mods, its outputs are real,
# and "A new power in ten minutes" runs word for word.
. tests/cli/modding.sh

mkdir -p build
echo "$passed $failed" > build/cli-tests.result
echo "cli: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
