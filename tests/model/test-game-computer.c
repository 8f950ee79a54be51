/* test-game-computer.c — TttGame: the computer's pause, and its cancelling
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The move is a main loop source of the game's own: it waits its delay,
 * and a new game, a preference or the end of the game removes it.
 */

#include "model-helpers.h"

static void
record_time_cb (gpointer data)
{
  gint64 *when = data;

  if (*when == 0)
    *when = g_get_monotonic_time ();
}

static void
test_computer_delay (void)
{
  g_autoptr(TttGame) game = ttt_test_game_new (36);
  gint64 played_at = 0;
  gint64 start;

  ttt_game_start_new (game);
  ttt_table_set_delay (ttt_game_get_table (game), 150);
  g_assert_true (ttt_game_play (game, 4));
  start = g_get_monotonic_time ();
  g_signal_connect_swapped (game, "cell-changed", G_CALLBACK (record_time_cb), &played_at);

  /* The pause is real: the answer never comes early, however busy the
   * machine (so only a lower bound is checked). */
  ttt_test_wait_for_human (game);
  g_assert_cmpint (played_at, !=, 0);
  g_assert_cmpint (played_at - start, >=, 145 * G_TIME_SPAN_MILLISECOND);
  g_assert_cmpuint (ttt_game_get_n_moves (game), ==, 2);
}

static void
test_cancel_new_game (void)
{
  g_autoptr(TttGame) game = ttt_test_game_new (31);

  ttt_setup_set_first_player (ttt_game_get_setup (game), TTT_FIRST_PLAYER_COMPUTER);
  ttt_game_start_new (game);
  g_assert_true (ttt_test_has_pending_source (game));

  /* The same side opens again: exactly one opening move may follow. */
  ttt_game_start_new (game);
  ttt_game_start_new (game);
  ttt_test_drain ();
  g_assert_cmpuint (ttt_game_get_n_moves (game), ==, 1);
  g_assert_cmpint (ttt_game_get_state (game), ==, TTT_GAME_STATE_LOCAL_TURN);

  /* Mid-game, with the answer pending, a new game abandons it. */
  g_assert_true (ttt_game_play (game, ttt_test_strategy_lowest (game, NULL)));
  g_assert_true (ttt_test_has_pending_source (game));
  ttt_setup_set_first_player (ttt_game_get_setup (game), TTT_FIRST_PLAYER_HUMAN);
  ttt_game_start_new (game);
  g_assert_false (ttt_test_has_pending_source (game));
  ttt_test_drain ();
  ttt_test_assert_board (game, ".........");
  g_assert_cmpint (ttt_game_get_state (game), ==, TTT_GAME_STATE_LOCAL_TURN);
}

static void
test_cancel_preference (void)
{
  g_autoptr(TttGame) game = ttt_test_game_new (32);

  ttt_setup_set_first_player (ttt_game_get_setup (game), TTT_FIRST_PLAYER_COMPUTER);
  ttt_game_start_new (game);
  g_assert_true (ttt_test_has_pending_source (game));

  /* No move yet: the change restarts the game at once. */
  ttt_setup_set_first_player (ttt_game_get_setup (game), TTT_FIRST_PLAYER_HUMAN);
  g_assert_false (ttt_test_has_pending_source (game));
  g_assert_cmpint (ttt_game_get_state (game), ==, TTT_GAME_STATE_LOCAL_TURN);
  g_assert_cmpint (ttt_game_get_human_mark (game), ==, TTT_MARK_X);
  ttt_test_drain ();
  ttt_test_assert_board (game, ".........");

  ttt_setup_set_first_player (ttt_game_get_setup (game), TTT_FIRST_PLAYER_COMPUTER);
  g_assert_true (ttt_test_has_pending_source (game));
  ttt_setup_set_opponent (ttt_game_get_setup (game), TTT_OPPONENT_HUMAN);
  g_assert_false (ttt_test_has_pending_source (game));
  ttt_test_drain ();
  ttt_test_assert_board (game, ".........");
  g_assert_cmpint (ttt_game_get_human_mark (game), ==, TTT_MARK_X);
}

static void
test_cancel_dispose (void)
{
  TttGame *game = ttt_test_game_new (33);
  TttTable *table = ttt_game_get_table (game);
  gpointer weak = game;
  gpointer weak_table = table;
  guint n_signals = 0;

  g_object_add_weak_pointer (G_OBJECT (game), &weak);
  g_object_add_weak_pointer (G_OBJECT (table), &weak_table);
  g_signal_connect_swapped (game, "cell-changed", G_CALLBACK (ttt_test_count_cb), &n_signals);

  ttt_setup_set_first_player (ttt_game_get_setup (game), TTT_FIRST_PLAYER_COMPUTER);
  ttt_game_start_new (game);
  g_assert_true (ttt_test_has_pending_source (game));

  g_object_unref (game);
  g_assert_null (weak);
  g_assert_null (weak_table);
  /* The pointer is stale; only its value is compared. */
  g_assert_null (g_main_context_find_source_by_user_data (NULL, table));
  ttt_test_drain ();
  g_assert_cmpuint (n_signals, ==, 0);

  /* Also with a long delay and mid-game. */
  game = ttt_test_game_new (34);
  table = ttt_game_get_table (game);
  weak = game;
  weak_table = table;
  g_object_add_weak_pointer (G_OBJECT (game), &weak);
  g_object_add_weak_pointer (G_OBJECT (table), &weak_table);
  ttt_game_start_new (game);
  ttt_table_set_delay (ttt_game_get_table (game), 5);
  g_assert_true (ttt_game_play (game, 4));
  g_assert_true (ttt_test_has_pending_source (game));
  g_object_unref (game);
  g_assert_null (weak);
  g_assert_null (weak_table);
  g_assert_null (g_main_context_find_source_by_user_data (NULL, table));
  ttt_test_drain ();
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/game/computer/delay", test_computer_delay);
  g_test_add_func ("/game/computer/cancel/new-game", test_cancel_new_game);
  g_test_add_func ("/game/computer/cancel/preference", test_cancel_preference);
  g_test_add_func ("/game/computer/cancel/dispose", test_cancel_dispose);

  return g_test_run ();
}
