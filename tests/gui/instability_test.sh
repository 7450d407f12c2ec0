#!/usr/bin/env bash
# Issue 24, points 5 and 6, driven with real X input (xdotool) under Xvfb at 1280x720 (lecture):
#  1. HMC's ε dragged to the slider's top: the legend strip says "unstable", a banner over the
#     main plot names the chain and the setting, the Controls show the verdict;
#  2. Ctrl+Z with the Controls scrolled away: ε is restored, the Controls scroll back to HMC, the
#     legend says "running" again and the divergence count (per settings segment) is gone;
#     "Forget draws before this change" is offered and taken;
#  3. ε dragged to the slider's bottom: the legend says "too slow"; Ctrl+Z clears it;
#  4. SGHMC's friction dragged to the top after resting mid-way: the chain stops, the reset offer
#     names the friction before the drag (not the value it rested at), its buttons are not
#     clipped, and Ctrl+Z restores the friction and resumes the chain.
# Usage: instability_test.sh SGMCMC_LAB WORK_DIR
set -euo pipefail
exe=$1 work=$2
# shellcheck source=xdotool_lib.sh
source "$(dirname "$0")/xdotool_lib.sh"
start_window --size 1280x720

legend() { text_of "legend/$1/status"; }
param() { awk -v id="$1" '$1 == "chain" && $2 == id' "$status" | grep -o "$2=[^, ]*" | cut -d= -f2; }
stopped() { awk -v id="$1" '$1 == "chain" && $2 == id { print $7 }' "$status"; }

# 1. HMC (chain 0) to the top of its ε slider (3 × the leapfrog limit).
grep -q '^chain 0 hmc' "$status" || { echo "chain 0 is not HMC"; cat "$status"; exit 1; }
step0=$(param 0 step_size)
scroll_controls_to chain0/step_size
drag_slider chain0/step_size 0.1 1.2
legend_unstable() { [[ "$(legend 0)" == unstable ]]; }
wait_for "the legend to call HMC unstable (ε = $(param 0 step_size))" legend_unstable
echo "ε $step0 -> $(param 0 step_size): legend '$(legend 0)'"
banner_says() { text_of banner/0 | grep -q "is unstable"; }
wait_for "the banner over the main plot" banner_says
echo "banner: $(text_of banner/0)"
text_of banner/0 | grep -q "^HMC: step size ε = " || { echo "banner does not name the setting"; exit 1; }
# The banner lies inside the largest plot panel, not over the Controls.
read -r bx by bw bh < <(rect_of banner/health)
read -r cx cy cw ch < <(rect_of panel/Controls)
awk -v bx="$bx" -v bw="$bw" -v cx="$cx" -v cw="$cw" \
  'BEGIN { exit !(bx + bw <= cx || bx >= cx + cw) }' || { echo "banner over the Controls"; exit 1; }
has_health_line() { grep -q '^rect chain0/health ' "$status"; }
wait_for "the verdict under HMC in the Controls" has_health_line
has_divergences() { grep -q '^rect chain0/divergences ' "$status"; }
wait_for "the divergence count under HMC's sliders" has_divergences

# 2. Scroll the Controls to its end (HMC out of view), then Ctrl+Z.
read -r px py pw ph < <(rect_of panel/Controls)
for _ in $(seq 15); do
  xdotool mousemove --window "$window" $(( ${px%.*} + 20 )) $(( ${py%.*} + ${ph%.*} / 2 )) click 5
  sleep 0.1
done
sleep 0.5
in_controls chain0/step_size && echo "(note: HMC's slider still in view after scrolling)"
held() { awk -v id="$1" '$1 == "chain" && $2 == id { print $9 }' "$status"; }
xdotool mousemove --window "$window" 700 400
held_unstable=$(held 0)
xdotool key ctrl+z
restored() { [[ "$(param 0 step_size)" == "$step0" ]]; }
wait_for "ε back to $step0 after Ctrl+Z" restored
held_restored=$(held 0)
scrolled_back() { in_controls chain0/step_size; }
wait_for "the Controls to scroll to HMC" scrolled_back
legend_running() { [[ "$(legend 0)" == running ]]; }
wait_for "the legend to say running again" legend_running
no_divergences() { ! has_divergences; }
wait_for "the divergence count to describe the restored settings (none)" no_divergences
no_banner() { [[ -z "$(text_of banner/0)" ]]; }
wait_for "the banner to go" no_banner
echo "after Ctrl+Z: ε $(param 0 step_size), legend '$(legend 0)', no divergences under these settings"
# The draws made at the undone ε left the histogram with it: fewer are held than before Ctrl+Z
# (the chain, paused by nothing, keeps adding draws at the restored ε, so compare at once).
echo "draws held: $held_unstable before Ctrl+Z, $held_restored after"
(( held_restored < held_unstable )) || { echo "Ctrl+Z kept the draws made at the undone ε"; exit 1; }
text_of controls/status | grep -q "draws made with the undone value are forgotten" ||
  { echo "the undo status does not say the draws were forgotten: $(text_of controls/status)"; exit 1; }
