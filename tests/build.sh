#!/bin/sh
# Builds one configuration (release, debug, sanitize or threads; default release).
set -eu
cd "$(dirname "$0")/.."
config="${1:-release}"
premake4 --file=premake5.lua gmake >/dev/null
# Archives are rebuilt from the objects each time: `ar` only adds, so a source
# file removed since the last build would otherwise stay in its library.
case "$config" in release) dir=bin ;; *) dir=bin/$config ;; esac
rm -f "$dir"/libvq*.a
make -C build config="$config" -j"$(nproc)" >/dev/null
