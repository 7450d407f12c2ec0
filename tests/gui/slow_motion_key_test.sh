#!/usr/bin/env bash
# Slow motion without the wheel (xdotool, default preset, 1280x720 lecture): the chain cards'
# "slow motion" button lies below the Controls' fold, so S starts it on the open chain (HMC) and
# its read-out plays in the main panel; S again leaves it; Run > Slow motion lists the chains
# that trace a leapfrog path and starts it on the one clicked (SGHMC). With the Controls scrolled
# down to HMC's step size, slow motion's block appearing and going above it leaves the slider
# where it was (a click meant for one row landed on another chain's slider; newcomer run 7).
# Usage: slow_motion_key_test.sh SGMCMC_LAB WORK_DIR
set -euo pipefail
exe=$1 work=$2
# shellcheck source=xdotool_lib.sh
source "$(dirname "$0")/xdotool_lib.sh"

start_window --size 1280x720
scroll_controls_to chain0/step_size
sleep 0.5
slider_y() { rect_of chain0/step_size | awk '{ print $2 }'; }
stays_put() {  # stays_put WHEN: the slider is within 3 px of where it was scrolled to
  local now
  now=$(slider_y)
  awk -v a="$before_y" -v b="$now" 'BEGIN { d = a - b; exit !(d <= 3 && d >= -3) }' ||
    { echo "HMC's step size moved from y = $before_y to y = $now $1"; exit 1; }
}
before_y=$(slider_y)
has_rect() { [[ -n "$(rect_of "$1")" ]]; }
playing() { has_rect slowmo/readout; }
stopped() { ! has_rect slowmo/readout; }
for attempt in 1 2 3; do  # the first key can come before the window takes input
  xdotool key --window "$window" s
  for _ in $(seq 50); do playing && break; sleep 0.1; done
  playing && break
  echo "S not taken yet (attempt $attempt)"
done
wait_for "slow motion's read-out after S" playing
grep -q "^text controls/slow_motion_chain HMC$" "$status" ||
  { echo "slow motion plays on '$(text_of controls/slow_motion_chain)', not HMC (the open chain)"; exit 1; }
echo "S: slow motion on $(text_of controls/slow_motion_chain), read-out at $(rect_of slowmo/readout)"
sleep 1
stays_put "when slow motion started"
xdotool key --window "$window" s
wait_for "slow motion to end after S again" stopped
echo "S again: slow motion left"
sleep 1
stays_put "when slow motion ended"
echo "HMC's step size stayed at y = $before_y through slow motion"
for attempt in 1 2 3; do
  click_rect menu/run
  for _ in $(seq 20); do has_rect run/slow_motion && break; sleep 0.1; done
  has_rect run/slow_motion && break
  echo "the Run menu is not open yet (attempt $attempt)"
done
hover_rect run/slow_motion
wait_for "the Slow motion submenu" has_rect run/slow_motion/2
click_rect run/slow_motion/2
wait_for "slow motion from the Run menu" playing
[[ "$(text_of controls/slow_motion_chain)" == SGHMC ]] ||
  { echo "Run > Slow motion > SGHMC started it on '$(text_of controls/slow_motion_chain)'"; exit 1; }
echo "Run > Slow motion > SGHMC: slow motion on SGHMC"
kill "$app" 2>/dev/null || true
echo "slow motion key test passed"
