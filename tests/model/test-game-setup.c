/* test-game-setup.c — TttGame: the settings that shape a game, who starts
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Preferences bound to GSettings, applied at once to an empty game or
 * from the next one, and the four first-move policies.
 */

#include "model-helpers.h"
#include "ttt-record-file.h"

static void
test_enum_nicks (void)
{
  static const struct {
    GType       type;
    const char *nicks[9];
  } enums[] = {
    { 0, { "none", "x", "o", NULL } },
    { 0, { "ongoing", "x-wins", "o-wins", "draw", "invalid", NULL } },
    { 0, { "easy", "medium", "hard", "beginner", "casual", "club", "strong", "master", NULL } },
    { 0, { "human", "computer", "alternate", "random", NULL } },
    { 0, { "computer", "human", NULL } },
    { 0, { "local-turn", "waiting", "over", NULL } },
  };
  GType types[G_N_ELEMENTS (enums)] = {
    TTT_TYPE_MARK, TTT_TYPE_OUTCOME, TTT_TYPE_LEVEL,
    TTT_TYPE_FIRST_PLAYER, TTT_TYPE_OPPONENT, TTT_TYPE_GAME_STATE,
  };

  for (guint i = 0; i < G_N_ELEMENTS (enums); i++)
    {
      g_autoptr(GEnumClass) klass = g_type_class_ref (types[i]);

      g_assert_true (G_TYPE_IS_ENUM (types[i]));
      g_assert_cmpuint (klass->n_values, ==, g_strv_length ((char **) enums[i].nicks));
      for (guint v = 0; v < klass->n_values; v++)
        {
          g_assert_cmpint (klass->values[v].value, ==, v);
          g_assert_cmpstr (klass->values[v].value_nick, ==, enums[i].nicks[v]);
        }
    }
}

static void
test_settings_bind (void)
{
  static const char *enum_keys[] = { "difficulty", "first-player", "opponent" };
  g_autoptr(GSettingsSchema) schema = NULL;
  g_autoptr(GSettings) settings = ttt_test_memory_settings (&schema);
  g_autoptr(TttGame) game = ttt_test_game_new (1);
  TttSetup *setup = ttt_game_get_setup (game);

  for (guint i = 0; i < G_N_ELEMENTS (enum_keys); i++)
    {
      g_autoptr(GSettingsSchemaKey) key = g_settings_schema_get_key (schema, enum_keys[i]);
      g_autoptr(GVariant) range = g_settings_schema_key_get_range (key);
      g_autoptr(GVariant) nicks = NULL;
      const char *kind;
      GParamSpec *pspec;
      GEnumClass *klass;

      g_variant_get (range, "(&sv)", &kind, &nicks);
      g_assert_cmpstr (kind, ==, "enum");

      pspec = g_object_class_find_property (G_OBJECT_GET_CLASS (setup), enum_keys[i]);
      g_assert_nonnull (pspec);
      klass = G_PARAM_SPEC_ENUM (pspec)->enum_class;
      g_assert_cmpuint (klass->n_values, ==, g_variant_n_children (nicks));

      g_settings_bind (settings, enum_keys[i], setup, enum_keys[i], G_SETTINGS_BIND_DEFAULT);

      /* Key to property, for every value the schema knows. */
      for (gsize n = 0; n < g_variant_n_children (nicks); n++)
        {
          const char *key_nick;
          int value;

          g_variant_get_child (nicks, n, "&s", &key_nick);
          g_assert_true (g_settings_set_string (settings, enum_keys[i], key_nick));
          ttt_test_iterate ();

          g_object_get (setup, enum_keys[i], &value, NULL);
          g_assert_cmpstr (ttt_test_nick (pspec->value_type, value), ==, key_nick);
          g_assert_cmpint (value, ==, g_settings_get_enum (settings, enum_keys[i]));
        }

      /* Property to key. */
      g_object_set (setup, enum_keys[i], 0, NULL);
      ttt_test_iterate ();
      g_assert_cmpint (g_settings_get_enum (settings, enum_keys[i]), ==, 0);
    }

  /* A finished game reaches the saved statistics: a record in the
   * results file, which a later start reads back. */
  {
    g_autoptr(GError) error = NULL;
    g_autofree char *folder = g_dir_make_tmp ("tictactoe-game-setup-XXXXXX", &error);
    g_autofree char *path = g_build_filename (folder, "results", NULL);
    g_autoptr(TttRecordFile) records = ttt_record_file_new (path);
    g_autoptr(TttRecordFile) reread = ttt_record_file_new (path);
    g_autoptr(TttStatistics) later = ttt_statistics_new ();
    TttTally tally;

    g_assert_no_error (error);
    ttt_statistics_bind_records (ttt_table_get_statistics (ttt_game_get_table (game)), records, NULL);
    g_settings_set_enum (settings, "opponent", TTT_OPPONENT_HUMAN);
    ttt_game_start_new (game);
    TTT_TEST_PLAY (game, 0, 3, 1, 4, 2);
    ttt_test_iterate ();

    ttt_statistics_bind_records (later, reread, NULL);
    ttt_statistics_get_tally (later, TTT_TALLY_TWO_PLAYERS, &tally);
    g_assert_cmpuint (tally.won, ==, 1);
    g_assert_cmpuint (tally.drawn + tally.lost + tally.streak + tally.best_streak, ==, 0);
    ttt_test_remove_tree (folder);
  }

  g_settings_unbind (game, "difficulty");
  g_settings_unbind (game, "first-player");
  g_settings_unbind (game, "opponent");
}

