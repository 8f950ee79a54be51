/* test-news.c — what TttNews tells a screen reader, without a display
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Each test plays on a real TttGame and records every "news" emitted. The
 * cells the computer chooses are read back from the board, never assumed,
 * so the expected words follow from what the game did.
 */

#include <string.h>

#include "model-helpers.h"
#include "ttt-coach.h"
#include "ttt-news.h"

typedef struct
{
  TttGame   *game;
  TttNews   *news;
  GPtrArray *heard;
} Fixture;

static void
news_cb (TttNews    *news,
         const char *text,
         gpointer    user_data)
{
  Fixture *fixture = user_data;

  g_assert_nonnull (text);
  g_assert_cmpstr (text, !=, "");
  g_ptr_array_add (fixture->heard, g_strdup (text));
}

static void
fixture_set_up (Fixture       *fixture,
                gconstpointer  data)
{
  fixture->game = ttt_test_game_new (5);
  fixture->news = ttt_news_new (fixture->game);
  fixture->heard = g_ptr_array_new_with_free_func (g_free);
  g_signal_connect (fixture->news, "news", G_CALLBACK (news_cb), fixture);
}

static void
fixture_tear_down (Fixture       *fixture,
                   gconstpointer  data)
{
  g_clear_object (&fixture->news);
  g_clear_object (&fixture->game);
  g_clear_pointer (&fixture->heard, g_ptr_array_unref);
}

/* Takes what was heard since the last call, which must be one piece. */
static char *
take_one (Fixture *fixture)
{
  char *text;

  if (fixture->heard->len != 1)
    for (guint i = 0; i < fixture->heard->len; i++)
      g_test_message ("heard: %s", (const char *) g_ptr_array_index (fixture->heard, i));
  g_assert_cmpuint (fixture->heard->len, ==, 1);
  text = g_ptr_array_steal_index (fixture->heard, 0);

  return text;
}

/* Starts a new game, and forgets what its start was heard as. */
static void
start_unheard (Fixture *fixture)
{
  ttt_game_start_new (fixture->game);
  ttt_test_iterate ();
  g_ptr_array_set_size (fixture->heard, 0);
}

/* What was heard since the last call is @expected, in one piece. */
static void
assert_heard (Fixture    *fixture,
              const char *expected)
{
  g_autofree char *text = take_one (fixture);

  g_assert_cmpstr (text, ==, expected);
}

static void
assert_quiet (Fixture *fixture)
{
  ttt_test_run_for (20);
  g_assert_cmpuint (fixture->heard->len, ==, 0);
}

/* "<who> played row R, column C. <then>" */
static char *
played (const char *who,
        int         cell,
        const char *then)
{
  return g_strdup_printf ("%s played row %d, column %d. %s", who, cell / 3 + 1, cell % 3 + 1, then);
}

static char *
computer_played (int         cell,
                 const char *then)
{
  return played ("Computer", cell, then);
}

/* Plays @cell for the human and lets the computer answer; returns the
 * computer's cell, or -1 if the human's move ended the game. With @later
 * the answer comes after the news of the human's move has been told, as
 * it does with the computer's pause. */
static int
exchange_full (Fixture  *fixture,
               int       cell,
               gboolean  later)
{
  TttBoard before;

  if (later)
    ttt_table_set_delay (ttt_game_get_table (fixture->game), TTT_TEST_HOLD_MS);
  g_assert_true (ttt_game_play (fixture->game, cell));
  before = ttt_test_read_board (fixture->game);
  if (later)
    {
      ttt_test_iterate ();
      ttt_table_set_delay (ttt_game_get_table (fixture->game), 0);
    }
  ttt_test_wait_for_human (fixture->game);

  if (ttt_game_get_state (fixture->game) == TTT_GAME_STATE_OVER &&
      ttt_game_get_n_moves (fixture->game) % 2 == 1)
    return -1;

  return ttt_test_played_since (&before, fixture->game);
}

static int
exchange (Fixture *fixture,
          int      cell)
{
  return exchange_full (fixture, cell, FALSE);
}

/* Plays the game out at @level, the human's moves chosen by @strategy,
 * keeping only the news of the last exchange. Returns the human's last
 * move; @reply gets the computer's last cell, or -1 if the human ended
 * the game. */
