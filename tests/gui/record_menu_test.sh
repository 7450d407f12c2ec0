#!/usr/bin/env bash
# File → Record GIF… driven with real X input (xdotool) under Xvfb:
#  1. File → Record GIF… → Window starts a recording: the red "● REC" indicator appears;
#  2. it ends by itself after its 5 seconds: exports/window.gif, which giflib decodes at the
#     window's size, and no temporary file is left in the folder;
#  3. a second recording of 30 s (typed into the slider), ended by File → Record GIF… → Stop
#     recording, gets a new name
#     (window-2.gif); the first is kept byte for byte.
# Usage: record_menu_test.sh SGMCMC_LAB CHECK_GIF WORK_DIR
set -euo pipefail
exe=$(realpath "$1") check_gif=$(realpath "$2") work=$3
here=$(cd "$(dirname "$0")" && pwd)
rm -rf "$work" && mkdir -p "$work"
if [[ -z "${SGL_INSIDE_XVFB:-}" ]]; then
  SGL_INSIDE_XVFB=1 exec xvfb-run -a -s "-screen 0 1600x1000x24" "$0" "$@"
fi

status="$work/status.txt"
cd "$work"  # File → Export's folder is ./exports
"$exe" gui --layout dashboard --size 1600x1000 --status-file "$status" > "$work/app.log" 2>&1 &
app=$!
trap 'kill $app 2>/dev/null || true' EXIT

# shellcheck source=xdotool_lib.sh
source "$here/xdotool_lib.sh"
has_rect() { [[ -f "$status" && -n "$(rect_of "$1")" ]]; }
no_rect() { [[ -f "$status" && -z "$(rect_of "$1")" ]]; }
settled() { [[ "$(value frame)" -ge 30 ]]; }
wait_for "30 frames" settled

window=$(xdotool search --sync --name '^sgmcmc-lab' | head -1)
xdotool mousemove --window "$window" 800 500
xdotool windowfocus --sync "$window" || true
start_recording() {  # File → Record GIF… → Window (5 s by default)
  wait_for "File menu" has_rect menu/file
  click_rect menu/file
  wait_for "Record GIF… item" has_rect menu/record_gif
  hover_rect menu/record_gif; sleep 0.5
  wait_for "Window item" has_rect record/window
  click_rect record/window
  wait_for "the REC indicator" has_rect record/indicator
}
stop_recording() {  # File → Record GIF… → Stop recording
  wait_for "File menu" has_rect menu/file
  click_rect menu/file
  wait_for "Record GIF… item" has_rect menu/record_gif
  hover_rect menu/record_gif; sleep 0.5
  wait_for "Stop item" has_rect record/stop
  click_rect record/stop
}
gif_written() { [[ -s "exports/$1" ]]; }

start_recording  # ends by itself after its 5 seconds
wait_for "exports/window.gif" gif_written window.gif
wait_for "the indicator to go" no_rect record/indicator
"$check_gif" exports/window.gif 1600 1000 5 || { echo "FAIL: window.gif"; exit 1; }
sum=$(sha256sum < exports/window.gif)
ls -A exports | grep -qv '\.gif$' && { echo "FAIL: temporary files left: $(ls -A exports)"; exit 1; }

# 30 s this time (Ctrl+click turns the slider into a text field), so Stop comes first.
wait_for "File menu" has_rect menu/file
click_rect menu/file
wait_for "Record GIF… item" has_rect menu/record_gif
hover_rect menu/record_gif; sleep 0.5
wait_for "seconds slider" has_rect record/seconds
xdotool keydown ctrl; click_rect record/seconds; xdotool keyup ctrl
sleep 0.5
for key in ctrl+a 3 0 Return; do xdotool keydown "$key"; sleep 0.1; xdotool keyup "$key"; sleep 0.1; done
# A click outside the menu (on the Notes text) closes it.
xdotool mousemove --window "$window" 100 900; sleep 0.3; xdotool mousedown 1; sleep 0.15; xdotool mouseup 1; sleep 0.5
start_recording
stop_recording
wait_for "exports/window-2.gif" gif_written window-2.gif
[[ $(sha256sum < exports/window.gif) == "$sum" ]] || { echo "FAIL: window.gif was overwritten"; exit 1; }
"$check_gif" exports/window-2.gif 1600 1000 2 || { echo "FAIL: window-2.gif"; exit 1; }
echo "record menu test passed"
