#!/usr/bin/env bash
# Recording under Xvfb (gui --record, gui --record-png-dir):
#  1. --frames 40 --record out.gif: giflib decodes >= 20 frames of the window's size (1600x1000),
#     >= 20 of them differ from their predecessor, it loops forever, and every frame's palette
#     holds the chain colours exactly;
#  2. --record-png-dir: frame-00001.png … frame-00040.png, each a PNG of the window's size;
#  3. an unwritable GIF path or PNG folder: exit code 2, one line, before any window, nothing left;
#  4. a 150-frame recording at 1280x720 (the default lecture layout) is at most 5 MB (frames write
#     only the box that changed, unchanged pixels transparent; it was 20 MB) and decodes to 150
#     frames of 1280x720.
# Usage: record_test.sh SGMCMC_LAB CHECK_GIF CHECK_PNG WORK_DIR
set -euo pipefail
exe=$1 check_gif=$2 check_png=$3 work=$4
rm -rf "$work" && mkdir -p "$work"
run_gui() { xvfb-run -a -s "-screen 0 1600x1000x24" "$exe" gui --layout dashboard --frames 40 "$@"; }
fail() { echo "FAIL: $*"; exit 1; }

run_gui --record "$work/out.gif" > "$work/gif.log" 2>&1 || { cat "$work/gif.log"; fail "gif recording"; }
"$check_gif" "$work/out.gif" 1600 1000 20 20 "$work/frame20.png" || fail "out.gif"
grep -q 'recorded 40 frames to' "$work/gif.log" || { cat "$work/gif.log"; fail "no 'recorded' line"; }
ls "$work" | grep -q 'partial' && fail "temporary files left: $(ls "$work")"

run_gui --record-png-dir "$work/pngs" > "$work/png.log" 2>&1 || { cat "$work/png.log"; fail "png sequence"; }
[[ $(ls "$work/pngs" | wc -l) -eq 40 ]] || fail "expected 40 files in pngs/: $(ls "$work/pngs" | head)"
for n in 00001 00020 00040; do "$check_png" "$work/pngs/frame-$n.png" 1600 1000 || fail "frame-$n.png"; done
# A shorter recording into the same folder leaves only its own frames (issue 26).
xvfb-run -a -s "-screen 0 1600x1000x24" "$exe" gui --layout dashboard --frames 3 \
  --record-png-dir "$work/pngs" > "$work/png3.log" 2>&1 || { cat "$work/png3.log"; fail "png re-recording"; }
[[ $(ls "$work/pngs" | wc -l) -eq 3 ]] || fail "expected 3 files in pngs/ after a 3-frame recording: $(ls "$work/pngs" | head)"

blocker="$work/not_a_folder"
echo "a file" > "$blocker"
for flag in --record --record-png-dir; do
  status=0
  run_gui $flag "$blocker/x" > "$work/unwritable.log" 2>&1 || status=$?
  [[ $status -eq 2 ]] || { cat "$work/unwritable.log"; fail "$flag unwritable: exit $status, expected 2"; }
  [[ $(wc -l < "$work/unwritable.log") -eq 1 ]] || { cat "$work/unwritable.log"; fail "$flag: not one line"; }
  grep -q "^error: $flag: cannot write" "$work/unwritable.log" || { cat "$work/unwritable.log"; fail "$flag message"; }
done
xvfb-run -a -s "-screen 0 1600x1000x24" "$exe" gui --size 1280x720 --frames 150 \
  --record "$work/lecture.gif" > "$work/lecture.log" 2>&1 || { cat "$work/lecture.log"; fail "150-frame recording"; }
"$check_gif" "$work/lecture.gif" 1280 720 20 149 "$work/lecture149.png" > "$work/lecture.check" ||
  { cat "$work/lecture.check"; fail "lecture.gif"; }
grep -q ': 1280x720, 150 frames,' "$work/lecture.check" || { cat "$work/lecture.check"; fail "not 150 frames"; }
bytes=$(stat -c %s "$work/lecture.gif")
echo "150 frames at 1280x720: $bytes bytes"
[[ $bytes -le $((5 * 1024 * 1024)) ]] || fail "lecture.gif is $bytes bytes, more than 5 MB"
echo "record test passed"
