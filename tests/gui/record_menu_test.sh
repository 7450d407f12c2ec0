#!/usr/bin/env bash
# File → Record GIF… driven with real X input (xdotool) under Xvfb:
#  1. File → Record GIF… → Window starts a recording: the red "● REC" indicator appears;
#  2. it ends by itself after its 5 seconds: exports/window.gif, which giflib decodes at the
#     window's size, and no temporary file is left in the folder;
#  3. a second recording of 30 s (typed into the slider), ended by File → Record GIF… → Stop
#     recording, gets a new name
#     (window-2.gif); the first is kept byte for byte;
#  4. File → Record GIF… → One panel → Trace records trace.gif as a 1280x720 slide whatever the
#     panel's size on screen (it was the 640x299 tile), each frame a clean figure as File →
#     Export's slide PNG (no title bar, close button or widgets; a key naming the chains; the
#     headline and panel as its title, the settings as its caption), not a crop of the window;
#  5. a panel's right-click menu → Record this panel as GIF records it too (histogram.gif), and
#     a one-panel slide recording of the lecture's main panel stays within the window's budget:
#     at most 5 MB per 150 frames;
#  6. the messages and menus say where files go as an absolute path: File → Export and File →
#     Record GIF… show the resolved folder, and "exported …" names a file that exists.
# Usage: record_menu_test.sh SGMCMC_LAB CHECK_GIF CHECK_PNG WORK_DIR
set -euo pipefail
exe=$(realpath "$1") check_gif=$(realpath "$2") check_png=$(realpath "$3") work=$4
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
# 6. "exported /…/exports/window.gif": absolute, and there.
message=$(text_of export/status)
written=${message#exported }
[[ $written == /*/exports/window.gif && -s $written ]] ||
  { echo "FAIL: the message '$message' does not name the GIF by its absolute path"; exit 1; }
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

# 6. File → Export shows where files go in full; so does File → Record GIF….
here_abs=$(pwd -P)
wait_for "File menu" has_rect menu/file
click_rect menu/file
wait_for "Export item" has_rect menu/export
hover_rect menu/export; sleep 0.5
folder_shown() { [[ -n "$(text_of export/folder)" ]]; }
wait_for "the export folder line" folder_shown
[[ $(text_of export/folder) == "$here_abs/exports" ]] ||
  { echo "FAIL: File > Export shows '$(text_of export/folder)', expected $here_abs/exports"; exit 1; }

# 4. One panel: the Trace, as a clean figure.
wait_for "Record GIF… item" has_rect menu/record_gif
hover_rect menu/record_gif; sleep 0.5
[[ $(text_of record/folder) == "$here_abs/exports" ]] ||
  { echo "FAIL: File > Record GIF shows '$(text_of record/folder)', expected $here_abs/exports"; exit 1; }
wait_for "One panel item" has_rect record/one_panel
hover_rect record/one_panel; sleep 0.5
wait_for "the Trace item" has_rect record/panel/Trace
click_rect record/panel/Trace
wait_for "the REC indicator" has_rect record/indicator
# Each frame is the slide: its title is the headline and the panel's name.
slide_titled() { [[ -n "$(text_of export/record/trace/title)" ]]; }
wait_for "the recorded slide's title" slide_titled
[[ $(text_of export/record/trace/title) == "$(text_of headline) — Trace" ]] ||
  { echo "FAIL: the recorded slide's title '$(text_of export/record/trace/title)'"; exit 1; }
[[ $(text_of export/record/trace/caption) == "Target: Double well · HMC: ε = "* ]] ||
  { echo "FAIL: the recorded slide's caption '$(text_of export/record/trace/caption)'"; exit 1; }
sleep 3  # the seconds slider still says 30 (part 3): stopped early
stop_recording
wait_for "exports/trace.gif" gif_written trace.gif
wait_for "the indicator to go" no_rect record/indicator
"$check_gif" exports/trace.gif 1280 720 2 3 "$work/trace-frame.png" ||
  { echo "FAIL: trace.gif is not a 1280x720 slide"; exit 1; }
"$check_png" "$work/trace-frame.png" --figure 4 || { echo "FAIL: trace.gif's frames are no clean figure"; exit 1; }
"$check_png" "$work/trace-frame.png" --slide 24 || { echo "FAIL: trace.gif's frames have no title"; exit 1; }

# 5. A panel's right-click menu records that panel too: the Histogram, the lecture's main panel,
# within the budget of a window recording (record_test.sh): <= 5 MB per 150 frames.
hover_rect "plot/Histogram_vs_truth/0"; sleep 0.3
xdotool click 3
wait_for "the right-click menu's Record item" has_rect record/context/Histogram_vs_truth
click_rect record/context/Histogram_vs_truth
wait_for "the REC indicator (right-click)" has_rect record/indicator
sleep 4
stop_recording
wait_for "exports/histogram.gif" gif_written histogram.gif
"$check_gif" exports/histogram.gif 1280 720 2 3 "$work/histogram-frame.png" > "$work/histogram.check" ||
  { cat "$work/histogram.check"; echo "FAIL: histogram.gif"; exit 1; }
frames=$(sed -n 's/.*: 1280x720, \([0-9]*\) frames,.*/\1/p' "$work/histogram.check")
bytes=$(stat -c %s exports/histogram.gif)
echo "histogram.gif: $frames frames, $bytes bytes: $((bytes * 150 / frames)) bytes per 150 frames"
[[ $((bytes * 150 / frames)) -le $((5 * 1024 * 1024)) ]] ||
  { echo "FAIL: histogram.gif takes more than 5 MB per 150 frames"; exit 1; }
echo "record menu test passed"