static int
play_out_full (Fixture         *fixture,
               TttLevel         level,
               TttTestStrategy  strategy,
               gboolean         later,
               int             *reply)
{
  int last = -1;

  ttt_setup_set_difficulty (ttt_game_get_setup (fixture->game), level);
  ttt_game_start_new (fixture->game);
  ttt_test_iterate ();

  while (ttt_game_get_state (fixture->game) == TTT_GAME_STATE_LOCAL_TURN)
    {
      g_ptr_array_set_size (fixture->heard, 0);
      last = strategy (fixture->game, NULL);
      *reply = exchange_full (fixture, last, later);
    }

  return last;
}

static int
play_out (Fixture         *fixture,
          TttLevel         level,
          TttTestStrategy  strategy,
          int             *reply)
{
  return play_out_full (fixture, level, strategy, FALSE, reply);
}

/* The computer's reply, then whose turn it is, as one piece of news. */
static void
test_reply (Fixture       *fixture,
            gconstpointer  data)
{
  g_autofree char *expected = NULL;
  int reply;

  start_unheard (fixture);

  reply = exchange (fixture, 0);
  expected = computer_played (reply, "Your turn.");
  assert_heard (fixture, expected);

  /* Nothing more while nothing happens. */
  assert_quiet (fixture);
}

/* The human's own move is heard from its cell: with the computer still
 * thinking there is no news, and its answer comes as news of its own. */
static void
test_reply_later (Fixture       *fixture,
                  gconstpointer  data)
{
  TttBoard before;
  g_autofree char *expected = NULL;

  /* Held until the checks are done, however busy the machine. */
  ttt_table_set_delay (ttt_game_get_table (fixture->game), TTT_TEST_HOLD_MS);
  start_unheard (fixture);

  g_assert_true (ttt_game_play (fixture->game, 4));
  before = ttt_test_read_board (fixture->game);
  ttt_test_iterate ();
  g_assert_cmpint (ttt_game_get_state (fixture->game), ==, TTT_GAME_STATE_WAITING);
  g_assert_cmpuint (fixture->heard->len, ==, 0);

  ttt_table_set_delay (ttt_game_get_table (fixture->game), 0);
  ttt_test_wait_for_human (fixture->game);
  expected = computer_played (ttt_test_played_since (&before, fixture->game), "Your turn.");
  assert_heard (fixture, expected);
  assert_quiet (fixture);
}

/* Against Hard, a human who plays the first free cell loses: the last news
 * is the human's own last move (the focus leaves its cell at once for Play
 * Again, cutting off what the cell said), the computer's winning move and
 * the result, whether the answer came at once or after a pause. */
static void
test_computer_won (Fixture       *fixture,
                   gconstpointer  data)
{
  gboolean later = GPOINTER_TO_INT (data);
  g_autofree char *reply_words = NULL;
  g_autofree char *expected = NULL;
  int reply = -1;
  int last;

  last = play_out_full (fixture, TTT_LEVEL_HARD, ttt_test_strategy_lowest, later, &reply);

  g_assert_cmpint (ttt_game_get_outcome (fixture->game), ==, TTT_OUTCOME_O_WINS);
  g_assert_cmpint (reply, >=, 0);
  g_assert_cmpint (last, >=, 0);
  reply_words = computer_played (reply, "Computer won.");
  expected = played ("You", last, reply_words);
  assert_heard (fixture, expected);
  assert_quiet (fixture);
}

/* A game the human's own move ends. */
typedef struct
{
  TttLevel         level;
  TttTestStrategy  strategy;
  TttOutcome       outcome;
  const char      *result;
} HumanEnds;

/* Medium falls for opposite corners: the human's winning move ends the
 * game, takes the focus off the board, and so is named in the news. */
static const HumanEnds human_won = {
  TTT_LEVEL_MEDIUM, ttt_test_strategy_corners, TTT_OUTCOME_X_WINS, "You won!"
};

/* Perfect play on both sides, the human's by the hint: a draw on the
 * human's ninth-cell move. */
static const HumanEnds human_draws = {
  TTT_LEVEL_HARD, ttt_test_strategy_hint, TTT_OUTCOME_DRAW, "It’s a draw."
};

