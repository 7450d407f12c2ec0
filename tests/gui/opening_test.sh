#!/usr/bin/env bash
# Opening a preset builds its target and chains off the UI thread (session_opener.hpp): while
# nn-fashion reads its 60 000 images the window keeps drawing, the old session keeps running and
# "Opening …" is shown; then the new preset takes the window. The window used to freeze for
# tens of seconds (newcomer runs 5 and 10).
# Usage: opening_test.sh SGMCMC_LAB WORK_DIR
set -euo pipefail
exe=$1 work=$2
# shellcheck source=xdotool_lib.sh
source "$(dirname "$0")/xdotool_lib.sh"

start_window --size 1280x720
open_presets_menu presets/nn-fashion
click_rect presets/nn-fashion

# While it builds: frames go on (the status file's frame count grows) and the notice is up.
opening() { [[ "$(text_of opening)" == Opening* ]]; }
wait_for "the Opening notice" opening
first=$(value frame) first_steps=$(value steps)
sleep 1
if opening; then
  later=$(value frame) later_steps=$(value steps)
  ((later > first)) || { echo "no frame drawn while opening ($first -> $later)"; exit 1; }
  ((later_steps > first_steps)) || { echo "the old session stopped while opening"; exit 1; }
  echo "while opening: frames $first -> $later, steps $first_steps -> $later_steps"
else
  echo "nn-fashion opened within a second: nothing to check while it built"
fi

# Then the new preset is on screen.
opened() { text_of headline | grep -q -i 'fashion'; }
# It reads and checks 60 000 images and builds six chains: over a minute on a loaded machine.
for _ in $(seq 1500); do opened && break; sleep 0.1; done
opened || { echo "nn-fashion did not open within 150 s (headline '$(text_of headline)')"; cat "$work/app.log"; exit 1; }
opening && { echo "the Opening notice stayed after the preset opened"; exit 1; }
echo "nn-fashion opened: $(text_of headline)"
