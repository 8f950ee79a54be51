/* test-game-news.c — TttGame's news: signals, their order and arguments
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The window redraws from the model's signals alone, so these tests record
 * them (model-helpers.h) and compare both the arguments and the order.
 */

#include "model-helpers.h"

static void
test_signals_computer_game (void)
{
  g_autoptr(TttGame) game = ttt_test_game_new (7);
  TttTestRecorder rec;
  TttBoard before;
  int cell;

  ttt_setup_set_difficulty (ttt_game_get_setup (game), TTT_LEVEL_HARD);
  ttt_test_recorder_init (&rec, game);

  /* The first game on a fresh object changes nothing that can be seen. */
  ttt_game_start_new (game);
  TTT_ASSERT_NO_EVENTS (&rec);

  g_assert_true (ttt_game_play (game, 0));
  TTT_ASSERT_EVENTS (&rec,
                     "cell 0 x",
                     "notify can-undo", "notify n-moves", "notify state", "notify turn",
                     "turn o");
  g_assert_cmpint (ttt_game_get_state (game), ==, TTT_GAME_STATE_WAITING);

  before = ttt_test_read_board (game);
  ttt_test_wait_for_human (game);
  {
    TttBoard after = ttt_test_read_board (game);

    cell = ttt_test_new_cell (&before, &after);
  }
  /* Against a corner only the centre holds the draw. */
  g_assert_cmpint (cell, ==, 4);
  TTT_ASSERT_EVENTS (&rec,
                     "cell 4 o",
                     "notify n-moves", "notify state", "notify turn",
                     "turn x");

  /* X 0 1 3 against O 4 2: Hard blocks 2, then wins on 2-4-6 at once. */
  g_assert_true (ttt_game_play (game, 1));
  ttt_test_wait_for_human (game);
  ttt_test_assert_board (game, "XXO.O....");
  ttt_test_recorder_forget (&rec);

  g_assert_true (ttt_game_play (game, 3));
  TTT_ASSERT_EVENTS (&rec,
                     "cell 3 x",
                     "notify n-moves", "notify state", "notify turn",
                     "turn o");
  ttt_test_wait_for_human (game);
  /* The result is counted before any news of the move that ended the
   * game, and the game is then over: nothing to undo. */
  TTT_ASSERT_EVENTS (&rec,
                     "tally hard",
                     "cell 6 o",
                     "notify can-undo", "notify n-moves", "notify outcome",
                     "notify state", "notify turn",
                     "turn none",
                     "over o-wins 054");
  g_assert_cmpuint (rec.n_game_over, ==, 1);

  /* A new game clears every marked cell, in order, and hands X the move. */
  ttt_game_start_new (game);
  TTT_ASSERT_EVENTS (&rec,
                     "cell 0 none", "cell 1 none", "cell 2 none",
                     "cell 3 none", "cell 4 none", "cell 6 none",
                     "notify n-moves", "notify outcome",
                     "notify state", "notify turn",
                     "turn x");

  /* Undo lifts the computer's answer first, then the human's move; the turn
   * is X's before and after, so it is not announced. */
  g_assert_true (ttt_game_play (game, 8));
  ttt_test_wait_for_human (game);
  ttt_test_recorder_forget (&rec);
  g_assert_true (ttt_game_undo (game));
  TTT_ASSERT_EVENTS (&rec,
                     "cell 4 none", "cell 8 none",
                     "notify can-undo", "notify n-moves");

  /* The computer opening, chosen while the board is empty: a new mark
   * for the human and a new state, but X is still to move. */
  ttt_setup_set_first_player (ttt_game_get_setup (game), TTT_FIRST_PLAYER_COMPUTER);
  TTT_ASSERT_EVENTS (&rec, "notify human-mark", "notify state");
  ttt_test_wait_for_human (game);
  g_assert_cmpuint (rec.events->len, >, 0);
  g_assert_cmpstr (g_ptr_array_index (rec.events, rec.events->len - 1), ==, "turn o");

  ttt_test_recorder_clear (&rec);
}

