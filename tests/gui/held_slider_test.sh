#!/usr/bin/env bash
# Issue 24, slider findings 1: nothing in the Controls changes its layout while a slider is held.
# At 1280x720 (default preset) HMC's ε is pressed and dragged to the slider's top, where HMC turns
# unstable, and held there: "Forget draws before this change" and the verdict must not appear
# (nor any row shift) until the release; after it they do.
# Usage: held_slider_test.sh SGMCMC_LAB WORK_DIR
set -euo pipefail
exe=$1 work=$2
# shellcheck source=xdotool_lib.sh
source "$(dirname "$0")/xdotool_lib.sh"
start_window --size 1280x720

# "name y" of every chain parameter widget (its label row included), the layout under the pointer.
widget_rows() {
  awk '$1 == "rect" && $2 ~ /^chain[0-9]+\/[a-z_]+$/ && $2 !~ /(health|forget_draws|reset_|divergences)/ { print $2, $4 }' \
    "$status" | sort
}
scroll_controls_to chain0/step_size
sleep 0.5
before=$(widget_rows)
[[ -n "$before" ]] || { echo "no chain widgets in the status file"; exit 1; }
grep -q '^rect chain0/forget_draws ' "$status" && { echo "forget offered before any change"; exit 1; }

read -r x y w h < <(rect_of chain0/step_size)
cy=$(awk -v y="$y" -v h="$h" 'BEGIN { printf "%d", y + h / 2 }')
at() { awk -v x="$x" -v w="$w" -v f="$1" 'BEGIN { printf "%d", x + f * w }'; }
xdotool mousemove --window "$window" "$(at 0.1)" "$cy" mousedown 1
trap 'xdotool mouseup 1 2>/dev/null || true; kill $app 2>/dev/null || true' EXIT
sleep 0.3
xdotool mousemove --window "$window" "$(at 1.2)" "$cy"
unstable() { [[ "$(text_of legend/0/status)" == unstable ]]; }
wait_for "HMC to turn unstable while held" unstable
sleep 1.0  # several status files written while held
during=$(widget_rows)
offered_mid_drag=0
# (The banner over the main plot has its own forget button, outside the Controls.)
in_controls chain0/forget_draws && offered_mid_drag=1
grep -q '^rect chain0/health ' "$status" && offered_mid_drag=1
xdotool mouseup 1
if [[ "$before" != "$during" ]]; then
  echo "rows moved while the slider was held:"; diff <(echo "$before") <(echo "$during") || true; exit 1
fi
[[ $offered_mid_drag == 0 ]] || { echo "a verdict or offer appeared mid-drag"; exit 1; }
echo "held at ε = $(awk '$1 == "chain" && $2 == 0' "$status" | grep -o 'step_size=[^, ]*'): no row moved"
offered() { grep -q '^rect chain0/health ' "$status"; }
wait_for "the verdict and the forget offer after the release" offered
echo "after the release: the verdict is shown under HMC ($(text_of banner/0))"
echo "held slider test passed"
