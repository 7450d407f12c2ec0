#!/usr/bin/env bash
# Installs the Debian 12 packages sgmcmc-lab needs, then configures and builds Release into build/.
# Idempotent: when every package is already installed apt is not touched at all, so a re-run is
# fast and works offline. Extra CMake arguments can be passed in SGL_CMAKE_ARGS; CI=true turns
# warnings into errors.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."

packages=(
  libimgui-dev libglfw3-dev python3-glad libeigen3-dev catch2 libstb-dev nlohmann-json3-dev
  libcli11-dev cmake g++ pkg-config xvfb xauth xdotool fonts-dejavu-core libxml2-utils
  libgif-dev  # gui --record FILE.gif
  dpkg-dev file desktop-file-utils shared-mime-info  # cpack -G DEB and the install tests
  libnetcdf-dev python3-xarray python3-netcdf4  # run --format netcdf (draws.nc) and its test
  zlib1g-dev dataset-fashion-mnist  # gzipped IDX data (--model mlp --data …-images-idx3-ubyte.gz)
  clang libclang-rt-14-dev  # libFuzzer harnesses (scripts/fuzz.sh)
)

package_installed() {
  [[ "$(dpkg-query -W -f='${Status}' "$1" 2>/dev/null)" == "install ok installed" ]]
}

missing=()
for package in "${packages[@]}"; do
  package_installed "$package" || missing+=("$package")
done

if ((${#missing[@]} > 0)); then
  echo "setup: installing ${missing[*]}"
  as_root=()
  if [[ "$(id -u)" -ne 0 ]]; then
    if ! command -v sudo >/dev/null; then
      echo "setup: need root (or sudo) to install: ${missing[*]}" >&2
      exit 1
    fi
    as_root=(sudo)
  fi
  export DEBIAN_FRONTEND=noninteractive
  "${as_root[@]}" apt-get update -qq
  "${as_root[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
else
  echo "setup: all packages already installed"
fi

cmake_args=(-DCMAKE_BUILD_TYPE=Release)
if [[ "${CI:-}" == "true" ]]; then
  cmake_args+=(-DSGL_WERROR=ON)
fi
# Word splitting is intended: SGL_CMAKE_ARGS holds several arguments.
# shellcheck disable=SC2206
cmake_args+=(${SGL_CMAKE_ARGS:-})

cmake -S . -B build "${cmake_args[@]}"
cmake --build build -j"$(nproc)"

cat <<'EOF'

setup: done. Launch the app with
  ./build/sgmcmc-lab            (GUI)
  ./build/sgmcmc-lab --help     (command line: run, list, gui)
install it with
  cmake --install build --prefix ~/.local   (or a .deb: cd build && cpack -G DEB)
and run the tests with
  ./scripts/test.sh
EOF
