#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
#
# check-shipped.py TICTACTOE HOOKED
#
# Run by meson test (suite tools), printing TAP. The test hooks
# (ttt-test-hooks.c) are built into the suite's own tictactoe-hooked, never
# into the tictactoe that is installed: this looks for their action names
# and function names in both files' bytes (which a stripped binary keeps
# for the action names), so that it fails where a hook is linked in.

import sys
from pathlib import Path

MARKS = [b'test-click-cell', b'test-press', b'test-report', b'ttt_test_hooks']


def found(path):
    data = Path(path).read_bytes()
    return [mark.decode() for mark in MARKS if mark in data]


def main(argv):
    if len(argv) != 3:
        print('usage: check-shipped.py TICTACTOE HOOKED', file=sys.stderr)
        return 2
    shipped, hooked = argv[1], argv[2]
    print('1..2')
    failed = 0
    marks = found(shipped)
    if marks:
        failed += 1
        print(f'not ok 1 {shipped} carries no test hook')
        print(f'# found: {", ".join(marks)}')
    else:
        print(f'ok 1 {shipped} carries no test hook')
    # The look must be able to find them: the hooked build has them all.
    marks = found(hooked)
    if len(marks) != len(MARKS):
        failed += 1
        print(f'not ok 2 {hooked} carries every test hook')
        print(f'# found only: {", ".join(marks) or "none"}')
    else:
        print(f'ok 2 {hooked} carries every test hook')
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
