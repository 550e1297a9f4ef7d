# Hostile mods, round two (issue 28), from the command line: sourced by
# tests/cli/run.sh (uses $V, $tmp, ok, bad, expect_status).
# hroot is a copy of the rules whose mods/x is rewritten by put_x.
mkdir -p "$tmp/hroot/mods/x" && cp -r content scripts "$tmp/hroot/"
H="$V --root $tmp/hroot"
put_x() {   # put_x LUA: mods/x/mod.lua is LUA and the manifest
    printf '%s\nreturn { name = "x", version = "1" }\n' "$1" > "$tmp/hroot/mods/x/mod.lua"
}

# 1. Randomness while loading: refused in every entry point, naming the line.
put_x 'local r = math.random(6)'
expect_status random_at_load_new_refused 1 $H new "$tmp/h.json" --mods x
grep -q "mods/x/mod.lua:1: math.random: there is no game yet" "$tmp/err" && ok || bad "random_at_load_new_names_the_line ($(head -c 300 "$tmp/err"))"
expect_status random_at_load_sim_refused 1 $H sim --games 1 --mods x
grep -q "mods/x/mod.lua:1:" "$tmp/err" && ok || bad "random_at_load_sim_names_the_line"
expect_status random_at_load_powers_refused 1 $H powers --mods x
grep -q "mods/x/mod.lua:1:" "$tmp/err" && ok || bad "random_at_load_powers_names_the_line"
SDL_VIDEODRIVER=dummy expect_status random_at_load_gui_refused 1 $H gui --mods x --frames 3 --width 400 --height 300
grep -q "mods/x/mod.lua:1:" "$tmp/err" && ok || bad "random_at_load_gui_names_the_line ($(head -c 300 "$tmp/err"))"

# 8. No raw terminal escape from a mod reaches the terminal: print(), the
# cards that `powers` lists, errors at load and at play.
has_control() {   # has_control FILE: a control byte other than newline and tab, or a C1 control
    LC_ALL=C grep -q "$(printf '[\001-\010\013-\037\177]')" "$1" || LC_ALL=C grep -q "$(printf '\302[\200-\237]')" "$1"
}
put_x 'print("a\27[31mred\7\r\194\155x")
on("turn_start", function(ev) print("b\27]0;title\7") error("boom\27[2J") end)
card{ name = "Evil", levels = {1, 3}, stars = 1, text = "t\27[2Jx\194\155", ruling = "r\27c" }'
expect_status escapes_sim_runs 1 $H sim --games 1 --seed 11 --mods x
cat "$tmp/out" "$tmp/err" > "$tmp/all"
grep -q "boom?\[2J" "$tmp/all" && ok || bad "escapes_in_a_play_error_are_cleaned ($(head -c 300 "$tmp/err"))"
has_control "$tmp/all" && bad "escapes_reach_the_terminal_from_sim" || ok
expect_status escapes_powers_runs 0 $H powers --mods x
grep -q "text:         t?\[2Jx??" "$tmp/out" && ok || bad "escapes_in_card_text_are_cleaned"
cat "$tmp/out" "$tmp/err" > "$tmp/all"
has_control "$tmp/all" && bad "escapes_reach_the_terminal_from_powers" || ok
put_x 'local bad = nil
bad("x\27[2J" .. bad)'
expect_status escapes_load_error_refused 1 $H new "$tmp/h.json" --mods x
has_control "$tmp/err" && bad "escapes_reach_the_terminal_from_a_load_error" || ok
put_x 'error("load\27[2J\155")'
expect_status escapes_load_error_message_refused 1 $H new "$tmp/h.json" --mods x
grep -q "load?\[2J?" "$tmp/err" && ok || bad "escapes_in_a_load_error_are_cleaned ($(head -c 300 "$tmp/err"))"
put_x 'card{ name = "Evil\27[31m", levels = {1, 3}, stars = 1 }'
expect_status escapes_in_a_card_name_refused 1 $H powers --mods x
grep -q "mods/x/mod.lua:1: card: 'name' may not hold control characters" "$tmp/err" && ok || bad "escapes_in_a_card_name_are_named"

