#!/usr/bin/env bash
# Long work off the UI thread (issue 26), with real input (xdotool):
#  0. File > Open session of a FIFO that nothing writes to: a message in the menu bar at once.
#  1. File > Open session of a session saved after 10^12 steps: the replay runs on the engine's
#     worker, so the window keeps building frames and shows the replay's progress in the menu
#     bar; Cancel replay stops it (the chains stay where they got to, paused, and the menu bar
#     says so). Before, the UI thread replayed every step: no frame came for hours.
#  2. The same session opened again and the window closed (SIGTERM, as its close button) mid-
#     replay: a clean exit within 1 s.
#  3. A scenario whose ensemble has 10^15 steps (accepted: within `run`'s cap), the window closed
#     while it runs: a clean exit within 1 s (before: ~ExperimentRunner waited for ever).
# Usage: replay_test.sh SGMCMC_LAB WORK_DIR
set -euo pipefail
exe=$1 work=$2
# shellcheck source=xdotool_lib.sh
source "$(dirname "$0")/xdotool_lib.sh"
start_window --layout dashboard --size 1600x1000
settled() { [[ "$(value frame)" -ge 30 ]]; }
wait_for "30 frames" settled

session="$work/long-session.json"
cat >"$session" <<'JSON'
{"name": "long", "target": {"id": "gauss2d"},
 "chains": [{"label": "SGLD", "sampler": "sgld", "params": {"step_size": 0.05}}],
 "session": {"chains": [{"id": 0, "label": "SGLD", "sampler": "sgld",
   "params": {"step_size": 0.05}, "steps": 1000000000000,
   "history": [{"step": 1000, "params": {"step_size": 0.02}}]}]}}
JSON

# 0. A FIFO that nothing writes to, opened as a session: a message at once (it blocked the UI
#    thread in open() for ever).
mkfifo "$work/pipe.json"
said_pipe() { [[ "$(text_of problem)" == *"pipe.json"*"named pipe that nothing writes to"* ]]; }
for attempt in 1 2 3; do
  open_session "$work/pipe.json" || { echo "File > Open not done yet (attempt $attempt)"; continue; }
  for _ in $(seq 50); do said_pipe && break; sleep 0.1; done
  said_pipe && break
done
said_pipe || { echo "FAIL: no message for the FIFO (frame $(value frame))"; cat "$work/app.log"; exit 1; }
echo "FIFO: $(text_of problem)"

replaying() { [[ -n "$(text_of replay)" && -n "$(rect_of replay/cancel)" ]]; }
open_and_wait() {
  for attempt in 1 2 3; do
    open_session "$session" || { echo "File > Open not done yet (attempt $attempt)"; continue; }
    for _ in $(seq 100); do replaying && return 0; sleep 0.1; done
    echo "no replay shown yet (attempt $attempt)"
  done
  echo "FAIL: the replay's progress never showed (frame $(value frame))"; cat "$work/app.log"; exit 1
}

# 1. Opened: frames keep coming while it replays, and the progress moves.
open_and_wait
echo "replaying: $(text_of replay)"
frame_before=$(value frame) steps_before=$(value steps)
xdotool mousemove --window "$window" 900 600; sleep 1; xdotool mousemove --window "$window" 950 650; sleep 1
(($(value frame) > frame_before)) || { echo "FAIL: no frame during the replay"; exit 1; }
(($(value steps) > steps_before)) || { echo "FAIL: the replay does not move"; exit 1; }
replaying || { echo "FAIL: the replay of 10^12 steps ended on its own"; exit 1; }
xdotool mousemove --window "$window" 0 0; sleep 0.5  # the pointer off the plots: a clean shot
import -window root "$work/replaying.png" 2>/dev/null || true
click_rect replay/cancel
cancelled() { [[ "$(text_of replay_outcome)" == *"replay cancelled"* ]]; }
wait_for "the cancel's note" cancelled
echo "cancelled: $(text_of replay_outcome)"
! replaying || { echo "FAIL: still replaying after Cancel"; exit 1; }
[[ "$(value running)" == 0 ]] || { echo "FAIL: not paused after the cancel"; exit 1; }
steps=$(value steps)
((steps > 0 && steps < 1000000000000)) || { echo "FAIL: steps $steps after the cancel"; exit 1; }
import -window root "$work/cancelled.png" 2>/dev/null || true

# 2. Opened again and closed mid-replay.
open_and_wait
start=$(date +%s%N)
kill -TERM "$app"
code=0; wait "$app" || code=$?
ms=$((($(date +%s%N) - start) / 1000000))
echo "window closed mid-replay in $ms ms (exit $code)"
[[ $code -eq 0 ]] || { echo "FAIL: exit $code on close"; cat "$work/app.log"; exit 1; }
((ms < 1000)) || { echo "FAIL: closing took $ms ms"; exit 1; }

# 3. An ensemble of 10^15 steps, the window closed while it runs.
cat >"$work/ensemble.json" <<'JSON'
{"name": "endless", "target": {"id": "gauss2d"},
 "chains": [{"label": "SGLD", "sampler": "sgld", "params": {"step_size": 0.05}}],
 "ensemble": {"chains": 1, "steps": 1000000000000000, "checkpoints": 2}}
JSON
"$exe" gui --scenario "$work/ensemble.json" --status-file "$status" >"$work/app2.log" 2>&1 &
app=$!
steps_positive() { [[ -f "$status" && "$(value frame)" -ge 30 && "$(value steps)" -gt 0 ]]; }
rm -f "$status"
wait_for "the ensemble window" steps_positive
sleep 1
start=$(date +%s%N)
kill -TERM "$app"
# A window that does not close within 5 s is killed, so the test ends either way.
( sleep 5; kill -9 "$app" 2>/dev/null ) & watchdog=$!
code=0; wait "$app" || code=$?
kill "$watchdog" 2>/dev/null || true
ms=$((($(date +%s%N) - start) / 1000000))
echo "window closed during a 10^15-step ensemble in $ms ms (exit $code)"
[[ $code -eq 0 ]] || { echo "FAIL: exit $code on close"; cat "$work/app2.log"; exit 1; }
((ms < 1000)) || { echo "FAIL: closing took $ms ms"; exit 1; }
echo "replay test: replays and ensembles off the UI thread, cancelled and closed promptly"
