#!/usr/bin/env bash
# A recording leaves out what only the person at the mouse sees (xdotool under Xvfb): with the
# pointer resting on the Target plot, the screen shows the hover ring around the nearest point,
# the recorded GIF's last frame does not; the GIF's frame delays add up to the recording's
# length (each delay from the real frame times, rounding never accumulating).
# Usage: hover_record_test.sh SGMCMC_LAB CHECK_GIF CHECK_RECT WORK_DIR
set -euo pipefail
exe=$1 check_gif=$2 check_rect=$3 work=$4
if [[ -z "${SGL_INSIDE_XVFB:-}" ]]; then
  rm -rf "$work" && mkdir -p "$work"
  SGL_INSIDE_XVFB=1 exec xvfb-run -a -s "-screen 0 1600x1000x24" "$0" "$@"
fi
fail() { echo "FAIL: $*"; exit 1; }
status="$work/status.txt"
# Enough frames that the window outlives the pointer's first moves: 150 frames ended in about
# 1.5 s on a quiet machine, and xdotool then failed on the closed window (BadWindow).
frames=400
start=$(date +%s.%N)
"$exe" gui --target gauss2d --layout dashboard --size 1600x1000 --frames $frames \
  --record "$work/hover.gif" --screenshot "$work/screen.png" --status-file "$status" \
  > "$work/app.log" 2>&1 &
app=$!
trap 'kill $app 2>/dev/null || true' EXIT
# shellcheck source=xdotool_lib.sh
source "$(dirname "$0")/xdotool_lib.sh"
has_plot() { [[ -f "$status" && -n "$(rect_of plot/Target/0)" ]]; }
wait_for "the Target plot" has_plot
window=$(xdotool search --sync --name '^sgmcmc-lab' | head -1)
# Rest the pointer on the plot's middle (the clouds give a nearest point there) until the end;
# the window may close between the check and the move (the ring check below says whether the
# pointer got there).
for _ in $(seq 40); do
  kill -0 $app 2>/dev/null || break
  hover_rect plot/Target/0 2>/dev/null || break
  sleep 0.2
done
wait $app || { cat "$work/app.log"; fail "the window failed"; }
elapsed=$(awk -v a="$start" -v b="$(date +%s.%N)" 'BEGIN { print b - a }')
ring=$(rect_of hover_ring)
[[ -n "$ring" ]] || fail "no hover ring was drawn (pointer not on the plot?)"
last=$((frames - 1))
"$check_gif" "$work/hover.gif" 1600 1000 1 $last "$work/last.png" > "$work/gif.check" ||
  { cat "$work/gif.check"; fail "hover.gif"; }
# shellcheck disable=SC2086
# The ring was drawn on screen (its probe above); --screenshot, like the recording, leaves it out
# (under Xvfb the pointer rests mid-screen: every shot would carry a ring or a tooltip).
"$check_rect" "$work/screen.png" $ring noring 25 || fail "the --screenshot shows the hover ring at [$ring]"
# shellcheck disable=SC2086
"$check_rect" "$work/last.png" $ring noring 25 || fail "the recording shows the hover ring at [$ring]"
total=$(awk '/^total delay/ { print $3 }' "$work/gif.check")
[[ -n "$total" ]] && awk -v t="$total" -v e="$elapsed" 'BEGIN { exit !(t / 100 <= e + 0.5) }' ||
  fail "the GIF lasts ${total} cs, longer than the ${elapsed} s recording"
echo "hover record test passed (GIF ${total} cs for ${elapsed} s)"