static void
test_human_ends (Fixture       *fixture,
                 gconstpointer  data)
{
  const HumanEnds *game = data;
  g_autofree char *expected = NULL;
  int reply = 0;
  int last = play_out (fixture, game->level, game->strategy, &reply);

  g_assert_cmpint (ttt_game_get_outcome (fixture->game), ==, game->outcome);
  g_assert_cmpint (reply, ==, -1);
  if (game->outcome == TTT_OUTCOME_DRAW)
    g_assert_cmpuint (ttt_game_get_n_moves (fixture->game), ==, 9);
  expected = played ("You", last, game->result);
  assert_heard (fixture, expected);
}

static void
play_two (Fixture    *fixture,
          int         cell,
          const char *expected)
{
  g_assert_true (ttt_game_play (fixture->game, cell));
  ttt_test_iterate ();
  assert_heard (fixture, expected);
}

/* Between two people each move is followed by whose turn it is; the last
 * names the winning move and the winner. */
static void
test_two_players (Fixture       *fixture,
                  gconstpointer  data)
{
  ttt_setup_set_opponent (ttt_game_get_setup (fixture->game), TTT_OPPONENT_HUMAN);
  start_unheard (fixture);

  play_two (fixture, 0, "O’s turn.");
  play_two (fixture, 3, "X’s turn.");
  play_two (fixture, 1, "O’s turn.");
  play_two (fixture, 4, "X’s turn.");
  play_two (fixture, 2, "X played row 1, column 3. X won!");
  assert_quiet (fixture);

  /* O's win and a draw, from a new game each. */
  ttt_game_start_new (fixture->game);
  ttt_test_iterate ();
  assert_heard (fixture, "New game. X’s turn.");
  play_two (fixture, 0, "O’s turn.");
  play_two (fixture, 3, "X’s turn.");
  play_two (fixture, 1, "O’s turn.");
  play_two (fixture, 4, "X’s turn.");
  play_two (fixture, 8, "O’s turn.");
  play_two (fixture, 5, "O played row 2, column 3. O won!");

  start_unheard (fixture);
  {
    static const int moves[] = { 0, 1, 2, 4, 3, 5, 7, 6 };

    for (guint i = 0; i < G_N_ELEMENTS (moves); i++)
      play_two (fixture, moves[i], i % 2 == 0 ? "O’s turn." : "X’s turn.");
  }
  play_two (fixture, 8, "X played row 3, column 3. It’s a draw.");
}

/* Two people who gave their names are called by them (issue 21, item 13). */
static void
test_two_players_named (Fixture       *fixture,
                        gconstpointer  data)
{
  ttt_setup_set_opponent (ttt_game_get_setup (fixture->game), TTT_OPPONENT_HUMAN);
  ttt_table_set_local_name (ttt_game_get_table (fixture->game), TTT_MARK_X, "Ana");
  ttt_table_set_local_name (ttt_game_get_table (fixture->game), TTT_MARK_O, "  Ben ");
  start_unheard (fixture);

  play_two (fixture, 0, "Ben’s turn.");
  play_two (fixture, 3, "Ana’s turn.");
  play_two (fixture, 1, "Ben’s turn.");
  play_two (fixture, 4, "Ana’s turn.");
  play_two (fixture, 2, "Ana played row 1, column 3. Ana won!");
  assert_quiet (fixture);
}

/* New Game says so, and who plays what, even on an empty board where
 * nothing else changes; when the computer opens, its move follows. */
static void
test_new_game (Fixture       *fixture,
               gconstpointer  data)
{
  TttBoard before;
  g_autofree char *expected = NULL;

  start_unheard (fixture);

  ttt_game_start_new (fixture->game);
  ttt_test_iterate ();
  assert_heard (fixture, "New game. You play X. Your turn.");

  exchange (fixture, 4);
  g_ptr_array_set_size (fixture->heard, 0);
  ttt_game_start_new (fixture->game);
  ttt_test_iterate ();
  assert_heard (fixture, "New game. You play X. Your turn.");
  assert_quiet (fixture);

  /* The computer opens at once: one piece of news for the whole start. */
  ttt_setup_set_first_player (ttt_game_get_setup (fixture->game), TTT_FIRST_PLAYER_COMPUTER);
  ttt_test_iterate ();
  g_ptr_array_set_size (fixture->heard, 0);
  before = (TttBoard) { 0, 0 };
  ttt_game_start_new (fixture->game);
  ttt_test_iterate ();
  {
    g_autofree char *move = computer_played (ttt_test_played_since (&before, fixture->game), "Your turn.");

    expected = g_strdup_printf ("New game. You play O. %s", move);
  }
  assert_heard (fixture, expected);

  /* After a pause: first the new game, then the move. */
  ttt_table_set_delay (ttt_game_get_table (fixture->game), TTT_TEST_HOLD_MS);
  ttt_game_start_new (fixture->game);
  ttt_test_iterate ();
  assert_heard (fixture, "New game. You play O.");
  before = (TttBoard) { 0, 0 };
  ttt_table_set_delay (ttt_game_get_table (fixture->game), 0);
  ttt_test_wait_for_human (fixture->game);
  {
    g_autofree char *text = take_one (fixture);
    g_autofree char *move = computer_played (ttt_test_played_since (&before, fixture->game), "Your turn.");

    g_assert_cmpstr (text, ==, move);
  }
}

