# Shared by the GUI tests that drive the window with xdotool (source it after setting `status`,
# the --status-file, and `work`, the folder holding app.log; or set `exe` and `work` and use
# start_window, which sets `status` itself).

# value KEY: the second field of the status file's "KEY ..." line.
value() { awk -v key="$1" '$1 == key { print $2 }' "$status" 2>/dev/null; }

# wait_for DESCRIPTION COMMAND...: retry COMMAND for up to 30 s, else print why and fail.
wait_for() {
  local what=$1; shift
  for _ in $(seq 300); do "$@" && return 0; sleep 0.1; done
  echo "timed out waiting for: $what"; cat "$work/app.log"; exit 1
}

# rect_of NAME: "x y w h" of a rectangle the window probed into the status file.
rect_of() { awk -v key="$1" '$1 == "rect" && $2 == key { print $3, $4, $5, $6 }' "$status"; }

# hover_rect NAME: the pointer to the middle of a probed rectangle (needs `window`).
hover_rect() {
  local x y w h
  read -r x y w h < <(rect_of "$1")
  [[ -n "${x:-}" ]] || { echo "no rectangle $1 in the status file"; exit 1; }
  xdotool mousemove --window "$window" "$(awk -v a="$x" -v b="$w" 'BEGIN{printf "%d", a+b/2}')" \
    "$(awk -v a="$y" -v b="$h" 'BEGIN{printf "%d", a+b/2}')"
}

# click_rect NAME: a left click in the middle of a probed rectangle (needs `window`).
click_rect() {
  hover_rect "$1"
  sleep 0.3
  # Held across a few frames: ImGui reads the button state once per frame. The pointer stays
  # a while after the release too: a menu item acts on release only if the pointer is still on
  # it in the frame that sees the release, and a move away queued in the same frame wins
  # (the gradient noise test's View > Gradient noise click failed half the time that way).
  xdotool mousedown 1; sleep 0.15; xdotool mouseup 1; sleep 0.25
}

# pause_with_space: Space until the status file says the run is paused (needs `window`). The first
# key press can arrive before the window has been mapped and focused, so it presses again if
# nothing happened within 3 s.
pause_with_space() {
  is_paused() { [[ "$(value running)" == 0 ]]; }
  for attempt in 1 2 3; do
    xdotool mousemove --window "$window" 800 500
    xdotool key space
    for _ in $(seq 30); do is_paused && break; sleep 0.1; done
    is_paused && break
    echo "Space not seen yet (attempt $attempt, focus $(xdotool getwindowfocus 2>&1))"
  done
  wait_for "running 0 after Space" is_paused
}

# start_window ARGS...: for a script called as SCRIPT SGMCMC_LAB WORK_DIR: makes an empty `work`
# and re-runs the script under Xvfb (1600x1000) unless it is there already, starts `exe gui ARGS...` with its --status-file in `work` (killed
# when the script ends), waits for its first steps and puts the pointer and focus on the window
# (`window`). Without a window manager, X keyboard focus follows the pointer.
start_window() {
  if [[ -z "${SGL_INSIDE_XVFB:-}" ]]; then
    rm -rf "$work" && mkdir -p "$work"
    SGL_INSIDE_XVFB=1 exec xvfb-run -a -s "-screen 0 1600x1000x24" "$0" "$exe" "$work"
  fi
  mkdir -p "$work"
  # A window an earlier test run left behind (killed with its X server) must not put a restore
  # offer in front of this one: each window test starts without a recovery file.
  [[ -n "${XDG_STATE_HOME:-}" ]] && rm -rf "$XDG_STATE_HOME/sgmcmc-lab"
  status="$work/status.txt"
  "$exe" gui "$@" --status-file "$status" > "$work/app.log" 2>&1 &
  app=$!
  trap 'kill $app 2>/dev/null || true' EXIT
  steps_positive() { [[ -f "$status" && "$(value steps)" -gt 0 ]]; }
  wait_for "the first steps" steps_positive
  window=$(xdotool search --sync --name '^sgmcmc-lab' | head -1)
  xdotool mousemove --window "$window" 800 500
  xdotool windowfocus --sync "$window" || true
}