static void
test_preferences_apply (void)
{
  g_autoptr(TttGame) game = ttt_test_game_new (81);
  guint n_not_best = 0;

  /* Before the first move: at once. */
  ttt_game_start_new (game);
  ttt_setup_set_first_player (ttt_game_get_setup (game), TTT_FIRST_PLAYER_COMPUTER);
  g_assert_cmpint (ttt_game_get_human_mark (game), ==, TTT_MARK_O);
  g_assert_cmpint (ttt_game_get_state (game), ==, TTT_GAME_STATE_WAITING);
  ttt_setup_set_difficulty (ttt_game_get_setup (game), TTT_LEVEL_EASY);
  g_assert_cmpint (ttt_game_get_difficulty (game), ==, TTT_LEVEL_EASY);
  ttt_test_wait_for_human (game);
  g_assert_cmpuint (ttt_game_get_n_moves (game), ==, 1);

  /* After it: only from the next game. */
  ttt_setup_set_first_player (ttt_game_get_setup (game), TTT_FIRST_PLAYER_HUMAN);
  ttt_setup_set_opponent (ttt_game_get_setup (game), TTT_OPPONENT_HUMAN);
  g_assert_cmpint (ttt_game_get_human_mark (game), ==, TTT_MARK_O);
  g_assert_cmpint (ttt_game_get_opponent (game), ==, TTT_OPPONENT_COMPUTER);
  g_assert_true (ttt_game_play (game, ttt_test_strategy_lowest (game, NULL)));
  g_assert_cmpint (ttt_game_get_state (game), ==, TTT_GAME_STATE_WAITING);
  ttt_test_wait_for_human (game);
  g_assert_cmpuint (ttt_game_get_n_moves (game), ==, 3);

  ttt_game_start_new (game);
  g_assert_cmpint (ttt_game_get_opponent (game), ==, TTT_OPPONENT_HUMAN);
  g_assert_cmpint (ttt_game_get_human_mark (game), ==, TTT_MARK_X);
  ttt_setup_set_opponent (ttt_game_get_setup (game), TTT_OPPONENT_COMPUTER);
  ttt_setup_set_first_player (ttt_game_get_setup (game), TTT_FIRST_PLAYER_HUMAN);

  /* A difficulty raised mid-game leaves the computer playing Easy in it:
   * the only good answer to a corner is the centre, which Easy mostly
   * misses; from the next game every answer is Hard's. */
  for (guint i = 0; i < 24; i++)
    {
      TttBoard before;
      TttBoard after;

      ttt_setup_set_difficulty (ttt_game_get_setup (game), TTT_LEVEL_EASY);
      ttt_game_start_new (game);
      g_assert_true (ttt_game_play (game, 0));
      ttt_setup_set_difficulty (ttt_game_get_setup (game), TTT_LEVEL_HARD);
      g_assert_cmpint (ttt_setup_get_difficulty (ttt_game_get_setup (game)), ==, TTT_LEVEL_HARD);
      g_assert_cmpint (ttt_game_get_difficulty (game), ==, TTT_LEVEL_EASY);

      before = ttt_test_read_board (game);
      ttt_test_wait_for_human (game);
      after = ttt_test_read_board (game);
      if (!(ttt_solver_best_moves (&before) & (1u << ttt_test_new_cell (&before, &after))))
        n_not_best++;

      ttt_game_start_new (game);
      g_assert_cmpint (ttt_game_get_difficulty (game), ==, TTT_LEVEL_HARD);
      g_assert_true (ttt_game_play (game, 0));
      ttt_test_wait_for_human (game);
      ttt_test_assert_board (game, "X...O....");
    }
  g_assert_cmpuint (n_not_best, >, 0);
}

