#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
#
# check-screenshots.py METAINFO SOURCE_ROOT
#
# Run by meson test (suite data), printing TAP. The screenshots a software
# centre shows come from the metainfo's URLs into data/screenshots, and the
# README shows the same files: a renamed or forgotten file would leave a
# broken image in one of them. So every listed screenshot has a caption and
# names a committed PNG, every README image there exists and has alt text,
# and every committed screenshot is listed in both. Flathub's quality
# guidelines ask for a few good shots, not an album: at most 8, one of them
# the default, each caption in every language the game speaks, and each
# shot the window as the desktop draws it, with its own shadow and rounded
# corners on a transparent background (a PNG with an alpha channel whose
# corner pixel is clear).

import os
import re
import struct
import sys
import zlib
import xml.etree.ElementTree as ET

# The shared report; no bytecode cache left in the source tree.
sys.dont_write_bytecode = True
import tap  # noqa: E402

PREFIX = 'https://raw.githubusercontent.com/jingzi/TicTacToe/main/data/screenshots/'
LANG = '{http://www.w3.org/XML/1998/namespace}lang'


def png_size(path):
    """(width, height) of a PNG file, or None if it is not one."""
    with open(path, 'rb') as f:
        head = f.read(24)
    if len(head) < 24 or head[:8] != b'\x89PNG\r\n\x1a\n' or head[12:16] != b'IHDR':
        return None
    return struct.unpack('>II', head[16:24])


def png_corner_alpha(path):
    """The alpha of the top-left pixel of an 8-bit RGBA PNG, else None."""
    with open(path, 'rb') as f:
        data = f.read()
    if data[:8] != b'\x89PNG\r\n\x1a\n' or data[24:26] != b'\x08\x06':
        return None
    pos, idat = 8, b''
    while pos < len(data):
        length, kind = struct.unpack('>I4s', data[pos:pos + 8])
        if kind == b'IDAT':
            idat += data[pos + 8:pos + 8 + length]
        pos += 12 + length
    # The first row's filter byte, then its first pixel: no filter of the
    # first row changes the first pixel (nothing lies left of or above it).
    row = zlib.decompressobj().decompress(idat, 5)
    return row[4] if len(row) >= 5 else None


def main(argv):
    if len(argv) != 3:
        print(f'usage: {argv[0]} METAINFO SOURCE_ROOT', file=sys.stderr)
        return 2
    metainfo, root = argv[1], argv[2]
    folder = os.path.join(root, 'data', 'screenshots')
    committed = sorted(f for f in os.listdir(folder) if f.endswith('.png'))
    results = []

    listed, bad = [], []
    for shot in ET.parse(metainfo).getroot().findall('./screenshots/screenshot'):
        captions = [c.text for c in shot.findall('caption') if c.get(LANG) is None]
        images = [i.text or '' for i in shot.findall('image')]
        name = images[0][len(PREFIX):] if len(images) == 1 and images[0].startswith(PREFIX) else ''
        if len(captions) != 1 or not (captions[0] or '').strip() or name not in committed:
            bad.append(f'{images}: captions {captions}')
        listed.append(name)
    results.append((bool(listed) and not bad,
                    'each screenshot in the metainfo has a caption and a committed image',
                    bad or [f'{len(listed)} screenshot(s)']))

    with open(os.path.join(root, 'README.md'), encoding='utf-8') as f:
        readme = f.read()
    shown = re.findall(r'!\[([^\]]*)\]\(data/screenshots/([^)]+)\)', readme)
    shown += [(alt, src) for src, alt in
              re.findall(r'<img src="data/screenshots/([^"]+)" alt="([^"]*)"', readme)]
    shown_bad = [src for alt, src in shown if not alt.strip() or src not in committed]
    results.append((bool(shown) and not shown_bad,
                    'each README screenshot exists and has alt text',
                    shown_bad or [f'{len(shown)} image(s)']))

    shown_names = {src for _, src in shown}
    missing = [f for f in committed if f not in listed or f not in shown_names]
    results.append((not missing,
                    'every committed screenshot is in the metainfo and the README',
                    [f'not in both: {f}' for f in missing]))

    # A store scales a shot down, not up: a sensible window, a real PNG.
    sizes = {f: png_size(os.path.join(folder, f)) for f in committed}
    odd = [f'{f}: {s}' for f, s in sizes.items()
           if s is None or not (300 <= s[0] <= 1600 and 300 <= s[1] <= 1200)]
    results.append((not odd, 'each screenshot is a PNG between 300 and 1600 x 1200 pixels', odd))

    # At most 8, one the default: what Flathub's quality guidelines ask.
    shots = ET.parse(metainfo).getroot().findall('./screenshots/screenshot')
    defaults = [s for s in shots if s.get('type') == 'default']
    results.append((len(shots) <= 8 and len(defaults) == 1,
                    'at most 8 screenshots, one of them the default',
                    [f'{len(shots)} screenshot(s), {len(defaults)} default']))

    # Each caption in every language of po/LINGUAS (the merged metainfo).
    with open(os.path.join(root, 'po', 'LINGUAS'), encoding='utf-8') as f:
        languages = [w for line in f for w in line.split('#')[0].split()]
    untranslated = []
    for shot in shots:
        english = next((c.text for c in shot.findall('caption') if c.get(LANG) is None), '')
        have = {c.get(LANG).replace('-', '_') for c in shot.findall('caption') if c.get(LANG)}
        # gettext >= 0.23 writes BCP 47 tags (zh-Hans-CN) where older ones wrote zh_CN.
        have |= {{'zh_Hans_CN': 'zh_CN', 'zh_Hant_TW': 'zh_TW'}.get(h, h) for h in have}
        untranslated += [f'{english!r}: no {lang}' for lang in languages if lang not in have]
    results.append((not untranslated, 'each caption is translated into every language', untranslated))

    # The window's own shadow and rounded corners, on nothing.
    opaque = [f for f in committed if png_corner_alpha(os.path.join(folder, f)) != 0]
    results.append((not opaque, 'each screenshot is RGBA with a clear corner: the window with its shadow',
                    [f'opaque or not 8-bit RGBA: {f}' for f in opaque]))

    return tap.report(results)


if __name__ == '__main__':
    sys.exit(main(sys.argv))
