/* test-game-thinking.c — TttGame: a computer that thinks off the main thread
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A test double takes two seconds over each move, in a thread of its own,
 * as the next game's search will: the main loop keeps answering all the
 * while, and a new game, an undo, a changed setting or the game's end
 * cancels the search so that nothing of it reaches the board.
 */

#include "model-helpers.h"

#define THINKING_SECONDS 2

/* A player that thinks for THINKING_SECONDS, or until cancelled, and then
 * plays the lowest free cell. */
#define TEST_TYPE_SLOW_PLAYER (test_slow_player_get_type ())
G_DECLARE_FINAL_TYPE (TestSlowPlayer, test_slow_player, TEST, SLOW_PLAYER, TttPlayer)

struct _TestSlowPlayer
{
  TttPlayer parent_instance;

  GMutex    lock;
  GCond     wake;
  /* Searches begun and those that ran to their end, not cancelled. */
  gint      n_started;
  gint      n_finished;
};

G_DEFINE_FINAL_TYPE (TestSlowPlayer, test_slow_player, TTT_TYPE_PLAYER)

typedef struct
{
  TttBoard board;
} SlowSearch;

static void
wake_cb (GCancellable   *cancellable,
         TestSlowPlayer *self)
{
  g_mutex_lock (&self->lock);
  g_cond_broadcast (&self->wake);
  g_mutex_unlock (&self->lock);
}

static void
slow_thread (GTask        *task,
             gpointer      source_object,
             gpointer      task_data,
             GCancellable *cancellable)
{
  TestSlowPlayer *self = source_object;
  SlowSearch *search = task_data;
  gint64 until = g_get_monotonic_time () + THINKING_SECONDS * G_TIME_SPAN_SECOND;
  gulong handler;

  g_atomic_int_inc (&self->n_started);
  handler = g_cancellable_connect (cancellable, G_CALLBACK (wake_cb), self, NULL);

  g_mutex_lock (&self->lock);
  while (!g_cancellable_is_cancelled (cancellable) &&
         g_cond_wait_until (&self->wake, &self->lock, until))
    ;
  g_mutex_unlock (&self->lock);
  g_cancellable_disconnect (cancellable, handler);

  if (g_cancellable_is_cancelled (cancellable))
    {
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_CANCELLED, "cancelled");
      return;
    }

  g_atomic_int_inc (&self->n_finished);
  for (int cell = 0; cell < TTT_N_CELLS; cell++)
    if (ttt_board_get (&search->board, cell) == TTT_MARK_NONE)
      {
        g_task_return_int (task, cell);
        return;
      }
  g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_FAILED, "no free cell");
}

static void
slow_choose_move_async (TttPlayer           *player,
                        const TttPosition   *position,
                        guint64              rng_state,
                        GCancellable        *cancellable,
                        GAsyncReadyCallback  callback,
                        gpointer             user_data)
{
  g_autoptr(GTask) task = g_task_new (player, cancellable, callback, user_data);
  SlowSearch *search = g_new0 (SlowSearch, 1);

  search->board = position->classic;
  g_task_set_task_data (task, search, g_free);
  g_task_set_check_cancellable (task, TRUE);
  g_task_run_in_thread (task, slow_thread);
}

static int
slow_choose_move_finish (TttPlayer     *player,
                         GAsyncResult  *result,
                         guint64       *rng_state,
                         GError       **error)
{
  return (int) g_task_propagate_int (G_TASK (result), error);
}

static void
test_slow_player_finalize (GObject *object)
{
  TestSlowPlayer *self = TEST_SLOW_PLAYER (object);

  g_mutex_clear (&self->lock);
  g_cond_clear (&self->wake);

  G_OBJECT_CLASS (test_slow_player_parent_class)->finalize (object);
}

static void
test_slow_player_class_init (TestSlowPlayerClass *klass)
{
  TttPlayerClass *player_class = TTT_PLAYER_CLASS (klass);

  G_OBJECT_CLASS (klass)->finalize = test_slow_player_finalize;
  player_class->choose_move_async = slow_choose_move_async;
  player_class->choose_move_finish = slow_choose_move_finish;
}