/* A preference that restarts an empty game: the side is news. */
static void
test_side_changed (Fixture       *fixture,
                   gconstpointer  data)
{
  TttBoard before;
  g_autofree char *expected = NULL;

  start_unheard (fixture);

  before = ttt_test_read_board (fixture->game);
  ttt_setup_set_first_player (ttt_game_get_setup (fixture->game), TTT_FIRST_PLAYER_COMPUTER);
  ttt_test_iterate ();
  {
    g_autofree char *move = computer_played (ttt_test_played_since (&before, fixture->game), "Your turn.");

    expected = g_strdup_printf ("You play O. %s", move);
  }
  assert_heard (fixture, expected);

  /* A preference for the next game is no news now. */
  ttt_setup_set_difficulty (ttt_game_get_setup (fixture->game), TTT_LEVEL_EASY);
  ttt_statistics_reset_all (ttt_table_get_statistics (ttt_game_get_table (fixture->game)));
  assert_quiet (fixture);
}

/* Undo says what it took back, in the order it was played. */
static void
test_undo (Fixture       *fixture,
           gconstpointer  data)
{
  g_autofree char *expected = NULL;
  int reply;

  ttt_game_start_new (fixture->game);
  ttt_test_iterate ();
  reply = exchange (fixture, 0);
  g_ptr_array_set_size (fixture->heard, 0);

  g_assert_true (ttt_game_undo (fixture->game));
  ttt_test_iterate ();
  expected = g_strdup_printf ("Took back X at row 1, column 1 and O at row %d, column %d. Your turn.",
                              reply / 3 + 1, reply % 3 + 1);
  assert_heard (fixture, expected);

  /* Nothing to undo: nothing said, and the next news is not an undo's. */
  g_assert_false (ttt_game_undo (fixture->game));
  ttt_test_iterate ();
  g_assert_cmpuint (fixture->heard->len, ==, 0);
  reply = exchange (fixture, 8);
  {
    g_autofree char *text = take_one (fixture);
    g_autofree char *move = computer_played (reply, "Your turn.");

    g_assert_cmpstr (text, ==, move);
  }

  /* An answer still on its way is cancelled: only X is taken back. */
  ttt_table_set_delay (ttt_game_get_table (fixture->game), TTT_TEST_HOLD_MS);
  start_unheard (fixture);
  g_assert_true (ttt_game_play (fixture->game, 5));
  ttt_test_iterate ();
  g_assert_true (ttt_game_undo (fixture->game));
  ttt_test_iterate ();
  assert_heard (fixture, "Took back X at row 2, column 3. Your turn.");
  assert_quiet (fixture);

  /* Between two people, one move. */
  ttt_setup_set_opponent (ttt_game_get_setup (fixture->game), TTT_OPPONENT_HUMAN);
  ttt_test_iterate ();
  g_ptr_array_set_size (fixture->heard, 0);
  g_assert_true (ttt_game_play (fixture->game, 6));
  g_assert_true (ttt_game_play (fixture->game, 2));
  ttt_test_iterate ();
  g_ptr_array_set_size (fixture->heard, 0);
  g_assert_true (ttt_game_undo (fixture->game));
  ttt_test_iterate ();
  assert_heard (fixture, "Took back O at row 1, column 3. O’s turn.");
}

/* Hint: the view moves the focus to the cell, which names it; the news
 * says it is the suggestion, and why, from the hint the game holds. */
