#!/usr/bin/env bash
# Sets up everything the tests need on a fresh Debian machine with Python 3.11+, then runs them all.
# Extra arguments go to pytest (for example: bash scripts/test.sh -k rules).
# Tests run in parallel workers (pytest-xdist); SCOREKEEPER_TEST_WORKERS sets how many (0: one process).
set -euo pipefail
cd "$(dirname "$0")/.."

# System packages: PostgreSQL for the storage tests, Chromium for the end-to-end tests, nginx for the club's.
need=()
command -v chromium >/dev/null 2>&1 || need+=(chromium)
ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || need+=(postgresql)
# nginx for the club tests: several server processes behind the config in deploy/ (docs/club.md).
[ -x /usr/sbin/nginx ] || need+=(nginx)
fc-list 2>/dev/null | grep -qi dejavu || need+=(fonts-dejavu-core)
# The score card's names in any script (scorekeeper/exchange/fonts.py): Devanagari, and Chinese, Japanese and Korean.
fc-list 2>/dev/null | grep -qi "lohit devanagari" || need+=(fonts-lohit-deva)
fc-list 2>/dev/null | grep -qi "wenquanyi micro hei" || need+=(fonts-wqy-microhei)
# Pillow's text layout (the recap picture's right-to-left names) loads FriBiDi from the system.
ldconfig -p 2>/dev/null | grep -q libfribidi || need+=(libfribidi0)
if [ ${#need[@]} -gt 0 ]; then
  sudo=""; [ "$(id -u)" -eq 0 ] || sudo="sudo"
  echo "Installing ${need[*]} with apt-get" >&2
  $sudo apt-get update -q >/dev/null
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q --no-install-recommends "${need[@]}" >/dev/null
fi

# The project and its test tools in a virtual environment of its own.
python3 -m venv .venv
.venv/bin/python -m pip install -q --upgrade pip >/dev/null
.venv/bin/python -m pip install -q -e ".[test]"

# Three workers on a 2-core machine: an end-to-end test spends most of its time waiting on the browser
# and the app's server, so a third worker fills the gaps. SCOREKEEPER_TEST_WORKERS=0 runs them in one process.
# worksteal: an idle worker takes tests queued on a busy one (the long property tests otherwise end the run alone).
exec .venv/bin/python -m pytest -n "${SCOREKEEPER_TEST_WORKERS:-3}" --dist worksteal "$@"
