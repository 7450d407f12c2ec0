#!/usr/bin/env bash
# Notes and title follow a target switch (xdotool under Xvfb): the default preset opens with its
# lesson; choosing gauss2d in the Controls panel's target list shows gauss2d's own note and names
# gauss2d in the window title, not the preset's lesson; choosing chen-doublewell again brings the
# preset's note and title back.
# Usage: target_note_test.sh SGMCMC_LAB WORK_DIR [SCREENSHOT_FRAMES SCREENSHOT.png]
set -euo pipefail
exe=$1 work=$2
rm -rf "$work" && mkdir -p "$work"
if [[ -z "${SGL_INSIDE_XVFB:-}" ]]; then
  SGL_INSIDE_XVFB=1 exec xvfb-run -a -s "-screen 0 1600x1000x24" "$0" "$@"
fi

status="$work/status.txt"
extra=()
[[ $# -ge 4 ]] && extra=(--frames "$3" --screenshot "$4")
"$exe" gui --scenario default --status-file "$status" "${extra[@]}" > "$work/app.log" 2>&1 &
app=$!
trap 'kill $app 2>/dev/null || true' EXIT

wait_for() {  # wait_for DESCRIPTION COMMAND...: retry for up to 30 s
  local what=$1; shift
  for _ in $(seq 300); do "$@" && return 0; sleep 0.1; done
  echo "timed out waiting for: $what"; cat "$work/app.log"; exit 1
}
has_rect() { [[ -f "$status" ]] && grep -q "^rect $1 " "$status"; }
click_rect() {  # click_rect NAME: a left click in the middle of a probed rectangle
  local x y w h
  read -r x y w h < <(awk -v n="$1" '$1 == "rect" && $2 == n { print $3, $4, $5, $6 }' "$status")
  xdotool mousemove --window "$window" "$(awk -v x="$x" -v w="$w" 'BEGIN { printf "%d", x + w / 2 }')" \
    "$(awk -v y="$y" -v h="$h" 'BEGIN { printf "%d", y + h / 2 }')"
  sleep 0.2
  xdotool mousedown 1
  sleep 0.1
  xdotool mouseup 1
}
title() { xdotool getwindowname "$window"; }
choose_target() {  # choose_target ID NOTE_RECT: open the target list, pick ID, see NOTE_RECT
  # A click can be lost while the window takes focus or the list opens: retry the whole choice.
  for attempt in 1 2 3 4 5; do
    has_rect target/combo && click_rect target/combo
    for _ in $(seq 50); do has_rect "target/option/$1" && break; sleep 0.1; done
    has_rect "target/option/$1" && click_rect "target/option/$1"
    for _ in $(seq 50); do has_rect "$2" && return 0; sleep 0.1; done
    echo "target $1 not chosen yet (attempt $attempt)"
  done
  echo "could not choose the target $1"; cat "$work/app.log"; exit 1
}

wait_for "the preset's note" has_rect notes/preset/default
window=$(xdotool search --sync --name '^sgmcmc-lab' | head -1)
xdotool mousemove --window "$window" 800 500
xdotool windowfocus --sync "$window" || true
preset_title=$(title)
echo "preset title: $preset_title"
[[ "$preset_title" == *"double well"* ]] || { echo "the preset's title names no lesson"; exit 1; }

choose_target gauss2d notes/target/gauss2d
has_rect notes/preset/default && { echo "the preset's note is still shown"; exit 1; }
switched() { [[ "$(title)" == *gauss2d* ]]; }
wait_for "the title to name gauss2d" switched
echo "after the switch: $(title)"
[[ "$(title)" != *"double well"* ]] || { echo "the title still claims the preset's lesson"; exit 1; }

if [[ $# -ge 4 ]]; then  # leave gauss2d's note on screen for the screenshot
  wait $app; trap - EXIT; echo "screenshot written"; exit 0
fi
choose_target chen-doublewell notes/preset/default
back() { [[ "$(title)" == *"double well"* ]]; }
wait_for "the preset's title again" back
echo "back: $(title)"
echo "target note test passed"
