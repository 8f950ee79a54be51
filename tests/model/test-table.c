/* test-table.c — the two seats: who sits where, who starts, the names two
 * people give, and the move asked of a seat not played here
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "model-helpers.h"

static TttTable *
table_new (TttMatch **match)
{
  *match = ttt_match_new (TTT_VARIANT_CLASSIC);

  return ttt_table_new (*match);
}

/* Alternate gives the person the first game, then swaps; setting up the
 * same empty game again takes no turn of it, a change of policy does. */
static void
test_alternate (void)
{
  g_autoptr(TttMatch) match = NULL;
  g_autoptr(TttTable) table = table_new (&match);
  static const TttMark expected[] = { TTT_MARK_X, TTT_MARK_O, TTT_MARK_X, TTT_MARK_O };

  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    {
      ttt_table_seat (table, TTT_OPPONENT_COMPUTER, TTT_LEVEL_EASY, TTT_FIRST_PLAYER_ALTERNATE, FALSE);
      g_assert_cmpint (ttt_table_get_local_mark (table), ==, expected[i]);
      ttt_table_seat (table, TTT_OPPONENT_COMPUTER, TTT_LEVEL_HARD, TTT_FIRST_PLAYER_ALTERNATE, TRUE);
      g_assert_cmpint (ttt_table_get_local_mark (table), ==, expected[i]);
      g_assert_true (ttt_player_is_local (ttt_table_get_player (table, expected[i])));
      g_assert_false (ttt_player_is_local (ttt_table_get_player (table, 3 - expected[i])));
      g_assert_cmpint (ttt_computer_player_get_level (TTT_COMPUTER_PLAYER (ttt_table_get_player (table, 3 - expected[i]))),
                       ==, TTT_LEVEL_HARD);
    }

  /* Restarting under another policy decides again. */
  ttt_table_seat (table, TTT_OPPONENT_COMPUTER, TTT_LEVEL_EASY, TTT_FIRST_PLAYER_COMPUTER, TRUE);
  g_assert_cmpint (ttt_table_get_local_mark (table), ==, TTT_MARK_O);
}

/* A random start comes from the table's state: one seed, one sequence. */
static void
test_random_seeded (void)
{
  g_autoptr(TttMatch) match = NULL;
  g_autoptr(TttTable) first = table_new (&match);
  g_autoptr(TttTable) second = ttt_table_new (match);
  guint n_x = 0;

  ttt_table_set_rng_state (first, 7);
  ttt_table_set_rng_state (second, 7);
  for (guint i = 0; i < 64; i++)
    {
      ttt_table_seat (first, TTT_OPPONENT_COMPUTER, TTT_LEVEL_EASY, TTT_FIRST_PLAYER_RANDOM, FALSE);
      ttt_table_seat (second, TTT_OPPONENT_COMPUTER, TTT_LEVEL_EASY, TTT_FIRST_PLAYER_RANDOM, FALSE);
      g_assert_cmpint (ttt_table_get_local_mark (first), ==, ttt_table_get_local_mark (second));
      n_x += ttt_table_get_local_mark (first) == TTT_MARK_X;
    }
  g_assert_cmpuint (ttt_table_get_rng_state (first), ==, ttt_table_get_rng_state (second));
  /* Both sides start sometimes. */
  g_assert_cmpuint (n_x, >, 0);
  g_assert_cmpuint (n_x, <, 64);
}

/* Two people here: both seats local, named by the names they gave, cut
 * and trimmed, or by their marks; against the computer the names rest. */
