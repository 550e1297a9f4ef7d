#!/bin/sh
# The whole test suite: installs what is missing, builds, and runs the C and
# Lua tests in the release build and again under AddressSanitizer and
# UndefinedBehaviorSanitizer, the tests that play on two threads, the
# table server's whole games and hostile clients (server and clients) and
# the terminal and the window at a remote table under
# ThreadSanitizer, the command-line tests, short runs of the
# fuzzers, a soak of SOAK_GAMES sanitizer games (docs/reliability.md) and the
# lint of the Lua the engine runs (tests/lint.sh), the symbol and structure
# checks and the mutation check (tests/mutation.sh), and the web client
# playing a whole game in Chromium (tests/web/run.sh).
# The last line is "N passed, N failed".
set -eu
cd "$(dirname "$0")/.."
sh tests/deps.sh
sh tests/build.sh release
sh tests/build.sh sanitize
sh tests/build.sh threads
out=$(mktemp)
trap 'rm -f "$out"' EXIT
status=0
echo "== release"
bin/volcanique-tests | tee "$out" || status=1
release=$(tail -n 1 "$out")
echo "== sanitize (address, undefined)"
ASAN_OPTIONS=detect_leaks=1:abort_on_error=0 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
    bin/sanitize/volcanique-tests | tee "$out" || status=1
sanitize=$(tail -n 1 "$out")
echo "== threads (ThreadSanitizer: the tests that play on two threads)"
TSAN_OPTIONS=halt_on_error=1:second_deadlock_stack=1 bin/threads/volcanique-tests on_two_threads | tee "$out" || status=1
threads=$(tail -n 1 "$out")
echo "== threads (ThreadSanitizer: the table server and its clients, every thread of both)"
TSAN_OPTIONS=halt_on_error=1:second_deadlock_stack=1 bin/threads/volcanique-tests net_three_player | tee "$out" || status=1
net_threads=$(tail -n 1 "$out")
TSAN_OPTIONS=halt_on_error=1:second_deadlock_stack=1 bin/threads/volcanique-tests net_hostile | tee "$out" || status=1
net_hostile_threads=$(tail -n 1 "$out")
echo "== threads (ThreadSanitizer: the terminal and the window at a remote table, killed server and all)"
TSAN_OPTIONS=halt_on_error=1:second_deadlock_stack=1 bin/threads/volcanique-tests net_tui_and_gui_carry | tee "$out" \
    || status=1
front_threads=$(tail -n 1 "$out")
sh tests/cli/run.sh || status=1
p=0; f=0
for line in "$release" "$sanitize" "$threads" "$net_threads" "$net_hostile_threads" "$front_threads"; do
    lp=$(echo "$line" | sed -n 's/^\([0-9]*\) passed, \([0-9]*\) failed$/\1/p')
    lf=$(echo "$line" | sed -n 's/^\([0-9]*\) passed, \([0-9]*\) failed$/\2/p')
    if [ -z "$lp" ]; then   # the runner died before its summary
        lp=0; lf=1; status=1
    fi
    p=$((p + lp)); f=$((f + lf))
done
cli=$(cat build/cli-tests.result 2>/dev/null || echo "0 0")
p=$((p + ${cli% *})); f=$((f + ${cli#* }))
sh tests/web/run.sh || status=1; web=$(cat build/web-tests.result 2>/dev/null || echo "0 1"); p=$((p + ${web% *})); f=$((f + ${web#* }))
sh tests/cli/sim.sh || status=1; sim=$(cat build/sim-tests.result 2>/dev/null || echo "0 1"); p=$((p + ${sim% *})); f=$((f + ${sim#* }))
sh tests/fuzz/run.sh || status=1; fz=$(cat build/fuzz-tests.result 2>/dev/null || echo "0 1"); p=$((p + ${fz% *})); f=$((f + ${fz#* }))
# The soak counts as one test; tests/soak.sh 20000 is the full run.
SOAK_GAMES=${SOAK_GAMES:-2500}
if sh tests/soak.sh "$SOAK_GAMES" > build/soak.log 2>&1; then p=$((p + 1)); else f=$((f + 1)); status=1; fi
sed -n '/^soak: /,$p' build/soak.log   # the summary, and each failure with its command
sh tests/cli/determinism.sh || status=1; de=$(cat build/determinism-tests.result 2>/dev/null || echo "0 1"); p=$((p + ${de% *})); f=$((f + ${de#* }))
sh tests/rules.sh || status=1; ru=$(cat build/rules-tests.result 2>/dev/null || echo "0 1"); p=$((p + ${ru% *})); f=$((f + ${ru#* }))
sh tests/cli/reports.sh || status=1; rep=$(cat build/report-tests.result 2>/dev/null || echo "0 1"); p=$((p + ${rep% *})); f=$((f + ${rep#* }))
sh tests/lint.sh || status=1; li=$(cat build/lint-tests.result 2>/dev/null || echo "0 1"); p=$((p + ${li% *})); f=$((f + ${li#* }))
sh tests/symbols.sh || status=1; sy=$(cat build/symbols-tests.result 2>/dev/null || echo "0 1"); p=$((p + ${sy% *})); f=$((f + ${sy#* }))
# The mutation check: each of the rules listed in tests/mutation.sh broken in
# turn must make some test fail (one test per mutation).
rm -f build/mutation.result
sh tests/mutation.sh --result build/mutation.result || status=1; mu=$(cat build/mutation.result 2>/dev/null || echo "0 1"); p=$((p + ${mu% *})); f=$((f + ${mu#* }))
sh tests/structure.sh || status=1; st=$(cat build/structure-tests.result 2>/dev/null || echo "0 1"); p=$((p + ${st% *})); f=$((f + ${st#* }))
[ "$f" -eq 0 ] || status=1
echo "$p passed, $f failed"
exit $status
