#!/bin/sh
# Rule prototyping that tells the truth: compare, balance, merge, sweeps,
# scenarios and errors, driven from a shell on small runs. The test mods in
# tests/cli/mods are given a rules root of their own beside the shipped rules.
# Writes "PASSED FAILED" to build/report-tests.result.
set -u
cd "$(dirname "$0")/../.."
V=bin/volcanique
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
rm -f build/report-tests.result
passed=0; failed=0
ok()   { passed=$((passed + 1)); }
bad()  { failed=$((failed + 1)); echo "FAIL reports: $1"; }
expect_status() {   # name, wanted status, command...
    name=$1; want=$2; shift 2
    "$@" >"$tmp/out" 2>"$tmp/err"; got=$?
    if [ "$got" -eq "$want" ]; then ok; else bad "$name: exit $got, wanted $want ($(head -c 300 "$tmp/err"))"; fi
}
# Rows of a JSON report, one per line: "metric" ... "diff_lo":x,"diff_hi":y ... "significant":b
rows() { tr '{' '\n' < "$1" | grep '"metric":'; }
# Every difference interval that exists covers 0.
covers_zero() {
    rows "$1" | sed -n 's/.*"diff_lo":\([^,]*\),"diff_hi":\([^,]*\),.*/\1 \2/p' |
        awk '$1 != "null" && ($1 > 0 || $2 < 0) { bad = 1 } END { exit bad }'
}
flagged() { rows "$1" | grep -c '"significant":true'; }
# The difference's sign of the row named $2 if it is flagged: + or -, else nothing.
flag_sign() {
    rows "$1" | grep "\"metric\":\"$2\"" | grep '"significant":true' |
        sed -n 's/.*"diff":\([-]\{0,1\}\).*/\1/p' | sed 's/^$/+/'
}