static void
test_two_people_names (void)
{
  g_autoptr(TttMatch) match = NULL;
  g_autoptr(TttTable) table = table_new (&match);
  g_autofree char *long_name = g_strnfill (TTT_TABLE_NAME_MAX_CHARS + 5, 'a');
  g_autofree char *o_name = NULL;
  guint n_o_name = 0;

  g_signal_connect_swapped (table, "notify::o-name", G_CALLBACK (ttt_test_count_cb), &n_o_name);
  ttt_table_seat (table, TTT_OPPONENT_HUMAN, TTT_LEVEL_EASY, TTT_FIRST_PLAYER_COMPUTER, FALSE);
  g_assert_true (ttt_table_get_two_local (table));
  g_assert_cmpint (ttt_table_get_local_mark (table), ==, TTT_MARK_X);
  g_assert_cmpint (ttt_table_get_opponent (table), ==, TTT_OPPONENT_HUMAN);
  g_assert_cmpstr (ttt_table_get_side_name (table, TTT_MARK_X), ==, "X");
  g_assert_cmpstr (ttt_table_get_side_name (table, TTT_MARK_O), ==, "O");

  /* A name kept that changes is told once, as the property. */
  g_assert_true (ttt_table_set_local_name (table, TTT_MARK_O, "  Ben\t"));
  g_assert_false (ttt_table_set_local_name (table, TTT_MARK_O, "Ben"));
  g_object_set (table, "o-name", "Ben ", NULL);
  g_assert_cmpuint (n_o_name, ==, 1);
  g_object_get (table, "o-name", &o_name, NULL);
  g_assert_cmpstr (o_name, ==, "Ben");
  g_assert_cmpstr (ttt_table_get_side_name (table, TTT_MARK_O), ==, "Ben");
  g_assert_true (ttt_table_set_local_name (table, TTT_MARK_X, long_name));
  g_assert_cmpint (g_utf8_strlen (ttt_table_get_local_name (table, TTT_MARK_X), -1), ==,
                   TTT_TABLE_NAME_MAX_CHARS);
  g_assert_true (ttt_table_set_local_name (table, TTT_MARK_X, "   "));
  g_assert_null (ttt_table_get_given_name (table, TTT_MARK_X));

  ttt_table_seat (table, TTT_OPPONENT_COMPUTER, TTT_LEVEL_EASY, TTT_FIRST_PLAYER_HUMAN, FALSE);
  g_assert_false (ttt_table_get_two_local (table));
  g_assert_null (ttt_table_get_local_name (table, TTT_MARK_O));
  g_assert_cmpstr (ttt_table_get_given_name (table, TTT_MARK_O), ==, "Ben");
  g_assert_cmpstr (ttt_table_get_side_name (table, TTT_MARK_O), !=, "Ben");
}

/* Someone elsewhere takes the other seat whatever the opponent asked for,
 * on the mark their session chose, until the table is cleared of them. */
static void
test_remote_seat (void)
{
  g_autoptr(TttMatch) match = NULL;
  g_autoptr(TttTable) table = table_new (&match);
  g_autoptr(TttPlayer) remote = ttt_computer_player_new (TTT_LEVEL_EASY);

  ttt_table_set_remote (table, remote, TTT_MARK_O);
  ttt_table_seat (table, TTT_OPPONENT_COMPUTER, TTT_LEVEL_HARD, TTT_FIRST_PLAYER_HUMAN, FALSE);
  g_assert_true (ttt_table_get_remote (table) == remote);
  g_assert_true (ttt_table_get_player (table, TTT_MARK_X) == remote);
  g_assert_true (ttt_player_is_local (ttt_table_get_player (table, TTT_MARK_O)));
  g_assert_cmpint (ttt_table_get_local_mark (table), ==, TTT_MARK_O);
  g_assert_cmpint (ttt_table_get_opponent (table), ==, TTT_OPPONENT_HUMAN);

  ttt_table_set_remote (table, NULL, TTT_MARK_NONE);
  ttt_table_seat (table, TTT_OPPONENT_COMPUTER, TTT_LEVEL_HARD, TTT_FIRST_PLAYER_HUMAN, FALSE);
  g_assert_null (ttt_table_get_remote (table));
  g_assert_true (ttt_table_get_player (table, TTT_MARK_O) != remote);
  g_assert_cmpint (ttt_table_get_local_mark (table), ==, TTT_MARK_X);
}

static void
record_cell_cb (TttTable *table,
                int       cell,
                int      *chosen)
{
  *chosen = cell;
}

/* The computer's seat is asked after its pause and answers with a legal
 * move; a stop in the pause or in its search lets nothing through. */
