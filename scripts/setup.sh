#!/usr/bin/env bash
# Shared by scripts/start and scripts/test: make .venv and install tote into it,
# again whenever pyproject.toml changes. Needs only python3 (3.11+) and PyPI.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
venv="$root/.venv"
py="${PYTHON:-python3}"
if ! "$py" -c 'import sys; sys.exit(sys.version_info < (3, 11))' 2>/dev/null; then
  echo "tote needs Python 3.11 or newer (found: $("$py" --version 2>&1))" >&2
  exit 1
fi
stamp="$venv/.tote-installed"
if [ ! -x "$venv/bin/python" ]; then
  echo "Creating $venv ..." >&2
  "$py" -m venv "$venv"
fi
if [ ! -f "$stamp" ] || [ "$root/pyproject.toml" -nt "$stamp" ]; then
  echo "Installing tote and its dependencies into .venv (first run only) ..." >&2
  log="$venv/install.log"
  if ! { "$venv/bin/python" -m pip install --upgrade pip \
      && "$venv/bin/python" -m pip install -e "$root[dev]"; } >"$log" 2>&1; then
    tail -n 30 "$log" >&2
    echo "Installing failed; the whole log is in $log" >&2
    exit 1
  fi
  touch "$stamp"
fi
