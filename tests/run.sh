#!/usr/bin/env bash
# The full test run: what CI runs and what the README tells a newcomer to run.
# Installs what the tests run against if it is missing, then runs every test, the deep perft
# suites and the real-XBoard games included, in release:
# - python-chess (the differential test and the python-chess UCI client) and Selenium (the
#   browser board's end-to-end test): the system Python's if it has them, else a virtual
#   environment under target/pyenv (Debian's own Python refuses `pip install` outside one),
#   else Debian's python3-chess and python3-selenium;
# - dask.distributed (the test of scripts/roads_dask.py, the survey's cluster driver): into
#   the same virtual environment when the Python in use lacks it;
# - Debian's xboard, xvfb and xauth (the real-GUI test), chromium and chromium-driver (the
#   browser test), each only if missing.
set -euo pipefail
cd "$(dirname "$0")/.."

sudo=""
[ "$(id -u)" -ne 0 ] && sudo="sudo"
apt_updated=""
# apt_install PACKAGE...: installs Debian packages, refreshing the package lists once if needed.
apt_install() {
    $sudo apt-get install -y "$@" >/dev/null 2>&1 && return 0
    if [ -z "$apt_updated" ]; then
        $sudo apt-get update >/dev/null
        apt_updated=1
    fi
    $sudo apt-get install -y "$@" >/dev/null
}

command -v python3 >/dev/null || apt_install python3

venv="$PWD/target/pyenv"
if ! python3 -c 'import chess, selenium' 2>/dev/null; then
    if [ ! -x "$venv/bin/python3" ] || ! "$venv/bin/python3" -c 'import chess, selenium' 2>/dev/null; then
        rm -rf "$venv"
        mkdir -p target
        if ! python3 -m venv "$venv" 2>/dev/null; then
            # Debian's Python ships venv without ensurepip: it is in python3-venv.
            apt_install python3-venv
            python3 -m venv "$venv"
        fi
        if ! "$venv/bin/python3" -m pip install --quiet chess selenium; then
            echo "run.sh: pip could not install python-chess and Selenium; using Debian's" >&2
            rm -rf "$venv"
            apt_install python3-chess python3-selenium
        fi
    fi
    # The tests call `python3`: the environment's comes first.
    [ -x "$venv/bin/python3" ] && export PATH="$venv/bin:$PATH"
fi

if ! python3 -c 'import distributed' 2>/dev/null; then
    if [ ! -x "$venv/bin/python3" ]; then
        mkdir -p target
        python3 -m venv "$venv" 2>/dev/null || { apt_install python3-venv; python3 -m venv "$venv"; }
    fi
    # Without it the driver's test is skipped with a note, as the tests without python-chess.
    "$venv/bin/python3" -c 'import distributed' 2>/dev/null ||
        "$venv/bin/python3" -m pip install --quiet "dask[distributed]" ||
        echo "run.sh: pip could not install dask.distributed; the roads driver's test is skipped" >&2
fi

missing=()
[ -x /usr/games/xboard ] || missing+=(xboard)
command -v xvfb-run >/dev/null || missing+=(xvfb)
command -v xauth >/dev/null || missing+=(xauth)
[ -x /usr/bin/chromium ] || missing+=(chromium)
[ -x /usr/bin/chromedriver ] || missing+=(chromium-driver)
[ ${#missing[@]} -eq 0 ] || apt_install "${missing[@]}"

exec cargo test --release --workspace --no-fail-fast -- --include-ignored
