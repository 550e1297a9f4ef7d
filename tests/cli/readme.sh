# README.md's "Using it" commands run as written, in order, so the first
# commands a player types cannot drift from the engine (`act game.json 4` once
# named an option a new game does not have). Sourced by tests/cli/run.sh, which
# gives V, tmp, ok and bad. Run in a scratch folder that sees the rules and
# tests through links; the window runs headless for a few frames, the terminal
# reads "quit".
R="$tmp/readme"
mkdir -p "$R"
for d in content scripts mods tests; do ln -s "$PWD/$d" "$R/$d"; done
awk '/^## Using it/ { on = 1; next } on && /^    bin\/volcanique / { print; seen = 1; next } seen && /^$/ { exit }' \
    README.md | sed -e 's/^    //' -e 's/  *#.*$//' > "$R/commands"
[ "$(grep -c . "$R/commands")" -ge 10 ] && ok || bad "readme_using_it_commands_found ($(wc -l < "$R/commands"))"
while IFS= read -r line; do
    cmd=$(echo "$line" | sed "s|^bin/volcanique|$PWD/$V|")
    case "$line" in
    *" gui"*) cmd="SDL_VIDEODRIVER=dummy $cmd --frames 2" ;;
    *" tui"*) cmd="echo quit | $cmd" ;;
    esac
    (cd "$R" && sh -c "$cmd" > "$R/out" 2>&1) && ok || bad "readme_runs_as_written '$line' ($(tail -c 300 "$R/out"))"
done < "$R/commands"