static void
test_hint (Fixture       *fixture,
           gconstpointer  data)
{
  g_autofree char *reason = NULL;
  g_autofree char *expected = NULL;
  TttMotive motive;
  int cell;

  start_unheard (fixture);

  cell = ttt_analyst_show_hint (ttt_game_get_analyst (fixture->game));
  g_assert_cmpint (cell, ==, ttt_analyst_hint (ttt_game_get_analyst (fixture->game), NULL));
  g_assert_cmpint (ttt_analyst_get_shown_hint (ttt_game_get_analyst (fixture->game), &motive), ==, cell);
  ttt_test_iterate ();
  reason = ttt_coach_motive_text (motive, TTT_MARK_X);
  expected = g_strdup_printf ("Suggested move: %s", reason);
  assert_heard (fixture, expected);

  /* No hint while the computer is to move, no news. */
  ttt_table_set_delay (ttt_game_get_table (fixture->game), 30);
  g_assert_true (ttt_game_play (fixture->game, cell));
  g_assert_cmpint (ttt_analyst_get_shown_hint (ttt_game_get_analyst (fixture->game), NULL), ==, -1);
  ttt_test_iterate ();
  g_ptr_array_set_size (fixture->heard, 0);
  g_assert_cmpint (ttt_analyst_show_hint (ttt_game_get_analyst (fixture->game)), ==, -1);
  ttt_test_iterate ();
  g_assert_cmpuint (fixture->heard->len, ==, 0);
}

/* Freed with news pending: nothing is told afterwards. */
static void
test_dispose (Fixture       *fixture,
              gconstpointer  data)
{
  start_unheard (fixture);
  g_assert_true (ttt_game_play (fixture->game, 0));
  g_clear_object (&fixture->news);
  ttt_test_run_for (20);
  g_assert_cmpuint (fixture->heard->len, ==, 0);

  /* flush tells at once what is pending. */
  fixture->news = ttt_news_new (fixture->game);
  g_signal_connect (fixture->news, "news", G_CALLBACK (news_cb), fixture);
  ttt_game_start_new (fixture->game);
  ttt_news_flush (fixture->news);
  g_assert_cmpuint (fixture->heard->len, ==, 1);
}

/* Someone elsewhere, as the game sees them: a player of kind REMOTE whose
 * moves the test hands over, as the network session would. */
#define TEST_TYPE_REMOTE (test_remote_get_type ())
G_DECLARE_FINAL_TYPE (TestRemote, test_remote, TEST, REMOTE, TttPlayer)

struct _TestRemote
{
  TttPlayer  parent_instance;
  GTask     *asked;
};

G_DEFINE_FINAL_TYPE (TestRemote, test_remote, TTT_TYPE_PLAYER)

static void
test_remote_choose_move_async (TttPlayer           *player,
                               const TttPosition   *position,
                               guint64              rng_state,
                               GCancellable        *cancellable,
                               GAsyncReadyCallback  callback,
                               gpointer             user_data)
{
  TestRemote *self = TEST_REMOTE (player);

  g_assert_null (self->asked);
  self->asked = g_task_new (self, cancellable, callback, user_data);
}

static int
test_remote_choose_move_finish (TttPlayer     *player,
                                GAsyncResult  *result,
                                guint64       *rng_state,
                                GError       **error)
{
  return (int) g_task_propagate_int (G_TASK (result), error);
}

static void
test_remote_dispose (GObject *object)
{
  TestRemote *self = TEST_REMOTE (object);

  if (self->asked != NULL)
    g_task_return_new_error (self->asked, G_IO_ERROR, G_IO_ERROR_CANCELLED, "gone");
  g_clear_object (&self->asked);

  G_OBJECT_CLASS (test_remote_parent_class)->dispose (object);
}

static void
test_remote_class_init (TestRemoteClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = test_remote_dispose;
  TTT_PLAYER_CLASS (klass)->choose_move_async = test_remote_choose_move_async;
  TTT_PLAYER_CLASS (klass)->choose_move_finish = test_remote_choose_move_finish;
  TTT_PLAYER_CLASS (klass)->known_by_name = TRUE;
}

static void
test_remote_init (TestRemote *self)
{
}

/* Runs what is ready: ttt_test_iterate() would wait on Ana, who counts as
 * thinking until the test answers for her. */
static void
run_ready (void)
{
  while (g_main_context_pending (NULL))
    g_main_context_iteration (NULL, FALSE);
}

