#!/bin/sh
# The web client in Debian's Chromium, driven by playwright-core from npm
# (tests/web/play.mjs): installs the npm package when node_modules is
# missing, then plays a whole game in the browser on a local server.
# Writes "passed failed" to build/web-tests.result; screenshots go to build/web/.
set -eu
cd "$(dirname "$0")/../.."
mkdir -p build
echo "0 1" > build/web-tests.result
if [ ! -x bin/volcanique ]; then
    echo "tests/web/run.sh: bin/volcanique is missing: build it first (sh tests/build.sh)" >&2
    exit 1
fi
if [ ! -d tests/web/node_modules/playwright-core ]; then
    (cd tests/web && npm ci --no-audit --no-fund --loglevel=error)
fi
echo "== web (the browser client in Chromium)"
status=0
node tests/web/play.mjs > build/web.log 2>&1 || status=1
cat build/web.log
line=$(tail -n 1 build/web.log)
p=$(echo "$line" | sed -n 's/^\([0-9]*\) passed, \([0-9]*\) failed$/\1/p')
f=$(echo "$line" | sed -n 's/^\([0-9]*\) passed, \([0-9]*\) failed$/\2/p')
[ -n "$p" ] || { p=0; f=1; status=1; }
echo "$p $f" > build/web-tests.result
exit $status
