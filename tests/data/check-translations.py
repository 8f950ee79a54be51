#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Checks of po/, run by meson test (suite po) and printing TAP:
#
#   check-translations.py catalogs SRCDIR [DESKTOP]
#       Every language in LINGUAS has a .po that passes msgfmt --check and
#       translates every message of a template made now from POTFILES.in:
#       no untranslated or fuzzy entry, none missing because the .po lags
#       behind the sources, and no entry the sources no longer have. The
#       entries this script reads are the ones msgfmt compiles (a stray
#       string line is glued by msgfmt onto the entry before it, which a
#       reader of lines would miss). With DESKTOP (the merged desktop file),
#       each language also has its Name, Comment and Keywords there.
#
#   check-translations.py potfiles SRCDIR
#       POTFILES.in names only files that exist, and every source file with
#       a translatable string is in it: xgettext run over all of src/ (and
#       the data files) finds no message that the POTFILES.in list misses.
#
#   check-translations.py glossary SRCDIR GLOSSARY
#       One term per concept: for each term of GLOSSARY (tests/data/po-glossary.json)
#       and each language, every msgid that uses the English term has a
#       msgstr that uses the language's one accepted translation of it, so
#       that "Undo" is not 悔棋 on the button and 撤销 in its tooltip. A
#       term's "contexts_apart" lists message contexts that mean another
#       concept spelt the same in English. A language's "register" pattern
#       is the form of address it does not use (German's du): no msgstr
#       may match it.
#
#   check-translations.py help-glossary SRCDIR GLOSSARY
#       The same for the manual's catalogs, help/LANG/LANG.po, so that the
#       manual calls the game's things what the game calls them.
#
# The tools come from PATH or from $MSGFMT, $MSGMERGE, $XGETTEXT, $MSGATTRIB.

import json
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

MSGFMT = os.environ.get('MSGFMT', 'msgfmt')
MSGMERGE = os.environ.get('MSGMERGE', 'msgmerge')
XGETTEXT = os.environ.get('XGETTEXT', 'xgettext')
MSGATTRIB = os.environ.get('MSGATTRIB', 'msgattrib')
MSGUNFMT = os.environ.get('MSGUNFMT', 'msgunfmt')

# What meson's i18n.gettext(preset: 'glib') and po/meson.build pass to
# xgettext, so that the template made here has the messages of the real one.
XGETTEXT_ARGS = [
    '--from-code=UTF-8',
    '--add-comments',
    '-k_',
    '--keyword=_',
    '--keyword=N_',
    '--keyword=C_:1c,2',
    '--keyword=NC_:1c,2',
    '--keyword=g_dcgettext:2',
    '--keyword=g_dngettext:2,3',
    '--keyword=g_dpgettext2:2c,3',
    '--package-name=tictactoe',
]

# Files that may hold translatable strings, relative to the top folder.
SOURCE_PATTERNS = [
    'src/**/*.c',
    'src/**/*.h',
    'src/**/*.ui',
    'data/**/*.desktop.in',
    'data/**/*.metainfo.xml.in',
    'data/**/*.gschema.xml',
]


class Tap:
    def __init__(self):
        self.n = 0
        self.failed = 0

    def result(self, ok, name, details=()):
        self.n += 1
        print(f"{'ok' if ok else 'not ok'} {self.n} {name}")
        for line in details:
            for part in str(line).splitlines() or ['']:
                print(f'# {part}')
        if not ok:
            self.failed += 1

    def finish(self):
        print(f'1..{self.n}')
        return 1 if self.failed else 0


def run(args, **kwargs):
    return subprocess.run(args, capture_output=True, text=True, **kwargs)


def read_list(path):
    """Lines of a LINGUAS or POTFILES.in file, without comments."""
    items = []
    for line in path.read_text(encoding='utf-8').splitlines():
        line = re.sub(r'^\[[^]]*\]\s*', '', line.split('#', 1)[0]).strip()
        items += line.split() if path.name == 'LINGUAS' else ([line] if line else [])
    return items


def unquote(s):
    return re.sub(r'\\(.)', lambda m: {'n': '\n', 't': '\t'}.get(m.group(1), m.group(1)),
                  s.strip()[1:-1])


