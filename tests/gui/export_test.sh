#!/usr/bin/env bash
# Exports under Xvfb through the same code as File > Export (gui --export DIR):
#  1. every panel as PNG (size of the panel, drawn content), every plot panel as a 1920x1080
#     slide PNG, and as SVG (xmllint --noout), the
#     window as PNG (1600×1000) and the draws as CSV (run's header); a plot panel's PNG is a
#     clean figure: no title bar or widgets on its top rows, and a key in the chains' colours;
#  2. exporting again into the same folder keeps every first file byte for byte and writes
#     numbered ones (trace-2.svg, window-2.png, draws-2.csv);
#  3. an unwritable folder is reported (exit code 2, "export failed" on stderr), not a crash;
#  4. in the lecture layout only the panels on screen are exported, and --export-panel naming a
#     closed panel is refused with one line and exit code 2 (it used to write another panel's
#     pixels under the closed panel's name);
#  5. a slide explains itself (issue 24, point 8): the 16:9 PNG and the slide SVG carry a title,
#     the window's headline with the panel's name, >= 36 px tall on the 1920x1080 PNG, and a
#     caption naming the target, each chain's settings, the draws and the seed, each in a band
#     of its own that the plots (>= 1700x750 px) never reach; a long headline wraps to two lines,
#     whole;
#  6. an export into a relative folder says where the file went as an absolute path;
#  7. a finished Experiment (ewsg-fig1a's ensemble) exports as the plots do: a clean figure PNG,
#     a titled 16:9 slide and SVGs of its plot, without the progress bar or Run again (it had
#     only a screen grab).
# Usage: export_test.sh SGMCMC_LAB CHECK_PNG WORK_DIR
set -euo pipefail
exe=$1 check_png=$2 work=$3
rm -rf "$work" && mkdir -p "$work"
run_gui() { xvfb-run -a -s "-screen 0 1600x1000x24" "$exe" gui --layout dashboard --frames 40 "$@"; }
fail() { echo "FAIL: $*"; exit 1; }

out="$work/exports"
run_gui --export "$out" --status-file "$work/first.status" > "$work/first.log" 2>&1 ||
  { cat "$work/first.log"; fail "first export"; }
views=(target phase_space histogram autocorrelation energy trace)
for view in "${views[@]}"; do
  "$check_png" "$out/$view.png" || fail "$view.png"
  xmllint --noout "$out/$view.svg" || fail "$view.svg is not valid XML"
  xmllint --noout "$out/${view}_panel.svg" || fail "${view}_panel.svg is not valid XML"
  grep -q 'viewBox=' "$out/$view.svg" || fail "$view.svg has no viewBox"
done
# A clean figure with a key: every chain in the trace, histogram and autocorrelation keys.
for view in "${views[@]}"; do
  case $view in trace | histogram | autocorrelation) chains=4 ;; *) chains=1 ;; esac
  "$check_png" "$out/$view.png" --figure $chains || fail "$view.png is not a clean figure with a key"
done
# A plot panel's PNG is a slide-sized figure, whatever the panel's size on screen (a dashboard
# tile made a 282x285 thumbnail): at least 1000x700 px, the panel's shape kept within 4:5 to 2:1.
png_size() { od -An -tu1 -j16 -N8 "$1" | awk '{ print $1*16777216 + $2*65536 + $3*256 + $4, $5*16777216 + $6*65536 + $7*256 + $8 }'; }
for view in "${views[@]}"; do
  read -r png_w png_h < <(png_size "$out/$view.png")
  [[ $png_w -ge 1000 && $png_h -ge 700 ]] || fail "$view.png is ${png_w}x${png_h}, not a slide-sized figure"
done
# The 16:9 slide PNG of each plot panel: exactly 1920x1080, a clean figure with its key.
for view in "${views[@]}"; do
  read -r png_w png_h < <(png_size "$out/${view}_slide.png")
  [[ $png_w == 1920 && $png_h == 1080 ]] || fail "${view}_slide.png is ${png_w}x${png_h}, not 1920x1080"
  "$check_png" "$out/${view}_slide.png" --figure 1 || fail "${view}_slide.png is not a clean figure"
