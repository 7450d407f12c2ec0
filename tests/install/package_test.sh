#!/usr/bin/env bash
# `cpack -G DEB` once, then the .deb unpacked with dpkg-deb -x: its name and version, its file
# tree (the same as `cmake --install`'s, under usr/), its Depends (the runtime libraries
# dpkg-shlibdeps found and those listed by hand), and the unpacked binary finding its data there.
# Usage: package_test.sh BUILD_DIR SOURCE_DIR VERSION WORK_DIR
set -euo pipefail
build=$1 source=$2 version=$3 work=$4
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
rm -rf "$work" && mkdir -p "$work"
fail() { echo "package test: $*" >&2; exit 1; }

cpack -G DEB --config "$build/CPackConfig.cmake" -B "$work/deb" >"$work/cpack.log" ||
  { cat "$work/cpack.log" >&2; fail "cpack failed"; }
debs=("$work/deb"/sgmcmc-lab_"$version"_*.deb)
[[ -f "${debs[0]}" ]] || fail "no sgmcmc-lab_${version}_*.deb in $work/deb"
deb=${debs[0]}

[[ "$(dpkg-deb -f "$deb" Package)" == sgmcmc-lab ]] || fail "Package is not sgmcmc-lab"
[[ "$(dpkg-deb -f "$deb" Version)" == "$version" ]] || fail "Version is not $version"
depends=$(dpkg-deb -f "$deb" Depends)
echo "Depends: $depends"
for package in libc6 libstdc++6 libglfw3 libgif7 libnetcdf19 libgl1 fonts-dejavu-core; do
  [[ ", $depends," == *", $package "* || ", $depends," == *", $package,"* ]] ||
    fail "Depends lacks $package"
done

dpkg-deb -x "$deb" "$work/root"
"$here/check_tree.sh" "$work/root/usr" "$here/installed_files.txt" "$source/assets"
[[ -z "$(cd "$work/root" && find . -mindepth 1 -maxdepth 1 ! -name usr)" ]] ||
  fail "files outside /usr"

cd "$work"
[[ "$(SGMCMC_LAB_ASSETS='' root/usr/bin/sgmcmc-lab --version | sed -n 2p)" == \
   "assets: $work/root/usr/share/sgmcmc-lab/assets" ]] || fail "the unpacked binary reads its presets elsewhere"
echo "package test: passed"
