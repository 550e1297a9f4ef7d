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
