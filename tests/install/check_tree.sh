#!/usr/bin/env bash
# check_tree.sh ROOT LIST: every path in LIST (installed_files.txt) is a file under ROOT, every
# preset and note of the source tree's assets/ was installed too, and nothing is outside
# ROOT/bin and ROOT/share. Prints the tree on failure.
set -euo pipefail
root=$1 list=$2 source_assets=$3
status=0
while IFS= read -r path; do
  [[ -z "$path" || "$path" == \#* ]] && continue
  [[ -f "$root/$path" ]] || { echo "missing: $path" >&2; status=1; }
done <"$list"
while IFS= read -r asset; do
  [[ -f "$root/share/sgmcmc-lab/assets/$asset" ]] || { echo "asset not installed: $asset" >&2; status=1; }
done < <(cd "$source_assets" && find . -type f | sed 's|^\./||')
stray=$(cd "$root" && find . -mindepth 1 -maxdepth 1 ! -name bin ! -name share)
[[ -z "$stray" ]] || { echo "outside bin/ and share/: $stray" >&2; status=1; }
[[ -x "$root/bin/sgmcmc-lab" ]] || { echo "bin/sgmcmc-lab is not executable" >&2; status=1; }
if ((status != 0)); then
  (cd "$root" && find . -type f | sort) >&2
fi
exit $status
