#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
#
# check-icons.py SRCDIR
#
# Run by meson test (suite data), printing TAP. The app's icons as GTK and
# the desktop load them: GdkPixbuf knows an SVG by "<svg" in its first 256
# bytes (shared-mime-info's magic), so a long comment before the element
# makes the icon fail to load; the full-colour icon is drawn on the
# 128 px canvas of the GNOME guidelines, the symbolic one on 16 px; and
# the symbolic one draws with fills only, since GTK recolours fills to the
# theme's colour and would leave a stroke in the colour it was drawn in.

import sys
import xml.etree.ElementTree as ET
from pathlib import Path

SVG = '{http://www.w3.org/2000/svg}'
ICONS = {
    'data/icons/hicolor/scalable/apps/io.github.jingzi.TicTacToe.svg': ('0 0 128 128', False),
    'data/icons/hicolor/symbolic/apps/io.github.jingzi.TicTacToe-symbolic.svg': ('0 0 16 16', True),
}


def main(argv):
    if len(argv) != 2:
        print(f'usage: {argv[0]} SRCDIR', file=sys.stderr)
        return 2
    results = []
    for path, (viewbox, symbolic) in ICONS.items():
        data = (Path(argv[1]) / path).read_bytes()
        name = Path(path).name
        results.append((b'<svg' in data[:256], f'{name}: "<svg" comes in its first 256 bytes',
                        [f'found at byte {data.find(b"<svg")}']))
        root = ET.fromstring(data)
        results.append((root.tag == f'{SVG}svg' and root.get('viewBox') == viewbox,
                        f'{name}: drawn on a {viewbox.split()[-1]} px canvas',
                        [f'viewBox: {root.get("viewBox")}']))
        if symbolic:
            stroked = [e.tag.replace(SVG, '') for e in root.iter()
                       if e.get('stroke') not in (None, 'none') or 'stroke:' in (e.get('style') or '')]
            results.append((not stroked, f'{name}: fills only, which GTK recolours', stroked))

    failed = 0
    for n, (ok, name, details) in enumerate(results, 1):
        print(f'{"ok" if ok else "not ok"} {n} {name}')
        if not ok:
            for line in details:
                print(f'# {line}')
        failed += not ok
    print(f'1..{len(results)}')
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
