#!/usr/bin/env bash
# Issue 24, slider findings 2 (default preset, 1280x720, xdotool):
#  1. SGHMC's ε dragged to the slider's top, held until the chain stops, and back to where it
#     was before the release: while held there the banner names the ε it stopped at and the ε
#     the slider reads now; after the release the chain goes on by itself from its last good
#     draw (its steps and draws kept, not restarted from 0), and the Controls did not scroll;
#  2. SGHMC's friction dragged to the top and released: the chain stops and the Controls stay
#     where they are (no jump to the stopped chain's header); the reset offer is shown; ε's
#     handle stayed where it was (its range no longer shrinks to 2/C under it: the newcomer
#     read the jumped handle as a changed ε);
#  3. after a click on the main plot, the banner's "Reset with last stable settings" button
#     still works (the click raised the dock space above the banner, which then got no clicks);
#  4. a second drag, of the stopped chain's friction back to a stable value, restarts it (the
#     newcomer saw a red "diverged" verdict above a green "ok" and the chain still stopped);
#  5. a drag starting on the Controls' text moves no panel (ImGui moved the whole window).
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
stop_steps=$(steps 2)
echo "stopped mid-drag at ε = $(param 2 step_size) after $stop_steps steps"
xdotool mousemove --window "$window" "$home" "$cy"
# Still held, back at a stable ε: the banner's stop reason names the ε it stopped at, which the
# slider no longer shows, and says what the slider reads now (the newcomer read "ε = 0.689 too
# large" under a slider at 1.779).
says_moved() { text_of banner/2 | grep -q "the sliders now read step size"; }
wait_for "the banner to say the slider moved on since the stop" says_moved
echo "banner while held: $(text_of banner/2)"
xdotool mouseup 1
back=$(param 2 step_size)
echo "released at ε = $back (was $step0)"
# Back where it was pressed: the exact value it started from (by hand it was 0.09988, and only
# Ctrl+Z gave 0.1 back).
[[ "$back" == "$step0" ]] || { echo "the drag came back to ε = $back, not exactly $step0"; exit 1; }
running() { [[ "$(stopped 2)" == 0 ]]; }
wait_for "SGHMC to restart after the drag came back" running
s1=$(steps 2); sleep 1; s2=$(steps 2)
[[ "$s2" -gt "$s1" ]] || { echo "SGHMC does not run: steps $s1 -> $s2"; exit 1; }
echo "restarted: steps $s1 -> $s2; status line: $(text_of controls/status)"
# It went on from its last good draw: its steps (and draws) go on from the stop, not from 0.
[[ "$s1" -ge "$stop_steps" ]] || { echo "SGHMC restarted from scratch: $stop_steps steps at the stop, $s1 after"; exit 1; }
text_of controls/status | grep -q "draws kept" || { echo "the status line does not say the draws are kept"; exit 1; }
[[ "$(row_y chain2/step_size)" == "$y0" ]] || { echo "the Controls moved: ε row $y0 -> $(row_y chain2/step_size)"; exit 1; }

# 2. Friction to the top and released: stopped, no scroll, ε's handle unmoved. (Brought into
#    view first: part 1's status line, several lines long, shortens the scrolling body.)
sleep 0.5
scroll_controls_to chain2/friction
fy=$(row_y chain2/friction)
grab_x() { rect_of chain2/step_size/grab | awk '{ print $1 }'; }
eps_grab=$(grab_x)
drag_slider chain2/friction 0.1 1.2
wait_for "SGHMC to stop at friction $(param 2 friction)" is_stopped
has_offer() { [[ -n "$(text_of chain2/reset_stable)" ]]; }
wait_for "the reset offer" has_offer
sleep 1.5
[[ "$(row_y chain2/friction)" == "$fy" ]] ||
  { echo "the Controls jumped: friction row $fy -> $(row_y chain2/friction)"; exit 1; }
echo "stopped at friction $(param 2 friction); the Controls stayed still; offer: $(text_of chain2/reset_stable)"
[[ "$(grab_x)" == "$eps_grab" ]] ||
  { echo "ε's handle moved from x = $eps_grab to $(grab_x) while ε stayed $(param 2 step_size)"; exit 1; }
echo "ε's handle stayed at x = $eps_grab"

# 3. A click on the main plot, then the banner's reset button.
# (150 px above the banner: inside the main plot, over which the banner stands.)
read -r bx by _ _ < <(rect_of banner/health)
xdotool mousemove --window "$window" $(( ${bx%.*} + 200 )) $(( ${by%.*} - 150 ))
sleep 0.3; xdotool mousedown 1; sleep 0.15; xdotool mouseup 1; sleep 0.5
has_banner_offer() { [[ -n "$(rect_of banner/2/reset_stable)" ]]; }
wait_for "the banner's reset button" has_banner_offer
click_rect banner/2/reset_stable
wait_for "SGHMC to restart from the banner's button" running
[[ "$(param 2 friction)" == 1 ]] || { echo "the banner reset to friction $(param 2 friction), not 1"; exit 1; }
echo "the banner's button restarted SGHMC at friction $(param 2 friction)"

# 4. Stopped again; a new drag of its friction back down restarts it on its own. (Into view
#    first: the status line above may have grown.)
scroll_controls_to chain2/friction
drag_slider chain2/friction 0.1 1.2
wait_for "SGHMC to stop again" is_stopped
sleep 0.5
drag_slider chain2/friction 0.95 0.15
wait_for "SGHMC to restart at friction $(param 2 friction)" running
echo "restarted at friction $(param 2 friction): $(text_of controls/status)"

# 5. A drag that starts on the Controls' text (the status line), not on a widget, moves nothing:
#    the newcomer's drag from a slider's label tore the whole panel out of the layout.
panel_before=$(rect_of panel/Controls)
read -r sx sy sw sh < <(rect_of controls/status_line)
xdotool mousemove --window "$window" $(( ${sx%.*} + 20 )) $(( ${sy%.*} + ${sh%.*} / 2 )) mousedown 1
sleep 0.2
xdotool mousemove --window "$window" $(( ${sx%.*} + 320 )) $(( ${sy%.*} - 200 ))
sleep 0.3
xdotool mouseup 1
sleep 0.5
[[ "$(rect_of panel/Controls)" == "$panel_before" ]] ||
  { echo "a drag on the status line moved the Controls: $panel_before -> $(rect_of panel/Controls)"; exit 1; }
echo "a drag on the Controls' text left the panel where it was ($panel_before)"
echo "resume test passed"
