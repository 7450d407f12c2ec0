#!/usr/bin/env bash
# Resizing the window (the newcomer dragged it from 1280x720 to 1600x1000 and the app died with
# "BadValue … X_ShmPutImage": the partial present copied rectangles of a back buffer the GL
# driver had not resized yet). The window is resized twice with xdotool; each time it must stay
# alive, keep building frames and lay its panels out for the new size (the headline spans it).
# Usage: resize_test.sh SGMCMC_LAB WORK_DIR
set -euo pipefail
exe=$1 work=$2
# shellcheck source=xdotool_lib.sh
source "$(dirname "$0")/xdotool_lib.sh"
start_window --size 1280x720

for size in "1600 1000" "1000 600" "1280 720"; do
  read -r w h <<< "$size"
  before=$(value frame)
  xdotool windowsize "$window" "$w" "$h"
  laid_out() {
    kill -0 "$app" 2>/dev/null || { echo "the app died on the resize to ${w}x${h}"; tail -5 "$work/app.log"; exit 1; }
    local hw
    read -r _ _ hw _ < <(rect_of headline)
    [[ -n "${hw:-}" ]] && awk -v hw="$hw" -v w="$w" 'BEGIN { exit !(hw >= w - 2 && hw <= w + 2) }'
  }
  wait_for "the layout for ${w}x${h}" laid_out
  sleep 1
  kill -0 "$app" 2>/dev/null || { echo "the app died after the resize to ${w}x${h}"; tail -5 "$work/app.log"; exit 1; }
  after=$(value frame)
  ((after > before)) || { echo "no frames after the resize to ${w}x${h}"; exit 1; }
  echo "${w}x${h}: alive, frames $before -> $after, headline $(rect_of headline)"
done
echo "resize test passed"
