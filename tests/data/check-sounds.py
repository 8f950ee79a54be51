#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
#
# check-sounds.py SRCDIR
#
# Run by meson test (suite data), printing TAP. The sounds in data/sounds/
# are the ones the GResource compiles in, each an Ogg Opus file that is
# small, short and marked with its licence, as build-aux/make-sounds writes
# them. Reads the Ogg pages itself, so it needs no decoder.

import re
import struct
import sys
from pathlib import Path

MAX_BYTES = 8 * 1024
MAX_SECONDS = 1.5


def ogg_packets(data):
    """The packets of a single logical Ogg stream, and the last granule."""
    packets, current, granule, pos = [], b'', 0, 0
    while pos < len(data):
        if data[pos:pos + 4] != b'OggS':
            raise ValueError(f'no Ogg page at byte {pos}')
        granule = struct.unpack_from('<q', data, pos + 6)[0]
        n_segments = data[pos + 26]
        lacing = data[pos + 27:pos + 27 + n_segments]
        pos += 27 + n_segments
        for size in lacing:
            current += data[pos:pos + size]
            pos += size
            if size < 255:
                packets.append(current)
                current = b''
    return packets, granule


def check(path):
    """Problems with one sound file, as strings; none if it is fine."""
    data = path.read_bytes()
    problems = []
    if len(data) > MAX_BYTES:
        problems.append(f'{len(data)} bytes, more than {MAX_BYTES}')
    try:
        packets, granule = ogg_packets(data)
    except ValueError as error:
        return problems + [str(error)]
    if len(packets) < 3 or not packets[0].startswith(b'OpusHead'):
        return problems + ['not Ogg Opus']
    channels = packets[0][9]
    pre_skip = struct.unpack_from('<H', packets[0], 10)[0]
    seconds = (granule - pre_skip) / 48000
    if channels != 1:
        problems.append(f'{channels} channels, not mono')
    if not 0 < seconds <= MAX_SECONDS:
        problems.append(f'{seconds:.2f} s long')
    if not packets[1].startswith(b'OpusTags') or b'LICENSE=CC0-1.0' not in packets[1]:
        problems.append('no LICENSE=CC0-1.0 tag')
    return problems


def main(argv):
    if len(argv) != 2:
        print(f'usage: {argv[0]} SRCDIR', file=sys.stderr)
        return 2
    srcdir = Path(argv[1])
    on_disk = sorted(p.name for p in (srcdir / 'data' / 'sounds').glob('*.ogg'))
    resource = (srcdir / 'src' / 'tictactoe.gresource.xml').read_text(encoding='utf-8')
    compiled = sorted(re.findall(r'alias="sounds/([^"]+)">\.\./data/sounds/\1<', resource))
    licence = (srcdir / 'data' / 'sounds' / 'README.md').read_text(encoding='utf-8')

    results = [(bool(on_disk) and on_disk == compiled,
                'the GResource compiles in exactly the sounds in data/sounds',
                [f'on disk: {" ".join(on_disk)}', f'in the resource: {" ".join(compiled)}']),
               ('CC0-1.0' in licence, 'data/sounds/README.md states the licence', [])]
    for name in on_disk:
        problems = check(srcdir / 'data' / 'sounds' / name)
        results.append((not problems, f'{name} is a short, small, mono Ogg Opus file', problems))

    for n, (ok, name, details) in enumerate(results, 1):
        print(f'{"ok" if ok else "not ok"} {n} {name}')
        for line in details:
            print(f'# {line}')
    print(f'1..{len(results)}')
    return 0 if all(ok for ok, _, _ in results) else 1


if __name__ == '__main__':
    sys.exit(main(sys.argv))
