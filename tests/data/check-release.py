#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
#
# check-release.py METAINFO VERSION
#
# Run by meson test (suite data), printing TAP. A software centre shows the
# newest <release> of the metainfo as "what's new" and as the version, so the
# newest release must be the version being built (meson.project_version()),
# and it must come first: the list runs from newest to oldest, with each
# release no older than the ones below it.

import re
import sys
import xml.etree.ElementTree as ET

# The shared report; no bytecode cache left in the source tree.
sys.dont_write_bytecode = True
import tap  # noqa: E402


def version_key(version):
    """A version string as a tuple that sorts like the versions do."""
    # Numbers compare as numbers (0.10 after 0.9); words, below any number.
    return tuple((1, int(part), '') if part.isdigit() else (0, 0, part)
                 for part in re.split(r'[.\-~+]', version))


def main(argv):
    if len(argv) != 3:
        print(f'usage: {argv[0]} METAINFO VERSION', file=sys.stderr)
        return 2
    metainfo, project_version = argv[1], argv[2]

    releases = [(r.get('version') or '', r.get('date') or '')
                for r in ET.parse(metainfo).getroot().findall('./releases/release')]
    results = []

    results.append((bool(releases) and all(v for v, _ in releases),
                    'the metainfo lists releases, each with a version',
                    [f'{len(releases)} release(s)']))
    if not results[-1][0]:
        releases = []

    newest = max(releases, key=lambda r: version_key(r[0]), default=('', ''))
    results.append((newest[0] == project_version,
                    'the newest release is the project version',
                    [f'newest <release>: {newest[0] or "none"}',
                     f'meson.project_version(): {project_version}']))

    order = [v for v, _ in releases]
    by_version = sorted(order, key=version_key, reverse=True)
    dates = [d for _, d in releases]
    results.append((bool(order) and order == by_version and dates == sorted(dates, reverse=True),
                    'releases run from newest to oldest, in version and in date',
                    [f'listed: {", ".join(f"{v} ({d})" for v, d in releases)}']))

    return tap.report(results)


if __name__ == '__main__':
    sys.exit(main(sys.argv))
