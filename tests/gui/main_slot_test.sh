#!/usr/bin/env bash
# The main slot is never empty: chen-fig3 (a step-size sweep) and hmcecs-logistic (seven methods
# against full-data HMC) in the lecture layout at 1280x720, every frame recorded as PNG. At
# several moments while the experiment runs, the status file names the main panel ("text
# layout/main") and the data areas drawn in it ("rect plot/<panel>/<k>"); the frame's PNG must
# show plot content there (saturated pixels: chains, densities), and the main panel is a live
# view, not the experiment's caption. Once hmcecs-logistic's comparison is done its plot takes the
# main slot and is drawn.
# Usage: main_slot_test.sh SGMCMC_LAB CHECK_RECT WORK_DIR
set -euo pipefail
exe=$1 check_rect=$2 work=$3
if [[ -z "${SGL_INSIDE_XVFB:-}" ]]; then
  rm -rf "$work" && mkdir -p "$work"
  SGL_INSIDE_XVFB=1 exec xvfb-run -a -s "-screen 0 1600x1000x24" "$0" "$@"
fi
fail() { echo "FAIL: $*"; exit 1; }
text_in() { awk -v key="$2" '$1 == "text" && $2 == key { $1 = ""; $2 = ""; sub(/^  /, ""); print }' "$1"; }
# Names may hold spaces ("panel/Phase space"): the rectangle is the last four fields.
rect_in() { awk -v key="rect $2 " 'index($0, key) == 1 { print $(NF-3), $(NF-2), $(NF-1), $NF }' "$1"; }

# main_slot_drawn NAME SNAPSHOT FRAMES: the main panel of the snapshot's frame holds a drawn plot.
main_slot_drawn() {
  local name=$1 snap=$2 frames=$3 frame main png next stem drawn=0
  frame=$(awk '$1 == "frame" { print $2 }' "$snap")
  main=$(text_in "$snap" layout/main)
  [[ -n "$main" ]] || fail "$name: no main panel in the status file"
  png=$(printf '%s/frame-%05d.png' "$frames" $((frame + 1)))
  next=$(printf '%s/frame-%05d.png' "$frames" $((frame + 2)))
  for _ in $(seq 300); do [[ -f "$next" ]] && break; sleep 0.1; done
  [[ -f "$png" ]] || fail "$name: frame $frame was not recorded"
  stem=${main// /_}
  while read -r x y w h; do
    if "$check_rect" "$png" "$x" "$y" "$w" "$h" drawn; then drawn=1; fi
  done < <(awk -v p="plot/$stem/" '$1 == "rect" && index($2, p) == 1 { print $3, $4, $5, $6 }' "$snap")
  [[ $drawn == 1 ]] || fail "$name: frame $frame: the main panel '$main' has no drawn plot"
  echo "$name: frame $frame: main panel '$main' holds a drawn plot"
  main_panel=$main
}

# start NAME ARGS...: the app with its status file and PNG frames; sets app, status, frames.
start() {
  local name=$1; shift
  status="$work/$name.status" frames="$work/$name-frames"
  "$exe" gui --size 1280x720 --layout lecture --status-file "$status" --record-png-dir "$frames" \
    "$@" > "$work/$name.log" 2>&1 &
  app=$!
  xdotool mousemove 700 5 2>/dev/null || true  # on the menu bar: no hover read-out on the plots
  for _ in $(seq 300); do [[ -f "$status" ]] && break; sleep 0.1; done
  [[ -f "$status" ]] || fail "$name: no status file"
}
snapshot() { cp "$status" "$1"; }
frame_of() { awk '$1 == "frame" { print $2 }' "$1" 2>/dev/null; }
# next_moment SNAPSHOT: waits (up to 120 s) for a frame after the last moment's, then copies it.
last_frame=-1
next_moment() {
  for _ in $(seq 1200); do
    snapshot "$1"
    [[ "$(frame_of "$1")" -gt "$last_frame" ]] && break
    sleep 0.1
  done
  [[ "$(frame_of "$1")" -gt "$last_frame" ]] || fail "no new frame in 120 s"
  last_frame=$(frame_of "$1")
}

for preset in chen-fig3 hmcecs-logistic; do
  start "$preset" --scenario "$preset"
  last_frame=-1
  for moment in 1 2 3; do
    sleep 2
    kill -0 "$app" 2>/dev/null || { cat "$work/$preset.log"; fail "$preset: the app exited"; }
    next_moment "$work/$preset-$moment.snap"
    state=$(text_in "$work/$preset-$moment.snap" experiment/state)
    main_slot_drawn "$preset moment $moment ($state)" "$work/$preset-$moment.snap" "$frames"
    if [[ $state == running* && $main_panel == Experiment ]]; then
      fail "$preset: the experiment's caption holds the main slot while it runs"
    fi
  done
  if [[ $preset == hmcecs-logistic ]]; then
    # The comparison's result takes the main slot when it exists.
    for _ in $(seq 3000); do
      snapshot "$work/$preset-done.snap"
      [[ "$(text_in "$work/$preset-done.snap" experiment/state)" == done* ]] && break
      sleep 0.1
    done
    [[ "$(text_in "$work/$preset-done.snap" experiment/state)" == done* ]] ||
      fail "$preset: the comparison did not finish in 300 s"
    next_moment "$work/$preset-done.snap"
    main_slot_drawn "$preset done" "$work/$preset-done.snap" "$frames"
    [[ $main_panel == Experiment ]] || fail "$preset: done, but the main panel is '$main_panel'"
  fi
  kill "$app"; wait "$app" 2>/dev/null || true
done
echo "main slot test passed"