R="$tmp/root"
mkdir -p "$R/mods"
ln -s "$PWD/content" "$R/content"
ln -s "$PWD/scripts" "$R/scripts"
for m in tests/cli/mods/*/; do cp -r "$m" "$R/mods/"; done   # copies: a mod folder may not be a link

$V --help > "$tmp/help"
grep -q "^  balance" "$tmp/help" && ok || bad "help_lists_balance"
grep -q -- "--allow-errors" "$tmp/help" && grep -q -- "--set NAME" "$tmp/help" && grep -q -- "--scenario" "$tmp/help" \
    && ok || bad "help_names_new_options"

# ---- compare: nothing where there is nothing, the right sign where there is something ----
expect_status compare_identical_2000 0 $V compare --games 2000 --a "" --b "" --json
cp "$tmp/out" "$tmp/same.json"
[ "$(flagged "$tmp/same.json")" -eq 0 ] && ok || bad "compare_identical_rule_sets_flag_nothing"
covers_zero "$tmp/same.json" && ok || bad "compare_identical_rule_sets_intervals_cover_zero"
grep -q '"tested":[1-9]' "$tmp/same.json" && ok || bad "compare_identical_rule_sets_are_tested"
expect_status compare_same_rules_other_seeds 0 $V compare --games 2000 --a "" --b seed=500001 --json
[ "$(flagged "$tmp/out")" -eq 0 ] && ok || bad "compare_same_rules_on_other_seeds_flags_nothing_after_holm"
expect_status compare_known_effect 0 $V --root "$R" compare --games 400 --seed 7 --a "" --b mods=seat_bonus --json
[ "$(flag_sign "$tmp/out" "seat A wins")" = "+" ] && ok || bad "seat_bonus_mod_raises_seat_A_flagged_positive"
[ "$(flag_sign "$tmp/out" "seat B wins")" = "-" ] && ok || bad "seat_bonus_mod_lowers_seat_B_flagged_negative"
grep -q '"script":"mods/seat_bonus/mod.lua","event":"scoring","card":"","ordinal":0,"a":null,"b":2,"only":"B"' \
    "$tmp/out" && ok || bad "coverage_row_of_one_side_only_is_marked"
expect_status compare_small_samples 0 $V --root "$R" compare --games 12 --a "" --b mods=seat_bonus --json
grep -q '"tested":0,' "$tmp/out" && [ "$(flagged "$tmp/out")" -eq 0 ] && ok || bad "rows_below_min_n_are_not_tested"
expect_status compare_text_by_identity 0 $V --root "$R" compare --games 30 --a "" --b mods=seat_bonus
grep -q "mods/seat_bonus/mod.lua  *scoring .* -  *2.00  B only" "$tmp/out" && ok || bad "text_coverage_marks_B_only"
grep -q "scripts/powers/rift.lua .*Rift" "$tmp/out" && ok || bad "text_coverage_names_the_card"

# ---- errors: counted, at the top, and failing the command ----
expect_status compare_broken_mod_fails 1 $V --root "$R" compare --games 20 --a "" --b mods=broken_rule --html "$tmp/e.html"
head -n 8 "$tmp/out" | grep -q "MOD 'broken_rule' FAILED and was switched off in 20 of 20 games" \
    && ok || bad "broken_mod_shown_at_the_top_of_the_text_report"
grep -q "broken on purpose" "$tmp/out" && ok || bad "broken_mod_error_message_shown"
head -c 3000 "$tmp/e.html" | grep -q 'class="errors"' && ok || bad "broken_mod_shown_at_the_top_of_the_html"
expect_status compare_broken_allowed 0 $V --root "$R" compare --games 20 --a "" --b mods=broken_rule --json --allow-errors
grep -q '"errors":{"any":true' "$tmp/out" && grep -q '"mod":"broken_rule","games":20' "$tmp/out" \
    && ok || bad "broken_mod_in_json_errors"
expect_status sim_broken_mod_fails 1 $V --root "$R" sim --games 3 --mods broken_rule
[ "$(grep '"script_errors":1,"first_error":"mods/broken_rule/mod.lua:' "$tmp/out" |
     grep -c '"mods_failed":\[{"mod":"broken_rule","error":"mods/broken_rule/mod.lua:')" \
    -eq 3 ] && ok || bad "sim_lines_carry_script_errors_and_failed_mods"
grep -q "mod 'broken_rule' failed and was switched off in 3 of 3 games" "$tmp/err" && ok || bad "sim_names_the_broken_mod"
# The error's traceback starts on a line of its own, in the lines and in the
# report read back from them, never run into the message.
grep -q 'on purpose\\nstack traceback:\\n\\tmods/broken_rule' "$tmp/out" && ok || bad "sim_lines_keep_the_traceback_apart"
cp "$tmp/out" "$tmp/broken.jsonl"
$V merge --summary "$tmp/broken.jsonl" > "$tmp/bsum" 2>&1
grep -q "on purpose$" "$tmp/bsum" && grep -q "^stack traceback:$" "$tmp/bsum" && ! grep -q "purposestack" "$tmp/bsum" &&
    ok || bad "report_of_an_error_keeps_the_traceback_on_its_own_line ($(grep -m1 purpose "$tmp/bsum"))"
expect_status sim_broken_mod_allowed 0 $V --root "$R" sim --games 3 --mods broken_rule --allow-errors
expect_status sim_check_broken_mod_fails 1 $V --root "$R" sim --games 2 --mods broken_rule --check
expect_status sim_missing_param_fails 1 $V --root "$R" sim --games 2 --mods needs_param
grep -q "no parameter 'needs_value'" "$tmp/err" && ok || bad "missing_parameter_error_names_it"
expect_status sim_param_given 0 $V --root "$R" sim --games 2 --mods needs_param --set needs_value=2
grep -q '"bonus":2' "$tmp/out" && ok || bad "game_param_reaches_the_script"

# ---- every line says how it was made ----
expect_status sim_made 0 $V --root "$R" sim --games 2 --mods seat_bonus --set seat_bonus=3 --deal Rift --hold B=Erosion
line=$(head -n 1 "$tmp/out")
for want in '"engine":"' '"rules_hash":"' "\"root\":\"$R\"" '"mods":\[{"name":"seat_bonus","hash":"[0-9a-f]\{16\}"}\]' \
            '"params":\[{"name":"seat_bonus","value":3}\]' '"cards":{"deal":\["Rift"\],"hold":\[\[\],\["Erosion"\]\]}' \
            '"seed":1,' '"seats":\["random","random"\]'; do
    echo "$line" | grep -q "$want" && ok || bad "sim_line_records $want"
done
expect_status sim_unread_param_warns 0 $V sim --games 1 --set nobody_reads=1
grep -q "parameter 'nobody_reads' was given but no script read it" "$tmp/err" && ok || bad "unread_parameter_warned"
expect_status set_bad_name 2 $V sim --games 1 --set Bad=1
expect_status set_bad_value 2 $V sim --games 1 --set x=one
expect_status set_two_sweeps 2 $V sim --games 1 --set x=1,2 --set y=3,4
expect_status new_refuses_sweep 2 $V new "$tmp/n.json" --set x=1,2

# ---- sweeps ----
expect_status sim_sweep 0 $V --root "$R" sim --games 3 --mods seat_bonus --set seat_bonus=0,5
[ "$(grep -c '"batch":0,' "$tmp/out")" -eq 3 ] && [ "$(grep -c '"batch":1,' "$tmp/out")" -eq 3 ] \
    && ok || bad "sim_sweep_plays_a_batch_per_value"
grep '"batch":1,' "$tmp/out" | grep -q '"params":\[{"name":"seat_bonus","value":5}\]' && ok || bad "sim_sweep_lines_record_the_value"
expect_status balance_sweep 0 $V --root "$R" balance --games 300 --powers none --mods seat_bonus \
    --set seat_bonus=0,5 --json --html "$tmp/sweep.html"
sed -n 's/.*"sweep":{"name":"seat_bonus","value":5},"seats":{"rows":\[\([^]]*\)\].*/\1/p' "$tmp/out" > "$tmp/s5"
grep -q '"metric":"seat A wins".*"significant":true' "$tmp/s5" && ok || bad "sweep_at_5_flags_seat_A"
grep -q '"metric":"seat A wins","percent":true,"a_fixed":true,"a":50,"a_lo":50,"a_hi":50,"a_n":null,"b":[6-9]' "$tmp/s5" \
    && ok || bad "sweep_at_5_seat_A_wins_more_than_half"