def messages(po_text):
    """The (context, msgid) pairs of a PO file, header and obsolete ones left out."""
    found = set()
    ctx = msgid = None
    field = None

    def flush():
        if msgid:
            found.add((ctx, msgid))

    for line in po_text.splitlines():
        line = line.strip()
        if line.startswith('msgctxt '):
            flush()
            ctx, msgid, field = unquote(line[8:]), None, 'ctx'
        elif line.startswith('msgid '):
            if field != 'ctx':
                flush()
                ctx = None
            msgid, field = unquote(line[6:]), 'id'
        elif line.startswith('"') and field in ('ctx', 'id'):
            if field == 'ctx':
                ctx += unquote(line)
            else:
                msgid += unquote(line)
        elif line.startswith('msgid_plural') or line.startswith('msgstr'):
            field = None
        elif not line:
            flush()
            ctx = msgid = field = None
    flush()
    return found


def entries(po_text):
    """(context, msgid, [msgstr, ...]) of a PO file's translated entries,
    header and obsolete ones left out; plural forms give several msgstrs."""
    found = []
    cur = {}
    field = None

    def flush():
        if cur.get('msgid'):
            strs = [v for k, v in sorted(cur.items()) if k.startswith('msgstr')]
            found.append((cur.get('msgctxt'), cur['msgid'], strs))

    for line in po_text.splitlines() + ['']:
        line = line.strip()
        m = re.match(r'(msgctxt|msgid_plural|msgid|msgstr(?:\[\d+\])?)\s+(".*")$', line)
        if m and m.group(1) in ('msgctxt', 'msgid') and any(k.startswith('msgstr') for k in cur):
            flush()
            cur = {}
        if m:
            field = m.group(1)
            cur[field] = unquote(m.group(2))
        elif line.startswith('"') and field:
            cur[field] += unquote(line)
        elif not line or line.startswith('#'):
            if any(k.startswith('msgstr') for k in cur):
                flush()
                cur = {}
            field = None
    return found


def without_mnemonic(s):
    """S as read: no "(_X)" CJK mnemonic, no underscore before a letter."""
    return re.sub(r'_(?=\w)', '', re.sub(r'\(_\w\)', '', s))


# Lists of command-line values (easy|medium|hard) are not translated.
VALUE_LIST = re.compile(r'^[a-z]+(\|[a-z]+)+$')


def check_glossary(srcdir, glossary, manual=False):
    tap = Tap()
    podir = srcdir / ('help' if manual else 'po')
    data = json.loads(Path(glossary).read_text(encoding='utf-8'))
    terms = data['terms']
    register = data.get('register', {})
    languages = read_list(podir / 'LINGUAS')
    # The manual's catalogs are help/LANG/LANG.po, and its messages carry
    # Mallard markup, which the terms' patterns read through.
    files = {lang: podir / lang / f'{lang}.po' if manual else podir / f'{lang}.po'
             for lang in languages}
    catalogs = {lang: entries(f.read_text(encoding='utf-8'))
                for lang, f in files.items() if f.exists()}

    for lang, catalog in catalogs.items():
        details = []
        for term, spec in terms.items():
            if lang not in spec:
                details.append(f'the glossary has no {lang} translation of “{term}”')
                continue
            english = re.compile(spec['en'], re.I)
            accepted = re.compile(spec[lang], re.I)
            # A message whose context names another concept of the same
            # English word (the toast's "Undo" of a reset is not the
            # game's take-back) is not this term.
            apart = spec.get('contexts_apart', [])
            for ctx, msgid, msgstrs in catalog:
                source = without_mnemonic(msgid)
                if VALUE_LIST.match(source) or not english.search(source) or ctx in apart:
                    continue
                for msgstr in msgstrs:
                    if msgstr and not accepted.search(without_mnemonic(msgstr)):
                        details.append(f'“{term}” should be /{spec[lang]}/ in '
                                       f'{ctx + " | " if ctx else ""}{msgid!r} → {msgstr!r}')
        tap.result(not details, f'{lang}: one translation per glossary term'
                   f'{" in the manual" if manual else ""}', details)
        if lang in register:
            avoided = re.compile(register[lang], re.I)
            found = [f'{msgid!r} → {msgstr!r}' for _, msgid, msgstrs in catalog
                     for msgstr in msgstrs if msgstr and avoided.search(without_mnemonic(msgstr))]
            tap.result(not found, f'{lang}: one form of address{" in the manual" if manual else ""}',
                       found)

    if manual:
        return tap.finish()

    # A term no message uses any more checks nothing: say so, so that the
    # glossary follows the strings rather than rotting.
    ids = [without_mnemonic(m) for catalog in catalogs.values() for _, m, _ in catalog]
    unused = [t for t, spec in terms.items()
              if not any(re.search(spec['en'], m, re.I) and not VALUE_LIST.match(m) for m in ids)]
    tap.result(bool(catalogs) and not unused, f'all {len(terms)} glossary terms are used by some message',
               [f'no message uses “{t}”' for t in unused])
    return tap.finish()


