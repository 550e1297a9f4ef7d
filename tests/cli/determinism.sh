#!/bin/sh
# Determinism by construction (issue 8): the same seed and choices give the same
# game whatever ran before it in the process, whichever mods are on, whether
# bots think ahead in clones, and across processes and shards. Writes
# "PASSED FAILED" to build/determinism-tests.result.
set -u
cd "$(dirname "$0")/../.."
V=${VOLCANIQUE:-bin/volcanique}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
passed=0; failed=0
ok()  { passed=$((passed + 1)); }
bad() { failed=$((failed + 1)); echo "FAIL determinism: $1"; }

# Game k of a batch equals that game played alone, for several player counts,
# with and without mods, and with a greedy bot (which looks ahead in clones).
batch_equals_alone() {   # name, options...
    name=$1; shift
    "$V" sim --games 6 --seed 300 "$@" > "$tmp/batch" 2> "$tmp/err" || { bad "${name}_batch_runs ($(head -c 200 "$tmp/err"))"; return; }
    : > "$tmp/alone"
    for k in 0 1 2 3 4 5; do
        "$V" sim --games 1 --seed $((300 + k)) "$@" >> "$tmp/alone" 2> "$tmp/err" || bad "${name}_alone_runs"
    done
    cmp -s "$tmp/batch" "$tmp/alone" && ok || bad "${name}_game_k_of_a_batch_equals_it_alone"
}
batch_equals_alone two_players --players 2 --seats greedy,random
batch_equals_alone two_players_mods --players 2 --seats greedy,random --mods hot_lava,bountiful_start
batch_equals_alone four_players_mods --players 4 --mods hot_lava,bountiful_start --deal "Sea critters,Rift,Pack critters"
batch_equals_alone five_players_held --players 5 --hold "A=Volcanic winter" --hold "B=Colossal critter" --mods hot_lava

# Shards merged equal the single run, with mods on.
"$V" sim --games 8 --seed 40 --players 3 --mods hot_lava,bountiful_start > "$tmp/single" 2>/dev/null
for i in 0 1 2; do
    "$V" sim --games 8 --seed 40 --players 3 --mods hot_lava,bountiful_start --shard $i/3 > "$tmp/shard$i" 2>/dev/null
done
"$V" merge "$tmp/shard0" "$tmp/shard1" "$tmp/shard2" > "$tmp/merged" 2>/dev/null
cmp -s "$tmp/single" "$tmp/merged" && ok || bad "shards_with_mods_merge_to_the_single_run"

# A save made while a script's question is pending loads in a fresh process:
# the question's id is fixed at load, its words come back, and the hash holds.
cat > "$tmp/pos.txt" <<'POS'
players 2
turn A target
hold A Sleight_of_land
tile 0 0 duo_dark_light
tile 1 0 uno_dark
tile 0 1 uno_light
POS
"$V" new "$tmp/q.json" --scenario "$tmp/pos.txt" --seed 9 > /dev/null 2>&1 || bad "question_save_new"
"$V" options "$tmp/q.json" > "$tmp/opts" 2>&1
n=$(grep -n "(0,0)" "$tmp/opts" | head -n 1 | sed 's/^[0-9]*: *\([0-9]*\).*/\1/')
[ -n "$n" ] && "$V" act "$tmp/q.json" "$n" > /dev/null 2>&1 && ok || bad "question_save_target_chosen"
"$V" show "$tmp/q.json" > "$tmp/show" 2>&1
grep -q "Turn the target tile" "$tmp/show" && ok || bad "question_pending_shows_its_prompt ($(tail -n 2 "$tmp/show"))"
"$V" replay "$tmp/q.json" > "$tmp/replay" 2>&1 && grep -q "matches" "$tmp/replay" && ok || bad "question_pending_save_replays_in_a_fresh_process"
"$V" options "$tmp/q.json" > "$tmp/opts" 2>&1
grep -q "sixth" "$tmp/opts" && ok || bad "question_pending_options_have_words"

# One seed, one game: the terminal's table seeds its bots as sim does and lets
# every bot hear each option applied, so the same seed and seats play the same
# game in `tui` and in `sim` (the turns, the end and every score agree).
tui_equals_sim() {   # name, seats, seed
    rm -f "$tmp/t.json"
    "$V" tui --seats "$2" --seed "$3" --save "$tmp/t.json" < /dev/null > /dev/null 2>&1 || { bad "${1}_tui_runs"; return; }
    "$V" sim --games 1 --seed "$3" --seats "$2" > "$tmp/s.jsonl" 2>/dev/null || { bad "${1}_sim_runs"; return; }
    totals=$("$V" show "$tmp/t.json" 2>&1 | sed -n 's/^  [A-E] .*| *\([0-9][0-9]*\).*/\1/p' | paste -sd, -)
    tui=$(jq -c "[.snapshot.turn, .snapshot.end_reason, [$totals]]" "$tmp/t.json" 2>&1)
    sim=$(jq -c '[.turns, .end, [.scores[].total]]' "$tmp/s.jsonl" 2>&1)
    [ "$tui" = "$sim" ] && ok || bad "${1}_one_seed_plays_one_game_in_tui_and_sim (tui $tui, sim $sim)"
}
tui_equals_sim greedy_against_greedy greedy,greedy 76
tui_equals_sim mcts_against_greedy mcts:30,greedy 5

echo "determinism: $passed passed, $failed failed"
mkdir -p build
echo "$passed $failed" > build/determinism-tests.result
[ "$failed" -eq 0 ]