static void
test_slow_player_init (TestSlowPlayer *self)
{
  g_mutex_init (&self->lock);
  g_cond_init (&self->wake);
}

static TestSlowPlayer *
slow_player_new (void)
{
  return g_object_new (TEST_TYPE_SLOW_PLAYER, NULL);
}

/* A game whose computer is @slow and opens at once. */
static TttGame *
slow_game_new (TestSlowPlayer *slow,
               TttFirstPlayer  first)
{
  TttGame *game = ttt_test_game_new (7);

  ttt_table_set_computer (ttt_game_get_table (game), TTT_PLAYER (slow));
  ttt_setup_set_first_player (ttt_game_get_setup (game), first);
  ttt_game_start_new (game);

  return game;
}

/* Runs the loop until the computer's search has begun in its thread. */
static void
wait_for_search (TestSlowPlayer *slow)
{
  gint64 deadline = g_get_monotonic_time () + 10 * G_TIME_SPAN_SECOND;

  while (g_atomic_int_get (&slow->n_started) == 0 && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, FALSE);
  g_assert_cmpint (g_atomic_int_get (&slow->n_started), ==, 1);
}

/* Runs the loop until every answer, cancelled or not, is back. */
static void
wait_for_answers (void)
{
  gint64 deadline = g_get_monotonic_time () + 10 * G_TIME_SPAN_SECOND;

  while (ttt_test_count_thinking () > 0 && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, TRUE);
  g_assert_cmpuint (ttt_test_count_thinking (), ==, 0);
}

typedef struct
{
  TttGame *game;
  guint    ticks;       /* while the computer thought */
  gint64   last;
  gint64   longest_gap;
} Ticker;

static gboolean
tick_cb (gpointer data)
{
  Ticker *ticker = data;
  gint64 now = g_get_monotonic_time ();

  if (ttt_game_get_state (ticker->game) == TTT_GAME_STATE_WAITING)
    {
      ticker->ticks++;
      ticker->longest_gap = MAX (ticker->longest_gap, now - ticker->last);
    }
  ticker->last = now;

  return G_SOURCE_CONTINUE;
}

static void
test_main_loop_answers (void)
{
  g_autoptr(TestSlowPlayer) slow = slow_player_new ();
  g_autoptr(TttGame) game = slow_game_new (slow, TTT_FIRST_PLAYER_COMPUTER);
  Ticker ticker = { game, 0, g_get_monotonic_time (), 0 };
  gint64 deadline = g_get_monotonic_time () + 10 * G_TIME_SPAN_SECOND;
  guint tick_id;

  /* A frame's worth: what a window needs to keep drawing. */
  tick_id = g_timeout_add (16, tick_cb, &ticker);
  g_assert_cmpint (ttt_game_get_state (game), ==, TTT_GAME_STATE_WAITING);

  while (ttt_game_get_state (game) == TTT_GAME_STATE_WAITING && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, TRUE);
  g_source_remove (tick_id);

  /* The move came, from the search that ran to its end... */
  g_assert_cmpint (ttt_game_get_state (game), ==, TTT_GAME_STATE_LOCAL_TURN);
  g_assert_cmpint (g_atomic_int_get (&slow->n_finished), ==, 1);
  ttt_test_assert_board (game, "X........");

  /* ...and while it thought, the main loop kept answering. Thinking on the
   * main thread, as the computer did before, no tick would have come until
   * the move; a busy machine may lose some, so only a few are asked for. */
  g_test_message ("%u ticks of 16 ms in %d s of thinking, the longest gap %" G_GINT64_FORMAT " ms",
                  ticker.ticks, THINKING_SECONDS, ticker.longest_gap / 1000);
  g_assert_cmpuint (ticker.ticks, >=, 10);
}