def xgettext(srcdir, files, output):
    """Extracts the messages of FILES (relative to SRCDIR) into OUTPUT."""
    with tempfile.NamedTemporaryFile('w', suffix='.list', encoding='utf-8') as listing:
        listing.write('\n'.join(files) + '\n')
        listing.flush()
        proc = run([XGETTEXT, *XGETTEXT_ARGS, '--force-po', '-D', str(srcdir),
                    '-f', listing.name, '-o', str(output)])
    if proc.returncode != 0:
        raise RuntimeError(f'xgettext failed on {", ".join(files)}:\n{proc.stderr}')
    return messages(Path(output).read_text(encoding='utf-8'))


def statistics(text):
    """(translated, fuzzy, untranslated) from msgfmt --statistics output."""
    def count(word):
        m = re.search(r'(\d+) ' + word, text)
        return int(m.group(1)) if m else 0
    return count('translated'), count('fuzzy'), count('untranslated')


def obsolete_ids(po_text):
    """The msgids of a PO file's obsolete (#~) entries."""
    return [f'  {unquote(line[len("#~ msgid "):])}' for line in po_text.splitlines()
            if line.startswith('#~ msgid ')]


def entries_of(po, *flags):
    """msgids that msgattrib selects with FLAGS, for the failure message."""
    proc = run([MSGATTRIB, *flags, '--no-location', '--no-wrap', str(po)])
    return [f'  {m[0] + " | " if m[0] else ""}{m[1]}' for m in sorted(messages(proc.stdout), key=str)]


def check_catalogs(srcdir, desktop=None):
    tap = Tap()
    podir = srcdir / 'po'
    languages = read_list(podir / 'LINGUAS')
    on_disk = sorted(p.stem for p in podir.glob('*.po'))

    tap.result(bool(languages), 'LINGUAS names at least one language')
    missing = [l for l in languages if not (podir / f'{l}.po').exists()]
    unlisted = [l for l in on_disk if l not in languages]
    tap.result(not missing and not unlisted, 'LINGUAS and the .po files agree',
               [f'no po/{l}.po' for l in missing] + [f'po/{l}.po is not in LINGUAS' for l in unlisted])

    with tempfile.TemporaryDirectory() as tmp:
        pot = Path(tmp) / 'tictactoe.pot'
        # A missing file is the potfiles check's to report.
        xgettext(srcdir, [f for f in read_list(podir / 'POTFILES.in') if (srcdir / f).is_file()], pot)

        for lang in languages:
            po = podir / f'{lang}.po'
            if not po.exists():
                continue
            details = []

            check = run([MSGFMT, '--check', '--statistics', '-o', os.devnull, str(po)])
            stats = statistics(check.stderr)
            details.append(f'{lang}.po: {check.stderr.strip()}')
            if check.returncode != 0:
                details.append('msgfmt --check failed')
            if stats[1]:
                details += ['fuzzy:'] + entries_of(po, '--only-fuzzy')
            if stats[2]:
                details += ['untranslated:'] + entries_of(po, '--untranslated')

            header = po.read_text(encoding='utf-8')
            for field in (f'"Language: {lang}\\n"', '"Content-Type: text/plain; charset=UTF-8\\n"',
                          '"Plural-Forms: nplurals='):
                if field not in header:
                    details.append(f'header lacks {field}')

            # Against the sources as they are now: a string added to the code
            # but not yet to this .po counts as untranslated.
            merged = Path(tmp) / f'{lang}.po'
            merge = run([MSGMERGE, '--quiet', '--no-fuzzy-matching', '-o', str(merged), str(po), str(pot)])
            if merge.returncode != 0:
                details.append(f'msgmerge failed: {merge.stderr.strip()}')
            else:
                current = statistics(run([MSGFMT, '--statistics', '-o', os.devnull, str(merged)]).stderr)
                if current[1] or current[2]:
                    details += [f'behind the sources: {current[2]} untranslated, {current[1]} fuzzy '
                                'after merging a template made now (run meson compile tictactoe-update-po):']
                    details += entries_of(merged, '--untranslated') + entries_of(merged, '--only-fuzzy')

                stale = obsolete_ids(merged.read_text(encoding='utf-8'))
                if stale:
                    details += [f'{len(stale)} entries no source has any more (run meson compile '
                                'tictactoe-update-po, then msgattrib --no-obsolete):'] + stale

            # What the game will show, read back from the compiled catalog,
            # against what this script reads from the text.
            mo = Path(tmp) / f'{lang}.mo'
            if run([MSGFMT, '-o', str(mo), str(po)]).returncode == 0:
                compiled = {(c, m): s for c, m, s in entries(run([MSGUNFMT, '--no-wrap', str(mo)]).stdout)}
                read = {(c, m): s for c, m, s in entries(header) if any(s)}
                differ = sorted((k for k in compiled.keys() | read.keys() if compiled.get(k) != read.get(k)),
                                key=str)
                if differ:
                    details += ['msgfmt compiles these differently from how they read (a stray line?):']
                    details += [f'  {c + " | " if c else ""}{m!r}: {compiled.get((c, m))!r}' for c, m in differ]

            ok = check.returncode == 0 and stats[0] > 0 and len(details) == 1
            tap.result(ok, f'{lang}: complete, no fuzzy, msgfmt --check passes', details)

    if desktop:
        text = Path(desktop).read_text(encoding='utf-8')
        for lang in languages:
            keys = [k for k in ('Name', 'Comment', 'Keywords') if f'\n{k}[{lang}]=' not in text]
            tap.result(not keys, f'{lang}: desktop file has Name, Comment and Keywords',
                       [f'no {k}[{lang}]' for k in keys])
        if 'zh_CN' in languages:
            name = re.search(r'^Name\[zh_CN\]=(.*)$', text, re.M)
            keywords = re.search(r'^Keywords\[zh_CN\]=(.*)$', text, re.M)
            keywords = keywords.group(1).split(';') if keywords else []
            tap.result(name is not None and name.group(1) == '井字棋'
                       and '井字棋' in keywords and '三子棋' in keywords,
                       'zh_CN: desktop name 井字棋, keywords 井字棋 and 三子棋',
                       [f'Name[zh_CN]={name.group(1) if name else None}', f'Keywords[zh_CN]={";".join(keywords)}'])

    return tap.finish()


