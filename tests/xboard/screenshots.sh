#!/usr/bin/env bash
# Takes docs/images/xboard-<game>.png: each game's start position as XBoard 4.9.1 draws it
# with Tinman as its engine. Needs xboard, xvfb, xdotool and imagemagick (Debian packages).
set -euo pipefail
cd "$(dirname "$0")/../.."
cargo build --release --quiet
engine=$PWD/target/release/tinman
display=:77
Xvfb $display -screen 0 1000x1000x24 >/dev/null 2>&1 &
xvfb=$!
trap 'kill $xvfb' EXIT
sleep 1
for game in normal wizardoz desertoasis imawazir wedgie; do
    DISPLAY=$display timeout 14 /usr/games/xboard -fcp "$engine" -variant $game -testLegality false \
        -soundProgram "" >/dev/null 2>&1 &
    gui=$!
    # XBoard draws a help tip over the board at start-up; a click takes it away on some
    # boards (not all: the other screenshots show it over empty squares).
    for delay in 3 1 1 1; do
        sleep $delay
        DISPLAY=$display xdotool mousemove 200 290 click 1 mousemove 990 990
    done
    sleep 1
    DISPLAY=$display import -window root png:- | convert - -trim +repage docs/images/xboard-$game.png
    wait $gui || true
done
