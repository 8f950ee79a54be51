#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
#
# check-fence.py BUILDDIR
#
# Run by meson test (suite tools), printing TAP. The floors are fenced by
# their include folders: each floor's library sees its own folder and those
# below it, nothing above. This compiles small files with the very command
# line that meson uses for a source file of each floor (read from
# compile_commands.json) and expects what a floor may include to compile
# and what it may not to fail at the preprocessor, not found. So the fence
# is tested as it is built, not as it is described.

import json
import shlex
import subprocess
import sys
import tempfile
from pathlib import Path

# (floor, a source file of it whose command line is borrowed,
#  [(header, may it include it)])
FLOORS = [
    ('engine', 'src/engine/ttt-board.c', [
        ('"ttt-engine.h"', True),
        ('<glib.h>', False),
        ('"ttt-game.h"', False),
    ]),
    ('model', 'src/model/ttt-game.c', [
        ('"ttt-game.h"', True),
        ('"ttt-engine.h"', True),
        ('"ttt-window.h"', False),
        ('"ttt-board-view.h"', False),
        ('<gtk/gtk.h>', False),
        ('"ttt-application.h"', False),
    ]),
    ('net', 'src/model/net/ttt-protocol.c', [
        ('"ttt-protocol.h"', True),
        ('"ttt-window.h"', False),
        ('<gtk/gtk.h>', False),
    ]),
    ('ui', 'src/ui/ttt-window.c', [
        ('"ttt-window.h"', True),
        ('"ttt-game.h"', True),
        ('"ttt-application.h"', False),
    ]),
]

# Options that name the output or the dependency file: dropped with their
# argument, as the probe only preprocesses and checks.
WITH_ARGUMENT = {'-o', '-MQ', '-MF', '-MT', '-c'}
ALONE = {'-MD', '-MMD'}


def command_for(commands, source):
    for entry in commands:
        if Path(entry['file']).as_posix().endswith(source):
            return entry
    return None


def probe(entry, header, folder):
    """Compiles a file that includes @header with @entry's options; returns
    (compiled, what the compiler said)."""
    args = shlex.split(entry['command']) if 'command' in entry else list(entry['arguments'])
    kept = []
    skip = False
    for arg in args:
        if skip:
            skip = False
            continue
        if arg in WITH_ARGUMENT:
            skip = True
            continue
        if arg in ALONE or arg == entry['file']:
            continue
        kept.append(arg)
    source = Path(folder) / 'probe.c'
    source.write_text(f'#include {header}\n')
    result = subprocess.run(kept + ['-fsyntax-only', str(source)],
                            cwd=entry['directory'], capture_output=True, text=True)
    return result.returncode == 0, result.stderr.strip()


def main():
    builddir = Path(sys.argv[1])
    commands = json.loads((builddir / 'compile_commands.json').read_text())
    checks = sum(len(headers) for _, _, headers in FLOORS)
    print(f'1..{checks}')
    n = 0
    failed = False
    with tempfile.TemporaryDirectory() as folder:
        for floor, source, headers in FLOORS:
            entry = command_for(commands, source)
            for header, allowed in headers:
                n += 1
                what = f'{floor} {"may" if allowed else "may not"} include {header}'
                if entry is None:
                    print(f'not ok {n} - {what}: no command line for {source}')
                    failed = True
                    continue
                compiled, said = probe(entry, header, folder)
                # A forbidden header must be refused for not being found,
                # not for some other error that would hide a hole.
                name = header.strip('"<>')
                refused = not compiled and name in said and (
                    'No such file' in said or 'not found' in said)
                if compiled == allowed and (allowed or refused):
                    print(f'ok {n} - {what}')
                else:
                    print(f'not ok {n} - {what}')
                    for line in said.splitlines()[:5]:
                        print(f'# {line}')
                    failed = True
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())