# open_presets_menu ITEM: clicks the Presets menu until its item ITEM (a probed rectangle, e.g.
# presets/teach-friction) is shown; the first click can come before the window takes input.
open_presets_menu() {
  local item=$1
  item_shown() { [[ -n "$(rect_of "$item")" ]]; }
  for attempt in 1 2 3; do
    click_rect menu/presets
    for _ in $(seq 30); do item_shown && return 0; sleep 0.1; done
    echo "the Presets menu is not open yet (attempt $attempt)"
  done
  wait_for "the Presets menu's $item" item_shown
}

# scroll_controls_to NAME: scrolls the Controls panel (mouse wheel over it) until the probed
# rectangle NAME lies inside its scrolling body (controls/body: above the status line). A
# chain's control (chainK/...) is first shown by opening chain K's settings: the Controls show one
# chain's settings at a time, below every chain's header (chainK/header).
scroll_controls_to() {
  local px py pw ph ix iy iw ih
  if [[ "$1" =~ ^(chain[0-9]+)/ && "$1" != */header ]]; then
    local chain=${BASH_REMATCH[1]}
    for _ in $(seq 5); do
      [[ -n "$(rect_of "$1")" || -z "$(rect_of "$chain/header")" ]] && break
      scroll_controls_to "$chain/header"
      click_rect "$chain/header"
      for _ in $(seq 20); do [[ -n "$(rect_of "$1")" ]] && break; sleep 0.1; done
    done
  fi
  local seen=0
  for _ in $(seq 40); do
    read -r px py pw ph < <(rect_of controls/body)
    read -r ix iy iw ih < <(rect_of "$1")
    if [[ -n "${iy:-}" ]] && awk -v py="$py" -v ph="$ph" -v iy="$iy" -v ih="$ih" \
        'BEGIN { exit !(iy >= py + 2 && iy + ih <= py + ph - 2) }'; then
      # In view on two reads 0.3 s apart: the status file lags a few frames behind a scroll, and
      # the panel may still be scrolling to a chain that asked for it.
      [[ $seen == 1 ]] && return 0
      seen=1; sleep 0.3; continue
    fi
    seen=0
    local button=5
    [[ -n "${iy:-}" ]] && awk -v py="$py" -v iy="$iy" 'BEGIN { exit !(iy < py + 30) }' && button=4
    xdotool mousemove --window "$window" $(( ${px%.*} + 20 )) $(( ${py%.*} + ${ph%.*} / 2 )) click $button
    sleep 0.3
  done
  echo "could not scroll $1 into view"; cat "$status"; exit 1
}

# in_controls NAME: whether the probed rectangle NAME lies wholly inside the Controls panel.
in_controls() {
  local px py pw ph ix iy iw ih
  read -r px py pw ph < <(rect_of panel/Controls)
  read -r ix iy iw ih < <(rect_of "$1")
  [[ -n "${ix:-}" ]] && awk -v px="$px" -v py="$py" -v pw="$pw" -v ph="$ph" -v ix="$ix" \
    -v iy="$iy" -v iw="$iw" -v ih="$ih" \
    'BEGIN { exit !(ix >= px && iy >= py && ix + iw <= px + pw + 0.5 && iy + ih <= py + ph + 0.5) }'
}

