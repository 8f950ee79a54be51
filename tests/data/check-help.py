#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Checks of the manual (help/), run by meson test and printing TAP:
#
#   check-help.py installed SRCDIR BUILDDIR MESON
#       Installs the manual as `meson install --tags doc` does, into a
#       folder of the test's own (DESTDIR), and checks what a person's help
#       viewer would get: for English and every language of help/LINGUAS,
#       each page of help/C, valid Mallard (yelp-check validate), with the
#       figures beside it; each translated page differs from the English
#       one (an empty catalog installs English pages under another name);
#       the front page's icon is the app's own.
#
#   check-help.py catalogs SRCDIR
#       Every language of help/LINGUAS has help/LANG/LANG.po that passes
#       msgfmt --check and translates every message that itstool finds in
#       the pages now: none untranslated or fuzzy (msgfmt leaves those
#       out), none left from text the pages no longer have, and each
#       translation with the markup of its message (the same elements and
#       attributes: a lost <gui> or a changed xref would go unnoticed).
#
# The tools come from PATH: itstool, msgfmt, msgen, yelp-check.

import gettext
import os
import re
import shutil
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET
from collections import Counter
from pathlib import Path


class Tap:
    def __init__(self):
        self.n = 0
        self.failed = 0

    def result(self, ok, name, details=()):
        self.n += 1
        print(f"{'ok' if ok else 'not ok'} {self.n} {name}")
        if not ok:
            for line in details:
                for part in str(line).splitlines() or ['']:
                    print(f'# {part}')
        self.failed += not ok

    def finish(self):
        print(f'1..{self.n}')
        return 1 if self.failed else 0


def run(args, **kwargs):
    return subprocess.run(args, capture_output=True, text=True, **kwargs)


def linguas(srcdir):
    text = (srcdir / 'help' / 'LINGUAS').read_text(encoding='utf-8')
    return [w for line in text.splitlines() for w in line.split('#')[0].split()]


def pages(srcdir):
    return sorted(p.name for p in (srcdir / 'help' / 'C').glob('*.page'))


def check_installed(srcdir, builddir, meson):
    tap = Tap()
    with tempfile.TemporaryDirectory(prefix='ttt-help-') as destdir:
        install = run([meson, 'install', '-C', str(builddir), '--no-rebuild', '--quiet',
                       '--tags', 'doc', '--destdir', destdir])
        tap.result(install.returncode == 0, 'meson install --tags doc',
                   [install.stdout, install.stderr])
        helps = sorted(Path(destdir).rglob('share/help'))
        tap.result(len(helps) == 1, 'the manual is installed under one share/help',
                   [str(h) for h in helps])
        if install.returncode != 0 or len(helps) != 1:
            return tap.finish()
        helpdir = helps[0]
        english = {name: (helpdir / 'C' / 'tictactoe' / name) for name in pages(srcdir)}

        for lang in ['C'] + linguas(srcdir):
            folder = helpdir / lang / 'tictactoe'
            missing = [name for name in english if not (folder / name).is_file()]
            tap.result(not missing, f'{lang}: every page of help/C is installed', missing)
            if missing:
                continue

            validate = run(['yelp-check', 'validate'] + [str(folder / n) for n in english])
            tap.result(validate.returncode == 0 and 'fails to validate' not in validate.stdout,
                       f'{lang}: the pages are valid Mallard (yelp-check validate)',
                       [validate.stdout, validate.stderr])

            media = run(['yelp-check', 'media', str(folder)])
            tap.result(media.returncode == 0 and not media.stdout.strip(),
                       f'{lang}: every figure a page shows is installed beside it',
                       [media.stdout, media.stderr])

            if lang != 'C':
                same = [n for n, path in english.items()
                        if (folder / n).read_bytes() == path.read_bytes()]
                tap.result(not same, f'{lang}: every page is translated', same)

        figure = helpdir / 'C' / 'tictactoe' / 'figures' / 'io.github.jingzi.TicTacToe.svg'
        icon = srcdir / 'data' / 'icons' / 'hicolor' / 'scalable' / 'apps' / 'io.github.jingzi.TicTacToe.svg'
        tap.result(figure.is_file() and figure.read_bytes() == icon.read_bytes(),
                   'the front page shows the app’s icon as it is',
                   [f'{figure} differs from {icon}: copy the icon into help/C/figures'])
    return tap.finish()


def catalog(mo):
    with open(mo, 'rb') as f:
        return {k: v for k, v in gettext.GNUTranslations(f)._catalog.items() if k != ''}


MARKUP_ROOT = '<r xmlns:_="http://itstool.org/extensions/placeholder">{}</r>'


def markup(text):
    """The elements of a message, each with its attributes, counted."""
    root = ET.fromstring(MARKUP_ROOT.format(text))
    return Counter((e.tag, tuple(sorted(e.attrib.items()))) for e in root.iter() if e is not root)


def check_catalogs(srcdir):
    tap = Tap()
    with tempfile.TemporaryDirectory(prefix='ttt-help-po-') as tmp:
        tmp = Path(tmp)
        pot = tmp / 'tictactoe.pot'
        made = run(['itstool', '-o', str(pot)] +
                   [str(srcdir / 'help' / 'C' / n) for n in pages(srcdir)])
        # msgen copies each msgid into its msgstr, so the template compiles
        # to a catalog whose keys are the messages the pages have now.
        english = tmp / 'C.po'
        made_en = made.returncode == 0 and run(['msgen', '-o', str(english), str(pot)]).returncode == 0
        compiled = made_en and run(['msgfmt', '-o', str(tmp / 'C.mo'), str(english)]).returncode == 0
        tap.result(compiled, 'itstool makes a template of the pages', [made.stderr])
        if not compiled:
            return tap.finish()
        wanted = catalog(tmp / 'C.mo')

        for lang in linguas(srcdir):
            po = srcdir / 'help' / lang / f'{lang}.po'
            mo = tmp / f'{lang}.mo'
            check = run(['msgfmt', '--check', '-o', str(mo), str(po)]) if po.is_file() else None
            tap.result(check is not None and check.returncode == 0,
                       f'{lang}: help/{lang}/{lang}.po compiles (msgfmt --check)',
                       [check.stderr if check else f'{po} is missing'])
            if check is None or check.returncode != 0:
                continue
            have = catalog(mo)
            untranslated = [k for k in wanted if not have.get(k)]
            tap.result(not untranslated, f'{lang}: every message of the pages is translated',
                       [f'{len(untranslated)} untranslated, fuzzy or missing (run meson compile '
                        'help-tictactoe-update-po and translate them):'] + untranslated)
            stale = [k for k in have if k not in wanted]
            tap.result(not stale, f'{lang}: no translation of text the pages no longer have',
                       stale)
            broken = []
            for key in wanted:
                if not have.get(key):
                    continue
                msgid = key.split('\x04')[-1]
                try:
                    if markup(msgid) != markup(have[key]):
                        broken.append(f'{msgid} → {have[key]}')
                except ET.ParseError as e:
                    broken.append(f'{have[key]}: {e}')
            tap.result(not broken, f'{lang}: each translation keeps the markup of its message',
                       broken)
    return tap.finish()


def main(argv):
    if len(argv) == 5 and argv[1] == 'installed':
        return check_installed(Path(argv[2]), Path(argv[3]), argv[4])
    if len(argv) == 3 and argv[1] == 'catalogs':
        return check_catalogs(Path(argv[2]))
    print(f'usage: {argv[0]} installed SRCDIR BUILDDIR MESON | catalogs SRCDIR', file=sys.stderr)
    return 2


if __name__ == '__main__':
    sys.exit(main(sys.argv))
