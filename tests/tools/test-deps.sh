#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
#
# build-aux/deps while another package manager holds the lock, as TAP:
# test-deps.sh PATH/TO/build-aux/deps
#
# Nothing is installed for real: dpkg-query, apt-get and sudo are stand-ins
# on PATH (every package reads as missing; apt-get writes its arguments to a
# log), and the lock is a file of the test's own, held with flock the way
# dpkg holds its own (the kernel lists both in /proc/locks).
set -euo pipefail

deps=$1
tmp=$(mktemp -d "${TMPDIR:-/tmp}/tictactoe-deps-XXXXXX")
holder=
cleanup() {
  if [[ -n $holder ]]; then
    touch "$tmp/release"
    wait "$holder" || true
  fi
  rm -rf "$tmp"
}
trap cleanup EXIT

mkdir "$tmp/bin"
printf '#!/bin/sh\nexit 1\n' >"$tmp/bin/dpkg-query"
printf '#!/bin/sh\necho "apt-get $*" >>"%s/log"\n' "$tmp" >"$tmp/bin/apt-get"
printf '#!/bin/sh\nexec "$@"\n' >"$tmp/bin/sudo"
chmod +x "$tmp/bin/"*
lock=$tmp/lock-frontend
: >"$lock"

n=0
failed=0
ok() {
  n=$((n + 1))
  echo "ok $n - $1"
}
not_ok() {
  n=$((n + 1))
  failed=1
  echo "not ok $n - $1"
  sed 's/^/# /' "$tmp/err" "$tmp/log" 2>/dev/null || true
}
check() {
  if eval "$2"; then ok "$1"; else not_ok "$1"; fi
}

run_deps() {
  local timeout=$1
  shift
  : >"$tmp/log"
  status=0
  PATH=$tmp/bin:$PATH TTT_DEPS_LOCKS=$lock TTT_DEPS_LOCK_TIMEOUT=$timeout \
    bash "$deps" "$@" >"$tmp/out" 2>"$tmp/err" || status=$?
}

# Holds the lock until "$tmp/release" exists, then notes in the log that
# it let go, so the log shows whether apt-get ran before or after.
hold_lock() {
  local ino

  rm -f "$tmp/release"
  # The holder and the wait below poll files every 0.1 s: the pace of a
  # look, never a deadline, so no result depends on it.
  flock "$lock" sh -c 'while [ ! -e "$1/release" ]; do sleep 0.1; done; echo released >>"$1/log"' \
    sh "$tmp" &
  holder=$!
  ino=$(stat -c %i "$lock")
  until awk -v ino="$ino" '$2 != "->" { split($6, id, ":"); if (id[3] == ino) found = 1 }
                           END { exit !found }' /proc/locks; do
    sleep 0.1
  done
}

release_lock() {
  touch "$tmp/release"
  wait "$holder" || true
  holder=
}

echo "1..11"

# Free: installs at once, and says nothing about waiting.
run_deps 30
check "installs at once while no lock is held" '[[ $status -eq 0 ]] && grep -q "^apt-get install" "$tmp/log"'
check "says nothing of waiting when it need not" '! grep -q waiting "$tmp/err"'

# Held for a while: waits, says so once, and runs apt-get only afterwards.
hold_lock
# Let go only once deps has said it is waiting: a fixed delay could run out
# before a loaded machine even reaches the check, and then deps never waits.
# (The 0.1 s poll only paces the look at the file; no result depends on it.)
(until grep -q "deps: waiting" "$tmp/err" 2>/dev/null; do sleep 0.1; done
 touch "$tmp/release") &
releaser=$!
run_deps 30
wait "$releaser"
release_lock
check "waits for the lock and then installs" '[[ $status -eq 0 ]] && grep -q "^apt-get install" "$tmp/log"'
check "runs apt-get only after the lock is released" '[[ $(head -n 1 "$tmp/log") == released ]]'
check "says once that it is waiting, naming the lock" \
  '[[ $(grep -c "deps: waiting for another package manager to finish: process [0-9]* (.*) holds $lock" "$tmp/err") -eq 1 ]]'

# Held for longer than it waits: gives up with a clear line, installs nothing.
hold_lock
run_deps 1
release_lock
check "gives up after the timeout" '[[ $status -eq 1 ]] && grep -q "deps: gave up waiting after 1 s: $lock is still held" "$tmp/err"'
check "runs no apt-get when it gives up" '! grep -q "^apt-get" "$tmp/log"'

# Tiers: build-aux/run needs what builds and runs, the tests more, CI all.
run_deps 30 build
check "the build tier installs the toolkit and the sound, not the tests' tools" \
  '[[ $status -eq 0 ]] && grep -q "^apt-get install.* libadwaita-1-dev .*gstreamer1.0-plugins-good" "$tmp/log" &&
   ! grep -q -E " (xvfb|orca|valgrind|clang)( |$)" "$tmp/log"'
run_deps 30 test
check "the test tier adds the display and the screen reader, not CI's extras" \
  '[[ $status -eq 0 ]] && grep -q "^apt-get install.* libadwaita-1-dev .* xvfb .* orca " "$tmp/log" &&
   ! grep -q -E " (valgrind|clang)( |$)" "$tmp/log"'
run_deps 30
check "with no tier it installs everything, CI's extras too" \
  '[[ $status -eq 0 ]] && grep -q "^apt-get install.* xvfb .* valgrind" "$tmp/log"'
run_deps 30 everything
check "refuses an unknown tier, installing nothing" \
  '[[ $status -eq 2 ]] && grep -q "unknown tier" "$tmp/err" && ! grep -q "^apt-get" "$tmp/log"'

exit "$failed"
