#!/usr/bin/env bash
# Layout at projector and desktop sizes, from the plot data areas the app records in its
# --status-file ("rect plot/<panel>/<k> x y w h"):
#  1. the dashboard with 7 chains (hmcecs-logistic) at 1600×1000: every plot's data area is at
#     least 240×140 px;
#  2. the lecture layout of the default scenario at 1280×720: the main plot is at least 600×380;
#  3. at 1280×720, 1600×1000, 1920×1080 (automatic scale) and 2560×1440 at scale 2, in both
#     layouts: every panel lies inside the window and every plot has a data area of at least
#     120×60 px.
# Usage: layout_test.sh SGMCMC_LAB WORK_DIR
set -euo pipefail
exe=$1 work=$2
rm -rf "$work" && mkdir -p "$work"
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }

run() {  # run NAME WxH ARGS...: 40 frames at that size; leaves $work/NAME.status
  local name=$1 size=$2; shift 2
  xvfb-run -a -s "-screen 0 ${size}x24" "$exe" gui --size "$size" --frames 40 \
    --status-file "$work/$name.status" "$@" > "$work/$name.log" 2>&1 || {
    fail "$name: the app exited non-zero"; cat "$work/$name.log"; }
}
plots() { awk '$1 == "rect" && $2 ~ /^plot\// { print $2, $5, $6 }' "$1"; }

# 1.
run dashboard7 1600x1000 --scenario hmcecs-logistic --layout dashboard
[[ "$(grep -c '^label ' "$work/dashboard7.status")" -eq 7 ]] || fail "hmcecs-logistic: not 7 chains"
count=0
while read -r name w h; do
  count=$((count + 1))
  awk -v w="$w" -v h="$h" 'BEGIN { exit !(w >= 240 && h >= 140) }' ||
    fail "dashboard 1600x1000, 7 chains: $name data area ${w}x${h} < 240x140"
done < <(plots "$work/dashboard7.status")
[[ $count -ge 6 ]] || fail "dashboard 1600x1000: only $count plots recorded"
echo "dashboard 1600x1000 with 7 chains: $count plots checked"

# 2.
run lecture720 1280x720 --layout lecture
read -r name w h < <(plots "$work/lecture720.status" | grep '^plot/Histogram_vs_truth/0 ')
awk -v w="$w" -v h="$h" 'BEGIN { exit !(w >= 600 && h >= 380) }' ||
  fail "lecture 1280x720: main plot ${w}x${h} < 600x380"
echo "lecture 1280x720: main plot ${w}x${h}"

# 3.
for spec in "1280x720 auto" "1600x1000 auto" "1920x1080 auto" "2560x1440 2"; do
  read -r size scale <<< "$spec"
  for layout in dashboard lecture; do
    name="$layout-$size"
    scale_args=()
    [[ $scale == auto ]] || scale_args=(--scale "$scale")
    run "$name" "$size" --layout "$layout" "${scale_args[@]}"
    width=${size%x*} height=${size#*x}
    # Panel names may hold spaces: the rectangle is the last four fields.
    awk -v W="$width" -v H="$height" '$1 == "rect" && $2 ~ /^panel\// {
        x = $(NF - 3); y = $(NF - 2); w = $(NF - 1); h = $NF
        if (x < -0.5 || y < -0.5 || x + w > W + 0.5 || y + h > H + 0.5) {
          print "panel outside the window: " $0; bad = 1 } }
      END { exit bad }' "$work/$name.status" || fail "$name: a panel leaves the window"
    while read -r plot w h; do
      awk -v w="$w" -v h="$h" 'BEGIN { exit !(w >= 120 && h >= 60) }' ||
        fail "$name: $plot data area ${w}x${h} < 120x60"
    done < <(plots "$work/$name.status")
    # A dashboard shorter than 1000 px at the chosen scale shrinks by height/1000 (at least 0.75).
    expected=$scale
    [[ $layout == dashboard && $scale != auto ]] &&
      expected=$(awk -v s="$scale" -v h="$height" 'BEGIN { f = h / s / 1000; if (f > 1) f = 1
        if (f < 0.75) f = 0.75; printf "%g", s * f }')
    [[ $scale == auto ]] || grep -q "^scale $expected\$" "$work/$name.status" ||
      fail "$name: scale is not $expected"
    echo "$name: $(plots "$work/$name.status" | wc -l) plots checked"
  done
done
[[ $failures -eq 0 ]] || { echo "$failures layout failure(s)"; exit 1; }
echo "layout test passed"