done
# 5. Slides with a title and a caption, read from the status file the export wrote and the pixels.
text_of() { sed -n "s|^text $2 ||p" "$1" | head -1; }
rect_of() { sed -n "s|^rect $2 ||p" "$1" | head -1; }
# title, view and caption rectangles of slide $2 (status file $1): in order, inside 1920x1080,
# the plots at least 1700x750.
check_slide_bands() {
  local tx ty tw th vx vy vw vh cx cy cw ch
  read -r tx ty tw th < <(rect_of "$1" "export/$2/title")
  read -r vx vy vw vh < <(rect_of "$1" "export/$2/view")
  read -r cx cy cw ch < <(rect_of "$1" "export/$2/caption")
  awk -v tx="$tx" -v ty="$ty" -v tw="$tw" -v th="$th" -v vx="$vx" -v vy="$vy" -v vw="$vw" \
    -v vh="$vh" -v cx="$cx" -v cy="$cy" -v cw="$cw" -v ch="$ch" 'BEGIN {
      exit !(th > 0 && ch > 0 && ty >= 0 && tx >= 0 && tx + tw <= 1920 && cx + cw <= 1920 &&
             ty + th <= vy && vy + vh <= cy && cy + ch <= 1080 && vw >= 1700 && vh >= 750) }' ||
    fail "$2: title ($tx $ty $tw $th), plots ($vx $vy $vw $vh) and caption ($cx $cy $cw $ch) overlap, leave the slide or leave the plots too little"
}
status="$work/first.status"
headline=$(text_of "$status" headline)
[[ -n $headline ]] || fail "no headline in $status"
for view in "${views[@]}"; do
  slide="${view}_slide"
  title=$(text_of "$status" "export/$slide/title")
  [[ $title == "$headline — "?* ]] || fail "$slide.png's title '$title' is not the headline '$headline' with the panel's name"
  caption=$(text_of "$status" "export/$slide/caption")
  for word in "Target: Double well" "HMC: ε = 0.1, L = " "SGHMC: ε = 0.1, C = 1" "SGLD: ε = " \
              "draws per chain" "seed 1"; do
    [[ $caption == *"$word"* ]] || fail "$slide.png's caption lacks '$word': $caption"
  done
  [[ $(text_of "$status" "export/$slide/title_px") -ge 36 ]] ||
    fail "$slide.png's title is $(text_of "$status" "export/$slide/title_px") px, under 36"
  "$check_png" "$out/$slide.png" --slide 36 || fail "$slide.png has no readable title and caption"
  check_slide_bands "$status" "$slide"
  # The slide SVG: the same title in bold text lines, and the caption.
  svg_title=$(grep -o 'font-weight="bold">[^<]*' "$out/$view.svg" | sed 's/^[^>]*>//' | paste -sd' ')
  [[ $svg_title == "$title" ]] || fail "$view.svg's title '$svg_title', expected '$title'"
  grep -q '>Target:' "$out/$view.svg" || fail "$view.svg has no caption"
  grep -q 'font-weight=' "$out/${view}_panel.svg" && fail "${view}_panel.svg (panel size) has a slide title"
done

# 5 and 6. A headline too long for one line wraps to two, whole, and the bands still hold; the
# export folder given relative is said in full.
(cd "$work" && run_gui --sampler hmc --sampler naive-sghmc --sampler sghmc:friction=2 \
  --sampler sgld --sampler mala --sampler rwm --sampler sgnht --sampler psgld \
  --export relative --export-panel histogram --status-file long.status > long.log 2>&1) ||
  { cat "$work/long.log"; fail "long headline export"; }
long="$work/long.status"
headline=$(text_of "$long" headline)
[[ $(text_of "$long" export/histogram_slide/title) == "$headline — Histogram vs truth" ]] ||
  fail "long title: '$(text_of "$long" export/histogram_slide/title)'"
[[ $(text_of "$long" export/histogram_slide/title_lines) == 2 ]] ||
  fail "long title on $(text_of "$long" export/histogram_slide/title_lines) lines, expected 2"