# text_of NAME: the text the window probed under NAME ("text NAME ..." in the status file).
# replace_text RECT PROBE TEXT: clicks the text box RECT, selects all with Ctrl+A, types TEXT and
# waits until the window's text probe PROBE holds it. Under load the Ctrl of Ctrl+A can miss the
# frame that reads "a" (ImGui polls keys once per frame), leaving an "a" in the box: then the box
# is emptied with End and one BackSpace per character, and TEXT typed again.
replace_text() {
  local rect=$1 probe=$2 text=$3 attempt held
  for attempt in 1 2 3; do
    click_rect "$rect"
    sleep 0.4
    if [[ $attempt == 1 ]]; then
      xdotool keydown ctrl; sleep 0.1; xdotool keydown a; sleep 0.1; xdotool keyup a; xdotool keyup ctrl
      sleep 0.1; xdotool keydown BackSpace; sleep 0.1; xdotool keyup BackSpace
    else
      held=$(text_of "$probe")
      xdotool keydown End; sleep 0.1; xdotool keyup End
      xdotool key --delay 60 --repeat $(( ${#held} + 2 )) BackSpace
    fi
    xdotool type --delay 25 -- "$text"
    for _ in $(seq 30); do [[ "$(text_of "$probe")" == "$text" ]] && return 0; sleep 0.1; done
    echo "the box holds '$(text_of "$probe")' after typing '$text' (try $attempt)"
  done
  echo "could not type '$text' into $rect"; cat "$work/app.log"; exit 1
}

text_of() { awk -v key="$1" '$1 == "text" && $2 == key { $1 = ""; $2 = ""; sub(/^  /, ""); print }' "$status"; }

# drag_slider NAME FROM TO [HOLD_AT HOLD_SECONDS]: presses at fraction FROM of the probed slider
# rectangle, moves to fraction TO (fractions of its width, label included; > 1 goes past its
# end) and releases; with HOLD_AT, it first rests at that fraction for HOLD_SECONDS.
drag_slider() {
  local x y w h cy
  read -r x y w h < <(rect_of "$1")
  [[ -n "${x:-}" ]] || { echo "no slider $1 in the status file"; cat "$status"; exit 1; }
  cy=$(awk -v y="$y" -v h="$h" 'BEGIN { printf "%d", y + h / 2 }')
  # Past the left end stops at the screen's edge (xdotool reads "-5" as an option).
  at() { awk -v x="$x" -v w="$w" -v f="$1" 'BEGIN { v = x + f * w; printf "%d", v < 0 ? 0 : v }'; }
  xdotool mousemove --window "$window" "$(at "$2")" "$cy" mousedown 1
  sleep 0.1
  if [[ -n "${4:-}" ]]; then
    xdotool mousemove --window "$window" "$(at "$4")" "$cy"; sleep "$5"
  fi
  xdotool mousemove --window "$window" "$(at "$3")" "$cy"; sleep 0.2
  xdotool mouseup 1
}

# open_session PATH: File > Open session..., PATH typed into its field, Open (needs `window`).
# False if a step did not show up (the caller retries).
open_session() {
  local typed=""
  click_rect menu/file
  for _ in $(seq 50); do [[ -n "$(rect_of menu/open_session)" ]] && break; sleep 0.1; done
  [[ -n "$(rect_of menu/open_session)" ]] || { xdotool key Escape; return 1; }
  click_rect menu/open_session
  for _ in $(seq 50); do [[ -n "$(rect_of open/path)" ]] && break; sleep 0.1; done
  [[ -n "$(rect_of open/path)" ]] || { xdotool key Escape; return 1; }
  # Select all and type, until the field holds exactly the path (under load a key can be lost).
  for _ in 1 2 3; do
    click_rect open/path
    # Each key held across frames: ImGui reads the keyboard once per frame.
    xdotool keydown ctrl; sleep 0.3; xdotool keydown a; sleep 0.1; xdotool keyup a; sleep 0.3
    xdotool keyup ctrl
    xdotool type --delay 20 "$1"
    for _ in $(seq 20); do typed=$(text_of open/path); [[ "$typed" == "$1" ]] && break; sleep 0.1; done
    [[ "$typed" == "$1" ]] && break
  done
  [[ "$typed" == "$1" ]] || { xdotool key Escape; return 1; }
  click_rect open/button
}
