#!/usr/bin/env bash
# Issue 24, slider findings 6: the chain-health banner never covers a panel's own controls (the
# Energy panel's H / ΔH toggle, the Trace panel's radios, a caption): it sits in a strip at the
# bottom of the main panel, below every plot there, which leaves it room. HMC starts unstable
# (ε = 3) at 1280x720 in the lecture layout.
# Usage: banner_strip_test.sh SGMCMC_LAB WORK_DIR
set -euo pipefail
exe=$1 work=$2
# shellcheck source=xdotool_lib.sh
source "$(dirname "$0")/xdotool_lib.sh"
start_window --size 1280x720 --layout lecture --sampler hmc:step_size=3 --sampler sghmc

has_banner() { [[ -n "$(rect_of banner/health)" ]] && text_of banner/0 | grep -q unstable; }
wait_for "the banner naming HMC" has_banner
sleep 1  # the strip is reserved from the banner's measured height: a frame later
read -r bx by bw bh < <(rect_of banner/health)
echo "banner at $bx $by $bw $bh: $(text_of banner/0)"
# The banner lies inside a panel, and every plot of that panel ends above it (its controls and
# captions sit above or beside its plots).
awk -v bx="$bx" -v by="$by" -v bw="$bw" -v bh="$bh" '
  function box() { x = $(NF - 3); y = $(NF - 2); w = $(NF - 1); h = $NF }
  FNR == NR && $1 == "rect" && $2 ~ /^panel\// {
    box()
    if (bx >= x && by >= y && bx + bw <= x + w + 0.5 && by + bh <= y + h + 0.5) {
      px = x; py = y; pw = w; ph = h; inside = 1
    }
  }
  FNR != NR && inside && $1 == "rect" && $2 ~ /^plot\// {
    box()
    if (x >= px && y >= py && x + w <= px + pw + 0.5 && y + h <= py + ph + 0.5) {
      plots++
      if (y + h > by + 0.5) { print "banner (top " by ") over " $2 " (" x, y, w, h ")"; bad = 1 }
      else print $2 " ends at " y + h ", above the banner"
    }
  }
  END {
    if (!inside) { print "banner outside every panel"; exit 1 }
    if (!plots) { print "no plot in the banner'"'"'s panel"; exit 1 }
    exit bad
  }' "$status" "$status"
echo "banner strip test passed"
