#!/usr/bin/env bash
# Installs everything the test suite needs on a fresh Debian machine:
# Debian's chromium (Playwright drives it; no browser download is possible),
# poppler-utils (pdftotext/pdftoppm), fonts for the PDFs, git and rsync (what
# `trfsite deploy` runs), then the package with its test extras.
set -euo pipefail
cd "$(dirname "$0")/.."
need=()
command -v chromium >/dev/null 2>&1 || need+=(chromium)
command -v pdftoppm >/dev/null 2>&1 || need+=(poppler-utils)
command -v git >/dev/null 2>&1 || need+=(git)
command -v rsync >/dev/null 2>&1 || need+=(rsync)
python3 -m pip --version >/dev/null 2>&1 || need+=(python3-pip)
[ -e /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf ] || need+=(fonts-dejavu-core)
if [ ${#need[@]} -gt 0 ]; then
  SUDO=""
  [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${need[@]}" >/dev/null
fi
# Debian's own python3 refuses pip installs outside a virtual environment (PEP 668).
# This script prepares a throwaway test machine (CI), so it installs anyway there;
# on a workstation, activate a venv first and this branch is not taken.
pip_flags=(-q --disable-pip-version-check)
if python3 - <<'PY'
import sys, sysconfig, pathlib
in_venv = sys.prefix != sys.base_prefix
marker = pathlib.Path(sysconfig.get_path("stdlib")) / "EXTERNALLY-MANAGED"
sys.exit(0 if marker.exists() and not in_venv else 1)
PY
then
  pip_flags+=(--break-system-packages)
fi
python3 -m pip install "${pip_flags[@]}" -e '.[test]'
