#!/bin/sh
# Installs what building, playing and testing need, from Debian's packages.
# Runs as root on a fresh Debian bookworm machine; does nothing when all is there.
set -eu
PACKAGES="build-essential premake4 pkg-config liblua5.4-dev lua5.4 libsdl2-dev libstb-dev fonts-dejavu-core libjansson-dev parallel clang libclang-rt-dev lua-check libwebsockets-dev libsqlite3-dev chromium"
missing=""
for p in $PACKAGES; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing="$missing $p"
done
# The browser tests (tests/web) drive Chromium from Node with an npm package:
# Debian's nodejs and npm, unless a node and npm are already on the PATH.
command -v node >/dev/null 2>&1 || missing="$missing nodejs"
command -v npm >/dev/null 2>&1 || missing="$missing npm"
[ -z "$missing" ] && exit 0
if [ "$(id -u)" -ne 0 ]; then
    echo "tests/deps.sh: missing packages:$missing (run as root to install them)" >&2
    exit 1
fi
echo "Installing:$missing"
export DEBIAN_FRONTEND=noninteractive
apt-get update -q
apt-get install -y -q --no-install-recommends $missing