# 9. A mod folder that is itself a symbolic link is refused, as links inside a mod are.
mkdir -p "$tmp/elsewhere" && printf 'return { name = "evil", version = "1" }\n' > "$tmp/elsewhere/mod.lua"
ln -s "$tmp/elsewhere" "$tmp/hroot/mods/evil"
expect_status mod_folder_link_refused 1 $H new "$tmp/h.json" --mods evil
grep -q "mods/evil is a symbolic link" "$tmp/err" && ok || bad "mod_folder_link_is_named ($(head -c 300 "$tmp/err"))"
rm "$tmp/hroot/mods/evil"

# 10. A NUL byte in a --scenario file cut the rest off silently, and the save
# kept the cut text: refused, naming the line, as any control byte.
printf 'players 2\nturn A move\ntile 0 0 uno_dark\000critter A 0 0 dark\n' > "$tmp/nul.txt"
expect_status scenario_with_nul_refused 1 $V new "$tmp/nul.json" --scenario "$tmp/nul.txt"
grep -q "nul.txt: line 3: a NUL byte" "$tmp/err" && ok || bad "scenario_nul_names_the_line ($(head -c 300 "$tmp/err"))"
[ ! -e "$tmp/nul.json" ] && ok || bad "scenario_with_nul_writes_no_save"
expect_status scenario_with_nul_refused_by_sim 2 $V sim --games 1 --scenario "$tmp/nul.txt"
printf 'players 2\nturn A move\033[2J\n' > "$tmp/esc.txt"
expect_status scenario_with_escape_refused 1 $V new "$tmp/esc.json" --scenario "$tmp/esc.txt"
grep -q "line 2: control character 0x1b" "$tmp/err" && ok || bad "scenario_escape_names_the_line"

# 11. merge of shards from mixed runs: refused, without leaking (the
# sanitizer build, when built, runs it under LeakSanitizer).
$V sim --games 4 --seed 1 --shard 0/2 > "$tmp/s0.jsonl" 2>/dev/null
$V compare --a variant=symbiosis --b variant=to_the_left --players 3 --games 4 --shard 0/2 > "$tmp/c0.jsonl" 2>/dev/null
for M in $V bin/sanitize/volcanique; do
    [ -x "$M" ] || continue
    ASAN_OPTIONS=detect_leaks=1 expect_status "merge_mixed_runs_refused_$(basename $(dirname $M))" 1 $M merge --summary "$tmp/c0.jsonl" "$tmp/s0.jsonl"
    grep -q "which the plan does not have" "$tmp/err" && ok || bad "merge_mixed_runs_says_why ($(head -c 300 "$tmp/err"))"
    grep -q "LeakSanitizer" "$tmp/err" && bad "merge_mixed_runs_leaks ($M)" || ok
done
# Plain sim lines of two runs (2 and 3 players) merged into one silently.
$V sim --games 4 --seed 1 --players 3 --shard 1/2 > "$tmp/s3.jsonl" 2>/dev/null
for M in $V bin/sanitize/volcanique; do
    [ -x "$M" ] || continue
    ASAN_OPTIONS=detect_leaks=1 expect_status "merge_sim_lines_of_two_runs_refused_$(basename $(dirname $M))" 1 $M merge "$tmp/s0.jsonl" "$tmp/s3.jsonl"
    grep -q "s3.jsonl:1: this game was not played like the first of its batch" "$tmp/err" && ok \
        || bad "merge_sim_lines_of_two_runs_says_why ($(head -c 300 "$tmp/err"))"
    grep -q "LeakSanitizer" "$tmp/err" && bad "merge_sim_lines_of_two_runs_leaks ($M)" || ok
done
# merge --html (or --json) of plain sim lines was silently ignored: said, exit 2.
expect_status merge_html_of_sim_lines_refused 2 $V merge --summary --html "$tmp/m.html" "$tmp/s0.jsonl"
grep -q -- "--html: these are plain sim lines" "$tmp/err" && ok || bad "merge_html_of_sim_lines_says_why"
[ ! -e "$tmp/m.html" ] && ok || bad "merge_html_of_sim_lines_writes_nothing"
expect_status merge_html_without_summary_refused 2 $V merge --html "$tmp/m.html" "$tmp/s0.jsonl"
grep -q "give --summary too" "$tmp/err" && ok || bad "merge_html_without_summary_says_why"

