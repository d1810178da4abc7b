#!/usr/bin/env bash
# The full test run: what CI runs and what the README tells a newcomer to run.
# Installs python-chess (for the differential test) if it is missing, then runs every test,
# the deep perft suites included, in release.
set -euo pipefail
cd "$(dirname "$0")/.."
if ! python3 -c 'import chess' 2>/dev/null; then
    python3 -m pip install --quiet chess
fi
exec cargo test --release --workspace --no-fail-fast -- --include-ignored
