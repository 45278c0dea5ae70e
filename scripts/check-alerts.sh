#!/usr/bin/env bash
# The alerting rules (deploy/alerts.yml) with Prometheus's own checker: syntax and PromQL first, then the rule
# tests in deploy/alerts.test.yml, which prove each alert fires when it should and stays quiet otherwise.
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v promtool >/dev/null 2>&1; then
  echo "promtool not found: install Debian's prometheus package (apt-get install prometheus), or put promtool from a Prometheus release on PATH." >&2
  exit 1
fi
promtool check rules deploy/alerts.yml
promtool test rules deploy/alerts.test.yml