static void
test_signals_two_players (void)
{
  g_autoptr(TttGame) game = ttt_test_game_new (3);
  TttTestRecorder rec;

  ttt_setup_set_opponent (ttt_game_get_setup (game), TTT_OPPONENT_HUMAN);
  ttt_game_start_new (game);
  ttt_test_recorder_init (&rec, game);

  g_assert_true (ttt_game_play (game, 0));
  /* The other person is a human too: the state stays "local-turn". */
  TTT_ASSERT_EVENTS (&rec,
                     "cell 0 x",
                     "notify can-undo", "notify n-moves", "notify turn",
                     "turn o");

  ttt_test_play_cells (game, (const int[]) { 1, 2, 4, 3, 5, 7, 6 }, 7);
  ttt_test_recorder_forget (&rec);
  g_assert_true (ttt_game_play (game, 8));
  TTT_ASSERT_EVENTS (&rec,
                     "tally two-players",
                     "cell 8 x",
                     "notify can-undo", "notify n-moves", "notify outcome",
                     "notify state", "notify turn",
                     "turn none",
                     "over draw 000");
  g_assert_cmpint (ttt_game_get_outcome (game), ==, TTT_OUTCOME_DRAW);

  /* The result is final: an undo is refused, and says nothing. */
  g_assert_false (ttt_game_undo (game));
  TTT_ASSERT_NO_EVENTS (&rec);
  {
    TttTally tally;

    ttt_statistics_get_tally (ttt_table_get_statistics (ttt_game_get_table (game)), TTT_TALLY_TWO_PLAYERS, &tally);
    g_assert_cmpuint (tally.drawn, ==, 1);
  }

  ttt_test_recorder_clear (&rec);
}

/* What a whole-board view follows: "changed" once per change, after every
 * notification and "turn-changed", before "game-over"; nothing when
 * nothing changed. */
static void
record_changed_cb (TttGame *game,
                   GString *log)
{
  g_string_append (log, "C");
}

static void
record_notify_cb (TttGame    *game,
                  GParamSpec *pspec,
                  GString    *log)
{
  g_string_append (log, "n");
}

static void
record_turn_cb (TttGame *game,
                TttMark  turn,
                GString *log)
{
  g_string_append (log, "t");
}

static void
record_over_cb (TttGame    *game,
                TttOutcome  outcome,
                guint       cells,
                GString    *log)
{
  g_string_append (log, "O");
}

/* The log since the last call, which it clears. */
static char *
take_log (GString *log)
{
  char *taken = g_strdup (log->str);

  g_string_truncate (log, 0);

  return taken;
}

static void
test_changed_once (void)
{
  g_autoptr(TttGame) game = ttt_test_game_new (5);
  g_autoptr(GString) log = g_string_new (NULL);
  char *taken;

  ttt_setup_set_opponent (ttt_game_get_setup (game), TTT_OPPONENT_HUMAN);
  ttt_game_start_new (game);
  g_signal_connect (game, "changed", G_CALLBACK (record_changed_cb), log);
  g_signal_connect (game, "notify", G_CALLBACK (record_notify_cb), log);
  g_signal_connect (game, "turn-changed", G_CALLBACK (record_turn_cb), log);
  g_signal_connect (game, "game-over", G_CALLBACK (record_over_cb), log);

  /* A move: its notifications, its turn, then "changed" alone. */
  g_assert_true (ttt_game_play (game, 0));
  taken = take_log (log);
  g_assert_true (g_regex_match_simple ("^n+tC$", taken, 0, 0));
  g_free (taken);

  /* An undo: the turn goes back, one "changed". */
  g_assert_true (ttt_game_undo (game));
  taken = take_log (log);
  g_assert_true (g_regex_match_simple ("^n+tC$", taken, 0, 0));
  g_free (taken);

  /* A game to its end: "changed" before "game-over". */
  ttt_test_play_cells (game, (const int[]) { 0, 3, 1, 4 }, 4);
  g_string_truncate (log, 0);
  g_assert_true (ttt_game_play (game, 2));
  taken = take_log (log);
  g_assert_true (g_regex_match_simple ("^n+tCO$", taken, 0, 0));
  g_free (taken);

  /* A new game: one "changed" for the whole board cleared. */
  ttt_game_start_new (game);
  taken = take_log (log);
  g_assert_true (g_regex_match_simple ("^n+tC$", taken, 0, 0));
  g_free (taken);

  /* Again on the empty board: nothing changed, nothing said. */
  ttt_game_start_new (game);
  g_assert_cmpstr (log->str, ==, "");

  /* A setup change seen at once on the empty board: one "changed". */
  ttt_setup_set_opponent (ttt_game_get_setup (game), TTT_OPPONENT_COMPUTER);
  taken = take_log (log);
  g_assert_true (g_regex_match_simple ("^n+C$", taken, 0, 0));
  g_free (taken);

  g_signal_handlers_disconnect_by_data (game, log);
}