def check_potfiles(srcdir):
    tap = Tap()
    listed = read_list(srcdir / 'po' / 'POTFILES.in')

    absent = [f for f in listed if not (srcdir / f).is_file()]
    tap.result(not absent, 'POTFILES.in names only existing files',
               [f'{f} does not exist' for f in absent])
    listed = [f for f in listed if f not in absent]

    sources = sorted({str(p.relative_to(srcdir)) for pattern in SOURCE_PATTERNS
                      for p in srcdir.glob(pattern) if p.is_file()})

    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        from_potfiles = xgettext(srcdir, listed, tmp / 'potfiles.pot')
        everything = set()
        forgotten = []
        for i, source in enumerate(sources):
            found = xgettext(srcdir, [source], tmp / f'{i}.pot')
            everything |= found
            if found and source not in listed:
                forgotten.append(f'{source}: {len(found)} translatable string(s), '
                                 f'for example “{sorted(found, key=str)[0][1]}”')
            if not found and source in listed:
                print(f'# note: {source} is listed but has no translatable string')

        tap.result(not forgotten, 'every source file with translatable strings is in POTFILES.in',
                   forgotten + (['add it to po/POTFILES.in'] if forgotten else []))

        lost = sorted(everything - from_potfiles, key=str)
        tap.result(bool(everything) and not lost,
                   f'the template from POTFILES.in has all {len(everything)} messages of src/ and data/',
                   [f'missing: {c + " | " if c else ""}{m}' for c, m in lost[:20]])

    return tap.finish()


def main(argv):
    if (len(argv) < 3 or argv[1] not in ('catalogs', 'potfiles', 'glossary', 'help-glossary')
            or (argv[1] in ('glossary', 'help-glossary') and len(argv) != 4)):
        print(f'usage: {argv[0]} catalogs|potfiles SRCDIR [DESKTOP]\n'
              f'       {argv[0]} glossary|help-glossary SRCDIR GLOSSARY', file=sys.stderr)
        return 2
    srcdir = Path(argv[2]).resolve()
    if argv[1] in ('glossary', 'help-glossary'):
        return check_glossary(srcdir, argv[3], manual=argv[1] == 'help-glossary')
    if argv[1] == 'catalogs':
        return check_catalogs(srcdir, argv[3] if len(argv) > 3 else None)
    return check_potfiles(srcdir)


if __name__ == '__main__':
    sys.exit(main(sys.argv))
