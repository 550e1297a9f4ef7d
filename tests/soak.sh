#!/bin/sh
# Soak: plays many games under the sanitizer build (AddressSanitizer and
# UndefinedBehaviorSanitizer) with invariant checks after every decision,
# spread evenly over 2-5 players, both variants (3+ players), both set-ups
# and the shipped mods (none, each alone, all together). Any failure - an
# illegal state, a rules-script or mod error on stderr, a sanitizer report -
# is recorded with the command that replays that one game.
#
#   sh tests/soak.sh [GAMES] [--seed N] [--jobs J] [--bin PATH]
#
# GAMES defaults to 2000; the seed (default 1) picks the games, so a run is
# repeatable. Exits 0 when every game passed, 1 otherwise, 2 on bad usage.
# Why a script and not a command: it drives the sanitizer build, a separate
# binary, and needs nothing the engine's `sim --check` does not already do.
set -u
cd "$(dirname "$0")/.."

games=2000; seed=1; jobs=$(nproc 2>/dev/null || echo 1); bin=bin/sanitize/volcanique
while [ $# -gt 0 ]; do
    case "$1" in
        --seed) seed=$2; shift 2 ;;
        --jobs) jobs=$2; shift 2 ;;
        --bin) bin=$2; shift 2 ;;
        -h|--help) sed -n '2,15p' "$0"; exit 0 ;;
        [0-9]*) games=$1; shift ;;
        *) echo "soak: unknown argument '$1' (see sh tests/soak.sh --help)" >&2; exit 2 ;;
    esac
done
case "$games$seed$jobs" in *[!0-9]*) echo "soak: GAMES, --seed and --jobs take whole numbers" >&2; exit 2 ;; esac
[ -x "$bin" ] || { echo "soak: $bin is missing (sh tests/build.sh sanitize)" >&2; exit 2; }

export ASAN_OPTIONS=detect_leaks=1:abort_on_error=0:halt_on_error=1
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1

mods_sets="none"
all=""
for m in mods/*/mod.lua; do
    [ -f "$m" ] || continue
    name=$(basename "$(dirname "$m")")
    mods_sets="$mods_sets $name"
    all="${all:+$all,}$name"
done
case "$all" in *,*) mods_sets="$mods_sets $all" ;; esac

configs=""
for p in 2 3 4 5; do
    variants="symbiosis to_the_left"
    [ "$p" -eq 2 ] && variants="symbiosis"   # variants need three players
    for v in $variants; do
        for s in 1 2; do
            for m in $mods_sets; do configs="$configs $p:$v:$s:$m"; done
        done
    done
done
nconf=$(echo $configs | wc -w)
per=$(( (games + nconf - 1) / nconf ))

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
played=0; failures=0; k=0
: > "$tmp/failures"

# Runs one game alone; records it if it fails or writes anything to stderr.
check_one() {   # players variant setup mods seed
    set -- "$1" "$2" "$3" "$4" "$5"
    modarg=""; [ "$4" != none ] && modarg="--mods $4"
    cmd="$bin sim --games 1 --seed $5 --players $1 --variant $2 --setup $3 $modarg --check"
    if ! $cmd >/dev/null 2>"$tmp/one" || [ -s "$tmp/one" ]; then
        failures=$((failures + 1))
        echo "seed $5: $(head -n 1 "$tmp/one" | cut -c1-300)" >> "$tmp/failures"
        echo "    $cmd" >> "$tmp/failures"
    fi
}

start=$(date +%s)
for c in $configs; do
    k=$((k + 1))
    p=${c%%:*}; r=${c#*:}; v=${r%%:*}; r=${r#*:}; s=${r%%:*}; m=${r#*:}
    base=$((seed * 100000000 + k * 1000000))
    modarg=""; [ "$m" != none ] && modarg="--mods $m"
    before=$failures
    # The games in one sim call; only when it fails or says anything on
    # stderr are they played one by one to name the failing seeds.
    if ! $bin sim --games "$per" --seed "$base" --players "$p" --variant "$v" --setup "$s" $modarg \
            --check --jobs "$jobs" >/dev/null 2>"$tmp/err" || [ -s "$tmp/err" ]; then
        i=0
        while [ $i -lt "$per" ]; do check_one "$p" "$v" "$s" "$m" $((base + i)); i=$((i + 1)); done
    fi
    played=$((played + per))
    echo "soak [$k/$nconf] players=$p variant=$v setup=$s mods=$m: $per games, $((failures - before)) failed" \
         "($(( $(date +%s) - start ))s)"
done

echo "soak: $played games, $failures failed"
if [ "$failures" -gt 0 ]; then
    echo "failures (each line replays one game):"
    cat "$tmp/failures"
    exit 1
fi
exit 0