scroll_controls_to chain0/forget_draws
click_rect chain0/forget_draws
forgot() { text_of controls/status | grep -q '^Forgot HMC'; }
wait_for "the forget-draws status line" forgot
echo "$(text_of controls/status)"

# 3. The bottom of the ε slider: far too slow.
# The status line that just appeared can move the slider between reading its rectangle and the
# press: drag again if ε did not change.
for attempt in 1 2 3; do
  sleep 0.5
  scroll_controls_to chain0/step_size
  drag_slider chain0/step_size 0.1 -0.05
  for _ in $(seq 20); do [[ "$(param 0 step_size)" != "$step0" ]] && break; sleep 0.1; done
  [[ "$(param 0 step_size)" != "$step0" ]] && break
  echo "drag not taken yet (attempt $attempt)"
done
legend_slow() { [[ "$(legend 0)" == "too slow" ]]; }
wait_for "the legend to call HMC too slow (ε = $(param 0 step_size))" legend_slow
echo "ε $(param 0 step_size): legend '$(legend 0)', banner: $(text_of banner/0)"
xdotool mousemove --window "$window" 700 400
xdotool key ctrl+z
wait_for "ε back to $step0" restored
wait_for "the legend to say running again" legend_running

# 4. SGHMC (chain 2): rest at a stable friction mid-drag for a second (thousands of steps), then
#    to the top, which stops it.
grep -q '^chain 2 sghmc' "$status" || { echo "chain 2 is not SGHMC"; exit 1; }
friction0=$(param 2 friction)
scroll_controls_to chain2/friction
drag_slider chain2/friction 0.1 1.2 0.1 1.5  # rests where it was pressed
is_stopped() { [[ "$(stopped 2)" == 1 ]]; }
wait_for "SGHMC to stop at friction $(param 2 friction)" is_stopped
legend_stopped() { legend 2 | grep -q '^stopped'; }
wait_for "the legend to say stopped" legend_stopped
offer() { text_of chain2/reset_stable; }
has_offer() { [[ -n "$(offer)" ]]; }
wait_for "the reset offer" has_offer
echo "stopped at friction $(param 2 friction); offer: $(offer)"
# (Pressed near the slider's left end, C = 0 since B̂ follows C down, the drag passes below B̂
# = 0.2 and takes it along: the offer then names B̂ before the drag too.)
[[ "$(offer)" == "Reset with last stable settings (friction C = $friction0)" ||
   "$(offer)" == "Reset with last stable settings (friction C = $friction0, noise estimate B̂ = "* ]] ||
  { echo "the offer does not name the friction before the drag ($friction0)"; exit 1; }
# Neither reset button runs past the Controls panel's right edge (their labels wrap instead).
read -r px py pw ph < <(rect_of panel/Controls)
for button in chain2/reset_stable chain2/reset_current; do
  read -r ix iy iw ih < <(rect_of "$button")
  awk -v px="$px" -v pw="$pw" -v ix="$ix" -v iw="$iw" 'BEGIN { exit !(ix >= px && ix + iw <= px + pw - 8) }' ||
    { echo "$button clipped: $ix $iw vs panel $px $pw"; exit 1; }
done
xdotool mousemove --window "$window" 700 400
xdotool key ctrl+z
resumed() { [[ "$(stopped 2)" == 0 && "$(param 2 friction)" == "$friction0" ]]; }
wait_for "Ctrl+Z to restore friction $friction0 and resume SGHMC" resumed
steps_before=$(awk '$1 == "chain" && $2 == 2 { print $5 }' "$status")
sleep 1
steps_after=$(awk '$1 == "chain" && $2 == 2 { print $5 }' "$status")
[[ "$steps_after" -gt "$steps_before" ]] || { echo "SGHMC does not run after Ctrl+Z"; exit 1; }
echo "after Ctrl+Z: friction $(param 2 friction), stopped $(stopped 2), steps $steps_before -> $steps_after"
echo "instability test passed"
