#!/usr/bin/env bash
# Focus mode from the dashboard (xdotool, 1280x720): the dashboard's many tiles use a smaller
# automatic text scale (0.75 here), but F, which fills the window with one panel, reads it at the
# lecture layout's scale (1), and Esc returns to the dashboard's. The newcomer found the focused
# panel still at the dashboard's small text.
# Usage: focus_scale_test.sh SGMCMC_LAB WORK_DIR
set -euo pipefail
exe=$1 work=$2
# shellcheck source=xdotool_lib.sh
source "$(dirname "$0")/xdotool_lib.sh"
start_window --layout dashboard --size 1280x720

scale() { value scale; }
small() { awk -v s="$(scale)" 'BEGIN { exit !(s < 0.9) }'; }
wait_for "the dashboard's smaller scale" small
echo "dashboard: scale $(scale)"
press() { xdotool keydown "$1"; sleep 0.15; xdotool keyup "$1"; sleep 0.05; }
xdotool mousemove --window "$window" 700 400
sleep 0.3
press f
full() { [[ "$(scale)" == 1 ]]; }
wait_for "focus at the lecture scale (now $(scale))" full
echo "focus: scale $(scale)"
press Escape
wait_for "the dashboard's scale again" small
echo "back: scale $(scale)"
echo "focus scale test passed"