/* Names for two people at one screen: optional, trimmed, cut to a
 * badge's width, and only between two people here. */
static void
test_local_names (void)
{
  g_autoptr(TttGame) game = ttt_test_game_new (7);
  g_autofree char *got = NULL;

  ttt_table_set_local_name (ttt_game_get_table (game), TTT_MARK_X, "Ana");
  ttt_game_start_new (game);
  /* Against the computer the sides stay "You" and "Computer". */
  g_assert_cmpstr (ttt_table_get_side_name (ttt_game_get_table (game), TTT_MARK_X), ==, "You");

  ttt_setup_set_opponent (ttt_game_get_setup (game), TTT_OPPONENT_HUMAN);
  ttt_game_start_new (game);
  g_assert_cmpstr (ttt_table_get_side_name (ttt_game_get_table (game), TTT_MARK_X), ==, "Ana");
  g_assert_cmpstr (ttt_table_get_side_name (ttt_game_get_table (game), TTT_MARK_O), ==, "O");

  g_object_set (ttt_game_get_table (game), "o-name", "  Ben\t", NULL);
  g_assert_cmpstr (ttt_table_get_side_name (ttt_game_get_table (game), TTT_MARK_O), ==, "Ben");
  g_object_get (ttt_game_get_table (game), "o-name", &got, NULL);
  g_assert_cmpstr (got, ==, "Ben");

  /* Cut by characters, not bytes. */
  ttt_table_set_local_name (ttt_game_get_table (game), TTT_MARK_O, "Ümit Ümit Ümit Ümit Ümit");
  g_assert_cmpuint (g_utf8_strlen (ttt_table_get_side_name (ttt_game_get_table (game), TTT_MARK_O), -1), ==, TTT_TABLE_NAME_MAX_CHARS);
  g_assert_true (g_str_has_prefix (ttt_table_get_side_name (ttt_game_get_table (game), TTT_MARK_O), "Ümit Ümit"));

  /* Nothing but spaces, or no name, is the mark again. */
  ttt_table_set_local_name (ttt_game_get_table (game), TTT_MARK_X, "   ");
  g_assert_cmpstr (ttt_table_get_side_name (ttt_game_get_table (game), TTT_MARK_X), ==, "X");
  ttt_table_set_local_name (ttt_game_get_table (game), TTT_MARK_O, NULL);
  g_assert_cmpstr (ttt_table_get_side_name (ttt_game_get_table (game), TTT_MARK_O), ==, "O");
}

static void
test_first_player (void)
{
  g_autoptr(TttGame) game = ttt_test_game_new (41);
  TttMark expected[] = { TTT_MARK_X, TTT_MARK_O, TTT_MARK_X, TTT_MARK_O, TTT_MARK_X, TTT_MARK_O };

  ttt_setup_set_first_player (ttt_game_get_setup (game), TTT_FIRST_PLAYER_HUMAN);
  for (guint i = 0; i < 3; i++)
    {
      ttt_game_start_new (game);
      g_assert_cmpint (ttt_game_get_human_mark (game), ==, TTT_MARK_X);
      g_assert_cmpint (ttt_game_get_state (game), ==, TTT_GAME_STATE_LOCAL_TURN);
      g_assert_false (ttt_test_has_pending_source (game));
    }

  ttt_setup_set_first_player (ttt_game_get_setup (game), TTT_FIRST_PLAYER_COMPUTER);
  for (guint i = 0; i < 3; i++)
    {
      ttt_game_start_new (game);
      g_assert_cmpint (ttt_game_get_human_mark (game), ==, TTT_MARK_O);
      g_assert_cmpint (ttt_game_get_state (game), ==, TTT_GAME_STATE_WAITING);
      ttt_test_wait_for_human (game);
      g_assert_cmpuint (ttt_game_get_n_moves (game), ==, 1);
      g_assert_cmpint (ttt_game_get_turn (game), ==, TTT_MARK_O);
    }

  /* Take turns, from a fresh object: the human starts the first game, and
   * it does not matter whether a game was finished before the next. */
  g_clear_object (&game);
  game = ttt_test_game_new (42);
  ttt_setup_set_first_player (ttt_game_get_setup (game), TTT_FIRST_PLAYER_ALTERNATE);
  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    {
      ttt_game_start_new (game);
      g_assert_cmpint (ttt_game_get_human_mark (game), ==, expected[i]);
      ttt_test_wait_for_human (game);
      if (i % 2)
        ttt_test_play_out (game, ttt_test_strategy_lowest, NULL, NULL, NULL);
    }
}

