#!/usr/bin/env bash
# The alerting rules (deploy/alerts.yml) with Prometheus's own checker: syntax and PromQL first, then the rule
# tests in deploy/alerts.test.yml, which prove each alert fires when it should and stays quiet otherwise.
set -euo pipefail
cd "$(dirname "$0")/.."
# promtool comes with Debian's prometheus package: installed when we can, else named (scripts/ensure-tools.mjs).
node scripts/ensure-tools.mjs promtool
promtool check rules deploy/alerts.yml
promtool test rules deploy/alerts.test.yml
