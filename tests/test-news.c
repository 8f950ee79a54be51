/* test-news.c — what TttNews tells a screen reader, without a display
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Each test plays on a real TttGame and records every "news" emitted. The
 * cells the computer chooses are read back from the board, never assumed,
 * so the expected words follow from what the game did.
 */

#include <string.h>

#include <glib-object.h>

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
  fixture->game = ttt_game_new ();
  ttt_game_set_computer_delay (fixture->game, 0);
  ttt_game_set_seed (fixture->game, 5);
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

/* Runs whatever is ready: a computer move without delay, then the news. */
static void
iterate (void)
{
  while (g_main_context_pending (NULL))
    g_main_context_iteration (NULL, FALSE);
}

static gboolean
set_flag_cb (gpointer data)
{
  *(gboolean *) data = TRUE;
  return G_SOURCE_REMOVE;
}

/* Runs the loop for @ms, long enough for anything left behind to show. */
static void
run_for (guint ms)
{
  gboolean done = FALSE;

  g_timeout_add (ms, set_flag_cb, &done);
  while (!done)
    g_main_context_iteration (NULL, TRUE);
}

static void
wait_for_human (TttGame *game)
{
  guint guard = 0;

  while (ttt_game_get_state (game) == TTT_GAME_STATE_COMPUTER_TURN)
    {
      g_assert_cmpuint (++guard, <, 1000);
      g_main_context_iteration (NULL, TRUE);
    }
  iterate ();
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

static void
assert_quiet (Fixture *fixture)
{
  run_for (20);
  g_assert_cmpuint (fixture->heard->len, ==, 0);
}

/* The marks of the board, to find the computer's cell afterwards. */
static void
read_marks (TttGame *game,
            TttMark  marks[TTT_N_CELLS])
{
  for (int i = 0; i < TTT_N_CELLS; i++)
    marks[i] = ttt_game_get_cell (game, i);
}

static int
added_cell (const TttMark before[TTT_N_CELLS],
            TttGame      *game)
{
  int found = -1;

  for (int i = 0; i < TTT_N_CELLS; i++)
    if (before[i] == TTT_MARK_NONE && ttt_game_get_cell (game, i) != TTT_MARK_NONE)
      {
        g_assert_cmpint (found, ==, -1);
        found = i;
      }
  g_assert_cmpint (found, >=, 0);

  return found;
}

static char *
computer_played (int         cell,
                 const char *then)
{
  return g_strdup_printf ("Computer played row %d, column %d. %s", cell / 3 + 1, cell % 3 + 1, then);
}

/* Plays @cell for the human and lets the computer answer; returns the
 * computer's cell, or -1 if the human's move ended the game. */
static int
exchange (Fixture *fixture,
          int      cell)
{
  TttMark before[TTT_N_CELLS];

  g_assert_true (ttt_game_play (fixture->game, cell));
  read_marks (fixture->game, before);
  wait_for_human (fixture->game);

  if (ttt_game_get_state (fixture->game) == TTT_GAME_STATE_OVER &&
      ttt_game_get_n_moves (fixture->game) % 2 == 1)
    return -1;

  return added_cell (before, fixture->game);
}

/* The computer's reply, then whose turn it is, as one piece of news. */
static void
test_reply (Fixture       *fixture,
            gconstpointer  data)
{
  g_autofree char *text = NULL;
  g_autofree char *expected = NULL;
  int reply;

  ttt_game_start_new (fixture->game);
  iterate ();
  g_ptr_array_set_size (fixture->heard, 0);

  reply = exchange (fixture, 0);
  expected = computer_played (reply, "Your turn.");
  text = take_one (fixture);
  g_assert_cmpstr (text, ==, expected);

  /* Nothing more while nothing happens. */
  assert_quiet (fixture);
}

/* The human's own move is heard from its cell: with the computer still
 * thinking there is no news, and its answer comes as news of its own. */
static void
test_reply_later (Fixture       *fixture,
                  gconstpointer  data)
{
  TttMark before[TTT_N_CELLS];
  g_autofree char *text = NULL;
  g_autofree char *expected = NULL;

  ttt_game_set_computer_delay (fixture->game, 30);
  ttt_game_start_new (fixture->game);
  iterate ();
  g_ptr_array_set_size (fixture->heard, 0);

  g_assert_true (ttt_game_play (fixture->game, 4));
  read_marks (fixture->game, before);
  iterate ();
  g_assert_cmpint (ttt_game_get_state (fixture->game), ==, TTT_GAME_STATE_COMPUTER_TURN);
  g_assert_cmpuint (fixture->heard->len, ==, 0);

  wait_for_human (fixture->game);
  expected = computer_played (added_cell (before, fixture->game), "Your turn.");
  text = take_one (fixture);
  g_assert_cmpstr (text, ==, expected);
  assert_quiet (fixture);
}

/* Against Hard, a human who plays the first free cell loses: the last news
 * is the computer's winning move and the result. */
static void
test_computer_won (Fixture       *fixture,
                   gconstpointer  data)
{
  g_autofree char *expected = NULL;
  int reply = -1;

  ttt_game_set_difficulty (fixture->game, TTT_LEVEL_HARD);
  ttt_game_start_new (fixture->game);
  iterate ();

  while (ttt_game_get_state (fixture->game) == TTT_GAME_STATE_HUMAN_TURN)
    for (int i = 0; i < TTT_N_CELLS; i++)
      if (ttt_game_get_cell (fixture->game, i) == TTT_MARK_NONE)
        {
          g_ptr_array_set_size (fixture->heard, 0);
          reply = exchange (fixture, i);
          break;
        }

  g_assert_cmpint (ttt_game_get_outcome (fixture->game), ==, TTT_OUTCOME_O_WINS);
  g_assert_cmpint (reply, >=, 0);
  expected = computer_played (reply, "Computer won.");
  {
    g_autofree char *text = take_one (fixture);

    g_assert_cmpstr (text, ==, expected);
  }
  assert_quiet (fixture);
}

/* A cell that completes a line of @mark, or -1. */
static int
completing (TttGame *game,
            TttMark  mark)
{
  static const int lines[8][3] = {
    { 0, 1, 2 }, { 3, 4, 5 }, { 6, 7, 8 }, { 0, 3, 6 },
    { 1, 4, 7 }, { 2, 5, 8 }, { 0, 4, 8 }, { 2, 4, 6 },
  };

  for (guint l = 0; l < G_N_ELEMENTS (lines); l++)
    {
      int own = 0, empty = -1;

      for (int k = 0; k < 3; k++)
        {
          TttMark m = ttt_game_get_cell (game, lines[l][k]);

          if (m == mark)
            own++;
          else if (m == TTT_MARK_NONE)
            empty = lines[l][k];
        }
      if (own == 2 && empty >= 0)
        return empty;
    }

  return -1;
}

/* Medium falls for opposite corners: the human's winning move ends the
 * game, takes the focus off the board, and so is named in the news. */
static void
test_human_won (Fixture       *fixture,
                gconstpointer  data)
{
  static const int order[] = { 0, 8, 2, 6, 4, 1, 3, 5, 7 };
  g_autofree char *expected = NULL;
  int last = -1;

  ttt_game_start_new (fixture->game);
  iterate ();

  while (ttt_game_get_state (fixture->game) == TTT_GAME_STATE_HUMAN_TURN)
    {
      int cell = completing (fixture->game, TTT_MARK_X);

      if (cell < 0)
        cell = completing (fixture->game, TTT_MARK_O);
      for (guint i = 0; cell < 0 && i < G_N_ELEMENTS (order); i++)
        if (ttt_game_get_cell (fixture->game, order[i]) == TTT_MARK_NONE)
          cell = order[i];

      g_ptr_array_set_size (fixture->heard, 0);
      last = cell;
      exchange (fixture, cell);
    }

  g_assert_cmpint (ttt_game_get_outcome (fixture->game), ==, TTT_OUTCOME_X_WINS);
  expected = g_strdup_printf ("You played row %d, column %d. You won!", last / 3 + 1, last % 3 + 1);
  {
    g_autofree char *text = take_one (fixture);

    g_assert_cmpstr (text, ==, expected);
  }
}

/* Perfect play on both sides, the human's by the hint: a draw on the
 * human's ninth-cell move. */
static void
test_draw (Fixture       *fixture,
           gconstpointer  data)
{
  g_autofree char *expected = NULL;
  int last = -1;

  ttt_game_set_difficulty (fixture->game, TTT_LEVEL_HARD);
  ttt_game_start_new (fixture->game);
  iterate ();

  while (ttt_game_get_state (fixture->game) == TTT_GAME_STATE_HUMAN_TURN)
    {
      g_ptr_array_set_size (fixture->heard, 0);
      last = ttt_game_hint (fixture->game);
      exchange (fixture, last);
    }

  g_assert_cmpint (ttt_game_get_outcome (fixture->game), ==, TTT_OUTCOME_DRAW);
  g_assert_cmpuint (ttt_game_get_n_moves (fixture->game), ==, 9);
  expected = g_strdup_printf ("You played row %d, column %d. It’s a draw.", last / 3 + 1, last % 3 + 1);
  {
    g_autofree char *text = take_one (fixture);

    g_assert_cmpstr (text, ==, expected);
  }
}

static void
play_two (Fixture    *fixture,
          int         cell,
          const char *expected)
{
  g_autofree char *text = NULL;

  g_assert_true (ttt_game_play (fixture->game, cell));
  iterate ();
  text = take_one (fixture);
  g_assert_cmpstr (text, ==, expected);
}

/* Between two people each move is followed by whose turn it is; the last
 * names the winning move and the winner. */
static void
test_two_players (Fixture       *fixture,
                  gconstpointer  data)
{
  ttt_game_set_opponent (fixture->game, TTT_OPPONENT_HUMAN);
  ttt_game_start_new (fixture->game);
  iterate ();
  g_ptr_array_set_size (fixture->heard, 0);

  play_two (fixture, 0, "O’s turn.");
  play_two (fixture, 3, "X’s turn.");
  play_two (fixture, 1, "O’s turn.");
  play_two (fixture, 4, "X’s turn.");
  play_two (fixture, 2, "X played row 1, column 3. X won!");
  assert_quiet (fixture);

  /* O's win and a draw, from a new game each. */
  ttt_news_note_new_game (fixture->news);
  ttt_game_start_new (fixture->game);
  iterate ();
  {
    g_autofree char *text = take_one (fixture);

    g_assert_cmpstr (text, ==, "New game. X’s turn.");
  }
  play_two (fixture, 0, "O’s turn.");
  play_two (fixture, 3, "X’s turn.");
  play_two (fixture, 1, "O’s turn.");
  play_two (fixture, 4, "X’s turn.");
  play_two (fixture, 8, "O’s turn.");
  play_two (fixture, 5, "O played row 2, column 3. O won!");

  ttt_game_start_new (fixture->game);
  iterate ();
  g_ptr_array_set_size (fixture->heard, 0);
  {
    static const int moves[] = { 0, 1, 2, 4, 3, 5, 7, 6 };

    for (guint i = 0; i < G_N_ELEMENTS (moves); i++)
      play_two (fixture, moves[i], i % 2 == 0 ? "O’s turn." : "X’s turn.");
  }
  play_two (fixture, 8, "X played row 3, column 3. It’s a draw.");
}

/* New Game says so, and who plays what, even on an empty board where
 * nothing else changes; when the computer opens, its move follows. */
static void
test_new_game (Fixture       *fixture,
               gconstpointer  data)
{
  TttMark before[TTT_N_CELLS];
  g_autofree char *expected = NULL;

  ttt_game_start_new (fixture->game);
  iterate ();
  g_ptr_array_set_size (fixture->heard, 0);

  ttt_news_note_new_game (fixture->news);
  ttt_game_start_new (fixture->game);
  iterate ();
  {
    g_autofree char *text = take_one (fixture);

    g_assert_cmpstr (text, ==, "New game. You play X. Your turn.");
  }

  exchange (fixture, 4);
  g_ptr_array_set_size (fixture->heard, 0);
  ttt_news_note_new_game (fixture->news);
  ttt_game_start_new (fixture->game);
  iterate ();
  {
    g_autofree char *text = take_one (fixture);

    g_assert_cmpstr (text, ==, "New game. You play X. Your turn.");
  }
  assert_quiet (fixture);

  /* The computer opens at once: one piece of news for the whole start. */
  ttt_game_set_first_player (fixture->game, TTT_FIRST_PLAYER_COMPUTER);
  iterate ();
  g_ptr_array_set_size (fixture->heard, 0);
  for (int i = 0; i < TTT_N_CELLS; i++)
    before[i] = TTT_MARK_NONE;
  ttt_news_note_new_game (fixture->news);
  ttt_game_start_new (fixture->game);
  iterate ();
  {
    g_autofree char *move = computer_played (added_cell (before, fixture->game), "Your turn.");

    expected = g_strdup_printf ("New game. You play O. %s", move);
  }
  {
    g_autofree char *text = take_one (fixture);

    g_assert_cmpstr (text, ==, expected);
  }

  /* After a pause: first the new game, then the move. */
  ttt_game_set_computer_delay (fixture->game, 30);
  ttt_news_note_new_game (fixture->news);
  ttt_game_start_new (fixture->game);
  iterate ();
  {
    g_autofree char *text = take_one (fixture);

    g_assert_cmpstr (text, ==, "New game. You play O.");
  }
  for (int i = 0; i < TTT_N_CELLS; i++)
    before[i] = TTT_MARK_NONE;
  wait_for_human (fixture->game);
  {
    g_autofree char *text = take_one (fixture);
    g_autofree char *move = computer_played (added_cell (before, fixture->game), "Your turn.");

    g_assert_cmpstr (text, ==, move);
  }
}

/* A preference that restarts an empty game: the side is news. */
static void
test_side_changed (Fixture       *fixture,
                   gconstpointer  data)
{
  TttMark before[TTT_N_CELLS];
  g_autofree char *expected = NULL;
  g_autofree char *text = NULL;

  ttt_game_start_new (fixture->game);
  iterate ();
  g_ptr_array_set_size (fixture->heard, 0);

  read_marks (fixture->game, before);
  ttt_game_set_first_player (fixture->game, TTT_FIRST_PLAYER_COMPUTER);
  iterate ();
  {
    g_autofree char *move = computer_played (added_cell (before, fixture->game), "Your turn.");

    expected = g_strdup_printf ("You play O. %s", move);
  }
  text = take_one (fixture);
  g_assert_cmpstr (text, ==, expected);

  /* A preference for the next game is no news now. */
  ttt_game_set_difficulty (fixture->game, TTT_LEVEL_EASY);
  ttt_game_reset_scores (fixture->game);
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
  iterate ();
  reply = exchange (fixture, 0);
  g_ptr_array_set_size (fixture->heard, 0);

  ttt_news_note_undo (fixture->news);
  g_assert_true (ttt_game_undo (fixture->game));
  iterate ();
  expected = g_strdup_printf ("Took back X at row 1, column 1 and O at row %d, column %d. Your turn.",
                              reply / 3 + 1, reply % 3 + 1);
  {
    g_autofree char *text = take_one (fixture);

    g_assert_cmpstr (text, ==, expected);
  }

  /* Nothing to undo: nothing said, and the next news is not an undo's. */
  ttt_news_note_undo (fixture->news);
  g_assert_false (ttt_game_undo (fixture->game));
  iterate ();
  g_assert_cmpuint (fixture->heard->len, ==, 0);
  reply = exchange (fixture, 8);
  {
    g_autofree char *text = take_one (fixture);
    g_autofree char *move = computer_played (reply, "Your turn.");

    g_assert_cmpstr (text, ==, move);
  }

  /* An answer still on its way is cancelled: only X is taken back. */
  ttt_game_set_computer_delay (fixture->game, 30);
  ttt_news_note_new_game (fixture->news);
  ttt_game_start_new (fixture->game);
  iterate ();
  g_ptr_array_set_size (fixture->heard, 0);
  g_assert_true (ttt_game_play (fixture->game, 5));
  iterate ();
  ttt_news_note_undo (fixture->news);
  g_assert_true (ttt_game_undo (fixture->game));
  iterate ();
  {
    g_autofree char *text = take_one (fixture);

    g_assert_cmpstr (text, ==, "Took back X at row 2, column 3. Your turn.");
  }
  assert_quiet (fixture);

  /* Between two people, one move. */
  ttt_game_set_opponent (fixture->game, TTT_OPPONENT_HUMAN);
  iterate ();
  g_ptr_array_set_size (fixture->heard, 0);
  g_assert_true (ttt_game_play (fixture->game, 6));
  g_assert_true (ttt_game_play (fixture->game, 2));
  iterate ();
  g_ptr_array_set_size (fixture->heard, 0);
  ttt_news_note_undo (fixture->news);
  g_assert_true (ttt_game_undo (fixture->game));
  iterate ();
  {
    g_autofree char *text = take_one (fixture);

    g_assert_cmpstr (text, ==, "Took back O at row 1, column 3. O’s turn.");
  }
}

/* Hint: the view moves the focus to the cell, which names it; the news
 * says it is the suggestion, and why when the caller knows. */
static void
test_hint (Fixture       *fixture,
           gconstpointer  data)
{
  ttt_game_start_new (fixture->game);
  iterate ();

  ttt_news_note_hint (fixture->news, ttt_game_hint (fixture->game), NULL);
  iterate ();
  {
    g_autofree char *text = take_one (fixture);

    g_assert_cmpstr (text, ==, "Suggested move");
  }

  ttt_news_note_hint (fixture->news, 4, "It takes the centre.");
  iterate ();
  {
    g_autofree char *text = take_one (fixture);

    g_assert_cmpstr (text, ==, "Suggested move: It takes the centre.");
  }

  /* No hint, no news. */
  ttt_news_note_hint (fixture->news, -1, NULL);
  assert_quiet (fixture);
}

/* Freed with news pending: nothing is told afterwards. */
static void
test_dispose (Fixture       *fixture,
              gconstpointer  data)
{
  ttt_game_start_new (fixture->game);
  iterate ();
  g_assert_true (ttt_game_play (fixture->game, 0));
  g_clear_object (&fixture->news);
  run_for (20);
  g_assert_cmpuint (fixture->heard->len, ==, 0);

  /* flush tells at once what is pending. */
  fixture->news = ttt_news_new (fixture->game);
  g_signal_connect (fixture->news, "news", G_CALLBACK (news_cb), fixture);
  ttt_news_note_new_game (fixture->news);
  ttt_news_flush (fixture->news);
  g_assert_cmpuint (fixture->heard->len, ==, 1);
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
  ADD ("/news/result/computer-won", test_computer_won);
  ADD ("/news/result/human-won", test_human_won);
  ADD ("/news/result/draw", test_draw);
  ADD ("/news/two-players", test_two_players);
  ADD ("/news/new-game", test_new_game);
  ADD ("/news/side-changed", test_side_changed);
  ADD ("/news/undo", test_undo);
  ADD ("/news/hint", test_hint);
  ADD ("/news/dispose", test_dispose);

#undef ADD

  return g_test_run ();
}
