#!/bin/sh
# Builds one configuration (release, debug or sanitize; default release).
set -eu
cd "$(dirname "$0")/.."
config="${1:-release}"
premake4 --file=premake5.lua gmake >/dev/null
make -C build config="$config" -j"$(nproc)" >/dev/null
