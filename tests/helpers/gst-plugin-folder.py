#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
#
# gst-plugin-folder.py FOLDER PLUGINDIR NAME…
#
# Fills FOLDER with links to GStreamer's plugins NAME… from PLUGINDIR, and
# nothing else, for the tests to load as GStreamer's whole plugin set. With
# these the game's sounds decode and play to their end, and the automatic
# audio sink, finding no sink at all, plays them into its silent stand-in:
# no installed plugin can probe a device, print or leak in a test.
# A plugin that is not installed is left out; the sound test then fails on
# the first sound.
import os
import sys

folder, plugindir, names = sys.argv[1], sys.argv[2], sys.argv[3:]
os.makedirs(folder, exist_ok=True)
wanted = set()
for name in names:
    file = 'libgst%s.so' % name
    wanted.add(file)
    link = os.path.join(folder, file)
    target = os.path.join(plugindir, file)
    if os.path.lexists(link):
        os.remove(link)
    if os.path.exists(target):
        os.symlink(target, link)
# A plugin dropped from the list since the last configure goes too.
for file in os.listdir(folder):
    if file not in wanted:
        os.remove(os.path.join(folder, file))