/* Waits for the game to ask for Ana's move, and plays @cell for her. */
static void
remote_plays (TestRemote *remote,
              int         cell)
{
  g_autoptr(GTask) task = NULL;

  while (remote->asked == NULL)
    g_main_context_iteration (NULL, TRUE);
  task = g_steal_pointer (&remote->asked);
  g_task_return_int (task, cell);
  ttt_test_iterate ();
}

/* A game against Ana elsewhere: her moves are told by her name, the person
 * here is "you", and the end names whoever won. */
static void
start_remote (Fixture     *fixture,
              TestRemote **remote)
{
  *remote = g_object_new (TEST_TYPE_REMOTE, "name", "Ana", NULL);
  ttt_game_start_remote (fixture->game, TTT_PLAYER (*remote), TTT_VARIANT_CLASSIC, TTT_MARK_X);
  run_ready ();
  g_ptr_array_set_size (fixture->heard, 0);
}

static void
test_remote_won (Fixture       *fixture,
                 gconstpointer  data)
{
  g_autoptr(TestRemote) remote = NULL;
  /* X 4, 8, 5; Ana, on O, takes the top row. */
  const int mine[] = { 4, 8, 5 };
  const int hers[] = { 0, 1, 2 };

  start_remote (fixture, &remote);
  for (guint i = 0; i < G_N_ELEMENTS (mine); i++)
    {
      g_autofree char *expected = NULL;

      g_assert_true (ttt_game_play (fixture->game, mine[i]));
      run_ready ();
      /* One's own move is heard from its cell. */
      g_assert_cmpuint (fixture->heard->len, ==, 0);
      remote_plays (remote, hers[i]);
      if (i + 1 < G_N_ELEMENTS (mine))
        expected = played ("Ana", hers[i], "Your turn.");
      else
        {
          /* At the end, as against the computer, the move that led to it
           * is told too: the finished board takes no focus. */
          g_autofree char *hers_told = played ("Ana", hers[i], "Ana won.");

          expected = played ("You", mine[i], hers_told);
        }
      assert_heard (fixture, expected);
    }
  g_assert_cmpint (ttt_game_get_outcome (fixture->game), ==, TTT_OUTCOME_O_WINS);
}

static void
test_remote_lost (Fixture       *fixture,
                  gconstpointer  data)
{
  g_autoptr(TestRemote) remote = NULL;
  g_autofree char *expected = NULL;

  start_remote (fixture, &remote);
  /* X takes the left column, Ana plays 1 and 2. */
  g_assert_true (ttt_game_play (fixture->game, 0));
  remote_plays (remote, 1);
  g_ptr_array_set_size (fixture->heard, 0);
  g_assert_true (ttt_game_play (fixture->game, 3));
  remote_plays (remote, 2);
  g_ptr_array_set_size (fixture->heard, 0);
  g_assert_true (ttt_game_play (fixture->game, 6));
  run_ready ();
  expected = played ("You", 6, "You won!");
  assert_heard (fixture, expected);
}

/* A game Ana begins: its start is told at once, not with her first move
 * (she may take her time, and the person hears nothing meanwhile). */
static void
test_remote_begins (Fixture       *fixture,
                    gconstpointer  data)
{
  g_autoptr(TestRemote) remote = g_object_new (TEST_TYPE_REMOTE, "name", "Ana", NULL);
  g_autofree char *text = NULL;
  g_autofree char *expected = NULL;

  ttt_game_start_remote (fixture->game, TTT_PLAYER (remote), TTT_VARIANT_CLASSIC, TTT_MARK_O);
  run_ready ();
  text = take_one (fixture);
  g_assert_true (g_str_has_prefix (text, "New game."));

  /* Her move then comes as news of its own. */
  remote_plays (remote, 4);
  expected = played ("Ana", 4, "Your turn.");
  assert_heard (fixture, expected);
}


/* Ultimate: the computer's reply names its small board and the row and
 * column inside it, then where the person is sent. */