static void
test_request_move (void)
{
  g_autoptr(TttMatch) match = NULL;
  g_autoptr(TttTable) table = table_new (&match);
  gint64 deadline = g_get_monotonic_time () + TTT_TEST_DEADLINE_US;
  int chosen = -1;

  g_signal_connect (table, "move-chosen", G_CALLBACK (record_cell_cb), &chosen);
  ttt_table_seat (table, TTT_OPPONENT_COMPUTER, TTT_LEVEL_HARD, TTT_FIRST_PLAYER_COMPUTER, FALSE);
  g_assert_cmpint (ttt_table_get_local_mark (table), ==, TTT_MARK_O);

  /* Stopped in its pause. */
  ttt_table_set_delay (table, TTT_TEST_HOLD_MS);
  ttt_table_request_move (table);
  g_assert_false (ttt_table_get_thinking (table));
  ttt_table_stop_waiting (table);
  ttt_test_drain ();
  g_assert_cmpint (chosen, ==, -1);

  /* Stopped in its search: the pause over at once, then cancelled. */
  ttt_table_set_delay (table, TTT_TEST_HOLD_MS);
  ttt_table_request_move (table);
  ttt_table_set_delay (table, 0);
  while (!ttt_table_get_thinking (table) && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, TRUE);
  g_assert_true (ttt_table_get_thinking (table));
  g_assert_cmpuint (ttt_table_count_thinking (), ==, 1);
  ttt_table_stop_waiting (table);
  g_assert_false (ttt_table_get_thinking (table));
  /* The cancelled search still answers, to nobody. */
  while (ttt_table_count_thinking () > 0 && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, TRUE);
  g_assert_cmpuint (ttt_table_count_thinking (), ==, 0);
  g_assert_cmpint (chosen, ==, -1);

  /* Let through. */
  ttt_table_request_move (table);
  while (chosen < 0 && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, TRUE);
  g_assert_true (ttt_match_is_legal (match, chosen));
  g_assert_false (ttt_table_get_thinking (table));
}

/* A table that goes away while its seat thinks: the search still
 * answers, off the main thread, to a request that is gone, and nothing
 * of it reaches anyone (ASan and valgrind watch the memory). */
static void
test_request_outlived (void)
{
  g_autoptr(TttMatch) match = NULL;
  TttTable *table = table_new (&match);
  gint64 deadline = g_get_monotonic_time () + TTT_TEST_DEADLINE_US;
  int chosen = -1;

  g_signal_connect (table, "move-chosen", G_CALLBACK (record_cell_cb), &chosen);
  ttt_table_seat (table, TTT_OPPONENT_COMPUTER, TTT_LEVEL_HARD, TTT_FIRST_PLAYER_COMPUTER, FALSE);
  ttt_table_set_delay (table, 0);
  ttt_table_request_move (table);
  while (!ttt_table_get_thinking (table) && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, TRUE);
  g_assert_true (ttt_table_get_thinking (table));

  g_object_unref (table);
  while (ttt_table_count_thinking () > 0 && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, TRUE);
  g_assert_cmpuint (ttt_table_count_thinking (), ==, 0);
  g_assert_cmpint (chosen, ==, -1);
}

/* A request asks a player about the position as it was asked: a board
 * that changes afterwards does not change the question. */
static void
test_request_keeps_position (void)
{
  g_autoptr(TttMatch) match = NULL;
  g_autoptr(TttTable) table = table_new (&match);
  gint64 deadline = g_get_monotonic_time () + TTT_TEST_DEADLINE_US;
  int chosen = -1;

  g_signal_connect (table, "move-chosen", G_CALLBACK (record_cell_cb), &chosen);
  ttt_table_seat (table, TTT_OPPONENT_COMPUTER, TTT_LEVEL_HARD, TTT_FIRST_PLAYER_HUMAN, FALSE);
  /* The person took the centre and the corner 0; Hard, to move as O,
   * must not answer with a taken cell. */
  g_assert_true (ttt_match_play (match, 4));
  ttt_table_set_delay (table, 0);
  ttt_table_request_move (table);
  while (chosen < 0 && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, TRUE);
  g_assert_cmpint (chosen, >=, 0);
  g_assert_cmpint (chosen, !=, 4);
  g_assert_true (ttt_match_is_legal (match, chosen));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/table/seat/alternate", test_alternate);
  g_test_add_func ("/table/seat/random-seeded", test_random_seeded);
  g_test_add_func ("/table/seat/two-people-names", test_two_people_names);
  g_test_add_func ("/table/seat/remote", test_remote_seat);
  g_test_add_func ("/table/request-move", test_request_move);
  g_test_add_func ("/table/request-outlived", test_request_outlived);
  g_test_add_func ("/table/request-keeps-position", test_request_keeps_position);

  return g_test_run ();
}
