#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
#
# check-tagline.py METAINFO DESKTOP
#
# Run by meson test (suite data), printing TAP. The game has one tagline: the
# software centre shows the metainfo's <summary>, the app grid and search the
# desktop file's Comment, and About the same words (test-window checks that
# one). Both merged files, in English and in each language they carry, must
# say the same thing; three slightly different taglines read as carelessness.
# The English one fits a software centre's tile: at most 35 characters,
# which Flathub's quality guidelines ask of a summary.

import configparser
import sys
import xml.etree.ElementTree as ET

# The shared report; no bytecode cache left in the source tree.
sys.dont_write_bytecode = True
import tap  # noqa: E402

XML_LANG = '{http://www.w3.org/XML/1998/namespace}lang'


def posix_name(tag):
    """A metainfo language as the desktop file names it: gettext 0.23 and
    later write BCP 47 tags into merged XML (zh-Hans-CN), the desktop file
    keeps the POSIX names of the catalogs (zh_CN)."""
    parts = tag.replace('_', '-').split('-')
    if len(parts) == 1:
        return tag
    # A script subtag (four letters) goes when a region says as much.
    rest = [p for p in parts[1:] if not (len(p) == 4 and p.isalpha())] or parts[1:]
    return parts[0] + '_' + '_'.join(rest)


def main(argv):
    if len(argv) != 3:
        print(f'usage: {argv[0]} METAINFO DESKTOP', file=sys.stderr)
        return 2

    summaries = {posix_name(s.get(XML_LANG, 'C')): (s.text or '').strip()
                 for s in ET.parse(argv[1]).getroot().findall('./summary')}
    desktop = configparser.RawConfigParser(interpolation=None)
    desktop.optionxform = str
    desktop.read(argv[2], encoding='utf-8')
    entry = desktop['Desktop Entry']
    comments = {('C' if key == 'Comment' else key[len('Comment['):-1]): value.strip()
                for key, value in entry.items()
                if key == 'Comment' or key.startswith('Comment[')}

    results = [(bool(summaries.get('C')) and summaries.get('C') == comments.get('C'),
                'the English summary is the desktop Comment',
                [f'summary: {summaries.get("C")!r}', f'Comment: {comments.get("C")!r}']),
               (0 < len(summaries.get('C', '')) <= 35 and not summaries.get('C', '').endswith('.'),
                'the English summary has at most 35 characters and no final full stop',
                [f'{len(summaries.get("C", ""))} characters: {summaries.get("C")!r}'])]
    for lang in sorted(set(summaries) | set(comments) - {'C'}):
        if lang == 'C':
            continue
        results.append((summaries.get(lang) == comments.get(lang),
                        f'{lang}: the summary is the desktop Comment',
                        [f'summary: {summaries.get(lang)!r}', f'Comment: {comments.get(lang)!r}']))

    return tap.report(results)


if __name__ == '__main__':
    sys.exit(main(sys.argv))