grep -q "<h2>Sweep of seat_bonus</h2>" "$tmp/sweep.html" && ok || bad "sweep_html_has_its_section"
[ "$(grep -c "<h3>Seat A's win rate against seat_bonus" "$tmp/sweep.html")" -eq 1 ] && ok || bad "sweep_chart_of_seat_A"

# ---- shards agree exactly with single runs ----
expect_status compare_stream 0 $V compare --games 9 --players 3 --a "" --b variant=to_the_left --shard 0/1
cp "$tmp/out" "$tmp/cstream"
$V compare --games 9 --players 3 --a "" --b variant=to_the_left --shard 0/2 > "$tmp/c0" 2>/dev/null
$V compare --games 9 --players 3 --a "" --b variant=to_the_left --shard 1/2 > "$tmp/c1" 2>/dev/null
$V merge "$tmp/c1" "$tmp/c0" > "$tmp/cmerged"
cmp -s "$tmp/cstream" "$tmp/cmerged" && ok || bad "compare_shards_merge_to_the_single_stream"
$V compare --games 9 --players 3 --a "" --b variant=to_the_left > "$tmp/ctext" 2>/dev/null
$V merge --summary "$tmp/c0" "$tmp/c1" > "$tmp/csum" 2>/dev/null
cmp -s "$tmp/ctext" "$tmp/csum" && ok || bad "compare_report_of_merged_shards_equals_single_run"
$V compare --games 9 --players 3 --a "" --b variant=to_the_left --json > "$tmp/cj1" 2>/dev/null
$V merge --summary --json "$tmp/c0" "$tmp/c1" > "$tmp/cj2" 2>/dev/null
cmp -s "$tmp/cj1" "$tmp/cj2" && ok || bad "compare_json_of_merged_shards_equals_single_run"
expect_status merge_missing_shard 1 $V merge --summary "$tmp/c0"
grep -q "a shard is missing" "$tmp/err" && ok || bad "merge_says_a_shard_is_missing"
expect_status merge_shard_twice 1 $V merge "$tmp/c0" "$tmp/c0"
grep -q "appears twice" "$tmp/err" && ok || bad "merge_refuses_a_shard_given_twice"
B="--games 24 --seed 5 --powers Rift,Erosion"
$V balance $B > "$tmp/btext" 2>/dev/null
$V balance $B --json > "$tmp/bjson" 2>/dev/null
for i in 0 1 2; do $V balance $B --shard $i/3 > "$tmp/b$i" 2>/dev/null; done
$V balance $B --shard 0/1 > "$tmp/bstream" 2>/dev/null
$V merge "$tmp/b2" "$tmp/b0" "$tmp/b1" | cmp -s - "$tmp/bstream" && ok || bad "balance_shards_merge_to_the_single_stream"
$V merge --summary "$tmp/b0" "$tmp/b1" "$tmp/b2" | cmp -s - "$tmp/btext" && ok || bad "balance_report_of_shards_equals_single_run"
$V merge --summary --json "$tmp/b0" "$tmp/b1" "$tmp/b2" | cmp -s - "$tmp/bjson" && ok || bad "balance_json_of_shards_equals_single_run"
if command -v parallel >/dev/null 2>&1; then
    parallel --will-cite "$V balance $B --shard {}/3 > $tmp/p{}" ::: 0 1 2
    $V merge --summary "$tmp/p0" "$tmp/p1" "$tmp/p2" | cmp -s - "$tmp/btext" && ok || bad "gnu_parallel_balance_shards_merge"
else
    echo "SKIP reports: GNU parallel is not installed; balance shards ran without it"
fi

# ---- the balance page: labels, error bars, sample sizes, round ticks ----
expect_status balance_html 0 $V balance --games 30 --powers "Rift,Pack critters,Erosion" --html "$tmp/b.html"
for card in Rift "Pack critters" Erosion; do
    grep -q "class=\"label\"[^>]*>$card\( \*\)\{0,1\}</text>" "$tmp/b.html" && ok || bad "balance_chart_labels_$card"
done
[ "$(grep -c 'class="err"' "$tmp/b.html")" -ge 12 ] && ok || bad "balance_charts_have_error_bars"
[ "$(grep -c 'class="n"[^>]*>n=[0-9]' "$tmp/b.html")" -ge 12 ] && ok || bad "balance_charts_show_n_on_every_row"
grep -o 'class="tick"[^>]*>[^<]*<' "$tmp/b.html" | sed 's/.*>\(.*\)</\1/' > "$tmp/ticks"
[ -s "$tmp/ticks" ] && ! grep -q '\.[0-9][0-9]' "$tmp/ticks" && ok || bad "balance_ticks_are_round ($(head -3 "$tmp/ticks"))"
! grep -q "<script\|src=\|href=" "$tmp/b.html" && ok || bad "balance_html_is_self_contained"
grep -q "Held from the start: change in the holder's win rate" "$tmp/b.html" && ok || bad "balance_held_chart"
grep -q "Dealt to the grid: win rate of the players who unlocked it" "$tmp/b.html" && ok || bad "balance_dealt_chart"
grep -q "Lead changes during the game" "$tmp/b.html" && grep -q "How the game's end was triggered" "$tmp/b.html" \
    && ok || bad "balance_game_charts"

# ---- positions on demand ----
cat > "$tmp/scen.txt" <<'EOF'
# A stands on a dark Uno next to B's light one.
players 2
turn A buy
tile 0 0 uno_dark
tile 1 0 duo_dark_light rot 3
tile 2 0 uno_light
critter A 0 0 dark
critter B 2 0 light
resources A dark 2 light 1
EOF
expect_status new_from_scenario 0 $V new "$tmp/g.json" --scenario "$tmp/scen.txt" --hold A=Rift --set bonus=3
grep -q '"scenario": "# A stands' "$tmp/g.json" && grep -q '"params": \[{"name": "bonus", "value": 3}\]' "$tmp/g.json" \
    && ok || bad "scenario_save_records_text_and_params"
expect_status scenario_game_acts 0 $V act "$tmp/g.json" 1
expect_status scenario_game_replays 0 $V replay "$tmp/g.json"
grep -q "matches" "$tmp/out" && ok || bad "scenario_replay_hash_matches"
printf 'players 2\ncritter A 5 5 dark\n' > "$tmp/badscen.txt"
expect_status bad_scenario_refused 2 $V sim --games 1 --scenario "$tmp/badscen.txt"
grep -q "badscen.txt: line 2" "$tmp/err" && ok || bad "bad_scenario_error_names_file_and_line"
expect_status scenario_players_conflict 2 $V sim --games 1 --scenario "$tmp/scen.txt" --players 3
expect_status sim_from_scenario 0 $V sim --games 2 --scenario "$tmp/scen.txt" --hold B=Rift
grep -q '"scenario":{"file":"[^"]*scen.txt","hash":"[0-9a-f]\{16\}"}' "$tmp/out" && ok || bad "sim_line_records_the_scenario"
expect_status compare_from_scenario 0 $V compare --games 4 --scenario "$tmp/scen.txt" --a "" --b setup=2
expect_status balance_from_scenario 0 $V balance --games 4 --scenario "$tmp/scen.txt" --powers Rift --hold B=Erosion
expect_status strength_from_scenario 0 $V strength --games 2 --mcts mcts:4 --scenario "$tmp/scen.txt" --hold A=Rift

# ---- docs/simulation.md's tutorial runs as written (fewer games) ----
T="$tmp/tutorial"
mkdir -p "$T/root/mods/volcano_bonus"
ln -s "$PWD/content" "$T/root/content"
ln -s "$PWD/scripts" "$T/root/scripts"
awk '/<!-- tutorial-mod:/ { on = 1; next } on && /^```lua/ { grab = 1; next } grab && /^```/ { exit } grab' \
    docs/simulation.md > "$T/root/mods/volcano_bonus/mod.lua"
awk '/<!-- tutorial-commands -->/ { on = 1; next } on && /^```sh/ { grab = 1; next } grab && /^```/ { exit } grab' \
    docs/simulation.md > "$T/commands"
[ -s "$T/root/mods/volcano_bonus/mod.lua" ] && [ "$(wc -l < "$T/commands")" -ge 4 ] && ok || bad "tutorial_blocks_found"
sed -e "s|^bin/volcanique|$PWD/$V --root $T/root|" -e 's/--games [0-9]*/--games 6/' "$T/commands" > "$T/run.sh"
(cd "$T" && sh -e ./run.sh > "$T/out" 2> "$T/err") && ok || bad "tutorial_commands_run ($(tail -c 300 "$T/err"))"
for f in games.jsonl compare.html sweep.html balance.html; do
    [ -s "$T/$f" ] && ok || bad "tutorial_writes_$f"
done
grep -q '"mods":\[{"name":"volcano_bonus"' "$T/games.jsonl" && ok || bad "tutorial_mod_recorded"

# ---- the Slurm example runs one shard per array task ----
for i in 0 1 2; do
    SLURM_ARRAY_TASK_ID=$i SLURM_ARRAY_TASK_COUNT=3 VQ=$V OUT="$tmp/slurm" GAMES=24 EXTRA="--seed 5 --powers Rift,Erosion --bots random" \
        sh docs/slurm-balance.sh 2>/dev/null || bad "slurm_example_task_$i"
done
$V merge --summary "$tmp"/slurm/balance-*.jsonl | cmp -s - "$tmp/btext" && ok || bad "slurm_example_shards_merge_to_the_single_run"

# ---- progress on long runs, off a terminal ----
VOLCANIQUE_PROGRESS_EVERY=0.0001 $V sim --games 40 > /dev/null 2> "$tmp/perr"
grep -q "^sim: [0-9]*/40 games" "$tmp/perr" && ok || bad "sim_prints_plain_progress_lines"
VOLCANIQUE_PROGRESS_EVERY=0.0001 $V strength --games 2 --mcts mcts:4 > /dev/null 2> "$tmp/perr"
grep -q "^strength: [0-9]*/4 games" "$tmp/perr" && ok || bad "strength_prints_progress"
VOLCANIQUE_PROGRESS_EVERY=0.0001 $V balance --games 4 --powers Rift > /dev/null 2> "$tmp/perr"
grep -q "^balance 2p hold Rift: [0-9]*/12 games" "$tmp/perr" && ok || bad "balance_progress_names_the_batch"

mkdir -p build
# ---- games stalled at the turn limit are counted apart, not in the turns row ----
# A rules root whose turn limit (content/turns.lua) is 12 turns: every game stalls.
S="$tmp/stall"
mkdir -p "$S/content"
for f in content/*; do ln -s "$PWD/$f" "$S/content/$(basename "$f")"; done
rm "$S/content/turns.lua"
sed 's/turn_limit = 4000/turn_limit = 12/' content/turns.lua > "$S/content/turns.lua"
ln -s "$PWD/scripts" "$S/scripts"
grep -q "turn_limit = 12" "$S/content/turns.lua" && ok || bad "stall_root_has_a_short_turn_limit"
$V --root "$S" sim --games 4 --seed 900 > "$tmp/stalled.jsonl" 2>/dev/null
[ "$(grep -c '"end":"stalled"' "$tmp/stalled.jsonl")" -eq 4 ] && ok || bad "stall_root_games_end_stalled"
$V merge --summary "$tmp/stalled.jsonl" > "$tmp/stalled.txt" 2>&1
grep -q "^turns .* n=0$" "$tmp/stalled.txt" && ok ||
    bad "merge_summary_leaves_stalled_games_out_of_turns ($(grep '^turns' "$tmp/stalled.txt"))"
grep -q "^stalled games  *4 " "$tmp/stalled.txt" && grep -q "^end stalled  *100.0%" "$tmp/stalled.txt" && ok ||
    bad "merge_summary_counts_stalled_games ($(grep -i stalled "$tmp/stalled.txt" | head -2))"
$V compare --games 6 --a "" --b "root=$S" --json > "$tmp/cstall.json" 2>/dev/null
grep -q '"stalled":{"a":0,"b":6}' "$tmp/cstall.json" && ok || bad "compare_counts_stalled_games_per_side"
$V compare --games 6 --a "" --b "root=$S" > "$tmp/cstall.txt" 2>/dev/null
grep -q "stalled games (ended at the turn limit: left out of turns and decisions): A 0, B 6" "$tmp/cstall.txt" &&
    grep -q "^turns .* 0 n/a" "$tmp/cstall.txt" && ok || bad "compare_text_says_stalled_games_apart"
$V --root "$S" balance --games 4 --powers none --json > "$tmp/bstall.json" 2>/dev/null
grep -q '"stalled":4' "$tmp/bstall.json" && grep -q '"turns":{"mean":null' "$tmp/bstall.json" && ok ||
    bad "balance_counts_stalled_games_and_leaves_them_out_of_turns ($(grep -o '"turns":{[^}]*}' "$tmp/bstall.json"))"

echo "$passed $failed" > build/report-tests.result
echo "reports: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
