#!/usr/bin/env bash
# Shared by scripts/start and scripts/test: make .venv and install tote into it,
# again whenever pyproject.toml changes. Needs only python3 (3.11+) and PyPI.
#   setup.sh play   what playing needs: tote and its dependencies, nothing else (scripts/start)
#   setup.sh test   that and the tools to check it: tote[dev] (scripts/test)
# Each kind has its own stamp, so start after test installs nothing, and test
# after start installs only the test tools.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
venv="$root/.venv"
py="${PYTHON:-python3}"
kind="${1:-play}"
case "$kind" in
  play) target="$root" ;;
  test) target="$root[dev]" ;;
  *) echo "usage: setup.sh play|test (got: $kind)" >&2; exit 2 ;;
esac
if ! "$py" -c 'import sys; sys.exit(sys.version_info < (3, 11))' 2>/dev/null; then
  echo "tote needs Python 3.11 or newer (found: $("$py" --version 2>&1))" >&2
  exit 1
fi
fresh() { [ -f "$1" ] && ! [ "$root/pyproject.toml" -nt "$1" ]; }
play_stamp="$venv/.tote-installed-play"
test_stamp="$venv/.tote-installed-test"
if [ "$kind" = test ]; then
  fresh "$test_stamp" && exit 0
else
  { fresh "$play_stamp" || fresh "$test_stamp"; } && exit 0
fi
if [ ! -x "$venv/bin/python" ]; then
  echo "Creating $venv ..." >&2
  "$py" -m venv "$venv"
fi
what="tote and its dependencies"
[ "$kind" = test ] && what="tote with its test tools"
echo "Installing $what into .venv (first run only) ..." >&2
log="$venv/install-$kind.log"
if ! { "$venv/bin/python" -m pip install --upgrade pip \
    && "$venv/bin/python" -m pip install -e "$target"; } >"$log" 2>&1; then
  tail -n 30 "$log" >&2
  echo "Installing failed; the whole log is in $log" >&2
  exit 1
fi
touch "$venv/.tote-installed-$kind"
[ "$kind" = test ] && touch "$play_stamp"
exit 0
