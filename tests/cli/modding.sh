# docs/modding.md checked against the engine and the shipped mods, so the
# tutorial cannot drift. Sourced by tests/cli/run.sh, which gives V (the
# engine), tmp (a scratch folder), ok and bad. A marker comment names what the
# fenced block after it is:
#   <!-- excerpt: PATH -->            the block appears verbatim in PATH
#   <!-- output-of: COMMAND -->       every line of the block appears in what
#                                     COMMAND (run here, any exit status) prints
#   <!-- scenario: MODS -->           the block is a position a Lua test builds
#                                     with those mods enabled
#   <!-- walkthrough-file: PATH -->   "A new power in ten minutes": a file the
#   <!-- walkthrough-commands -->     reader writes, commands they run, and lines
#   <!-- walkthrough-output -->       those commands print; run as written, in doc
#                                     order, in a fresh rules folder, with fewer games.

DOC=docs/modding.md
M="$tmp/modding"
mkdir -p "$M/blocks" "$M/root/mods" "$M/alone"
ln -s "$PWD/content" "$M/root/content"
ln -s "$PWD/scripts" "$M/root/scripts"
ln -s "$PWD/.luacheckrc" "$M/root/.luacheckrc"

# Splits the doc: block N into $M/blocks/N, and "N<TAB>KIND<TAB>ARG" into $M/index.
awk -v dir="$M/blocks" '
    /^<!-- [a-z-]+(: .*)? -->$/ {
        s = $0; sub(/^<!-- /, "", s); sub(/ -->$/, "", s)
        kind = s; arg = ""
        if (index(s, ": ")) { kind = substr(s, 1, index(s, ": ") - 1); arg = substr(s, index(s, ": ") + 2) }
        want = 1; next
    }
    want && /^```/ { n++; file = dir "/" n; printf "" > file; inside = 1; want = 0
                     printf "%d\t%s\t%s\n", n, kind, arg; next }
    inside && /^```$/ { inside = 0; close(file); next }
    inside { print >> file }
' "$DOC" > "$M/index"

# Whether the text of file $1 occurs in file $2 (lines joined, so across lines).
occurs_in() {
    tr '\n' '\001' < "$1" | sed 's/\x01$//' > "$M/needle"
    tr '\n' '\001' < "$2" > "$M/haystack"
    [ -s "$M/needle" ] && grep -qF -f "$M/needle" "$M/haystack"
}
# Every line of file $1 is a whole line of file $2.
lines_in() {
    missing=""
    while IFS= read -r line; do
        grep -qFx -- "$line" "$2" || missing="$missing [$line]"
    done < "$1"
    [ -z "$missing" ]
}

printf 'set -e\n' > "$M/walkthrough.sh"
: > "$M/expected"
files=0; commands=0; excerpts=0
while IFS="$(printf '\t')" read -r n kind arg; do
    b="$M/blocks/$n"
    case "$kind" in
    excerpt)
        excerpts=$((excerpts + 1))
        occurs_in "$b" "$arg" && ok || bad "modding_md_excerpt_${n}_is_in_$arg ($(head -n 1 "$b"))" ;;
    output-of)
        cmd=$(echo "$arg" | sed "s|^bin/volcanique|$V|")
        sh -c "$cmd" > "$M/output.$n" 2>&1
        lines_in "$b" "$M/output.$n" && ok || bad "modding_md_output_of '$arg' lacks:$missing" ;;
    scenario)
        mkdir -p "$M/scenario.$n"
        { printf 'test("the scenario of docs/modding.md builds", function()\n  scenario[==[\n'
          cat "$b"; printf ']==]\nend)\n'; } > "$M/scenario.$n/scenario.lua"
        $V test "$M/scenario.$n" --mods "$arg" > "$M/scenario.$n/out" 2>&1 \
            && ok || bad "modding_md_scenario_${n}_builds ($(grep -v '^ok' "$M/scenario.$n/out" | head -c 300))" ;;
    walkthrough-file)
        files=$((files + 1))
        mkdir -p "$M/alone/$(dirname "$arg")"
        cp "$b" "$M/alone/$arg"
        { printf "cat > '%s' <<'VQ_WALKTHROUGH_EOF'\n" "$arg"; cat "$b"; printf 'VQ_WALKTHROUGH_EOF\n'; } >> "$M/walkthrough.sh" ;;
    walkthrough-commands)
        commands=$((commands + 1))
        sed -e "s|^bin/volcanique|$PWD/$V --root $M/root|" -e 's/--games [0-9]*/--games 6/' "$b" >> "$M/walkthrough.sh" ;;
    walkthrough-output)
        cat "$b" >> "$M/expected" ;;
    *)
        bad "modding_md_unknown_marker_$kind" ;;
    esac
done < "$M/index"

[ "$excerpts" -ge 10 ] && [ "$files" -ge 2 ] && [ "$commands" -ge 3 ] && [ -s "$M/expected" ] \
    && ok || bad "modding_md_blocks_found (excerpts $excerpts, files $files, commands $commands)"
(cd "$M/root" && sh "$M/walkthrough.sh" > "$M/walkthrough.out" 2>&1) \
    && ok || bad "modding_md_walkthrough_runs ($(tail -c 400 "$M/walkthrough.out"))"
lines_in "$M/expected" "$M/walkthrough.out" && ok || bad "modding_md_walkthrough_prints_what_it_says:$missing"
[ ! -e "$M/root/mods/ember_harvest" ] && ok || bad "modding_md_walkthrough_cleans_up"
# The walk-through's tests test the mod: without it, those of what it does fail
# (the one that checks nothing is offered without the card passes either way).
$V --root "$M/root" test "$M/alone/mods/ember_harvest/tests" > "$M/alone.out" 2>&1
[ "$(grep -c '^not ok - ' "$M/alone.out")" -ge 3 ] && ok || bad "modding_md_walkthrough_tests_fail_without_the_mod"
# Step 5: balance counts the card's action and answers, so its rules ran.
! grep -q "(its rules never ran when held)" "$M/walkthrough.out" && grep -q "its actions taken and its questions" "$DOC" \
    && ok || bad "modding_md_walkthrough_balance_counts_actions_and_answers"
