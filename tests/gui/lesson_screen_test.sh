#!/usr/bin/env bash
# The lesson on one screen (issue 24), driven with xdotool on the default preset in the lecture
# layout at 1280x720, read back from the --status-file:
#  1. the headline above the plots names what is on screen (the preset's title) and spans the window;
#     a chain hidden from the legend leaves it, and showing it again brings the title back;
#  2. F with the pointer on the main panel makes it fill the window under the legend strip (its
#     plot too); Esc brings the lecture layout back;
#  3. the Presets menu lists titles (not ids) under their paper's heading;
#  4. choosing the `custom` target (a 2-D potential) brings the Target view into the main slot,
#     with its marginal histograms on the top and right edges, and the headline follows; typing
#     a 1-D potential brings the histogram back;
#  5. a long invalid potential: the red underline stays inside the scrolled box, and the box's
#     tooltip never covers the error message under it;
#  6. the note's "▲ more" (in its title bar while the note is cut) gives it the larger share of
#     the left column, at least twice its height; "▼ less" gives the Controls their room back
#     (at 1280x720 the note showed two or three lines).
# Usage: lesson_screen_test.sh SGMCMC_LAB WORK_DIR
set -euo pipefail
exe=$1 work=$2
# shellcheck source=xdotool_lib.sh
source "$(dirname "$0")/xdotool_lib.sh"
start_window --scenario default --layout lecture --size 1280x720

text_of() { awk -v key="$1" '$1 == "text" && $2 == key { $1 = ""; $2 = ""; sub(/^  /, ""); print }' \
  "$status" 2>/dev/null; }
# panel_rect TITLE: "x y w h" of a panel window (titles hold spaces: the last four fields).
panel_rect() { awk -v key="rect panel/$1 " 'index($0, key) == 1 { print $(NF-3), $(NF-2), $(NF-1), $NF }' \
  "$status" 2>/dev/null; }
width_of_panel() { panel_rect "$1" | awk '{ w = $3 } END { printf "%d", w }'; }  # 0: not shown
press() { xdotool keydown "$1"; sleep 0.15; xdotool keyup "$1"; sleep 0.05; }
has_rect() { [[ -f "$status" ]] && grep -q "^rect $1 " "$status"; }
settled() { [[ "$(value frame)" -ge 30 ]]; }
wait_for "the layout to settle" settled

# 1. The headline.
headline_is() { [[ "$(text_of headline)" == "$1" ]]; }
title='The double well: HMC, naive SGHMC, SGHMC and SGLD side by side'
wait_for "the preset's title as headline (have '$(text_of headline)')" headline_is "$title"
read -r hx hy hw hh < <(rect_of headline)
read -r _ chains_y _ _ < <(panel_rect Chains)
awk -v w="$hw" -v y="$hy" -v c="$chains_y" 'BEGIN { exit !(w >= 1270 && y < c) }' ||
  { echo "the headline (y $hy, width $hw) is not a full-width line above the plots (y $chains_y)"; exit 1; }
echo "1. headline '$(text_of headline)' at y $hy, ${hw}x${hh}"
# A chain hidden from the legend leaves the headline (and the slides' titles, which use it).
click_rect legend/3
without_sgld() { [[ "$(text_of headline)" != *SGLD* && -n "$(text_of headline)" ]]; }
wait_for "the headline without the hidden SGLD (have '$(text_of headline)')" without_sgld
echo "   SGLD hidden: '$(text_of headline)'"
click_rect legend/3
wait_for "the preset's title back (have '$(text_of headline)')" headline_is "$title"

# 6. The note's size button (before the target changes the note).
height_of_panel() { panel_rect "$1" | awk '{ h = $4 } END { printf "%d", h }'; }
notes_h=$(height_of_panel Notes) controls_h=$(height_of_panel Controls)
[[ "$(text_of notes/size)" == "▲ more" ]] ||
  { echo "no '▲ more' on the cut note (have '$(text_of notes/size)', Notes ${notes_h} px)"; exit 1; }
