#!/usr/bin/env bash
# Leapfrog slow motion driven with real X input (xdotool) under Xvfb, checked through the
# --status-file:
#  1. a chain's "slow motion" button starts it: the engine pauses (the other chains stop), the
#     chain runs exactly its next iteration, and the playback walks its path;
#  2. N advances exactly one leapfrog point and pauses the playback; past the path's end (the MH
#     decision) the chain runs its next iteration; Space resumes the playback;
#  3. a new target mid-playback restarts the playback on the new target's chain (no crash);
#  4. removing the chain mid-playback ends the mode, and the other chains run again.
# Usage: slow_motion_test.sh SGMCMC_LAB WORK_DIR
set -euo pipefail
exe=$1 work=$2
rm -rf "$work" && mkdir -p "$work"
if [[ -z "${SGL_INSIDE_XVFB:-}" ]]; then
  SGL_INSIDE_XVFB=1 exec xvfb-run -a -s "-screen 0 1600x1000x24" "$0" "$@"
fi

status="$work/status.txt"
"$exe" gui --scenario teach-step-size --layout dashboard --size 1600x1000 \
  --status-file "$status" > "$work/app.log" 2>&1 &
app=$!
trap 'kill $app 2>/dev/null || true' EXIT

# shellcheck source=xdotool_lib.sh
source "$(dirname "$0")/xdotool_lib.sh"
has_rect() { [[ -n "$(rect_of "$1")" ]]; }
state() { awk '$1 == "text" && $2 == "slow_motion" { $1 = ""; $2 = ""; sub(/^  /, ""); print }' \
  "$status" 2>/dev/null; }
field() { state | awk -v key="$1" '{ for (i = 1; i < NF; ++i) if ($i == key) print $(i + 1) }'; }
steps_of() { awk -v id="$1" '$1 == "chain" && $2 == id { print $5 }' "$status"; }
alive() { kill -0 "$app" 2>/dev/null || { echo "the app exited"; cat "$work/app.log"; exit 1; }; }
press() { xdotool keydown "$1"; sleep 0.1; xdotool keyup "$1"; sleep 0.1; }

settled() { [[ -f "$status" && "$(value frame)" -ge 30 ]] && has_rect chain0/slow_motion; }
wait_for "30 frames and the slow-motion button" settled
window=$(xdotool search --sync --name '^sgmcmc-lab' | head -1)
xdotool mousemove --window "$window" 800 500
xdotool windowfocus --sync "$window" || true

# 1. Start slow motion on chain 0 (HMC, L = 10). The Controls may have scrolled to the preset's
#    unstable chain (it turns unstable at once): bring chain 0's button back first.
scroll_controls_to chain0/slow_motion
sleep 0.5
click_rect chain0/slow_motion
started() { [[ "$(value running)" == 0 && -n "$(field iteration)" ]]; }
wait_for "slow motion to start with a path" started
sleep 0.5
other=$(steps_of 1)
first=$(field iteration)
sleep 1.5
[[ "$(steps_of 1)" == "$other" ]] || { echo "chain 1 kept running: $other -> $(steps_of 1)"; exit 1; }
echo "slow motion on chain 0 (iteration $first); chain 1 paused at $other steps"

# 2. N: one point at a time, paused.
press n
paused() { [[ "$(field playing)" == 0 ]]; }
wait_for "N to pause the playback" paused
for _ in 1 2 3; do
  before=$(field point) it_before=$(field iteration) decision_before=$(field decision)
  press n
  # One point on, or the decision shown after the last point, or the next iteration after it.
  moved() { [[ "$(field point)" != "$before" || "$(field iteration)" != "$it_before" ||
               "$(field decision)" != "$decision_before" ]]; }
  wait_for "N to move on from point $before" moved
  if [[ "$(field iteration)" == "$it_before" && "$(field decision)" == 0 ]]; then
    [[ "$(field point)" == $((before + 1)) ]] || { echo "N moved $before -> $(field point)"; exit 1; }
  fi
done
echo "N steps one leapfrog point: now $(state)"
# Through the end of the path: the decision, then the next iteration.
it_now=$(field iteration)
for _ in $(seq 14); do press n; done
next_iteration() { [[ "$(field iteration)" -gt "$it_now" ]]; }
wait_for "the next iteration after the decision" next_iteration
echo "after the decision: $(state)"
press space
playing() { [[ "$(field playing)" == 1 ]]; }
wait_for "Space to resume the playback" playing
alive

# 3. A new target mid-playback: the playback restarts on it.
restarted() { [[ -n "$(field iteration)" && "$(field iteration)" -le 3 ]]; }
for attempt in 1 2 3 4 5; do  # a click can be lost while the list opens: retry the choice
  has_rect target/combo && click_rect target/combo
  for _ in $(seq 50); do has_rect target/option/banana && break; sleep 0.1; done
  has_rect target/option/banana && click_rect target/option/banana
  for _ in $(seq 50); do restarted && break; sleep 0.1; done
  restarted && break
  echo "target banana not chosen yet (attempt $attempt)"
done
wait_for "the playback to restart on the new target" restarted
echo "new target: $(state)"
alive

# 3b. Esc leaves slow motion (not in focus mode) and the chains run again; then it starts again.
press Escape
left() { [[ -z "$(state)" && "$(value running)" == 1 ]]; }
wait_for "Esc to leave slow motion" left
echo "Esc left slow motion"
scroll_controls_to chain0/slow_motion
sleep 0.5
click_rect chain0/slow_motion
wait_for "slow motion to start again" started

# 4. Remove chain 0 mid-playback: the mode ends and the chains run again. Its button is below
#    the Controls panel's fold: scroll down until it is inside the panel.
visible() {
  local _x y _w h px py pw ph
  read -r _x y _w h < <(rect_of chain0/remove)
  read -r px py pw ph < <(rect_of panel/Controls)
  awk -v y="$y" -v h="$h" -v py="$py" -v ph="$ph" 'BEGIN { exit !(y > py + 30 && y + h < py + ph - 40) }'
}
for _ in $(seq 20); do
  visible && break
  xdotool mousemove --window "$window" 150 300; xdotool click 5; sleep 0.3
done
wait_for "the remove button inside the Controls panel" visible
click_rect chain0/remove
ended() { [[ -z "$(state)" && "$(value running)" == 1 ]]; }
wait_for "slow motion to end and the chains to run" ended
alive
echo "slow motion test passed"