static void
test_first_player_restart (void)
{
  g_autoptr(TttGame) game = ttt_test_game_new (43);

  ttt_setup_set_first_player (ttt_game_get_setup (game), TTT_FIRST_PLAYER_ALTERNATE);
  ttt_game_start_new (game);
  g_assert_cmpint (ttt_game_get_human_mark (game), ==, TTT_MARK_X);

  /* Restarts of an empty game for other preferences are not new turns. */
  ttt_setup_set_difficulty (ttt_game_get_setup (game), TTT_LEVEL_HARD);
  ttt_setup_set_difficulty (ttt_game_get_setup (game), TTT_LEVEL_EASY);
  g_assert_cmpint (ttt_game_get_human_mark (game), ==, TTT_MARK_X);

  ttt_game_start_new (game);
  g_assert_cmpint (ttt_game_get_human_mark (game), ==, TTT_MARK_O);
  g_assert_cmpint (ttt_game_get_state (game), ==, TTT_GAME_STATE_WAITING);
  ttt_setup_set_difficulty (ttt_game_get_setup (game), TTT_LEVEL_MEDIUM);
  g_assert_cmpint (ttt_game_get_human_mark (game), ==, TTT_MARK_O);
  g_assert_cmpint (ttt_game_get_state (game), ==, TTT_GAME_STATE_WAITING);
  ttt_test_wait_for_human (game);

  ttt_game_start_new (game);
  g_assert_cmpint (ttt_game_get_human_mark (game), ==, TTT_MARK_X);

  /* Random keeps its draw, too, across such a restart. */
  ttt_setup_set_first_player (ttt_game_get_setup (game), TTT_FIRST_PLAYER_RANDOM);
  for (guint i = 0; i < 8; i++)
    {
      TttMark mark;

      ttt_game_start_new (game);
      mark = ttt_game_get_human_mark (game);
      ttt_setup_set_difficulty (ttt_game_get_setup (game), i % 3);
      g_assert_cmpint (ttt_game_get_human_mark (game), ==, mark);
    }
}

static void
random_marks (guint64  seed,
              TttMark *marks,
              guint    n_marks)
{
  g_autoptr(TttGame) game = ttt_test_game_new (seed);

  ttt_setup_set_first_player (ttt_game_get_setup (game), TTT_FIRST_PLAYER_RANDOM);
  for (guint i = 0; i < n_marks; i++)
    {
      ttt_game_start_new (game);
      marks[i] = ttt_game_get_human_mark (game);
      ttt_test_wait_for_human (game);
    }
}

static void
test_first_player_random (void)
{
  TttMark a[24];
  TttMark b[24];
  TttMark c[24];
  guint n_x = 0;

  random_marks (77, a, G_N_ELEMENTS (a));
  random_marks (77, b, G_N_ELEMENTS (b));
  random_marks (78, c, G_N_ELEMENTS (c));

  /* The seed decides, and both sides get to start. */
  g_assert_cmpmem (a, sizeof a, b, sizeof b);
  g_assert_true (memcmp (a, c, sizeof a) != 0);
  for (guint i = 0; i < G_N_ELEMENTS (a); i++)
    n_x += a[i] == TTT_MARK_X;
  g_assert_cmpuint (n_x, >, 0);
  g_assert_cmpuint (n_x, <, G_N_ELEMENTS (a));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/game/setup/enum-nicks", test_enum_nicks);
  g_test_add_func ("/game/setup/settings-bind", test_settings_bind);
  g_test_add_func ("/game/setup/preferences-apply", test_preferences_apply);
  g_test_add_func ("/game/setup/local-names", test_local_names);
  g_test_add_func ("/game/setup/first-player/policies", test_first_player);
  g_test_add_func ("/game/setup/first-player/restart", test_first_player_restart);
  g_test_add_func ("/game/setup/first-player/random", test_first_player_random);

  return g_test_run ();
}
