#!/bin/sh
# Makes the pictures in docs/img with the program itself, headless (SDL's
# dummy video driver): the start screen, a tile in hand in the middle of a
# game, the end screen, and a small window. Run from anywhere after a build:
#   sh docs/screenshots.sh
# Games come from fixed seeds, so the pictures come out the same each time.
set -eu
cd "$(dirname "$0")/.."
V=bin/volcanique
export SDL_VIDEODRIVER=dummy
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
W=1120
H=630

# The start screen.
$V gui --seed 2026 --frames 2 --width $W --height $H --screenshot docs/img/start.png >/dev/null

# A game in progress: choose options by a fixed rule until seat A must place
# a bought tile after turn 8, then show it with A a person holding the tile
# (each seat holds powers from the start, which their boxes list).
$V new "$tmp/mid.json" --seed 12 --hold "A=Sea critters,Agile critters" --hold "B=Rift" >/dev/null
i=0
while ! $V options "$tmp/mid.json" | head -n 1 | grep -Eq "^Turn ([89]|[1-9][0-9]).*Decision: place, by A"; do
    n=$(($($V options "$tmp/mid.json" | wc -l) - 1))
    $V act "$tmp/mid.json" $(( (i * 7 + 3) % n )) >/dev/null
    i=$((i + 1))
done
$V gui --load "$tmp/mid.json" --seats human,greedy --frames 2 --width $W --height $H --pointer 322,168 \
    --screenshot docs/img/play.png >/dev/null
$V gui --load "$tmp/mid.json" --seats human,greedy --frames 2 --width 700 --height 450 \
    --screenshot docs/img/small.png >/dev/null

# The end of a game between two bots, shown to a person seated as A.
$V tui --seats greedy,random --seed 4 --save "$tmp/end.json" </dev/null >/dev/null
$V gui --load "$tmp/end.json" --seats human,greedy --frames 2 --width $W --height $H \
    --screenshot docs/img/end.png >/dev/null
ls -l docs/img
