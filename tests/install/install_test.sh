#!/usr/bin/env bash
# `cmake --install` into a temporary prefix, then the installed copy alone: its file tree, the
# desktop entry (desktop-file-validate), the icons' sizes, the MIME type of saved sessions,
# `--version` (data read from PREFIX/share/sgmcmc-lab, not the source tree), a `run` of a preset,
# and a GUI smoke test that opens a session file as the desktop entry's `Exec=sgmcmc-lab gui %f`
# does. Everything runs from a directory outside the source and build trees.
# Usage: install_test.sh BUILD_DIR SOURCE_DIR CHECK_SCREENSHOT VERSION WORK_DIR
set -euo pipefail
build=$1 source=$2 check_screenshot=$3 version=$4 work=$5
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
rm -rf "$work" && mkdir -p "$work/elsewhere"
prefix=$work/prefix
fail() { echo "install test: $*" >&2; exit 1; }

cmake --install "$build" --prefix "$prefix" >"$work/install.log"
"$here/check_tree.sh" "$prefix" "$here/installed_files.txt" "$source/assets"

desktop=$prefix/share/applications/sgmcmc-lab.desktop
desktop-file-validate "$desktop" || fail "desktop-file-validate rejects $desktop"
grep -qx 'Exec=sgmcmc-lab gui %f' "$desktop" || fail "Exec is not 'sgmcmc-lab gui %f'"
grep -qx 'MimeType=application/x-sgmcmc-lab-session;' "$desktop" || fail "no session MimeType"

xmllint --noout "$prefix/share/icons/hicolor/scalable/apps/sgmcmc-lab.svg"
for size in 48 64 128 256; do
  png=$prefix/share/icons/hicolor/${size}x${size}/apps/sgmcmc-lab.png
  # Width and height from the PNG's IHDR chunk (bytes 16-23, big-endian).
  read -r width height < <(od -An -tu1 -j16 -N8 "$png" |
    awk '{print $1*16777216+$2*65536+$3*256+$4, $5*16777216+$6*65536+$7*256+$8}')
  [[ "$width $height" == "$size $size" ]] || fail "$png is ${width}x${height}, not ${size}x${size}"
done

# The MIME package compiles (update-mime-database validates it) and maps *-session.json to ours.
mkdir -p "$work/mime/packages"
cp "$prefix/share/mime/packages/sgmcmc-lab.xml" "$work/mime/packages/"
update-mime-database "$work/mime" 2>"$work/mime.log" || fail "update-mime-database: $(cat "$work/mime.log")"
grep -q '^[0-9]*:application/x-sgmcmc-lab-session:\*-session\.json' "$work/mime/globs2" ||
  fail "the MIME database has no *-session.json glob"

cd "$work/elsewhere"
unset SGMCMC_LAB_ASSETS
"$prefix/bin/sgmcmc-lab" --version >version.txt
cat version.txt
[[ "$(sed -n 1p version.txt)" == "sgmcmc-lab $version" ]] || fail "--version's first line"
[[ "$(sed -n 2p version.txt)" == "assets: $prefix/share/sgmcmc-lab/assets" ]] ||
  fail "the installed binary reads its presets elsewhere"
[[ "$(sed -n 3p version.txt)" == "shaders: $prefix/share/sgmcmc-lab/shaders" ]] ||
  fail "the installed binary reads its shaders elsewhere"

"$prefix/bin/sgmcmc-lab" run --scenario chen-fig1 --quick --out out/fig1 >run.log
[[ -s out/fig1/draws.csv && -s out/fig1/summary.json ]] || fail "run wrote no draws.csv/summary.json"

# A saved session with a label of its own, opened as a file manager would.
sed 's/"label": "HMC"/"label": "opened from a file manager"/' \
  "$prefix/share/sgmcmc-lab/assets/scenarios/default.json" >lesson-session.json
grep -q 'opened from a file manager' lesson-session.json || fail "default.json has no HMC chain"
export XDG_STATE_HOME=$work/state
xvfb-run -a -s "-screen 0 1280x720x24" "$prefix/bin/sgmcmc-lab" gui lesson-session.json \
  --layout dashboard --size 1280x720 --frames 90 --screenshot installed.png --status-file status.txt
"$check_screenshot" installed.png status.txt
grep -q '^label [0-9]* opened from a file manager$' status.txt ||
  fail "the window did not open lesson-session.json"
echo "install test: passed"