static void
test_ultimate_reply (Fixture       *fixture,
                     gconstpointer  data)
{
  static const char *in_sentence[] = {
    "the top-left board", "the top-centre board", "the top-right board",
    "the centre-left board", "the centre board", "the centre-right board",
    "the bottom-left board", "the bottom-centre board", "the bottom-right board",
  };
  g_autofree char *expected = NULL;
  g_autofree char *where = NULL;
  const TttPosition *position;
  int reply;

  ttt_setup_set_difficulty (ttt_game_get_setup (fixture->game), TTT_LEVEL_EASY);
  ttt_setup_set_variant (ttt_game_get_setup (fixture->game), TTT_VARIANT_ULTIMATE);
  start_unheard (fixture);

  /* The centre of the top-left board sends the computer to the centre. */
  g_assert_true (ttt_game_play (fixture->game, 0 * 9 + 4));
  ttt_test_wait_for_human (fixture->game);
  position = ttt_match_get_position (ttt_game_get_match (fixture->game));
  reply = position->last_move;
  g_assert_cmpint (reply / 9, ==, 4);

  /* Sent to one board, where the board view takes the focus from the
   * person's cell, the news says their move too. */
  if (ttt_ultimate_board_winner (&position->ultimate, reply % 9) == TTT_MARK_NONE &&
      !(position->ultimate.closed & (1u << (reply % 9))))
    where = g_strdup_printf ("You play in %s.", in_sentence[reply % 9]);
  else
    where = g_strdup ("You can play in any open board.");
  expected = g_strdup_printf ("%sComputer played in the centre board, row %d, column %d. %s",
                              g_str_has_prefix (where, "You play in") ?
                              "You played in the top-left board, row 2, column 2. " : "",
                              reply % 9 / 3 + 1, reply % 3 + 1, where);
  assert_heard (fixture, expected);
  assert_quiet (fixture);

  /* Undo says both moves taken back, where they were. */
  g_clear_pointer (&expected, g_free);
  g_assert_true (ttt_game_undo (fixture->game));
  ttt_test_iterate ();
  expected = g_strdup_printf ("Took back X in the top-left board, row 2, column 2 and O in "
                              "the centre board, row %d, column %d. You can play in any open board.",
                              reply % 9 / 3 + 1, reply % 3 + 1);
  assert_heard (fixture, expected);
}

/* Between two people, whose turn and where; a new game of Ultimate says
 * play is free. */
static void
test_ultimate_two_players (Fixture       *fixture,
                           gconstpointer  data)
{
  ttt_setup_set_opponent (ttt_game_get_setup (fixture->game), TTT_OPPONENT_HUMAN);
  ttt_setup_set_variant (ttt_game_get_setup (fixture->game), TTT_VARIANT_ULTIMATE);
  ttt_game_start_new (fixture->game);
  ttt_test_iterate ();
  assert_heard (fixture, "New game. X can play in any open board.");

  g_assert_true (ttt_game_play (fixture->game, 8 * 9 + 2));
  ttt_test_iterate ();
  assert_heard (fixture, "O plays in the top-right board.");
  g_assert_true (ttt_game_play (fixture->game, 2 * 9 + 8));
  ttt_test_iterate ();
  assert_heard (fixture, "X plays in the bottom-right board.");
}

/* Ultimate: a small board won or drawn is said once, with the move that
 * closed it, even where the move itself is heard from its cell; and not
 * again with the moves after it. */
static void
test_ultimate_board_closed (Fixture       *fixture,
                            gconstpointer  data)
{
  /* X takes the top row of the top-left board, O sending X back there
   * each time from the corner of the board it is sent to. */
  static const int opening[] = { 0 * 9 + 1, 1 * 9 + 0, 0 * 9 + 2, 2 * 9 + 0 };

  ttt_setup_set_opponent (ttt_game_get_setup (fixture->game), TTT_OPPONENT_HUMAN);
  ttt_setup_set_variant (ttt_game_get_setup (fixture->game), TTT_VARIANT_ULTIMATE);
  start_unheard (fixture);

  for (guint i = 0; i < G_N_ELEMENTS (opening); i++)
    {
      g_assert_true (ttt_game_play (fixture->game, opening[i]));
      ttt_test_iterate ();
    }
  g_ptr_array_set_size (fixture->heard, 0);

  /* The top-left board is X's; O, sent there, may play anywhere. */
  g_assert_true (ttt_game_play (fixture->game, 0 * 9 + 0));
  ttt_test_iterate ();
  assert_heard (fixture, "Top-left board: won by X. O can play in any open board.");

  /* The next move says nothing of it. */
  g_assert_true (ttt_game_play (fixture->game, 4 * 9 + 4));
  ttt_test_iterate ();
  assert_heard (fixture, "X plays in the centre board.");
  assert_quiet (fixture);
}

