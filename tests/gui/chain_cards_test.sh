#!/usr/bin/env bash
# Issue 24, finding "five wheel clicks to reach SGHMC's friction" (xdotool, 1280x720 lecture):
# the Controls list every chain as a one-line header with its key settings and show one chain's
# settings below the list. With hmcecs-logistic's seven chains, every header is in the Controls'
# view from the start; one click on SGHMC's header (chain 5) brings its friction slider into view
# with no wheel scrolling, HMC's settings go, and a closed header names its step size.
# Usage: chain_cards_test.sh SGMCMC_LAB WORK_DIR
set -euo pipefail
exe=$1 work=$2
# shellcheck source=xdotool_lib.sh
source "$(dirname "$0")/xdotool_lib.sh"
start_window --size 1280x720 --layout lecture --scenario hmcecs-logistic

# inside_body NAME: the probed rectangle lies wholly inside the Controls' scrolling body.
inside_body() {
  local bx by bw bh ix iy iw ih
  read -r bx by bw bh < <(rect_of controls/body)
  read -r ix iy iw ih < <(rect_of "$1")
  [[ -n "${iy:-}" ]] && awk -v by="$by" -v bh="$bh" -v iy="$iy" -v ih="$ih" \
    'BEGIN { exit !(iy >= by && iy + ih <= by + bh + 0.5) }'
}
grep -q '^chain 5 sghmc' "$status" || { echo "chain 5 is not SGHMC"; cat "$status"; exit 1; }
for k in 0 1 2 3 4 5 6; do
  inside_body "chain$k/header" || { echo "chain $k's header is not in the Controls' view"; exit 1; }
done
echo "all seven chain headers in view"
[[ -z "$(rect_of chain5/friction)" ]] || { echo "SGHMC's settings open before the click"; exit 1; }
[[ -n "$(rect_of chain0/step_size)" ]] || { echo "HMC's settings not open at the start"; exit 1; }

# A click can reach the window before it takes input under load: click again only while the
# settings are still closed (a second click on an open header would close them).
opened() { [[ -n "$(rect_of chain5/step_size)" ]]; }
for attempt in 1 2 3; do
  click_rect chain5/header
  for _ in $(seq 30); do opened && break; sleep 0.1; done
  opened && break
  echo "SGHMC's settings not open yet (attempt $attempt)"
done
friction_in_view() { inside_body chain5/friction; }
wait_for "SGHMC's friction slider in view after one click on its header" friction_in_view
[[ -z "$(rect_of chain0/step_size)" ]] || { echo "HMC's settings stayed open beside SGHMC's"; exit 1; }
inside_body chain5/header || { echo "SGHMC's header scrolled out of view"; exit 1; }
echo "one click: SGHMC's friction at $(rect_of chain5/friction), HMC's settings closed"
kill "$app"; wait "$app" 2>/dev/null || true
echo "chain cards test passed"
