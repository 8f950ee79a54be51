/* test-sound.c — the sounds each event asks for, and the switch for them
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Sounds are observed through the player's "sound-requested" signal, not
 * by listening. They really play all the same: under xvfb there is no
 * sound device, which is the case the game must take in silence, without
 * a warning (the suite runs with G_DEBUG=fatal-warnings).
 */

#include "config.h"

#include <gmodule.h>
#include <gtk/gtk.h>

#include "ui-helpers.h"

typedef struct
{
  TttTestWindow   main;
  TttSoundPlayer *player;
  GPtrArray      *heard;
} Fixture;

static void
sound_requested_cb (TttSoundPlayer *player,
                    const char     *name,
                    Fixture        *fixture)
{
  g_ptr_array_add (fixture->heard, g_strdup (name));
}

static void
fixture_set_up (Fixture       *fixture,
                gconstpointer  data)
{
  ttt_test_window_set_up (&fixture->main, data);
  fixture->player = ttt_window_get_sound_player (fixture->main.window);
  fixture->heard = g_ptr_array_new_with_free_func (g_free);
  g_signal_connect (fixture->player, "sound-requested", G_CALLBACK (sound_requested_cb), fixture);
}

static void
fixture_tear_down (Fixture       *fixture,
                   gconstpointer  data)
{
  ttt_test_window_tear_down (&fixture->main, data);
  g_clear_pointer (&fixture->heard, g_ptr_array_unref);
}

/* The sounds asked for since the last call are exactly those given, in
 * that order. */
static void
assert_heard (Fixture    *fixture,
              const char *first,
              ...)
{
  g_autoptr(GString) expected = g_string_new (NULL);
  g_autoptr(GString) heard = g_string_new (NULL);
  va_list args;

  va_start (args, first);
  for (const char *name = first; name != NULL; name = va_arg (args, const char *))
    g_string_append_printf (expected, "%s%s", expected->len > 0 ? " " : "", name);
  va_end (args);

  for (guint i = 0; i < fixture->heard->len; i++)
    g_string_append_printf (heard, "%s%s", i > 0 ? " " : "", (char *) fixture->heard->pdata[i]);

  g_assert_cmpstr (heard->str, ==, expected->str);
  g_ptr_array_set_size (fixture->heard, 0);
}

/* Clicks @cell and waits for the computer's answer. */
static void
click (Fixture *fixture,
       int      cell)
{
  ttt_test_click (fixture->main.window, cell);
  ttt_test_wait_for_human (fixture->main.game);
}

static void
set_setting (Fixture    *fixture,
             const char *key,
             const char *value)
{
  g_settings_set_string (ttt_application_get_settings (fixture->main.app), key, value);
  ttt_test_iterate ();
}

static void
new_game (Fixture *fixture)
{
  ttt_test_activate (fixture->main.window, "win.new-game");
  ttt_test_wait_for_human (fixture->main.game);
}

/* Runs the main loop until @stream has played to its end, failed, or 3 s
 * have passed. */
static void
wait_for_end (GtkMediaStream *stream)
{
  gint64 deadline = g_get_monotonic_time () + TTT_TEST_DEADLINE_US;

  while (!gtk_media_stream_get_ended (stream) && gtk_media_stream_get_error (stream) == NULL &&
         g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, FALSE);
}

/* Whether GStreamer has been set up in this process. GTK 4.8 maps its
 * media module, and GStreamer's libraries with it, in gtk_init(); the
 * costly part, gst_init() with its plugin registry, comes with the first
 * media stream. */
static gboolean
gstreamer_initialized (void)
{
  GModule *gstreamer = g_module_open ("libgstreamer-1.0.so.0", G_MODULE_BIND_LAZY);
  gboolean (*is_initialized) (void) = NULL;
  gboolean initialized;

  g_assert_nonnull (gstreamer);
  g_assert_true (g_module_symbol (gstreamer, "gst_is_initialized", (gpointer *) &is_initialized));
  initialized = is_initialized ();
  g_module_close (gstreamer);

  return initialized;
}

/* Must run first: nothing before it in this process has played a sound. */
static void
test_nothing_loaded_before_first_sound (Fixture       *fixture,
                                        gconstpointer  data)
{
  /* The window is up and the board drawn, but no media stream exists. */
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (fixture->main.window)));
  g_assert_true (ttt_sound_player_get_enabled (fixture->player));
  g_assert_cmpuint (ttt_sound_player_get_n_streams (), ==, 0);
  g_assert_false (gstreamer_initialized ());

  click (fixture, 4);
  assert_heard (fixture, "move", "computer-move", NULL);
  g_assert_cmpuint (ttt_sound_player_get_n_streams (), ==, 2);
  g_assert_true (gstreamer_initialized ());
}