static int
first_legal (TttMatch *match)
{
  for (int cell = 0; cell < TTT_ULTIMATE_N_MOVES; cell++)
    if (ttt_match_is_legal (match, cell))
      return cell;

  g_assert_not_reached ();
}

/* Against the computer: a board the person's move closes is said before
 * the computer's reply, a board the reply closes after it. */
static void
test_ultimate_board_closed_computer (Fixture       *fixture,
                                     gconstpointer  data)
{
  gboolean closed_told = FALSE;

  ttt_setup_set_difficulty (ttt_game_get_setup (fixture->game), TTT_LEVEL_EASY);
  ttt_setup_set_variant (ttt_game_get_setup (fixture->game), TTT_VARIANT_ULTIMATE);
  start_unheard (fixture);

  while (ttt_game_get_state (fixture->game) == TTT_GAME_STATE_LOCAL_TURN)
    {
      TttMatch *match = ttt_game_get_match (fixture->game);
      guint closed_before = ttt_match_get_closed_boards (match);
      g_autofree char *text = NULL;
      int cell = first_legal (match);
      int reply;
      guint newly;

      g_assert_true (ttt_game_play (fixture->game, cell));
      ttt_test_wait_for_human (fixture->game);
      reply = ttt_match_get_position (match)->last_move;
      text = take_one (fixture);
      newly = ttt_match_get_closed_boards (match) & ~closed_before;

      for (int b = 0; b < 9; b++)
        {
          const char *names[] = { "Top-left", "Top-centre", "Top-right", "Centre-left", "Centre",
                                  "Centre-right", "Bottom-left", "Bottom-centre", "Bottom-right" };
          g_autofree char *prefix = g_strdup_printf ("%s board: ", names[b]);
          const char *at = strstr (text, prefix);

          if ((newly & (1u << b)) == 0)
            {
              g_assert_null (at);
              continue;
            }
          g_assert_nonnull (at);
          /* Once, and where the move that closed it is told. */
          g_assert_null (strstr (at + 1, prefix));
          if (b == reply / 9 && reply != cell)
            g_assert_nonnull (strstr (text, "Computer played in "));
          if (b == reply / 9 && reply != cell)
            g_assert_true (strstr (text, "Computer played in ") < at);
          else if (strstr (text, "Computer played in ") != NULL)
            g_assert_true (at < strstr (text, "Computer played in "));
          closed_told = TRUE;
        }
    }

  g_assert_true (closed_told);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

#define ADD(path, func) \
  g_test_add (path, Fixture, NULL, fixture_set_up, func, fixture_tear_down)

  ADD ("/news/reply", test_reply);
  ADD ("/news/reply-later", test_reply_later);
  g_test_add ("/news/result/computer-won", Fixture, GINT_TO_POINTER (FALSE), fixture_set_up, test_computer_won, fixture_tear_down);
  g_test_add ("/news/result/computer-won-later", Fixture, GINT_TO_POINTER (TRUE), fixture_set_up, test_computer_won, fixture_tear_down);
  g_test_add ("/news/result/human-won", Fixture, &human_won, fixture_set_up, test_human_ends, fixture_tear_down);
  g_test_add ("/news/result/draw", Fixture, &human_draws, fixture_set_up, test_human_ends, fixture_tear_down);
  ADD ("/news/two-players", test_two_players);
  ADD ("/news/two-players-named", test_two_players_named);
  ADD ("/news/new-game", test_new_game);
  ADD ("/news/side-changed", test_side_changed);
  ADD ("/news/undo", test_undo);
  ADD ("/news/hint", test_hint);
  ADD ("/news/dispose", test_dispose);
  ADD ("/news/ultimate/reply", test_ultimate_reply);
  ADD ("/news/ultimate/two-players", test_ultimate_two_players);
  ADD ("/news/ultimate/board-closed", test_ultimate_board_closed);
  ADD ("/news/ultimate/board-closed-computer", test_ultimate_board_closed_computer);
  ADD ("/news/remote/won", test_remote_won);
  ADD ("/news/remote/lost", test_remote_lost);
  ADD ("/news/remote/begins", test_remote_begins);

#undef ADD

  return g_test_run ();
}
