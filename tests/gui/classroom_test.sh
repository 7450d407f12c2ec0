#!/usr/bin/env bash
# The classroom window driven with real X input (xdotool) under Xvfb, checked through the
# --status-file (which lists what each panel drew):
#  1. clicking a chain in the legend strip hides it in every panel (its metrics row goes), and a
#     second click brings it back;
#  2. editing a chain's label in the Controls panel renames it in the metrics table;
#  3. Ctrl+= zooms in (fonts and widgets scale by 1.1), Ctrl+0 returns to the start scale.
# Usage: classroom_test.sh SGMCMC_LAB WORK_DIR
set -euo pipefail
exe=$1 work=$2
rm -rf "$work" && mkdir -p "$work"
if [[ -z "${SGL_INSIDE_XVFB:-}" ]]; then
  SGL_INSIDE_XVFB=1 exec xvfb-run -a -s "-screen 0 1600x1000x24" "$0" "$@"
fi

status="$work/status.txt"
"$exe" gui --layout dashboard --size 1600x1000 --status-file "$status" > "$work/app.log" 2>&1 &
app=$!
trap 'kill $app 2>/dev/null || true' EXIT

# shellcheck source=xdotool_lib.sh
source "$(dirname "$0")/xdotool_lib.sh"
text_of() { awk -v key="$1" '$1 == "text" && $2 == key { $1 = ""; $2 = ""; sub(/^  /, ""); print }' \
  "$status" 2>/dev/null; }
has_metrics_row() { [[ -n "$(text_of "metrics/label/$1")" ]]; }
no_metrics_row() { [[ -f "$status" ]] && ! has_metrics_row "$1"; }
wait_for "the metrics table" has_metrics_row 1
# The first frames tile without the menu bar's height; rectangles are final a few frames later.
settled() { [[ "$(value frame)" -ge 30 ]]; }
wait_for "30 frames" settled

window=$(xdotool search --sync --name '^sgmcmc-lab' | head -1)
xdotool mousemove --window "$window" 800 500
xdotool windowfocus --sync "$window" || true

# 1. Hide chain 1 from the legend strip, then show it again.
label1=$(awk '$1 == "label" && $2 == 1 { $1 = ""; $2 = ""; sub(/^  /, ""); print }' "$status")
for attempt in 1 2 3; do  # the first click can land before the window takes input
  click_rect legend/1
  for _ in $(seq 50); do no_metrics_row 1 && break; sleep 0.1; done
  no_metrics_row 1 && break
  echo "legend click not taken yet (attempt $attempt): legend/1 at [$(rect_of legend/1)]," \
    "frame $(value frame), metrics rows: $(grep -c '^text metrics/label/' "$status")"
done
wait_for "chain 1 ($label1) to leave the metrics table" no_metrics_row 1
has_metrics_row 0 || { echo "chain 0 vanished too"; exit 1; }
echo "legend click hid '$label1'"
click_rect legend/1
wait_for "chain 1 to come back" has_metrics_row 1
echo "second legend click showed '$label1' again"

# 2. Rename chain 0 in its label field. Keys are held across frames: ImGui 1.86 polls which
#    keys are down once per frame, so an instant press and release could fall between two.
press() { xdotool keydown "$1"; sleep 0.1; xdotool keyup "$1"; sleep 0.05; }
scroll_controls_to chain0/label
click_rect chain0/label
xdotool keydown ctrl; press a; xdotool keyup ctrl
xdotool type --delay 30 "Exact HMC"
press Return
renamed() { [[ "$(text_of metrics/label/0)" == "Exact HMC" ]]; }
wait_for "the metrics table to show 'Exact HMC'" renamed
grep -q '^label 0 Exact HMC$' "$status" || { echo "the engine did not take the label"; exit 1; }
echo "label edit shown in the metrics table"

# 3. Zoom in with Ctrl+=, then back with Ctrl+0.
start_scale=$(value scale)
xdotool mousemove --window "$window" 800 500
xdotool key ctrl+equal
zoomed() { awk -v s="$(value scale)" -v t="$start_scale" 'BEGIN { exit !(s > t * 1.05) }'; }
wait_for "the scale to grow from $start_scale" zoomed
echo "zoom: scale $start_scale -> $(value scale)"
xdotool key ctrl+0
back() { [[ "$(value scale)" == "$start_scale" ]]; }
wait_for "the scale to return to $start_scale" back
echo "classroom test passed"