[[ $(text_of "$long" export/histogram_slide/title_px) -ge 36 ]] || fail "long title under 36 px"
"$check_png" "$work/relative/histogram_slide.png" --slide 36 || fail "long title slide"
check_slide_bands "$long" histogram_slide
message=$(text_of "$long" export/status)
written=${message#exported }
[[ $written == /* && $written == */relative/histogram_panel.svg ]] ||
  fail "the export message '$message' does not give an absolute path"
[[ -s $written ]] || fail "the export message names $written, which does not exist"
grep -q "^exported $(cd "$work" && pwd -P)/relative/histogram.png\$" "$work/long.log" ||
  { cat "$work/long.log"; fail "stdout does not name the absolute path"; }

# The SVG keeps a 2-D Target view's density shading, smooth as on screen: one embedded PNG under
# the contour lines (it was thousands of flat cells, blocky when zoomed), and the file stays small.
run_gui --target gauss2d --export "$work/gauss" --export-panel target > "$work/gauss.log" 2>&1 ||
  { cat "$work/gauss.log"; fail "gauss2d export"; }
images=$(grep -c '<image[^>]*href="data:image/png;base64,' "$work/gauss/target.svg" || true)
[[ $images -eq 1 ]] || fail "gauss2d target.svg has $images embedded density images, expected 1"
svg_bytes=$(stat -c %s "$work/gauss/target.svg")
[[ $svg_bytes -le $((2 * 1024 * 1024)) ]] || fail "gauss2d target.svg is $svg_bytes bytes (> 2 MB)"
"$check_png" "$out/metrics.png" || fail "metrics.png"
# The Controls and Notes are in window.png, not screen grabs of their own (newcomer run 9).
[[ ! -e "$out/controls.png" ]] || fail "controls.png written by 'everything': a screen grab of widgets"
"$check_png" "$out/window.png" 1600 1000 || fail "window.png"
head -1 "$out/draws.csv" | grep -qx 'sampler,chain,iter,theta,potential,hamiltonian,accepted,divergent' \
  || fail "draws.csv header: $(head -1 "$out/draws.csv")"
[[ $(wc -l < "$out/draws.csv") -gt 100 ]] || fail "draws.csv has too few rows"
ls "$out" | grep -q 'tmp' && fail "temporary files left in $out: $(ls "$out")"

(cd "$out" && sha256sum -- * > "$work/first.sha256")
run_gui --export "$out" > "$work/second.log" 2>&1 || { cat "$work/second.log"; fail "second export"; }
(cd "$out" && sha256sum --check --quiet "$work/first.sha256") || fail "a first export was overwritten"
for name in trace-2.svg trace-2.png window-2.png draws-2.csv metrics-2.png; do
  [[ -s "$out/$name" ]] || fail "second export did not write $name"
done

blocker="$work/not_a_folder"
echo "a file" > "$blocker"
status=0
run_gui --export "$blocker/exports" > "$work/unwritable.log" 2>&1 || status=$?
[[ $status -eq 2 ]] || { cat "$work/unwritable.log"; fail "unwritable folder: exit code $status, expected 2"; }
grep -q 'export failed: cannot write to' "$work/unwritable.log" || { cat "$work/unwritable.log"; fail "no error message"; }
run_lecture() { xvfb-run -a -s "-screen 0 1600x1000x24" "$exe" gui --layout lecture --frames 40 "$@"; }
lecture="$work/lecture"
run_lecture --export "$lecture" > "$work/lecture.log" 2>&1 ||
  { cat "$work/lecture.log"; fail "lecture export"; }
"$check_png" "$lecture/histogram.png" --figure 4 || fail "lecture histogram.png"
[[ -e "$lecture/energy.png" ]] && fail "lecture: energy.png written though Energy is not shown"
status=0
run_lecture --export "$work/closed" --export-panel energy > "$work/closed.log" 2>&1 ||
  status=$?
[[ $status -eq 2 ]] || { cat "$work/closed.log"; fail "closed panel: exit code $status, expected 2"; }
[[ $(wc -l < "$work/closed.log") -eq 1 ]] || { cat "$work/closed.log"; fail "closed panel: not one line"; }
grep -q 'Energy is not shown' "$work/closed.log" || { cat "$work/closed.log"; fail "closed panel message"; }
[[ -z "$(ls -A "$work/closed" 2>/dev/null)" ]] || fail "closed panel: files written: $(ls "$work/closed")"

experiment="$work/experiment"
xvfb-run -a -s "-screen 0 1600x1000x24" "$exe" gui --scenario ewsg-fig1a --layout lecture \
  --size 1280x720 --frames 3000 --export "$experiment" --export-panel experiment \
  --status-file "$work/experiment.status" > "$work/experiment.log" 2>&1 ||
  { cat "$work/experiment.log"; fail "experiment export"; }
[[ $(text_of "$work/experiment.status" experiment/state) == "done 100%" ]] ||
  fail "the ensemble did not finish in 3000 frames: $(text_of "$work/experiment.status" experiment/state)"
"$check_png" "$experiment/experiment_slide.png" --slide 36 || fail "experiment slide"
[[ $(text_of "$work/experiment.status" export/experiment_slide/title) == *" — Experiment" ]] ||
  fail "experiment slide title: '$(text_of "$work/experiment.status" export/experiment_slide/title)'"
# Its key has one of the palette's first four colours (SGLD's green); the SVGs name all three.
"$check_png" "$experiment/experiment.png" --figure 1 || fail "experiment.png is not a clean figure with a key"
for svg in experiment.svg experiment_panel.svg; do
  xmllint --noout "$experiment/$svg" || fail "$svg is not valid XML"
  grep -q 'EWSG' "$experiment/$svg" || fail "$svg has no key naming EWSG"
done
echo "export test passed"