click_rect notes/size
note_grew() { [[ $(height_of_panel Notes) -ge $((2 * notes_h)) && "$(text_of notes/size)" == "▼ less" ]]; }
wait_for "the note to take the larger share (Notes $(height_of_panel Notes) px, was $notes_h)" note_grew
echo "6. ▲ more: Notes $notes_h -> $(height_of_panel Notes) px, Controls $controls_h -> $(height_of_panel Controls) px"
click_rect notes/size
note_back() { [[ $(height_of_panel Notes) -eq $notes_h && $(height_of_panel Controls) -eq $controls_h ]]; }
wait_for "▼ less to give the Controls their room back" note_back
echo "   ▼ less: Notes $(height_of_panel Notes) px, Controls $(height_of_panel Controls) px"

# 2. Focus.
main='Histogram vs truth'
(( $(width_of_panel "$main") < 1000 )) || { echo "the main panel fills the window before F"; exit 1; }
focused() { [[ "$(text_of focus)" == "$main" ]]; }
for attempt in 1 2 3; do
  read -r px py pw ph < <(panel_rect "$main")
  xdotool mousemove --window "$window" "$(awk -v a="$px" -v b="$pw" 'BEGIN{printf "%d", a+b/2}')" \
    "$(awk -v a="$py" -v b="$ph" 'BEGIN{printf "%d", a+b/2}')"
  sleep 0.3
  press f
  for _ in $(seq 30); do focused && break; sleep 0.1; done
  focused && break
  echo "F not seen yet (attempt $attempt)"
done
fills() {
  local x y w h
  read -r x y w h < <(panel_rect "$main")
  awk -v w="$w" -v h="$h" 'BEGIN { exit !(w >= 1270 && h >= 0.75 * 720) }'
}
wait_for "the main panel to fill the window ($(panel_rect "$main"))" fills
read -r _ _ plot_w plot_h < <(rect_of plot/Histogram_vs_truth/0)
awk -v w="$plot_w" -v h="$plot_h" 'BEGIN { exit !(w >= 1000 && h >= 400) }' ||
  { echo "the focused plot is only ${plot_w}x${plot_h}"; exit 1; }
has_rect "panel/Controls" && { echo "the Controls are still shown in focus mode"; exit 1; }
echo "2. F: '$main' fills the window: panel $(panel_rect "$main"), plot ${plot_w}x${plot_h}"
press Escape
unfocused() { [[ -z "$(text_of focus)" ]] && (( $(width_of_panel "$main") < 1000 )) && has_rect panel/Controls; }
wait_for "Esc to bring the lecture layout back" unfocused
echo "   Esc: back to $(panel_rect "$main")"

# 3. The Presets menu.
menu_lists_titles() {
  [[ "$(text_of presets/chen-fig1)" == "Chen et al. 2014 — SGHMC | Chen et al. 2014, Fig. 1: "* ]] &&
    [[ "$(text_of presets/teach-modes)" == "Teaching | Which sampler crosses between the modes?" ]]
}
for attempt in 1 2 3; do
  click_rect menu/presets
  for _ in $(seq 30); do menu_lists_titles && break; sleep 0.1; done
  menu_lists_titles && break
  echo "the Presets menu is not open yet (attempt $attempt)"
done
wait_for "the Presets menu's titles" menu_lists_titles
echo "3. Presets: $(text_of presets/chen-fig1); $(text_of presets/default)"
press Escape
xdotool mousemove --window "$window" 900 450

# 4. A typed 2-D target takes the main slot; a 1-D one gives it back.
for attempt in 1 2 3 4 5; do
  has_rect target/combo && click_rect target/combo
  for _ in $(seq 50); do has_rect target/option/custom && break; sleep 0.1; done
  has_rect target/option/custom && click_rect target/option/custom
  for _ in $(seq 50); do has_rect target/potential && break; sleep 0.1; done
  has_rect target/potential && break
  echo "custom not chosen yet (attempt $attempt)"
