/* main.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>
#include <locale.h>

#include "ttt-application.h"
#include "ttt-sound-player.h"
#ifdef TTT_WITH_TEST_HOOKS
#include "ttt-test-hooks.h"
#endif

int
main (int   argc,
      char *argv[])
{
  g_autoptr(TttApplication) app = NULL;
  const char *localedir = g_getenv ("TTT_LOCALEDIR");

  /* build-aux/run points TTT_LOCALEDIR at the catalogs the build compiled,
   * so that a game not yet installed speaks every language it has. */
  if (localedir == NULL || *localedir == '\0')
    localedir = LOCALEDIR;

  /* Before any thread reads the environment. */
  ttt_sound_player_prepare_environment ();

  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, localedir);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  app = ttt_application_new ();
#ifdef TTT_WITH_TEST_HOOKS
  /* Only in the suite's own build of the game (tests/meson.build). */
  ttt_test_hooks_attach (G_APPLICATION (app));
#endif

  return g_application_run (G_APPLICATION (app), argc, argv);
}
