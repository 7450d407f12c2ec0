#!/usr/bin/env bash
# GUI smoke test under Xvfb: render frames of the default scenario, save a screenshot, and check
# that every view panel has plot pixels and that no GL error occurred (the app exits non-zero then).
# Usage: smoke_test.sh SGMCMC_LAB CHECK_SCREENSHOT WORK_DIR
set -euo pipefail
exe=$1 checker=$2 work=$3
rm -rf "$work" && mkdir -p "$work"
xvfb-run -a -s "-screen 0 1600x1000x24" \
  "$exe" gui --layout dashboard --frames 120 --screenshot "$work/smoke.png" --status-file "$work/status.txt"
"$checker" "$work/smoke.png" "$work/status.txt"
