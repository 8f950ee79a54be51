#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
#
# own-display.py PROGRAM [ARG…]
#
# Runs a window test on a virtual X server of its own, which goes with it.
# Window tests run in parallel; on one shared server they meet each other:
# one test's window takes the keyboard focus from another's (a keyboard
# test once found its focus gone from the cell it had put it on), and GTK
# 4.8's X11 backend, handling the events other clients' windows cause,
# leaves allocations behind that LeakSanitizer reports in whichever tests
# happened to run beside each other. On a server of its own a test meets
# only its own windows, whatever else runs.
#
# The server tells its display number on a pipe (-displayfd) once it is
# ready for clients, so nothing waits a fixed time. PROGRAM's exit status
# is this script's; its output is passed through untouched (TAP).
#
# A test that crashes is hard to catch again on another machine: it dumps
# its core in a folder of its own, and this script prints every thread's
# backtrace from it (with gdb, which build-aux/deps installs for the
# tests) on stderr, where meson's log keeps it, then removes the core.
import os
import resource
import shutil
import signal
import subprocess
import sys
import tempfile


def start_server():
    read_end, write_end = os.pipe()
    server = subprocess.Popen(
        ['Xvfb', '-displayfd', str(write_end), '-screen', '0', '1280x1024x24',
         '-nolisten', 'tcp'],
        pass_fds=(write_end,),
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    os.close(write_end)
    number = b''
    with os.fdopen(read_end, 'rb') as pipe:
        while not number.endswith(b'\n'):
            chunk = pipe.read(1)
            if not chunk:
                break
            number += chunk
    number = number.strip().decode()
    if not number.isdigit():
        server.kill()
        server.wait()
        sys.exit('own-display.py: Xvfb did not start (exit status %s)' % server.poll())
    return server, ':' + number


def core_pattern_is_local():
    try:
        with open('/proc/sys/kernel/core_pattern') as f:
            pattern = f.read().strip()
    except OSError:
        return False
    return pattern.startswith('core')


def print_backtrace(program, core_folder, signum):
    cores = [os.path.join(core_folder, name) for name in os.listdir(core_folder)
             if name.startswith('core')]
    if not cores:
        return
    print('own-display.py: %s died of signal %d; its threads from %s:'
          % (os.path.basename(program), signum, os.path.basename(cores[0])), file=sys.stderr)
    gdb = shutil.which('gdb')
    if gdb is None:
        print('own-display.py: no gdb to read the core (build-aux/deps installs it)', file=sys.stderr)
        return
    subprocess.run([gdb, '-q', '-batch', '-nx', '-ex', 'set pagination off',
                    '-ex', 'thread apply all bt', program, cores[0]],
                   stdin=subprocess.DEVNULL, stdout=sys.stderr, stderr=sys.stderr, timeout=120)


def main():
    if len(sys.argv) < 2:
        sys.exit('usage: own-display.py PROGRAM [ARG…]')

    server, display = start_server()
    env = dict(os.environ)
    env['DISPLAY'] = display
    env.pop('WAYLAND_DISPLAY', None)

    # The test runs in a folder of its own (below): its path is made whole.
    program = sys.argv[1]
    program = os.path.abspath(program) if os.sep in program else shutil.which(program) or program
    core_folder = tempfile.mkdtemp(prefix='own-display-core-')

    # The kernel writes "core" into the crashed process's working folder
    # (the usual core_pattern): the test starts where it would, and its
    # core limit is lifted. A pattern that pipes cores elsewhere leaves
    # no file, and nothing is printed.
    def allow_core():
        resource.setrlimit(resource.RLIMIT_CORE, (resource.RLIM_INFINITY, resource.RLIM_INFINITY))

    test = subprocess.Popen([program] + sys.argv[2:], env=env, preexec_fn=allow_core,
                            cwd=core_folder if core_pattern_is_local() else None)

    # Meson ends a test that runs too long with SIGTERM: the test goes
    # first, then its server, either way.
    def forward(signum, frame):
        test.send_signal(signum)

    signal.signal(signal.SIGTERM, forward)
    signal.signal(signal.SIGINT, forward)
    try:
        status = test.wait()
    finally:
        server.terminate()
        try:
            server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()

    if status < 0:
        print_backtrace(program, core_folder, -status)
    shutil.rmtree(core_folder, ignore_errors=True)

    # A test killed by a signal is reported as killed by it, as meson
    # would have seen without the wrapper.
    if status < 0:
        resource.setrlimit(resource.RLIMIT_CORE, (0, resource.getrlimit(resource.RLIMIT_CORE)[1]))
        signal.signal(-status, signal.SIG_DFL)
        os.kill(os.getpid(), -status)
    sys.exit(status)


main()
