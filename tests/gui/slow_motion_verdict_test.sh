#!/usr/bin/env bash
# The slow-motion verdict read from the rendered window: with `gui --slow-motion HMC` and every
# frame recorded as PNG (--record-png-dir), the status file of some frame F says the main panel's
# playback shows its read-out and decision ("rect slowmo/readout", "rect slowmo/decision", "text
# slowmo/decision accepted p=0.83"); then frame F's PNG must show them:
#  - the main slot holds the view that plays it (layout/main: phase space for the 1-D default
#    preset, the Target view for teach-momentum's 2-D Gaussian), and the read-out lies inside it;
#  - the read-out rectangle is a dark box with light text, large enough to read (text height);
#  - the decision rectangle holds green text for "accepted", red for "rejected", not the other;
#  - the decision stays on screen for at least 10 frames (two status files in a row report it).
# Cases: the default preset (1-D) at 1280x720 and teach-momentum (2-D) at 1600x1000, lecture; and
# NUTS in nuts-vs-hmc, whose decision names the tree: its depth and why it stopped (a U-turn or the
# depth limit), drawn as big and in the same colours.
# Usage: slow_motion_verdict_test.sh SGMCMC_LAB CHECK_RECT WORK_DIR
set -euo pipefail
exe=$1 check_rect=$2 work=$3
if [[ -z "${SGL_INSIDE_XVFB:-}" ]]; then
  rm -rf "$work" && mkdir -p "$work"
  SGL_INSIDE_XVFB=1 exec xvfb-run -a -s "-screen 0 1600x1000x24" "$0" "$@"
fi
fail() { echo "FAIL: $*"; exit 1; }
# Names may hold spaces ("panel/Phase space"): the rectangle is the last four fields.
rect_in() { awk -v key="rect $2 " 'index($0, key) == 1 { print $(NF-3), $(NF-2), $(NF-1), $NF }' "$1"; }
text_in() { awk -v key="$2" '$1 == "text" && $2 == key { $1 = ""; $2 = ""; sub(/^  /, ""); print }' "$1"; }

check_case() {  # check_case NAME SIZE EXPECTED_MAIN CHAIN ARGS...
  local name=$1 size=$2 expected=$3 chain=$4; shift 4
  local frames="$work/$name-frames" status="$work/$name.status" snap="$work/$name.snap"
  "$exe" gui --size "$size" --slow-motion "$chain" --status-file "$status" \
    --record-png-dir "$frames" "$@" > "$work/$name.log" 2>&1 &
  local app=$!
  # The pointer on the empty menu bar: no hover read-out covers the decision.
  xdotool mousemove 700 5 2>/dev/null || true
  # Up to 240 s (an HMC path of 40-50 leapfrog steps plays at 4 steps per second) for two status
  # files in a row (written every 5 frames) that report the decision: it stays at least 10 frames,
  # and the plot's cached picture may lag the status file by a frame or two
  # (plot_layer_cache.hpp), never by five.
  local found=0 first=""
  for _ in $(seq 4800); do
    kill -0 "$app" 2>/dev/null || { cat "$work/$name.log"; fail "$name: the app exited"; }
    if [[ -f "$status" ]] && cp "$status" "$snap" 2>/dev/null; then
      local decision_now frame_now
      decision_now=$(text_in "$snap" slowmo/decision)
      frame_now=$(awk '$1 == "frame" { print $2 }' "$snap")
      if [[ -z "$decision_now" ]]; then
        first=""
      elif [[ -z "$first" ]]; then
        first=$frame_now
      elif [[ "$frame_now" -gt "$first" ]]; then
        found=1; break
      fi
    fi
    sleep 0.05
  done
  local frame png next
  frame=$(awk '$1 == "frame" { print $2 }' "$snap")
  png=$(printf '%s/frame-%05d.png' "$frames" $((frame + 1)))
  next=$(printf '%s/frame-%05d.png' "$frames" $((frame + 2)))
  for _ in $(seq 300); do [[ -f "$next" ]] && break; sleep 0.1; done
  kill "$app"; wait "$app" 2>/dev/null || true
  [[ -f "$png" ]] || fail "$name: frame $frame was not recorded"

  local main decision
  main=$(text_in "$snap" layout/main)
  decision=$(text_in "$snap" slowmo/decision)
  echo "$name: frame $frame, main panel '$main', decision '$decision'"
  [[ "$main" == "$expected" ]] || fail "$name: the main panel is '$main', not '$expected'"
  local x y w h px py pw ph
  read -r x y w h < <(rect_in "$snap" slowmo/readout)
  read -r px py pw ph < <(rect_in "$snap" "panel/$expected")
  awk -v x="$x" -v y="$y" -v w="$w" -v h="$h" -v px="$px" -v py="$py" -v pw="$pw" -v ph="$ph" \
    'BEGIN { exit !(x >= px && y >= py && x + w <= px + pw && y + h <= py + ph) }' ||
    fail "$name: the read-out $x $y $w $h is not inside the main panel $px $py $pw $ph"
  "$check_rect" "$png" "$x" "$y" "$w" "$h" readout || fail "$name: the read-out is not drawn"
  read -r x y w h < <(rect_in "$snap" slowmo/decision)
  # Big text: the decision box is at least 1.8 font heights (20 px fonts, 0.75 at 1280x720).
  awk -v h="$h" 'BEGIN { exit !(h >= 30) }' || fail "$name: decision box only $h px tall"
  if [[ $chain == NUTS ]]; then
    [[ $decision =~ tree\ depth=[0-9]+\ stop=(u-turn|max-depth|divergence) ]] ||
      fail "$name: NUTS's decision '$decision' does not name its tree"
  fi
  local colour other
  case "$decision" in
    accepted*) colour="40 200 90" other="235 60 50" ;;
    rejected*) colour="235 60 50" other="40 200 90" ;;
    *) fail "$name: decision '$decision'" ;;
  esac
  # shellcheck disable=SC2086
  "$check_rect" "$png" "$x" "$y" "$w" "$h" $colour || fail "$name: '$decision' not drawn in its colour"
  # shellcheck disable=SC2086
  if "$check_rect" "$png" "$x" "$y" "$w" "$h" $other > /dev/null; then
    fail "$name: the decision box also shows the other decision's colour"
  fi
}

check_case default-lecture 1280x720 "Phase space" HMC --layout lecture
check_case momentum-lecture 1600x1000 Target HMC --scenario teach-momentum --layout lecture
check_case nuts-lecture 1600x1000 Target NUTS --scenario nuts-vs-hmc --layout lecture
echo "slow motion verdict test passed"