static void
test_against_the_computer (Fixture       *fixture,
                           gconstpointer  data)
{
  /* Against Hard, a human who only plays the first free cell loses:
   * X 0, O 4, X 1, O 2 (the block), X 3, O 6 (the win). The winning
   * move is heard as the loss alone. */
  set_setting (fixture, "difficulty", "hard");
  while (ttt_game_get_state (fixture->main.game) == TTT_GAME_STATE_LOCAL_TURN)
    click (fixture, ttt_test_strategy_lowest (fixture->main.game, NULL));
  g_assert_cmpint (ttt_game_get_outcome (fixture->main.game), ==, TTT_OUTCOME_O_WINS);
  assert_heard (fixture, "move", "computer-move", "move", "computer-move", "move", "loss", NULL);

  /* New Game clears the board in silence; the computer opens now. */
  set_setting (fixture, "first-player", "computer");
  new_game (fixture);
  g_assert_cmpint (ttt_game_get_human_mark (fixture->main.game), ==, TTT_MARK_O);
  assert_heard (fixture, "computer-move", NULL);

  /* Undo is silent too. */
  click (fixture, ttt_test_strategy_lowest (fixture->main.game, NULL));
  assert_heard (fixture, "move", "computer-move", NULL);
  ttt_test_activate (fixture->main.window, "win.undo");
  assert_heard (fixture, NULL);
}

static void
test_win_against_the_computer (Fixture       *fixture,
                               gconstpointer  data)
{
  /* Medium falls for a fork: X takes opposite corners, blocks the
   * diagonal Medium then threatens, and has two lines open. */
  while (ttt_game_get_state (fixture->main.game) == TTT_GAME_STATE_LOCAL_TURN)
    click (fixture, ttt_test_strategy_corners (fixture->main.game, NULL));

  g_assert_cmpint (ttt_game_get_outcome (fixture->main.game), ==, TTT_OUTCOME_X_WINS);
  assert_heard (fixture, "move", "computer-move", "move", "computer-move",
                "move", "computer-move", "win", NULL);
}

static void
test_two_players (Fixture       *fixture,
                  gconstpointer  data)
{
  static const int win[] = { 0, 3, 1, 4, 2 };
  static const int draw[] = { 0, 1, 2, 4, 3, 5, 7, 6, 8 };

  ttt_test_two_players (&fixture->main);

  /* Both are people: every mark is a person's, and a win is a win. */
  ttt_test_click_cells (fixture->main.window, win, G_N_ELEMENTS (win));
  g_assert_cmpint (ttt_game_get_outcome (fixture->main.game), ==, TTT_OUTCOME_X_WINS);
  assert_heard (fixture, "move", "move", "move", "move", "win", NULL);

  new_game (fixture);
  ttt_test_click_cells (fixture->main.window, draw, G_N_ELEMENTS (draw));
  g_assert_cmpint (ttt_game_get_outcome (fixture->main.game), ==, TTT_OUTCOME_DRAW);
  assert_heard (fixture, "move", "move", "move", "move", "move", "move", "move", "move",
                "draw", NULL);
}

static void
test_sound_off (Fixture       *fixture,
                gconstpointer  data)
{
  GSettings *settings = ttt_application_get_settings (fixture->main.app);

  g_settings_set_boolean (settings, "sound", FALSE);
  ttt_test_iterate ();
  g_assert_false (ttt_sound_player_get_enabled (fixture->player));

  /* A whole game, lost, and not a sound asked for or playing. */
  set_setting (fixture, "difficulty", "hard");
  while (ttt_game_get_state (fixture->main.game) == TTT_GAME_STATE_LOCAL_TURN)
    {
      click (fixture, ttt_test_strategy_lowest (fixture->main.game, NULL));
      g_assert_cmpuint (ttt_sound_player_get_n_playing (), ==, 0);
    }
  g_assert_cmpint (ttt_game_get_outcome (fixture->main.game), ==, TTT_OUTCOME_O_WINS);
  assert_heard (fixture, NULL);

  /* On again, the next move is heard. */
  g_settings_set_boolean (settings, "sound", TRUE);
  ttt_test_iterate ();
  new_game (fixture);
  click (fixture, 4);
  assert_heard (fixture, "move", "computer-move", NULL);

  /* Off in the middle of a sound silences it at once. */
  g_signal_emit_by_name (fixture->player, "sound-requested", "loss");
  g_assert_cmpuint (ttt_sound_player_get_n_playing (), ==, 1);
  g_settings_set_boolean (settings, "sound", FALSE);
  g_assert_cmpuint (ttt_sound_player_get_n_playing (), ==, 0);
}