# A save's "cards" list was parsed and ignored: tampering with it is refused.
expect_status cards_save_made 0 $V new "$tmp/cards.json" --seed 3
expect_status cards_save_untouched_loads 0 $V show "$tmp/cards.json"
sed 's/"name": "Agile critters"/"name": "Agile critterz"/' "$tmp/cards.json" > "$tmp/cards1.json"
expect_status cards_renamed_refused 1 $V show "$tmp/cards1.json"
grep -q "cards\[0\]: the save has 'Agile critterz'" "$tmp/err" && ok || bad "cards_renamed_is_named ($(head -c 300 "$tmp/err"))"
sed 's#"from": "scripts/powers/agile_critters.lua"#"from": "mods/evil/mod.lua"#' "$tmp/cards.json" > "$tmp/cards2.json"
cp "$tmp/cards2.json" "$tmp/cards2.orig"
expect_status cards_moved_refused 1 $V act "$tmp/cards2.json" 0
cmp -s "$tmp/cards2.json" "$tmp/cards2.orig" && ok || bad "cards_moved_save_left_as_it_was"
grep -v '"name": "Agile critters"' "$tmp/cards.json" > "$tmp/cards3.json"
expect_status cards_dropped_refused 1 $V replay "$tmp/cards3.json"
grep -q "the save lists" "$tmp/err" && ok || bad "cards_dropped_is_named ($(head -c 300 "$tmp/err"))"

# A query handler that answers differently when asked again: the sanitizer
# build refused the choice and the release build applied it. The ways to do
# it are refused, alike in both builds: a local kept between calls (at load,
# by the freeze) and a die drawn where the game may only be read (it moved
# the game's generator while options were listed).
for M in $V bin/sanitize/volcanique; do
    [ -x "$M" ] || continue
    b=$(basename $(dirname $M))
    put_x 'local n = 0
on("cost", function(ev) n = n + 1 if n % 3 == 0 then ev.any = 15 end end)'
    expect_status "query_keeping_state_refused_$b" 1 $M --root "$tmp/hroot" sim --games 3 --seed 1 --mods x
    grep -q "mods/x/mod.lua:2: assigns 'n', a local made while the rules loaded" "$tmp/err" && ok \
        || bad "query_keeping_state_is_explained ($M: $(head -c 300 "$tmp/err"))"
    put_x 'on("cost", function(ev) if math.random(3) == 1 then ev.any = 15 end end)'
    expect_status "query_drawing_a_die_switches_the_mod_off_$b" 1 $M --root "$tmp/hroot" sim --games 3 --seed 1 --mods x
    grep -q "mods/x/mod.lua:1: math.random: this code may only look at the game" "$tmp/err" && ok \
        || bad "query_drawing_a_die_is_explained ($M: $(head -c 300 "$tmp/err"))"
    grep -q "not listed for the same position" "$tmp/err" && bad "query_drawing_a_die_reaches_the_listing_check ($M)" || ok
done

# A mod's rules tests: their names and failures reach the terminal cleaned.
put_x 'on("turn_start", function(ev) end)'
mkdir -p "$tmp/hroot/mods/x/tests"
printf 'test("name\\27[2J", function() end)\ntest("fails", function() error("why\\27]0;t\\7") end)\n' > "$tmp/hroot/mods/x/tests/t.lua"
expect_status escapes_rules_test_fails 1 $H test "$tmp/hroot/mods/x"
cat "$tmp/out" "$tmp/err" > "$tmp/all"
grep -q "ok - .*name?\[2J" "$tmp/all" && ok || bad "escapes_in_a_test_name_are_cleaned ($(head -c 300 "$tmp/all"))"
has_control "$tmp/all" && bad "escapes_reach_the_terminal_from_rules_tests" || ok
rm -r "$tmp/hroot/mods/x/tests"
