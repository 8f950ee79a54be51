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
import os
import signal
import subprocess
import sys


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


def main():
    if len(sys.argv) < 2:
        sys.exit('usage: own-display.py PROGRAM [ARG…]')

    server, display = start_server()
    env = dict(os.environ)
    env['DISPLAY'] = display
    env.pop('WAYLAND_DISPLAY', None)

    test = subprocess.Popen(sys.argv[1:], env=env)

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

    # A test killed by a signal is reported as killed by it, as meson
    # would have seen without the wrapper.
    if status < 0:
        signal.signal(-status, signal.SIG_DFL)
        os.kill(os.getpid(), -status)
    sys.exit(status)


main()