static void
test_notify_real_change (void)
{
  g_autoptr(TttGame) game = ttt_test_game_new (71);
  TttSetup *setup = ttt_game_get_setup (game);
  guint n_setup = 0;
  g_autofree char *first = NULL;
  g_autofree char *second = NULL;
  TttBoard before;
  TttBoard after;
  int answer;
  TttTestRecorder rec;

  ttt_game_start_new (game);
  g_assert_true (ttt_game_play (game, 4));
  before = ttt_test_read_board (game);
  ttt_test_wait_for_human (game);
  after = ttt_test_read_board (game);
  answer = ttt_test_new_cell (&before, &after);
  ttt_test_recorder_init (&rec, game);

  /* Same values: silence. */
  g_signal_connect_swapped (setup, "notify", G_CALLBACK (ttt_test_count_cb), &n_setup);
  ttt_setup_set_difficulty (setup, TTT_LEVEL_MEDIUM);
  ttt_setup_set_first_player (setup, TTT_FIRST_PLAYER_HUMAN);
  ttt_setup_set_opponent (setup, TTT_OPPONENT_COMPUTER);
  ttt_table_set_delay (ttt_game_get_table (game), 0);
  g_object_set (setup,
                "difficulty", TTT_LEVEL_MEDIUM,
                "first-player", TTT_FIRST_PLAYER_HUMAN,
                "opponent", TTT_OPPONENT_COMPUTER,
                NULL);
  TTT_ASSERT_NO_EVENTS (&rec);
  g_assert_cmpuint (n_setup, ==, 0);

  /* New values for the next game: the setup tells each once, and the
   * game in progress, which has a move, hears nothing of them. */
  ttt_setup_set_difficulty (setup, TTT_LEVEL_HARD);
  g_object_set (setup, "first-player", TTT_FIRST_PLAYER_RANDOM, NULL);
  ttt_setup_set_opponent (setup, TTT_OPPONENT_HUMAN);
  g_assert_cmpuint (n_setup, ==, 3);
  TTT_ASSERT_NO_EVENTS (&rec);
  g_assert_cmpint (ttt_game_get_difficulty (game), ==, TTT_LEVEL_MEDIUM);
  g_assert_cmpint (ttt_game_get_opponent (game), ==, TTT_OPPONENT_COMPUTER);
  ttt_table_set_delay (ttt_game_get_table (game), 100);
  TTT_ASSERT_NO_EVENTS (&rec);
  {
    g_autoptr(TttStatistics) other = ttt_statistics_new ();
    TttTable *table = ttt_game_get_table (game);
    guint n_statistics = 0;

    g_signal_connect_swapped (table, "notify::statistics", G_CALLBACK (ttt_test_count_cb), &n_statistics);
    g_object_set (table, "statistics", other, NULL);
    ttt_table_set_statistics (table, other);
    g_assert_cmpuint (n_statistics, ==, 1);
    g_assert_true (ttt_table_get_statistics (table) == other);
    TTT_ASSERT_NO_EVENTS (&rec);
    g_signal_handlers_disconnect_by_data (table, &n_statistics);
  }

  g_assert_cmpint (ttt_setup_get_difficulty (setup), ==, TTT_LEVEL_HARD);
  g_assert_cmpuint (ttt_table_get_delay (ttt_game_get_table (game)), ==, 100);

  /* The next game brings the rest. */
  ttt_table_set_delay (ttt_game_get_table (game), 0);
  ttt_test_recorder_forget (&rec);
  ttt_game_start_new (game);
  first = g_strdup_printf ("cell %d none", MIN (4, answer));
  second = g_strdup_printf ("cell %d none", MAX (4, answer));
  TTT_ASSERT_EVENTS (&rec,
                 first, second,
                     "notify can-undo", "notify difficulty", "notify opponent",
                     "notify n-moves");
  g_assert_cmpint (ttt_game_get_opponent (game), ==, TTT_OPPONENT_HUMAN);
  g_assert_cmpint (ttt_game_get_human_mark (game), ==, TTT_MARK_X);

  ttt_test_recorder_clear (&rec);
}

/* A handler may drop the last reference from inside the news, e.g. a
 * window closed by the first signal of the last move; the rest of the news
 * must still go out, and the game must go away after it. */
static void
unref_on_last_cell_cb (TttGame  *game,
                       int       cell,
                       TttMark   mark,
                       gpointer  data)
{
  if (ttt_game_get_outcome (game) != TTT_OUTCOME_ONGOING)
    g_object_unref (game);
}

static void
test_unref_in_handler (void)
{
  TttGame *game = ttt_test_game_new (35);
  gpointer weak = game;
  guint n_game_over = 0;

  g_object_add_weak_pointer (G_OBJECT (game), &weak);
  g_signal_connect (game, "cell-changed", G_CALLBACK (unref_on_last_cell_cb), NULL);
  g_signal_connect_swapped (game, "game-over", G_CALLBACK (ttt_test_count_cb), &n_game_over);
  ttt_setup_set_difficulty (ttt_game_get_setup (game), TTT_LEVEL_HARD);
  ttt_game_start_new (game);

  /* Hard wins against lowest-cell play, from the computer's timeout. */
  while (weak != NULL)
    {
      if (ttt_game_get_state (game) == TTT_GAME_STATE_WAITING)
        g_main_context_iteration (NULL, TRUE);
      else
        g_assert_true (ttt_game_play (game, ttt_test_strategy_lowest (game, NULL)));
    }

  g_assert_cmpuint (n_game_over, ==, 1);
  ttt_test_drain ();
}

