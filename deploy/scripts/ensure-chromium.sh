#!/usr/bin/env bash
# Debian's Chromium for the browser tests (Playwright cannot download its own browsers here): installs it with
# apt-get when it is missing. Without root or apt-get it says what to install and fails.
set -euo pipefail
if command -v chromium >/dev/null 2>&1; then exit 0; fi
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "ensure-chromium: installing Debian's chromium"
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
else
  echo "ensure-chromium: the browser tests need Chromium at /usr/bin/chromium (apt-get install chromium)" >&2
  exit 1
fi
