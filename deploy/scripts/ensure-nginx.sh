#!/usr/bin/env bash
# Debian's nginx for the tests of the web deployable (deploy/test/web-server.ts runs it with the image's
# configuration): installs it with apt-get when it is missing, without starting its system service. Without root or
# apt-get it says what to install and fails.
set -euo pipefail
missing=()
[ -x /usr/sbin/nginx ] || command -v nginx >/dev/null 2>&1 || missing+=(nginx)
# envsubst fills in the configuration template, as the image's entrypoint does
command -v envsubst >/dev/null 2>&1 || missing+=(gettext-base)
if [ "${#missing[@]}" = 0 ]; then exit 0; fi
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "ensure-nginx: installing Debian's ${missing[*]}"
  # RUNLEVEL=1: the package's scripts leave the service stopped (the tests start their own nginx on free ports)
  apt-get update -qq &&
    RUNLEVEL=1 DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
else
  echo "ensure-nginx: the web deployable's tests need ${missing[*]} (apt-get install ${missing[*]})" >&2
  exit 1
fi