/* The game's own story: who made each move, a new game and an undo as
 * events of their own, and the hint it holds until the board changes. */
typedef struct
{
  GString *log;
} Story;

static void
move_played_cb (TttGame   *game,
                int        cell,
                TttMark    mark,
                TttPlayer *player,
                Story     *story)
{
  g_string_append_printf (story->log, "move %d %s %s;", cell, ttt_test_nick (TTT_TYPE_MARK, mark),
                          ttt_player_is_local (player) ? "local" : "computer");
}

static void
game_started_cb (TttGame *game,
                 Story   *story)
{
  g_string_append (story->log, "started;");
}

static void
moves_taken_back_cb (TttGame  *game,
                     GVariant *moves,
                     Story    *story)
{
  GVariantIter iter;
  int cell, mark;

  g_string_append (story->log, "taken back");
  g_variant_iter_init (&iter, moves);
  while (g_variant_iter_next (&iter, "(ii)", &cell, &mark))
    g_string_append_printf (story->log, " %d %s", cell, ttt_test_nick (TTT_TYPE_MARK, mark));
  g_string_append (story->log, ";");
}

static void
hint_changed_cb (TttAnalyst *analyst,
                 int         cell,
                 TttMotive   motive,
                 Story      *story)
{
  if (cell < 0)
    g_string_append (story->log, "hint gone;");
  else
    g_string_append_printf (story->log, "hint %d %s;", cell, ttt_test_nick (TTT_TYPE_MOTIVE, motive));
}

static void
test_story (void)
{
  g_autoptr(TttGame) game = ttt_test_game_new (3);
  Story story = { g_string_new (NULL) };
  TttMotive motive;
  int computer;

  g_signal_connect (game, "move-played", G_CALLBACK (move_played_cb), &story);
  g_signal_connect (game, "game-started", G_CALLBACK (game_started_cb), &story);
  g_signal_connect (game, "moves-taken-back", G_CALLBACK (moves_taken_back_cb), &story);
  g_signal_connect (ttt_game_get_analyst (game), "hint-changed", G_CALLBACK (hint_changed_cb), &story);

  /* A new game is told even on an empty board; a preference that sets an
   * empty game up again is no new game. */
  ttt_game_start_new (game);
  ttt_setup_set_difficulty (ttt_game_get_setup (game), TTT_LEVEL_HARD);
  g_assert_cmpstr (story.log->str, ==, "started;");
  g_string_truncate (story.log, 0);

  /* The hint is held until the next move, which says who made it. */
  g_assert_cmpint (ttt_analyst_show_hint (ttt_game_get_analyst (game)), ==, 0);
  g_assert_cmpint (ttt_analyst_get_shown_hint (ttt_game_get_analyst (game), &motive), ==, 0);
  g_assert_cmpint (motive, ==, TTT_MOTIVE_CORNER);
  g_assert_true (ttt_game_play (game, 4));
  g_assert_cmpint (ttt_analyst_get_shown_hint (ttt_game_get_analyst (game), NULL), ==, -1);
  ttt_test_wait_for_human (game);
  computer = ttt_match_get_moves (ttt_game_get_match (game), NULL)[1];
  {
    g_autofree char *expected =
      g_strdup_printf ("hint 0 corner;hint gone;move 4 x local;move %d o computer;", computer);

    g_assert_cmpstr (story.log->str, ==, expected);
  }
  g_string_truncate (story.log, 0);

  /* An undo says what it took back, latest first, with the marks. */
  g_assert_true (ttt_game_undo (game));
  {
    g_autofree char *expected = g_strdup_printf ("taken back %d o 4 x;", computer);

    g_assert_cmpstr (story.log->str, ==, expected);
  }

  g_string_free (story.log, TRUE);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/game/news/computer", test_signals_computer_game);
  g_test_add_func ("/game/news/two-players", test_signals_two_players);
  g_test_add_func ("/game/news/real-change-only", test_notify_real_change);
  g_test_add_func ("/game/news/changed-once", test_changed_once);
  g_test_add_func ("/game/news/unref-in-handler", test_unref_in_handler);
  g_test_add_func ("/game/news/story", test_story);

  return g_test_run ();
}
