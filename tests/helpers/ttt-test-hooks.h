/* ttt-test-hooks.h — actions for tests that drive the real program
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Only in tictactoe-hooked, the suite's own build of the game
 * (tests/meson.build); the installed tictactoe has none. See
 * ttt-test-hooks.c.
 */

#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* Installs the hooks when @application starts up. */
void ttt_test_hooks_attach (GApplication *application);

G_END_DECLS
