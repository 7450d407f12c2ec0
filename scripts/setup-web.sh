#!/usr/bin/env bash
# The browser build's dependencies (docs/web.md), asked for separately: scripts/setup.sh never runs
# this. Installs emscripten (Debian's, which works offline: its system libraries are prebuilt) and
# headless Chromium with its driver for the smoke test, then fetches the Debian source packages
# the browser build compiles itself (Dear ImGui for its GLFW/OpenGL back ends, giflib, zlib) into
# build-web/deps/, which is not committed. The deb-src line those need is added only here, for
# the archive and suites apt already uses. Idempotent: a second run touches neither apt nor the
# network.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."

deps=build-web/deps
packages=(emscripten chromium chromium-driver dpkg-dev python3)
# Source packages and the folder each unpacks to (its name carries the upstream version).
sources=(imgui giflib zlib)

as_root=()
if [[ "$(id -u)" -ne 0 ]]; then
  command -v sudo >/dev/null || { echo "setup-web: need root (or sudo) for apt-get" >&2; exit 1; }
  as_root=(sudo)
fi
export DEBIAN_FRONTEND=noninteractive

package_installed() {
  [[ "$(dpkg-query -W -f='${Status}' "$1" 2>/dev/null)" == "install ok installed" ]]
}

missing=()
for package in "${packages[@]}"; do
  package_installed "$package" || missing+=("$package")
done

source_missing() {
  local name
  for name in "${sources[@]}"; do
    compgen -G "$deps/$name-[0-9]*/" >/dev/null || return 0
  done
  return 1
}

if ((${#missing[@]} > 0)) || source_missing; then
  # apt-get source needs deb-src entries: one list beside Debian's own, same URIs and suites.
  list=/etc/apt/sources.list.d/sgmcmc-lab-web-src.sources
  if ! grep -rqs '^Types:.*deb-src\|^deb-src ' /etc/apt/sources.list /etc/apt/sources.list.d/; then
    if [[ -f /etc/apt/sources.list.d/debian.sources ]]; then
      echo "setup-web: adding deb-src entries ($list)"
      sed 's/^Types: deb$/Types: deb-src/' /etc/apt/sources.list.d/debian.sources |
        "${as_root[@]}" tee "$list" >/dev/null
    else
      echo "setup-web: adding deb-src entries (/etc/apt/sources.list.d/sgmcmc-lab-web-src.list)"
      grep '^deb ' /etc/apt/sources.list | sed 's/^deb /deb-src /' |
        "${as_root[@]}" tee /etc/apt/sources.list.d/sgmcmc-lab-web-src.list >/dev/null
    fi
  fi
  "${as_root[@]}" apt-get update -qq
fi

if ((${#missing[@]} > 0)); then
  echo "setup-web: installing ${missing[*]}"
  "${as_root[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
else
  echo "setup-web: all packages already installed"
fi

mkdir -p "$deps"
for name in "${sources[@]}"; do
  if compgen -G "$deps/$name-[0-9]*/" >/dev/null; then
    continue
  fi
  echo "setup-web: fetching the Debian source of $name"
  # Unpacked (patches applied) without building: only its sources are compiled, by emcc.
  if ! (cd "$deps" && apt-get source -qq "$name" >/dev/null); then
    # A mirror may list a security update's source without serving it (404: seen for zlib's
    # deb12u1): then each other version apt lists, newest first.
    fetched=false
    for version in $(apt-cache showsrc "$name" | sed -n 's/^Version: //p' | sort -ru); do
      echo "setup-web: trying $name $version"
      if (cd "$deps" && apt-get source -qq "$name=$version" >/dev/null); then
        fetched=true
        break
      fi
    done
    $fetched || { echo "setup-web: cannot fetch the source of $name" >&2; exit 1; }
  fi
done
echo "setup-web: done; build with ./scripts/build-web.sh"
