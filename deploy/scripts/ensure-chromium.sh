#!/usr/bin/env bash
# Debian's Chromium for the browser tests (Playwright cannot download its own browsers here): installs it with
# apt-get when it is missing, with Debian's build of Chromium's headless shell (chromium-headless-shell), which the
# tests drive when it is there (web/e2e/browser.mjs says why). Without root or apt-get it says what to install and
# fails.
set -euo pipefail
missing=()
command -v chromium >/dev/null 2>&1 || missing+=(chromium)
command -v chromium-headless-shell >/dev/null 2>&1 || missing+=(chromium-headless-shell)
if [ "${#missing[@]}" = 0 ]; then exit 0; fi
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "ensure-chromium: installing Debian's ${missing[*]}"
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
else
  echo "ensure-chromium: the browser tests need Chromium (apt-get install ${missing[*]})" >&2
  exit 1
fi
