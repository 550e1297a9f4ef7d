# The kill test: `act` killed while it writes the save, after the rules (and
# a mod) have loaded and the action was applied. Sourced by tests/cli/run.sh
# (uses $V, $tmp, ok, bad). The process stops itself at a point of the write
# (VOLCANIQUE_TEST_STOP_SAVE, engine/core/save.c) and the test kills it
# there: "written" with half the new save in <save>.tmp, "renamed" with the
# new save in place and its folder not yet flushed. Either way the save is
# the old one or the new one, whole, and the game goes on from it.
K="$V --root $tmp/kroot"
mkdir -p "$tmp/kroot" && cp -r content scripts mods "$tmp/kroot/"
$K new "$tmp/k.json" --seed 5 --mods bountiful_start > /dev/null 2>&1
for i in 1 2 3; do $K act "$tmp/k.json" 0 > /dev/null 2>&1; done
cp "$tmp/k.json" "$tmp/k.before"
cp "$tmp/k.json" "$tmp/k.control" && $K act "$tmp/k.control" 0 > /dev/null 2>&1   # the save act writes, unkilled
full=$(wc -c < "$tmp/k.control")

# Starts `act` with the stop at $1 and waits (bounded) until it has stopped: prints its pid.
stopped_act() {
    VOLCANIQUE_TEST_STOP_SAVE=$1 $K act "$tmp/k.json" 0 > /dev/null 2>&1 &
    pid=$!
    n=0
    while [ $n -lt 3000 ]; do
        state=$(sed 's/^.*) //' "/proc/$pid/stat" 2>/dev/null | cut -d' ' -f1)
        [ "$state" = T ] || [ -z "$state" ] && break
        n=$((n + 1)); sleep 0.01
    done
    echo "$pid $state"
}

set -- $(stopped_act written)
[ "${2:-}" = T ] && ok || bad "kill_test_act_stops_while_writing (state '${2:-}')"
written=$(wc -c < "$tmp/k.json.tmp" 2>/dev/null || echo 0)
kill -KILL "$1"; wait "$1" 2>/dev/null
echo "kill test: act killed with $written of the new save's $full bytes in the .tmp file, the old save in place"
[ "$written" -gt 0 ] && [ "$written" -eq $((full / 2)) ] && ok || bad "kill_test_lands_in_the_middle_of_the_write ($written of $full)"
cmp -s "$tmp/k.json" "$tmp/k.before" && ok || bad "kill_while_writing_leaves_the_old_save"
$K replay "$tmp/k.json" > /dev/null 2>&1 && ok || bad "kill_while_writing_old_save_replays"
$K act "$tmp/k.json" 0 > /dev/null 2>&1 && cmp -s "$tmp/k.json" "$tmp/k.control" && ok \
    || bad "kill_while_writing_the_game_goes_on_as_if_not_killed"

cp "$tmp/k.before" "$tmp/k.json"
set -- $(stopped_act renamed)
[ "${2:-}" = T ] && ok || bad "kill_test_act_stops_after_the_rename (state '${2:-}')"
kill -KILL "$1"; wait "$1" 2>/dev/null
cmp -s "$tmp/k.json" "$tmp/k.control" && ok || bad "kill_after_the_rename_leaves_the_new_save"
[ ! -e "$tmp/k.json.tmp" ] && ok || bad "kill_after_the_rename_leaves_no_tmp_file"
$K replay "$tmp/k.json" > /dev/null 2>&1 && ok || bad "kill_after_the_rename_new_save_replays"
