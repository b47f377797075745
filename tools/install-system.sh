#!/usr/bin/env bash
# Install the pinned Debian packages of tools/system-packages.txt that are missing.
# Node.js and npm are checked too (the front-end assets are installed with npm).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
packages=()
while read -r line; do
  line="${line%%#*}"; line="$(echo "$line" | xargs)"
  [ -n "$line" ] && packages+=("$line")
done < "$here/system-packages.txt"
command -v node >/dev/null 2>&1 || packages+=("nodejs")
command -v npm >/dev/null 2>&1 || packages+=("npm")

missing=()
for spec in "${packages[@]}"; do
  name="${spec%%=*}"; want="${spec#*=}"
  have="$(dpkg-query -W -f='${Version}' "$name" 2>/dev/null || true)"
  if [ -z "$have" ] || { [ "$spec" != "$name" ] && [ "$have" != "$want" ]; }; then
    missing+=("$spec")
  fi
done
[ ${#missing[@]} -eq 0 ] && exit 0

SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
echo "Installing Debian packages: ${missing[*]}"
$SUDO apt-get update -qq
export DEBIAN_FRONTEND=noninteractive
if ! $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"; then
  echo "WARNING: a pinned version is not available any more; installing the current ones." >&2
  echo "WARNING: update tools/system-packages.txt to what gets installed now." >&2
  $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]%%=*}"
fi
