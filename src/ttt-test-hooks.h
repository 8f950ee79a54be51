/* ttt-test-hooks.h — actions for tests that drive the real program
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Only with TTT_TEST_HOOKS set in the environment, which no desktop file,
 * Flatpak or launcher sets. See ttt-test-hooks.c.
 */

#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

void ttt_test_hooks_install (GtkApplication *application);

G_END_DECLS
