#!/bin/sh
# Simulation commands driven from a shell: sim (bots, jobs, shards), merge,
# compare, strength and bench, each on a handful of games so the suite stays
# fast. Speed is printed by bench, never asserted.
# Writes "PASSED FAILED" to build/sim-tests.result.
set -u
cd "$(dirname "$0")/../.."
V=bin/volcanique
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
rm -f build/sim-tests.result
passed=0; failed=0
ok()   { passed=$((passed + 1)); }
bad()  { failed=$((failed + 1)); echo "FAIL sim: $1"; }
expect_status() {   # name, wanted status, command...
    name=$1; want=$2; shift 2
    "$@" >"$tmp/out" 2>"$tmp/err"; got=$?
    if [ "$got" -eq "$want" ]; then ok; else bad "$name: exit $got, wanted $want ($(head -c 300 "$tmp/err"))"; fi
}

$V --help > "$tmp/help"
for cmd in merge compare strength bench; do
    grep -q "^  $cmd" "$tmp/help" && ok || bad "help_lists_$cmd"
done

# Bots per seat, one JSON line per game, quiet stderr when not a terminal.
expect_status sim_bots 0 $V sim --games 2 --seed 3 --seats greedy,mcts:5
[ "$(wc -l < "$tmp/out")" -eq 2 ] && ok || bad "sim_bots_two_lines"
grep -q '"seats":\["greedy","mcts:5"\]' "$tmp/out" && ok || bad "sim_records_seats"
grep -q '"powers":\[' "$tmp/out" && grep -q '"caldera":\[' "$tmp/out" && ok || bad "sim_records_powers_caldera"
[ ! -s "$tmp/err" ] && ok || bad "sim_quiet_stderr_off_terminal"
expect_status sim_bad_seat 2 $V sim --games 1 --seats clever
grep -q "clever" "$tmp/err" && ok || bad "sim_bad_seat_named"
expect_status sim_bad_shard 2 $V sim --games 1 --shard 2/2

# A mod keeping state in a local is refused at load, with or without --check,
# naming the file, the line and the local.
mkdir "$tmp/kroot" && cp -r content scripts "$tmp/kroot/" && mkdir -p "$tmp/kroot/mods/tally"
printf 'local n = 0\non("collect", function(ev) n = n + 1 end)\nreturn { name = "tally", version = "1" }\n' \
    > "$tmp/kroot/mods/tally/mod.lua"
expect_status sim_check_refuses_kept_state 1 $V --root "$tmp/kroot" sim --games 2 --mods tally --check
grep -q "mods/tally/mod.lua:2: assigns 'n'" "$tmp/err" && ok || bad "sim_check_kept_state_named"
expect_status sim_refuses_kept_state_without_check_too 1 $V --root "$tmp/kroot" sim --games 2 --mods tally

# A side's own cards: hold.SEAT in a side's spec gives a seat a card only that
# side's mods declare (the common --hold would name it on both sides).
expect_status compare_side_hold_of_a_mods_card 0 $V compare --games 4 --a "" \
    --b "mods=scouting_critters,hold.A=Scouting critters"
expect_status compare_common_hold_of_a_mods_card_refused 1 $V compare --games 4 --a "" \
    --b "mods=scouting_critters" --hold "A=Scouting critters"
expect_status compare_side_hold_bad_seat 2 $V compare --games 4 --a "" --b "hold.F=Rift"

# Worker processes and shards give the same lines as one process.
$V sim --games 12 --seed 20 --players 3 > "$tmp/one" 2>/dev/null
$V sim --games 12 --seed 20 --players 3 --jobs 3 > "$tmp/jobs" 2>/dev/null
cmp -s "$tmp/one" "$tmp/jobs" && ok || bad "sim_jobs_same_as_one_process"
$V sim --games 12 --seed 20 --players 3 --shard 1/2 > "$tmp/s1" 2>/dev/null
$V sim --games 12 --seed 20 --players 3 --shard 0/2 > "$tmp/s0" 2>/dev/null
[ "$(wc -l < "$tmp/s0")" -eq 6 ] && ok || bad "sim_shard_takes_its_share"
$V merge "$tmp/s1" "$tmp/s0" > "$tmp/merged" 2>"$tmp/err"
cmp -s "$tmp/one" "$tmp/merged" && ok || bad "merge_of_shards_equals_single_run"
if command -v parallel >/dev/null 2>&1; then
    parallel --will-cite "$V sim --games 12 --seed 20 --players 3 --shard {}/2 > $tmp/p{}" ::: 0 1
    $V merge "$tmp/p0" "$tmp/p1" > "$tmp/pmerged"
    cmp -s "$tmp/one" "$tmp/pmerged" && ok || bad "gnu_parallel_shards_merge_to_single_run"
else
    echo "SKIP sim: GNU parallel is not installed (apt-get install parallel); shard test ran without it"
fi
expect_status merge_summary 0 $V merge --summary "$tmp/one"
grep -q "^games 12" "$tmp/out" && grep -q "first player wins" "$tmp/out" && ok || bad "merge_summary_lines"
# The power rows line up whatever the names' length ("Converging tectonic plates").
$V sim --games 40 --seed 3 --deal "Converging tectonic plates,Rift" 2>/dev/null | $V merge --summary - > "$tmp/powers"
[ "$(grep '^power ' "$tmp/powers" | awk '{ print index($0, " unlocked in ") }' | sort -u | wc -l)" -eq 1 ] \
    && grep -q "^power Converging tectonic plates unlocked in" "$tmp/powers" && ok || bad "merge_summary_power_rows_line_up"
printf '{"seed":1}\n' > "$tmp/broken.jsonl"
expect_status merge_refuses_bad_line 1 $V merge "$tmp/broken.jsonl"
grep -q "broken.jsonl:1" "$tmp/err" && ok || bad "merge_error_names_file_and_line"
expect_status merge_needs_files 2 $V merge

# compare: text, JSON, HTML.
expect_status compare_text 0 $V compare --games 6 --players 3 --a variant=symbiosis --b variant=to_the_left
grep -q "seat A wins" "$tmp/out" && grep -q "rule coverage" "$tmp/out" && ok || bad "compare_text_table"
expect_status compare_json_html 0 $V compare --games 4 --a "" --b setup=2 --json --html "$tmp/r.html"
grep -q '"rows":\[' "$tmp/out" && grep -q '"coverage"' "$tmp/out" && ok || bad "compare_json"
grep -q "<svg" "$tmp/r.html" && ! grep -q "<script\|src=\|href=" "$tmp/r.html" \
    && ok || bad "compare_html_self_contained_svg"
expect_status compare_needs_both 2 $V compare --a ""
expect_status compare_bad_key 2 $V compare --a colour=red --b ""

# strength and bench on tiny budgets: they run and print, nothing is timed.
expect_status strength_tiny 0 $V strength --games 2 --mcts mcts:4
[ "$(grep -c "wins" "$tmp/out")" -eq 2 ] && ok || bad "strength_two_pairings"
expect_status bench_tiny 0 $V bench --games 3
grep -q "decisions/s" "$tmp/out" && grep -q "clone" "$tmp/out" && ok || bad "bench_prints_figures"
[ "$(grep -c "^render .* median .* worst" "$tmp/out")" -eq 4 ] && ok || bad "bench_ends_with_the_render_figures"

mkdir -p build
echo "$passed $failed" > build/sim-tests.result
echo "sim: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