done
target_main() { (( $(width_of_panel Target) >= 600 )) && (( $(width_of_panel "$main") < 600 )); }
wait_for "the Target view in the main slot (Target $(panel_rect Target))" target_main
read -r _ _ tw th < <(rect_of plot/Target/0)
awk -v w="$tw" -v h="$th" 'BEGIN { exit !(w >= 500 && h >= 300) }' ||
  { echo "the typed density's plot is only ${tw}x${th}"; exit 1; }
# mcmc-demo's marginals on the Target view's edges: x along the top, y along the right.
wait_for "the marginal histograms on the Target view" has_rect target/marginal_x
has_rect target/marginal_y || { echo "no y marginal on the right edge"; exit 1; }
# They stand in a margin beyond the target's box, never over the chains (on a ring the draws
# reach the box's edges).
read -r mx my mw mh < <(rect_of target/marginal_x)
read -r qx qy qw qh < <(rect_of target/marginal_y)
read -r bx by bw bh < <(rect_of target/box)
awk -v my="$my" -v mh="$mh" -v by="$by" -v qx="$qx" -v bx="$bx" -v bw="$bw" \
  'BEGIN { exit !(my + mh <= by + 1 && qx >= bx + bw - 1) }' ||
  { echo "the marginal bands overlap the target's box (x band $my+$mh, y band $qx; box $bx $by $bw $bh)"; exit 1; }
typed_headline() { [[ "$(text_of headline)" == "U = "*": HMC, naive SGHMC, SGHMC and SGLD against the truth" ]]; }
wait_for "the headline to name the typed target" typed_headline
echo "4. custom (2-D): Target $(panel_rect Target), plot ${tw}x${th}; headline '$(text_of headline)'"

type_expression() {  # replaces the potential box's text with $1 (the box keeps the focus)
  replace_text target/potential potential/text "$1"
}
one_d='x^4 - 2*x^2'
type_expression "$one_d"
press Return
applied() { [[ "$(text_of potential/applied)" == "$1" ]]; }
wait_for "the 1-D potential to be applied" applied "$one_d"
histogram_main() { (( $(width_of_panel "$main") >= 600 )) && ! has_rect panel/Target; }
wait_for "the histogram back in the main slot ($(panel_rect "$main"))" histogram_main
echo "   1-D potential: '$main' $(panel_rect "$main")"

# 5. A long invalid potential: the box scrolls to its end; the underline follows the text.
long='0.5*x^2 + 2*(y - 0.5*x^2)^2 + 0.1*x^4 + 0.1*y^4 + 0.3*x*y + (x y'
type_expression "$long"
shows_error() { [[ "$(text_of potential/error)" == "potential, column "* ]] && has_rect potential/underline; }
wait_for "the parse error and its underline" shows_error
read -r bx by bw bh < <(rect_of target/potential)
read -r ux uy uw uh < <(rect_of potential/underline)
awk -v bx="$bx" -v bw="$bw" -v ux="$ux" -v uw="$uw" \
  'BEGIN { exit !(ux >= bx - 0.5 && ux + uw <= bx + bw + 0.5 && uw >= 4) }' ||
  { echo "the underline (x $ux, width $uw) leaves the box (x $bx, width $bw)"; exit 1; }
echo "5. underline x $ux +$uw inside the box x $bx +$bw"
# The pointer on the box once typing is done (a click on the headline leaves the box; while
# typing the grammar tooltip stays away): it must not cover the message under it.
click_rect headline
sleep 0.3
hover_rect target/potential
wait_for "the box's tooltip" has_rect potential/tooltip
read -r tx ty tw th < <(rect_of potential/tooltip)
read -r ex ey ew eh < <(rect_of potential/error_message)
awk -v ty="$ty" -v th="$th" -v ey="$ey" -v eh="$eh" 'BEGIN { exit !(ty + th <= ey || ty >= ey + eh) }' ||
  { echo "the tooltip (y $ty +$th) covers the error message (y $ey +$eh)"; exit 1; }
echo "   tooltip y $ty +$th, error message y $ey +$eh: no overlap"
echo "lesson screen test passed"