static gboolean
action_state (Fixture *fixture)
{
  g_autoptr(GVariant) state = g_action_group_get_action_state (G_ACTION_GROUP (fixture->main.app), "sound");

  g_assert_nonnull (state);
  return g_variant_get_boolean (state);
}

static void
test_menu_and_preferences (Fixture       *fixture,
                           gconstpointer  data)
{
  GSettings *settings = ttt_application_get_settings (fixture->main.app);
  TttPreferencesWindow *preferences;
  GtkSwitch *sound_switch;

  /* The main menu has a check item for the action. */
  g_assert_true (ttt_test_main_menu_has (fixture->main.window, "app.sound"));

  /* A boolean state makes it a check item; it shows the key. */
  g_assert_true (g_variant_type_equal (g_action_group_get_action_state_type (G_ACTION_GROUP (fixture->main.app),
                                                                            "sound"),
                                       G_VARIANT_TYPE_BOOLEAN));
  g_assert_true (action_state (fixture));

  preferences = ttt_preferences_window_new (settings, ttt_game_get_setup (fixture->main.game));
  sound_switch = GTK_SWITCH (gtk_widget_get_template_child (GTK_WIDGET (preferences),
                                                            TTT_TYPE_PREFERENCES_WINDOW,
                                                            "sound_switch"));
  ttt_compat_dialog_present (GTK_WIDGET (preferences), GTK_WIDGET (fixture->main.window));
  ttt_test_iterate ();
  g_assert_true (gtk_switch_get_active (sound_switch));

  /* The menu item writes the key; the switch and the player follow. */
  g_action_group_activate_action (G_ACTION_GROUP (fixture->main.app), "sound", NULL);
  ttt_test_iterate ();
  g_assert_false (g_settings_get_boolean (settings, "sound"));
  g_assert_false (action_state (fixture));
  g_assert_false (gtk_switch_get_active (sound_switch));
  g_assert_false (ttt_sound_player_get_enabled (fixture->player));

  /* The switch writes the key; the menu item and the player follow. */
  gtk_switch_set_active (sound_switch, TRUE);
  ttt_test_iterate ();
  g_assert_true (g_settings_get_boolean (settings, "sound"));
  g_assert_true (action_state (fixture));
  g_assert_true (ttt_sound_player_get_enabled (fixture->player));

  /* And a change from elsewhere shows in both. */
  g_settings_set_boolean (settings, "sound", FALSE);
  ttt_test_iterate ();
  g_assert_false (action_state (fixture));
  g_assert_false (gtk_switch_get_active (sound_switch));
  g_assert_false (ttt_sound_player_get_enabled (fixture->player));

  ttt_compat_dialog_destroy (GTK_WIDGET (preferences));
  ttt_test_iterate ();
}

static void
test_plays_without_a_device (Fixture       *fixture,
                             gconstpointer  data)
{
  static const char *names[] = { "move", "computer-move", "win", "loss", "draw" };

  /* Each sound plays to its end, into whatever GStreamer finds. */
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      GtkMediaStream *stream;

      g_signal_emit_by_name (fixture->player, "sound-requested", names[i]);
      stream = ttt_sound_player_get_stream (names[i]);
      g_assert_nonnull (stream);
      wait_for_end (stream);
      g_assert_no_error (gtk_media_stream_get_error (stream));
      g_assert_true (gtk_media_stream_get_ended (stream));
      g_assert_false (ttt_sound_player_get_failed ());
    }
  g_assert_cmpuint (ttt_sound_player_get_n_streams (), ==, G_N_ELEMENTS (names));

  /* Events close together never pile up: the newest sound replaces the
   * one playing, and the same sound again starts over, once. */
  for (guint i = 0; i < 20; i++)
    {
      g_signal_emit_by_name (fixture->player, "sound-requested", names[i % G_N_ELEMENTS (names)]);
      g_assert_cmpuint (ttt_sound_player_get_n_playing (), ==, 1);
      g_assert_true (gtk_media_stream_get_playing (ttt_sound_player_get_stream (names[i % G_N_ELEMENTS (names)])));
      ttt_test_iterate ();
    }
  for (guint i = 0; i < 5; i++)
    {
      g_signal_emit_by_name (fixture->player, "sound-requested", "move");
      g_assert_cmpuint (ttt_sound_player_get_n_playing (), ==, 1);
      ttt_test_iterate ();
    }

  /* The last one still plays to its end. */
  wait_for_end (ttt_sound_player_get_stream ("move"));
  g_assert_true (gtk_media_stream_get_ended (ttt_sound_player_get_stream ("move")));
  g_assert_cmpuint (ttt_sound_player_get_n_playing (), ==, 0);
}

