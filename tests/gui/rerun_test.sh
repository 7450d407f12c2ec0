#!/usr/bin/env bash
# Presets → "Run the comparison again" driven with real X input (xdotool) under Xvfb. The live
# chains' settings for the rerun are taken by the engine's worker on a background job, so the
# frame never waits for it; the rerun must still start once the job is done.
#  1. the hmcecs-logistic preset starts its reference comparison ("running ...");
#  2. Cancel stops it ("cancelled ...", or "done ..." if it finished first);
#  3. Presets → Run the comparison again starts it again ("running ...").
# Usage: rerun_test.sh SGMCMC_LAB WORK_DIR
set -euo pipefail
exe=$1 work=$2
# shellcheck source=xdotool_lib.sh
source "$(dirname "$0")/xdotool_lib.sh"
start_window --scenario hmcecs-logistic --size 1600x1000
has_rect() { [[ -f "$status" && -n "$(rect_of "$1")" ]]; }
state() { awk '$1 == "text" && $2 == "experiment/state" { print $3 }' "$status" 2>/dev/null; }
state_is() { [[ "$(state)" == "$1" ]]; }
wait_for "the comparison running" state_is running

wait_for "the Cancel button" has_rect experiment/cancel
# The first frames tile again (the menu bar's height, the main slot given to the live chains
# while the comparison has no result): click once the rectangles have settled, and again if a
# click landed on the old place.
settled() { [[ "$(value frame)" -ge 30 ]]; }
wait_for "30 frames" settled
ended() { [[ "$(state)" == cancelled || "$(state)" == done ]]; }
for attempt in 1 2 3; do
  click_rect experiment/cancel
  for _ in $(seq 50); do ended && break; sleep 0.1; done
  ended && break
  echo "Cancel not taken yet (attempt $attempt)"
done
wait_for "the comparison cancelled or done" ended
echo "ended: $(awk '$2 == "experiment/state"' "$status")"

wait_for "Presets menu" has_rect menu/presets
click_rect menu/presets
wait_for "the Run again item" has_rect presets/run_again
click_rect presets/run_again
wait_for "the comparison running again" state_is running
grep -q "error" "$work/app.log" && { echo "FAIL: $(cat "$work/app.log")"; exit 1; }
echo "rerun test: passed ($(awk '$2 == "experiment/state"' "$status"))"
