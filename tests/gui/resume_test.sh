#!/usr/bin/env bash
# Issue 24, slider findings 2 (default preset, 1280x720, xdotool):
#  1. SGHMC's ε dragged to the slider's top, held until the chain stops, and back to where it
#     was before the release: the chain restarts on its own, and the Controls did not scroll;
#  2. SGHMC's friction dragged to the top and released: the chain stops and the Controls stay
#     where they are (no jump to the stopped chain's header); the reset offer is shown.
# Usage: resume_test.sh SGMCMC_LAB WORK_DIR
set -euo pipefail
exe=$1 work=$2
# shellcheck source=xdotool_lib.sh
source "$(dirname "$0")/xdotool_lib.sh"
start_window --size 1280x720

param() { awk -v id="$1" '$1 == "chain" && $2 == id' "$status" | grep -o "$2=[^, ]*" | cut -d= -f2; }
stopped() { awk -v id="$1" '$1 == "chain" && $2 == id { print $7 }' "$status"; }
steps() { awk -v id="$1" '$1 == "chain" && $2 == id { print $5 }' "$status"; }
row_y() { rect_of "$1" | awk '{ print $2 }'; }
grep -q '^chain 2 sghmc' "$status" || { echo "chain 2 is not SGHMC"; exit 1; }

# 1. ε out to the top and back, in one drag.
scroll_controls_to chain2/friction
sleep 0.5
step0=$(param 2 step_size) y0=$(row_y chain2/step_size)
read -r x y w h < <(rect_of chain2/step_size)
read -r gx _ gw _ < <(rect_of chain2/step_size/grab)
cy=$(awk -v y="$y" -v h="$h" 'BEGIN { printf "%d", y + h / 2 }')
home=$(awk -v x="$gx" -v w="$gw" 'BEGIN { printf "%d", x + w / 2 }')
top=$(awk -v x="$x" -v w="$w" 'BEGIN { printf "%d", x + 1.2 * w }')
trap 'xdotool mouseup 1 2>/dev/null || true; kill $app 2>/dev/null || true' EXIT
xdotool mousemove --window "$window" "$home" "$cy" mousedown 1
sleep 0.2
xdotool mousemove --window "$window" "$top" "$cy"
is_stopped() { [[ "$(stopped 2)" == 1 ]]; }
wait_for "SGHMC to stop at ε = $(param 2 step_size)" is_stopped
echo "stopped mid-drag at ε = $(param 2 step_size)"
xdotool mousemove --window "$window" "$home" "$cy"
sleep 0.5
xdotool mouseup 1
back=$(param 2 step_size)
echo "released at ε = $back (was $step0)"
awk -v a="$back" -v b="$step0" 'BEGIN { exit !(a < 1.5 * b && a > b / 1.5) }' ||
  { echo "the drag did not come back near ε = $step0"; exit 1; }
running() { [[ "$(stopped 2)" == 0 ]]; }
wait_for "SGHMC to restart after the drag came back" running
s1=$(steps 2); sleep 1; s2=$(steps 2)
[[ "$s2" -gt "$s1" ]] || { echo "SGHMC does not run: steps $s1 -> $s2"; exit 1; }
echo "restarted: steps $s1 -> $s2; status line: $(text_of controls/status)"
[[ "$(row_y chain2/step_size)" == "$y0" ]] || { echo "the Controls moved: ε row $y0 -> $(row_y chain2/step_size)"; exit 1; }

# 2. Friction to the top and released: stopped, no scroll.
sleep 0.5
fy=$(row_y chain2/friction)
drag_slider chain2/friction 0.1 1.2
wait_for "SGHMC to stop at friction $(param 2 friction)" is_stopped
has_offer() { [[ -n "$(text_of chain2/reset_stable)" ]]; }
wait_for "the reset offer" has_offer
sleep 1.5
[[ "$(row_y chain2/friction)" == "$fy" ]] ||
  { echo "the Controls jumped: friction row $fy -> $(row_y chain2/friction)"; exit 1; }
echo "stopped at friction $(param 2 friction); the Controls stayed still; offer: $(text_of chain2/reset_stable)"
echo "resume test passed"
