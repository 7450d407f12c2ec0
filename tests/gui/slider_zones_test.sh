#!/usr/bin/env bash
# The stability stripe under a slider (xdotool, default preset, 1280x720 lecture): HMC's step
# size on the double well (λ_max = U''(±1) = 8) is unstable from ε = 2/√8 ≈ 0.707. A click a few
# pixels right of where the red stripe begins sets ε above 0.707 and the chain's line turns
# UNSTABLE; a click a few pixels left of it sets ε below 0.707, still stable. The stripe is
# where the theory puts it, in the pixels a student aims at, not only in the code.
# Usage: slider_zones_test.sh SGMCMC_LAB WORK_DIR
set -euo pipefail
exe=$1 work=$2
# shellcheck source=xdotool_lib.sh
source "$(dirname "$0")/xdotool_lib.sh"

start_window --size 1280x720
has_zone() { [[ -n "$(rect_of chain0/step_size/zone/unstable)" ]]; }
wait_for "the red stripe under HMC's step size" has_zone
sleep 1  # the first frames lay the Controls out without their scroll bar
xdotool mousemove --window "$window" 640 400
xdotool windowfocus --sync "$window" || true
step0() { awk '$1 == "chain" && $2 == 0' "$status" | grep -o 'step_size=[^, ]*' | cut -d= -f2; }
read -r zx zy zw zh < <(rect_of chain0/step_size/zone/unstable)
read -r sx sy sw sh < <(rect_of chain0/step_size)
echo "red stripe from x = $zx to $(awk -v a="$zx" -v b="$zw" 'BEGIN { print a + b }'), slider $sx..$(awk -v a="$sx" -v b="$sw" 'BEGIN { print a + b }')"
cy=$(awk -v y="$sy" -v h="$sh" 'BEGIN { printf "%d", y + h / 2 }')
# click_at X CHECK: a click at pixel column X of the slider sets the value there; again (the first
# click can come before the window takes input) until CHECK holds.
click_at() {
  for _ in 1 2 3; do
    xdotool mousemove --window "$window" "$1" "$cy"
    sleep 0.2
    xdotool mousedown 1; sleep 0.15; xdotool mouseup 1
    for _ in $(seq 20); do "$2" && return 0; sleep 0.1; done
  done
}
failures=0
right=$(awk -v x="$zx" 'BEGIN { printf "%d", x + 4 }')
moved() { [[ "$(step0)" != 0.1 ]]; }
click_at "$right" moved
above() { awk -v e="$(step0)" 'BEGIN { exit !(e > 0.7071 && e < 0.85) }'; }
wait_for "ε just above 2/√8 after a click in the red (have $(step0))" above
unstable() { text_of chain0/stability | grep -q '^UNSTABLE'; }
wait_for "the chain's line to say UNSTABLE (has '$(text_of chain0/stability)')" unstable
echo "right of the stripe's start: ε = $(step0), '$(text_of chain0/stability)'"
# The stripe is drawn from the slider's range, which stays put while the value moves.
left=$(awk -v x="$zx" 'BEGIN { printf "%d", x - 4 }')
below() { awk -v e="$(step0)" 'BEGIN { exit !(e < 0.7071 && e > 0.55) }'; }
click_at "$left" below
wait_for "ε just below 2/√8 after a click left of the red (have $(step0))" below
stable_now() { ! text_of chain0/stability | grep -q '^UNSTABLE'; }
wait_for "the chain's line to leave UNSTABLE (has '$(text_of chain0/stability)')" stable_now
echo "left of the stripe's start: ε = $(step0), '$(text_of chain0/stability)'"
# The orange stretch (above 80% of the limit) ends where the red begins.
read -r mx _ mw _ < <(rect_of chain0/step_size/zone/marginal)
awk -v m="$mx" -v w="$mw" -v z="$zx" 'BEGIN { exit !(m + w <= z + 1 && m + w >= z - 1) }' ||
  { echo "FAIL: the orange stretch ends at $(awk -v m="$mx" -v w="$mw" 'BEGIN{print m+w}'), the red begins at $zx"; failures=1; }
kill "$app" 2>/dev/null || true
[[ $failures -eq 0 ]] || exit 1
echo "slider zones test passed"
