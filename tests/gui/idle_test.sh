#!/usr/bin/env bash
# A paused window left alone sleeps: it builds no frames until input or a new snapshot (issue 12,
# "the app sleeps until input or a new snapshot"), and input wakes it at once.
#  1. Space pauses; once the engine's last snapshot is in, the frame counter in the status file
#     (written at every frame after which the window goes to sleep) stops for 3 s;
#  2. moving the pointer over the window builds frames again.
# Usage: idle_test.sh SGMCMC_LAB WORK_DIR
set -euo pipefail
exe=$1 work=$2
# shellcheck source=xdotool_lib.sh
source "$(dirname "$0")/xdotool_lib.sh"
start_window --layout dashboard --size 1600x1000
pause_with_space

# After the pause the worker publishes its last statistics, and the window draws them for half
# a second: wait until the frame counter has stood still for a second.
settled=0 last=""
for _ in $(seq 100); do
  now=$(value frame)
  if [[ "$now" == "$last" ]]; then settled=$((settled + 1)); else settled=0; fi
  last=$now
  ((settled >= 10)) && break
  sleep 0.1
done
((settled >= 10)) || { echo "the frame counter never stood still after pausing"; exit 1; }

# 1. Left alone for 3 s: no frames (one is allowed, the 5 s safety wake-up falling in the span).
before=$(value frame); sleep 3; after=$(value frame)
echo "paused and left alone: frame $before -> $after"
((after - before <= 1)) || { echo "the paused window kept building frames"; exit 1; }

# 2. Input wakes it.
for x in 300 500 700 900; do xdotool mousemove --window "$window" "$x" 400; sleep 0.1; done
woke() { (($(value frame) > after)); }
wait_for "frames after the pointer moved" woke

# 3. Ctrl+Q quits, as closing the window does (the newcomer found no way to quit but the ✕).
xdotool keydown ctrl keydown q; sleep 0.15; xdotool keyup q keyup ctrl
for _ in $(seq 50); do kill -0 "$app" 2>/dev/null || break; sleep 0.1; done
kill -0 "$app" 2>/dev/null && { echo "Ctrl+Q did not quit"; exit 1; }
wait "$app" || { echo "the app exited with an error after Ctrl+Q"; exit 1; }
echo "idle test: passed (frame $(value frame) after the pointer moved; Ctrl+Q quit)"