static void
test_cancel_new_game (void)
{
  g_autoptr(TestSlowPlayer) slow = slow_player_new ();
  g_autoptr(TttGame) game = slow_game_new (slow, TTT_FIRST_PLAYER_COMPUTER);
  guint n_cells = 0;

  wait_for_search (slow);
  g_signal_connect_swapped (game, "cell-changed", G_CALLBACK (ttt_test_count_cb), &n_cells);

  /* The person opens the next game: the search is dropped. */
  ttt_setup_set_first_player (ttt_game_get_setup (game), TTT_FIRST_PLAYER_HUMAN);
  ttt_game_start_new (game);
  g_assert_cmpint (ttt_game_get_state (game), ==, TTT_GAME_STATE_LOCAL_TURN);
  wait_for_answers ();

  g_assert_cmpint (g_atomic_int_get (&slow->n_finished), ==, 0);
  g_assert_cmpuint (n_cells, ==, 0);
  ttt_test_assert_board (game, ".........");
  g_assert_cmpint (ttt_game_get_state (game), ==, TTT_GAME_STATE_LOCAL_TURN);
}

static void
test_cancel_undo (void)
{
  g_autoptr(TestSlowPlayer) slow = slow_player_new ();
  g_autoptr(TttGame) game = slow_game_new (slow, TTT_FIRST_PLAYER_HUMAN);

  g_assert_true (ttt_game_play (game, 4));
  wait_for_search (slow);

  /* The person takes the move back while the computer thinks about it. */
  g_assert_true (ttt_game_undo (game));
  g_assert_cmpint (ttt_game_get_state (game), ==, TTT_GAME_STATE_LOCAL_TURN);
  wait_for_answers ();

  g_assert_cmpint (g_atomic_int_get (&slow->n_finished), ==, 0);
  ttt_test_assert_board (game, ".........");
  g_assert_cmpuint (ttt_game_get_n_moves (game), ==, 0);
  g_assert_cmpint (ttt_game_get_state (game), ==, TTT_GAME_STATE_LOCAL_TURN);
}

static void
test_cancel_setting (void)
{
  g_autoptr(TestSlowPlayer) slow = slow_player_new ();
  g_autoptr(TttGame) game = slow_game_new (slow, TTT_FIRST_PLAYER_COMPUTER);

  wait_for_search (slow);

  /* No move yet: a changed setting sets the game up again at once. */
  ttt_setup_set_opponent (ttt_game_get_setup (game), TTT_OPPONENT_HUMAN);
  g_assert_cmpint (ttt_game_get_state (game), ==, TTT_GAME_STATE_LOCAL_TURN);
  wait_for_answers ();

  g_assert_cmpint (g_atomic_int_get (&slow->n_finished), ==, 0);
  ttt_test_assert_board (game, ".........");
}

static void
test_cancel_dispose (void)
{
  g_autoptr(TestSlowPlayer) slow = slow_player_new ();
  TttGame *game = slow_game_new (slow, TTT_FIRST_PLAYER_COMPUTER);
  gpointer weak = game;
  guint n_cells = 0;

  g_object_add_weak_pointer (G_OBJECT (game), &weak);
  g_signal_connect_swapped (game, "cell-changed", G_CALLBACK (ttt_test_count_cb), &n_cells);
  wait_for_search (slow);

  /* The search holds no reference to the game, and its answer finds none. */
  g_object_unref (game);
  g_assert_null (weak);
  wait_for_answers ();

  g_assert_cmpint (g_atomic_int_get (&slow->n_finished), ==, 0);
  g_assert_cmpuint (n_cells, ==, 0);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/game/thinking/main-loop-answers", test_main_loop_answers);
  g_test_add_func ("/game/thinking/cancel/new-game", test_cancel_new_game);
  g_test_add_func ("/game/thinking/cancel/undo", test_cancel_undo);
  g_test_add_func ("/game/thinking/cancel/setting", test_cancel_setting);
  g_test_add_func ("/game/thinking/cancel/dispose", test_cancel_dispose);

  return g_test_run ();
}
