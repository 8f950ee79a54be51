# SPDX-License-Identifier: GPL-3.0-or-later
#
# The data checks' report (tests/data/check-*.py): each result a TAP line, its
# details as comments under it, then the plan. Imported from the script's
# own folder, which Python puts first on its path.


def report(results):
    """Prints @results, a list of (ok, name, details); returns the exit status."""
    failed = 0
    for n, (ok, name, details) in enumerate(results, 1):
        print(f'{"ok" if ok else "not ok"} {n} {name}')
        for line in details:
            print(f'# {line}')
        failed += not ok
    print(f'1..{len(results)}')
    return 1 if failed else 0
