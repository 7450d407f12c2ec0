#!/usr/bin/env bash
# Side panels and text readable from the back row, from the rectangles the app writes to its
# --status-file:
#  1. lecture layout at 1280x720: after Ctrl+= (xdotool) the main plot's data area is still at
#     least 600x380 px; after a second Ctrl+= no plot on screen is under 120 px tall;
#  2. chen-fig1 (five chains, Metrics in the lecture side column) at 1280x720: every chain's
#     metrics card lies inside the Metrics panel (none cut off or scrolled away);
#  3. no parameter slider's value text lies under its grab (the handle never covers the number;
#     a slider too narrow for the value beside its grab draws it on a backdrop over the grab);
#  4. launched with no --size on a 2560x1440 screen, the interface scale is at least 1.5 (text a
#     similar fraction of the screen as at 1280x720), in both layouts.
# Usage: legibility_test.sh SGMCMC_LAB WORK_DIR
set -euo pipefail
exe=$1 work=$2
source "$(dirname "$0")/xdotool_lib.sh"
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }

# slider_check WHEN: every slider's value text clear of its grab (a text too wide for either side
# is drawn on a backdrop above the grab, "value_on_backdrop": counted, never under the grab).
slider_check() {
  local sliders beside
  sliders=$(awk '$1 == "rect" && $2 ~ /\/grab$/ { n++ } END { print n + 0 }' "$status")
  beside=$(awk '$1 == "rect" && $2 ~ /\/value$/ { n++ } END { print n + 0 }' "$status")
  [[ $sliders -ge 2 ]] || fail "$1: only $sliders slider grabs in the status file"
  awk '$1 == "rect" && $2 ~ /\/grab$/ { n = substr($2, 1, length($2) - 5); gx[n] = $3; gw[n] = $5 }
       $1 == "rect" && $2 ~ /\/value$/ { n = substr($2, 1, length($2) - 6); vx[n] = $3; vw[n] = $5 }
       END { for (n in gx) if (n in vx && vx[n] < gx[n] + gw[n] && gx[n] < vx[n] + vw[n]) {
               print "slider " n ": value text under the grab"; bad = 1 }
             exit bad }' "$status" || fail "$1: a slider's grab covers its value"
  echo "$1: $sliders sliders, $beside values beside their grab, the rest on a backdrop"
}

# 1. and 3.
start_window --size 1280x720 --layout lecture
sleep 1
slider_check "1280x720"
start_scale=$(value scale)
xdotool key ctrl+equal
zoomed() { awk -v s="$(value scale)" -v t="$start_scale" 'BEGIN { exit !(s > t * 1.05) }'; }
wait_for "the scale to grow from $start_scale" zoomed
sleep 1  # the layout follows the new font size on the next frames
read -r x y w h < <(rect_of "plot/Histogram_vs_truth/0")
awk -v w="$w" -v h="$h" 'BEGIN { exit !(w >= 600 && h >= 380) }' ||
  fail "lecture 1280x720 after Ctrl+= (scale $(value scale)): main plot ${w}x${h} < 600x380"
echo "Ctrl+= at 1280x720: scale $start_scale -> $(value scale), main plot ${w}x${h}"
slider_check "1280x720 after Ctrl+="
# Zoomed further, the side column shows fewer panels rather than slivers: every plot on screen
# keeps a data area at least 120 px tall (a 50 px trace strip and a 70 px phase space before).
scale1=$(value scale)
xdotool key ctrl+equal
zoomed_more() { awk -v s="$(value scale)" -v t="$scale1" 'BEGIN { exit !(s > t * 1.05) }'; }
wait_for "the scale to grow from $scale1" zoomed_more
sleep 1
short=$(awk '$1 == "rect" && $2 ~ /^plot\/.*\/0$/ && $6 < 120 { print $2 " " $5 "x" $6 }' "$status")
[[ -z "$short" ]] || fail "1280x720 at scale $(value scale): plots squeezed: $short"
echo "Ctrl+= twice: scale $(value scale), plots: $(awk '$1 == "rect" && $2 ~ /^plot\/.*\/0$/ { printf "%s %dx%d; ", $2, $5, $6 }' "$status")"
kill "$app" 2>/dev/null || true
wait "$app" 2>/dev/null || true

run() {  # run NAME SCREEN ARGS...: 60 frames on a screen of that size; leaves $work/NAME.status
  local name=$1 screen=$2; shift 2
  xvfb-run -a -s "-screen 0 ${screen}x24" "$exe" gui --frames 60 \
    --status-file "$work/$name.status" "$@" > "$work/$name.log" 2>&1 || {
    fail "$name: the app exited non-zero"; cat "$work/$name.log"; }
}

# 2.
run fig1 1280x720 --size 1280x720 --scenario chen-fig1 --layout lecture
read -r px py pw ph < <(awk '$1 == "rect" && $2 == "panel/Metrics" { print $3, $4, $5, $6 }' \
  "$work/fig1.status")
[[ -n "${ph:-}" ]] || fail "chen-fig1: no Metrics panel"
cards=$(awk '$1 == "rect" && $2 ~ /^metrics\/card\// { n++ } END { print n + 0 }' "$work/fig1.status")
chains=$(grep -c '^label ' "$work/fig1.status")
[[ $cards -eq $chains ]] || fail "chen-fig1: $cards metrics cards for $chains chains"
awk -v X="$px" -v Y="$py" -v W="$pw" -v H="$ph" '$1 == "rect" && $2 ~ /^metrics\/card\// {
    if ($3 < X - 0.5 || $4 < Y - 0.5 || $3 + $5 > X + W + 0.5 || $4 + $6 > Y + H + 0.5) {
      print "card outside the Metrics panel: " $0; bad = 1 } }
  END { exit bad }' "$work/fig1.status" || fail "chen-fig1: a metrics card is cut off"
echo "chen-fig1 lecture 1280x720: $cards of $chains chains' cards inside the Metrics panel"

# 4.
for layout in lecture dashboard; do
  run "large-$layout" 2560x1440 --layout "$layout"
  scale=$(awk '$1 == "scale" { print $2 }' "$work/large-$layout.status")
  awk -v s="$scale" 'BEGIN { exit !(s >= 1.5) }' ||
    fail "2560x1440 $layout, no --size: scale $scale < 1.5 (text too small for the screen)"
  echo "2560x1440 $layout: scale $scale"
done

[[ $failures -eq 0 ]] || { echo "$failures legibility failure(s)"; exit 1; }
echo "legibility test passed"
