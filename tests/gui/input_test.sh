#!/usr/bin/env bash
# Drives the window with real X input (xdotool) under Xvfb:
#  1. Space pauses the run: the step counter in the status file stops;
#  2. dragging chain 2's friction slider changes its friction;
#  3. Ctrl+Z undoes the drag: the friction returns to its value before it;
#  4. a drag to the top of the friction slider (εC far above 2) stops the chain, and "Reset with
#     last stable settings" brings back a stable friction and restarts it.
# Usage: input_test.sh SGMCMC_LAB WORK_DIR
set -euo pipefail
exe=$1 work=$2
# shellcheck source=xdotool_lib.sh
source "$(dirname "$0")/xdotool_lib.sh"
start_window --layout dashboard --size 1600x1000

# 1. Space pauses: the counter must stop moving.
pause_with_space
before=$(value steps); sleep 1.0; after=$(value steps)
echo "paused: steps $before -> $after"
[[ "$before" == "$after" ]] || { echo "steps kept increasing while paused"; exit 1; }
xdotool key space
is_running() { [[ "$(value running)" == 1 ]]; }
wait_for "running 1 after Space again" is_running

# 2. Drag chain 2's friction slider (chain 2 is SGHMC in the default scenario) to the right.
scroll_controls_to chain2/friction
read -r x y w h < <(awk '$1 == "rect" && $2 == "chain2/friction" { print $3, $4, $5, $6 }' "$status")
[[ -n "${x:-}" ]] || { echo "no friction slider in the status file"; cat "$status"; exit 1; }
friction() { awk '$1 == "chain" && $2 == 2' "$status" | grep -o 'friction=[^,]*' | cut -d= -f2; }
start=$(friction)
cy=$(awk -v y="$y" -v h="$h" 'BEGIN { printf "%d", y + h / 2 }')
from=$(awk -v x="$x" -v w="$w" 'BEGIN { printf "%d", x + 0.1 * w }')
# The rectangle includes the label: 0.4 of it is about 60 % along the (logarithmic) slider, a
# friction near 2, well inside the stable range (εC < 2 at ε = 0.1 needs C < 20).
to=$(awk -v x="$x" -v w="$w" 'BEGIN { printf "%d", x + 0.4 * w }')
xdotool mousemove --window "$window" "$from" "$cy" mousedown 1
for step in 1 2 3 4 5; do
  xdotool mousemove --window "$window" $((from + (to - from) * step / 5)) "$cy"; sleep 0.05
done
xdotool mouseup 1
changed() { [[ "$(friction)" != "$start" ]]; }
wait_for "friction to change from $start" changed
# The window may still be working through the drag's motion events (under load it lags behind
# xdotool): Ctrl+Z must come after the release, so wait until the value holds still for 1 s.
settled() {
  local first; first=$(friction); sleep 1.0; [[ "$(friction)" == "$first" ]]
}
wait_for "friction to settle after the drag" settled
echo "friction: $start -> $(friction)"
grep -q '^chain 2 sghmc' "$status" || { echo "chain 2 is no longer SGHMC"; exit 1; }

# 3. Ctrl+Z undoes the whole drag (one undo step), whichever panel the pointer is over.
xdotool mousemove --window "$window" 800 500
xdotool key ctrl+z
restored() { [[ "$(friction)" == "$start" ]]; }
wait_for "friction back to $start after Ctrl+Z" restored
echo "after Ctrl+Z: friction $(friction)"

# 4. Push the friction to the slider's top (3 × 2/ε): the chain must stop, then come back. First
#    let it run a while at the restored friction: that is the stable setting to return to.
sleep 1
scroll_controls_to chain2/friction
read -r x y w h < <(awk '$1 == "rect" && $2 == "chain2/friction" { print $3, $4, $5, $6 }' "$status")
cy=$(awk -v y="$y" -v h="$h" 'BEGIN { printf "%d", y + h / 2 }')
from=$(awk -v x="$x" -v w="$w" 'BEGIN { printf "%d", x + 0.1 * w }')
to=$(awk -v x="$x" -v w="$w" 'BEGIN { printf "%d", x + w }')  # past the frame: the top
xdotool mousemove --window "$window" "$from" "$cy" mousedown 1
for step in 1 2 3 4 5; do
  xdotool mousemove --window "$window" $((from + (to - from) * step / 5)) "$cy"; sleep 0.05
done
xdotool mouseup 1
stopped() { awk '$1 == "chain" && $2 == 2 { print $7 }' "$status"; }
is_stopped() { [[ "$(stopped)" == 1 ]]; }
wait_for "chain 2 to stop at friction $(friction)" is_stopped
echo "stopped at friction $(friction)"
has_button() { grep -q '^rect chain2/reset_stable ' "$status"; }
wait_for "the 'Reset with last stable settings' button" has_button
running_stably() {
  is_stopped && return 1
  awk -v f="$(friction)" 'BEGIN { exit !(f * 0.1 < 2) }'  # εC < 2 at the default ε = 0.1
}
# The stop reason and hints above the button reflow as they update, so the button can move
# between reading its rectangle and the click: read it again and click again if nothing happened.
for attempt in 1 2 3; do
  scroll_controls_to chain2/reset_stable
  read -r bx by bw bh < <(awk '$1 == "rect" && $2 == "chain2/reset_stable" { print $3, $4, $5, $6 }' "$status")
  xdotool mousemove --window "$window" $(( ${bx%.*} + ${bw%.*} / 2 )) $(( ${by%.*} + ${bh%.*} / 2 )) click 1
  for _ in $(seq 30); do running_stably && break; sleep 0.1; done
  running_stably && break
  echo "reset click not taken yet (attempt $attempt)"
done
wait_for "chain 2 running again with a stable friction" running_stably
echo "reset with last stable settings: friction $(friction), stopped $(stopped)"
echo "input test passed"
