#!/usr/bin/env bash
# Regenerates every figure that README.md and docs/ show, with the app itself.
#
#   scripts/make_figures.sh [--out ROOT] [NAME...]   make the figures (all, or those named)
#   scripts/make_figures.sh --list                   print the manifest's figure paths
#
# ROOT defaults to the repository root, so the figures are rewritten in place. A NAME is a figure's
# path, its file name or its stem (lecture, docs/gallery/chen-fig3.png). The binary is
# $SGMCMC_LAB, else build/sgmcmc-lab. Window figures run under xvfb-run; their content depends on
# how many frames the window drew (the chains run in real time), so two runs differ in detail.
# tests/docs/figures_test.py checks that every image the docs reference is in the manifest.
set -euo pipefail

# The manifest, the single source of how each figure is made. Columns, separated by " | ":
#   path   the figure, relative to ROOT
#   kind   shot        gui ARGS --screenshot PATH (the whole window)
#          panel:FILE  gui ARGS --export DIR; DIR/FILE becomes PATH (ARGS name --export-panel)
#          run:FILE    run ARGS --out DIR; DIR/FILE becomes PATH
#   args   the sgmcmc-lab command line without its output flag
# A gui figure that exports the Experiment panel must show the experiment finished ("done"):
# the script checks that in the window's status file, so its frame count must leave time for it.
read -r -d '' MANIFEST <<'EOF' || true
docs/screenshots/lecture.png            | shot                   | gui --size 1600x1000 --frames 600
docs/screenshots/custom.png             | shot                   | gui --scenario teach-your-own --size 1600x1000 --frames 600
docs/screenshots/gauss2d.png            | shot                   | gui --target gauss2d --layout dashboard --size 1600x1000 --frames 600
docs/screenshots/logistic.png           | shot                   | gui --target logistic --layout lecture --size 1600x1000 --frames 300
docs/screenshots/dais.png               | shot                   | gui --target ewsg-gauss --sampler sl-dais:iterations=3000 --sampler dais:iterations=60000 --layout dashboard --size 1600x1000 --frames 500
docs/screenshots/bnn-regression.png     | shot                   | gui --scenario bnn-regression --size 1280x720 --frames 200
docs/screenshots/bnn-moons.png          | shot                   | gui --scenario bnn-moons --size 1280x720 --frames 200
docs/gallery/chen-fig1-histogram.svg    | run:histogram.svg      | run --scenario chen-fig1 --quick
docs/gallery/chen-fig2-phase-space.svg  | panel:phase_space.svg  | gui --scenario chen-fig2 --size 1600x1000 --frames 80 --export-panel phase_space
docs/gallery/chen-fig3.png              | panel:experiment.png   | gui --scenario chen-fig3 --layout lecture --size 1280x760 --frames 6000 --export-panel experiment
docs/gallery/ewsg-fig1a.png             | panel:experiment.png   | gui --scenario ewsg-fig1a --layout lecture --size 1280x760 --frames 1500 --export-panel experiment
docs/gallery/hmcecs-logistic.png        | panel:experiment.png   | gui --scenario hmcecs-logistic --layout lecture --size 1280x760 --frames 3000 --export-panel experiment
EOF

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
app=${SGMCMC_LAB:-$repo/build/sgmcmc-lab}
root=$repo
list_only=0
names=()

die() { echo "make_figures: $*" >&2; exit 1; }

while (($#)); do
  case $1 in
    --list) list_only=1 ;;
    --out) (($# >= 2)) || die "--out needs a folder"; root=$2; shift ;;
    -h | --help) sed -n '2,10p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'; exit 0 ;;
    -*) die "unknown option $1 (see --help)" ;;
    *) names+=("$1") ;;
  esac
  shift
done

field() { # field N LINE: the Nth " | "-separated column, trimmed
  awk -F' [|] ' -v n="$1" '{ gsub(/^ +| +$/, "", $n); print $n }' <<<"$2"
}

if ((list_only)); then
  while IFS= read -r line; do field 1 "$line"; done <<<"$MANIFEST"
  exit 0
fi

selected() { # selected PATH: no NAME given, or one names this figure
  ((${#names[@]} == 0)) && return 0
  local path=$1 base=${1##*/} name
  for name in "${names[@]}"; do
    [[ $name == "$path" || $name == "$base" || $name == "${base%.*}" ]] && return 0
  done
  return 1
}

# Every NAME must be a figure of the manifest (a typo must not pass silently as "nothing to do").
for name in "${names[@]}"; do
  found=0
  while IFS= read -r line; do
    path=$(field 1 "$line") && base=${path##*/}
    [[ $name == "$path" || $name == "$base" || $name == "${base%.*}" ]] && found=1
  done <<<"$MANIFEST"
  ((found)) || die "no figure called $name (see --list)"
done

[[ -x $app ]] || die "no executable $app (build it, or set SGMCMC_LAB)"
work=$(mktemp -d "${TMPDIR:-/tmp}/make_figures.XXXXXX")
trap 'rm -rf "$work"' EXIT

window() { # window ARGS...: the app under a virtual screen large enough for every size used
  xvfb-run -a -s "-screen 0 2560x1440x24" "$app" "$@"
}

made=0
while IFS= read -r line; do
  path=$(field 1 "$line") kind=$(field 2 "$line") args=$(field 3 "$line")
  selected "$path" || continue
  read -r -a argv <<<"$args"
  out=$root/$path
  mkdir -p "$(dirname "$out")"
  rm -rf "$work/out" "$work/status" && mkdir -p "$work/out"
  log=$work/log
  echo "make_figures: $path ($args)"
  case $kind in
    shot)
      window "${argv[@]}" --status-file "$work/status" --screenshot "$out" >"$log" 2>&1 ||
        die "$path: sgmcmc-lab ${args} failed: $(tail -n 1 "$log")" ;;
    panel:*)
      window "${argv[@]}" --status-file "$work/status" --export "$work/out" >"$log" 2>&1 ||
        die "$path: sgmcmc-lab ${args} failed: $(tail -n 1 "$log")"
      if [[ ${kind#panel:} == experiment.* ]]; then
        state=$(awk '$1 == "text" && $2 == "experiment/state" { $1 = $2 = ""; print }' "$work/status")
        [[ $state == *done* ]] ||
          die "$path: the experiment is not finished after the last frame (${state# }); raise --frames"
      fi
      [[ -s $work/out/${kind#panel:} ]] || die "$path: the export wrote no ${kind#panel:}"
      cp "$work/out/${kind#panel:}" "$out" ;;
    run:*)
      "$app" "${argv[@]}" --quiet --out "$work/out" >"$log" 2>&1 ||
        die "$path: sgmcmc-lab ${args} failed: $(tail -n 1 "$log")"
      [[ -s $work/out/${kind#run:} ]] || die "$path: the run wrote no ${kind#run:}"
      cp "$work/out/${kind#run:}" "$out" ;;
    *) die "$path: unknown kind $kind in the manifest" ;;
  esac
  [[ -s $out ]] || die "$path: nothing written"
  made=$((made + 1))
done <<<"$MANIFEST"
echo "make_figures: $made figure(s) written under $root"