/* GStreamer without a plugin the sounds need: without its base plugins
 * (no playbin3) GTK's backend ends the process at the first stream; the
 * sounds are off for the run instead, said in one line on stderr, and the
 * game plays on. Each case in a process of its own, whose GStreamer has
 * the plugin set tests/meson.build made without that plugin. */
typedef struct
{
  const char *folder_variable;
  const char *missing;
} MissingPlugin;

static void
test_missing_plugin (gconstpointer data)
{
  const MissingPlugin *missing = data;

  if (g_test_subprocess ())
    {
      const char *folder = g_getenv (missing->folder_variable);
      g_autofree char *registry = NULL;
      Fixture fixture;

      /* GStreamer reads these when the first sound starts it. */
      g_assert_nonnull (folder);
      registry = g_strconcat (folder, ".registry", NULL);
      g_setenv ("GST_PLUGIN_SYSTEM_PATH_1_0", folder, TRUE);
      g_setenv ("GST_REGISTRY_1_0", registry, TRUE);

      fixture_set_up (&fixture, GUINT_TO_POINTER (42));
      click (&fixture, ttt_test_strategy_lowest (fixture.main.game, NULL));
      assert_heard (&fixture, "move", "computer-move", NULL);
      g_assert_true (ttt_sound_player_get_failed ());
      g_assert_cmpuint (ttt_sound_player_get_n_streams (), ==, 0);

      /* Said once: the next sounds are not tried. */
      click (&fixture, ttt_test_strategy_lowest (fixture.main.game, NULL));
      g_assert_cmpuint (ttt_sound_player_get_n_streams (), ==, 0);
      fixture_tear_down (&fixture, GUINT_TO_POINTER (42));
      return;
    }

  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_passed ();
  {
    g_autofree char *line = g_strdup_printf ("tictactoe: sound is off: GStreamer has no %s element "
                                             "(are its plugins installed?)\n", missing->missing);

    g_test_trap_assert_stderr (line);
  }
}

/* OpenAL's sink, which prints when it finds no device, is out of
 * GStreamer's automatic choice; a rank the person gave it still wins. */
static void
test_quiet_sink_choice (void)
{
  g_autofree char *saved = g_strdup (g_getenv ("GST_PLUGIN_FEATURE_RANK"));

  g_unsetenv ("GST_PLUGIN_FEATURE_RANK");
  ttt_sound_player_prepare_environment ();
  g_assert_cmpstr (g_getenv ("GST_PLUGIN_FEATURE_RANK"), ==, "openalsink:NONE");

  g_setenv ("GST_PLUGIN_FEATURE_RANK", "openalsink:PRIMARY,pulsesink:NONE", TRUE);
  ttt_sound_player_prepare_environment ();
  g_assert_cmpstr (g_getenv ("GST_PLUGIN_FEATURE_RANK"), ==,
                   "openalsink:NONE,openalsink:PRIMARY,pulsesink:NONE");

  if (saved != NULL)
    g_setenv ("GST_PLUGIN_FEATURE_RANK", saved, TRUE);
  else
    g_unsetenv ("GST_PLUGIN_FEATURE_RANK");
}

int
main (int   argc,
      char *argv[])
{
  ttt_test_init (&argc, &argv);

#define ADD(path, func) \
  g_test_add (path, Fixture, GUINT_TO_POINTER (42), fixture_set_up, func, fixture_tear_down)

  ADD ("/sound/nothing-loaded-before-first-sound", test_nothing_loaded_before_first_sound);
  ADD ("/sound/against-the-computer", test_against_the_computer);
  ADD ("/sound/win-against-the-computer", test_win_against_the_computer);
  ADD ("/sound/two-players", test_two_players);
  ADD ("/sound/off", test_sound_off);
  ADD ("/sound/menu-and-preferences", test_menu_and_preferences);
  ADD ("/sound/plays-without-a-device", test_plays_without_a_device);

#undef ADD

  g_test_add_func ("/sound/quiet-sink-choice", test_quiet_sink_choice);
  {
    static const MissingPlugin no_player = { "TTT_TEST_GST_PLUGINS_NO_PLAYBACK", "playbin3" };
    static const MissingPlugin no_decoder = { "TTT_TEST_GST_PLUGINS_NO_OPUS", "opusdec" };

    g_test_add_data_func ("/sound/no-player-plugin", &no_player, test_missing_plugin);
    g_test_add_data_func ("/sound/no-decoder-plugin", &no_decoder, test_missing_plugin);
  }

  return g_test_run ();
}
