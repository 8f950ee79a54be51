/* test-player.c — the player seam: positions of either game, and the
 * computer answering them off the main thread
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "model-helpers.h"

#include "ttt-misere.h"
#include "ttt-position.h"

static void
test_position_classic (void)
{
  TttBoard board;
  TttPosition position;

  g_assert_cmpint (ttt_board_parse (&board, "X...O...."), ==, TTT_OK);
  ttt_position_init_classic (&position, &board, 4);

  g_assert_cmpint (position.variant, ==, TTT_VARIANT_CLASSIC);
  g_assert_cmpint (position.last_move, ==, 4);
  g_assert_cmpint (ttt_position_get_n_cells (&position), ==, 9);
  g_assert_cmpint (ttt_position_get_turn (&position), ==, TTT_MARK_X);
  g_assert_cmpint (ttt_position_get_cell (&position, 0), ==, TTT_MARK_X);
  g_assert_cmpint (ttt_position_get_cell (&position, 4), ==, TTT_MARK_O);
  g_assert_cmpint (ttt_position_get_cell (&position, 9), ==, TTT_MARK_NONE);
  g_assert_false (ttt_position_is_legal (&position, 0));
  g_assert_false (ttt_position_is_legal (&position, -1));
  g_assert_false (ttt_position_is_legal (&position, 9));
  g_assert_true (ttt_position_is_legal (&position, 8));
  g_assert_cmpint (ttt_position_get_outcome (&position), ==, TTT_OUTCOME_ONGOING);

  /* A finished board has no side to move and no legal cell. */
  g_assert_cmpint (ttt_board_parse (&board, "XXXOO...."), ==, TTT_OK);
  ttt_position_init_classic (&position, &board, 2);
  g_assert_cmpint (ttt_position_get_turn (&position), ==, TTT_MARK_NONE);
  g_assert_false (ttt_position_is_legal (&position, 8));
  g_assert_cmpint (ttt_position_get_outcome (&position), ==, TTT_OUTCOME_X_WINS);
}

static void
test_position_ultimate (void)
{
  TttUltimate ultimate;
  TttPosition position;
  int sent_to;

  ttt_ultimate_clear (&ultimate);
  g_assert_cmpint (ttt_ultimate_play (&ultimate, 4 * 9 + 2), ==, TTT_OK);
  ttt_position_init_ultimate (&position, &ultimate, 4 * 9 + 2);

  g_assert_cmpint (position.variant, ==, TTT_VARIANT_ULTIMATE);
  g_assert_cmpint (ttt_position_get_n_cells (&position), ==, 81);
  g_assert_cmpint (ttt_position_get_turn (&position), ==, TTT_MARK_O);
  g_assert_cmpint (ttt_position_get_cell (&position, 4 * 9 + 2), ==, TTT_MARK_X);

  /* The move was made in a cell whose place sends O to one board: only
   * that board's cells are legal, whichever numbering the engine uses. */
  sent_to = ultimate.next;
  g_assert_cmpint (sent_to, >=, 0);
  for (int cell = 0; cell < 81; cell++)
    g_assert_cmpint (ttt_position_is_legal (&position, cell), ==,
                     ttt_ultimate_is_legal (&ultimate, cell));
  g_assert_false (ttt_position_is_legal (&position, 4 * 9 + 2));
  g_assert_false (ttt_position_is_legal (&position, 81));
  g_assert_cmpint (ttt_position_get_outcome (&position), ==, TTT_OUTCOME_ONGOING);
}

typedef struct
{
  GMainLoop *loop;
  GError    *error;
  int        cell;
  gboolean   done;
} Answer;

static void
answered_cb (GObject      *source,
             GAsyncResult *result,
             gpointer      user_data)
{
  Answer *answer = user_data;
  guint64 rng_state = 0;

  answer->cell = ttt_player_choose_move_finish (TTT_PLAYER (source), result,
                                                &rng_state, &answer->error);
  answer->done = TRUE;
  g_main_loop_quit (answer->loop);
}

static gboolean
deadline_cb (gpointer user_data)
{
  g_error ("the computer did not answer within the test's deadline");
  return G_SOURCE_REMOVE;
}

static void
ask (TttPlayer         *player,
     const TttPosition *position,
     GCancellable      *cancellable,
     Answer            *answer)
{
  guint deadline = g_timeout_add (TTT_TEST_DEADLINE_US / 1000, deadline_cb, NULL);

  answer->loop = g_main_loop_new (NULL, FALSE);
  ttt_player_choose_move_async (player, position, 7, cancellable, answered_cb, answer);
  if (cancellable != NULL)
    g_cancellable_cancel (cancellable);
  while (!answer->done)
    g_main_loop_run (answer->loop);
  g_source_remove (deadline);
  g_main_loop_unref (answer->loop);
}

/* Every level of the computer answers an Ultimate position with a legal
 * move, through the same seam as the classic game. */
static void
test_computer_ultimate (void)
{
  static const TttLevel levels[] = { TTT_LEVEL_EASY, TTT_LEVEL_MEDIUM };
  TttUltimate ultimate;
  TttPosition position;

  ttt_ultimate_clear (&ultimate);
  g_assert_cmpint (ttt_ultimate_play (&ultimate, 40), ==, TTT_OK);
  ttt_position_init_ultimate (&position, &ultimate, 40);

  for (guint i = 0; i < G_N_ELEMENTS (levels); i++)
    {
      g_autoptr(TttPlayer) computer = ttt_computer_player_new (levels[i]);
      Answer answer = { 0 };

      ask (computer, &position, NULL, &answer);
      g_assert_no_error (answer.error);
      g_assert_true (ttt_ultimate_is_legal (&ultimate, answer.cell));
    }
}

/* A cancelled request answers CANCELLED and no move, even from Hard's
 * long search. */
static void
test_computer_cancelled (void)
{
  g_autoptr(TttPlayer) computer = ttt_computer_player_new (TTT_LEVEL_HARD);
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  TttUltimate ultimate;
  TttPosition position;
  Answer answer = { 0 };

  ttt_ultimate_clear (&ultimate);
  ttt_position_init_ultimate (&position, &ultimate, -1);

  ask (computer, &position, cancellable, &answer);
  g_assert_error (answer.error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_cmpint (answer.cell, ==, -1);
  g_clear_error (&answer.error);
}

/* Hard keeps its tree from one move to the next: asked about the position
 * its own move led to, its search starts with the visits it had already
 * given that move; asked about another game, or after a cancel, afresh. */
static void
test_computer_kept_tree (void)
{
  g_autoptr(TttPlayer) computer = ttt_computer_player_new (TTT_LEVEL_HARD);
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  TttComputerPlayer *hard = TTT_COMPUTER_PLAYER (computer);
  TttUltimate ultimate;
  TttPosition position;
  Answer answer = { 0 };

  ttt_ultimate_clear (&ultimate);
  ttt_position_init_ultimate (&position, &ultimate, -1);
  ask (computer, &position, NULL, &answer);
  g_assert_no_error (answer.error);
  g_assert_cmpuint (ttt_computer_player_get_kept_visits (hard), ==, 0);

  /* Its own move, then the reply it would make to it. */
  g_assert_cmpint (ttt_ultimate_play (&ultimate, answer.cell), ==, TTT_OK);
  ttt_position_init_ultimate (&position, &ultimate, answer.cell);
  answer = (Answer) { 0 };
  ask (computer, &position, NULL, &answer);
  g_assert_no_error (answer.error);
  g_assert_true (ttt_position_is_legal (&position, answer.cell));
  g_assert_cmpuint (ttt_computer_player_get_kept_visits (hard), >, 0);
  g_test_message ("the second search started with %" G_GUINT64_FORMAT " visits",
                  ttt_computer_player_get_kept_visits (hard));

  /* A cancelled search gives nothing back; the next starts afresh. */
  answer = (Answer) { 0 };
  ask (computer, &position, cancellable, &answer);
  g_assert_error (answer.error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_clear_error (&answer.error);
  answer = (Answer) { 0 };
  ask (computer, &position, NULL, &answer);
  g_assert_no_error (answer.error);
  g_assert_cmpuint (ttt_computer_player_get_kept_visits (hard), ==, 0);

  /* A position of another game is not one or two moves on. */
  ttt_ultimate_clear (&ultimate);
  g_assert_cmpint (ttt_ultimate_play (&ultimate, 80), ==, TTT_OK);
  ttt_position_init_ultimate (&position, &ultimate, 80);
  answer = (Answer) { 0 };
  ask (computer, &position, NULL, &answer);
  g_assert_no_error (answer.error);
  g_assert_cmpuint (ttt_computer_player_get_kept_visits (hard), ==, 0);
}

/* A position @plies into a game of random moves from @seed, the first
 * legal move of a random board: past the first few plies it has no
 * symmetry, so every move is searched as itself. */
static void
random_game (TttUltimate *ultimate,
             int          plies,
             guint64      seed)
{
  ttt_ultimate_clear (ultimate);
  for (int i = 0; i < plies; i++)
    {
      TttUltimateMoves legal;
      int n = ttt_ultimate_legal_moves (ultimate, &legal);
      int k = (int) (ttt_rng_next (&seed) % (guint64) n);

      for (int move = 0; move < TTT_ULTIMATE_N_MOVES; move++)
        if ((legal.cells[move / 9] & (1u << (move % 9))) && k-- == 0)
          {
            g_assert_cmpint (ttt_ultimate_play (ultimate, move), ==, TTT_OK);
            break;
          }
    }
  g_assert_cmpint (ttt_ultimate_outcome (ultimate), ==, TTT_OUTCOME_ONGOING);
}

/* Master searches on the threads it is given, and keeps their trees: the
 * person's reply to its move walks them down, so its next search starts
 * with the visits the last gave that reply. Hard's tree is of one thread:
 * Master's goes when the level changes. */
static void
test_computer_master_threads (void)
{
  g_autoptr(TttPlayer) computer = ttt_computer_player_new (TTT_LEVEL_MASTER);
  TttComputerPlayer *master = TTT_COMPUTER_PLAYER (computer);
  TttUltimateMoves legal;
  TttUltimate ultimate;
  TttPosition position;
  Answer answer = { 0 };
  int reply = -1;

  g_assert_cmpuint (ttt_computer_player_get_n_threads (master), >=, 1);
  g_assert_cmpuint (ttt_computer_player_get_n_threads (master), <=, TTT_SEARCH_MAX_THREADS);
  ttt_computer_player_set_n_threads (master, 2);
  g_assert_cmpuint (ttt_computer_player_get_n_threads (master), ==, 2);

  random_game (&ultimate, 16, 3);
  ttt_position_init_ultimate (&position, &ultimate, -1);
  ask (computer, &position, NULL, &answer);
  g_assert_no_error (answer.error);
  g_assert_cmpuint (ttt_computer_player_get_kept_visits (master), ==, 0);

  /* Its move, and the person's reply: the first they may play. */
  g_assert_cmpint (ttt_ultimate_play (&ultimate, answer.cell), ==, TTT_OK);
  g_assert_cmpint (ttt_ultimate_legal_moves (&ultimate, &legal), >, 0);
  for (int move = 0; move < TTT_ULTIMATE_N_MOVES && reply < 0; move++)
    if (legal.cells[move / 9] & (1u << (move % 9)))
      reply = move;
  g_assert_cmpint (ttt_ultimate_play (&ultimate, reply), ==, TTT_OK);
  g_assert_cmpint (ttt_ultimate_outcome (&ultimate), ==, TTT_OUTCOME_ONGOING);
  ttt_position_init_ultimate (&position, &ultimate, reply);
  answer = (Answer) { 0 };
  ask (computer, &position, NULL, &answer);
  g_assert_no_error (answer.error);
  g_assert_true (ttt_position_is_legal (&position, answer.cell));
  g_assert_cmpuint (ttt_computer_player_get_kept_visits (master), >, 0);
  g_test_message ("after the reply, the search started with %" G_GUINT64_FORMAT " visits",
                  ttt_computer_player_get_kept_visits (master));

  /* Hard searches on one thread: Master's trees are not its. */
  g_assert_cmpint (ttt_ultimate_play (&ultimate, answer.cell), ==, TTT_OK);
  ttt_position_init_ultimate (&position, &ultimate, answer.cell);
  ttt_computer_player_set_level (master, TTT_LEVEL_HARD);
  answer = (Answer) { 0 };
  ask (computer, &position, NULL, &answer);
  g_assert_no_error (answer.error);
  g_assert_cmpuint (ttt_computer_player_get_kept_visits (master), ==, 0);
}

/* The computer plays Misère by Misère's rules: Hard answers only with
 * Misère's best moves, never the classic game's. */
static void
test_computer_misere (void)
{
  /* X in a corner and O beside it: the classic solver and Misère's
   * disagree about where X goes next. */
  const char *texts[] = { "X../.../...", "XO./.../...", "X.O/.X./...", "XOX/.O./..." };
  guint n_differ = 0;

  for (guint i = 0; i < G_N_ELEMENTS (texts); i++)
    {
      g_autoptr(TttPlayer) computer = ttt_computer_player_new (TTT_LEVEL_HARD);
      TttPosition position;
      TttBoard board;
      Answer answer = { 0 };

      g_assert_cmpint (ttt_board_parse (&board, texts[i]), ==, TTT_OK);
      ttt_position_clear (&position, TTT_VARIANT_MISERE);
      position.classic = board;
      ask (computer, &position, NULL, &answer);
      g_assert_no_error (answer.error);
      if (!((ttt_misere_best_moves (&board) >> answer.cell) & 1))
        g_error ("%s: Hard played %d, not one of Misère's best moves 0x%03x", texts[i], answer.cell,
                 ttt_misere_best_moves (&board));
      n_differ += (ttt_solver_best_moves (&board) & ~ttt_misere_best_moves (&board)) != 0;
    }
  /* Positions where the classic game's best would be wrong here. */
  g_assert_cmpuint (n_differ, >=, 2);
}

/* What a player says of itself, by what it is rather than by a kind a
 * caller switches on. */
static void
test_words (void)
{
  g_autoptr(TttPlayer) local = ttt_player_new_local ();
  g_autoptr(TttPlayer) computer = ttt_computer_player_new (TTT_LEVEL_EASY);
  g_autofree char *computer_waits = ttt_player_dup_waiting_text (computer);
  g_autofree char *computer_won = ttt_player_dup_won_text (computer);
  g_autofree char *local_won = ttt_player_dup_won_text (local);

  g_assert_true (ttt_player_is_local (local));
  g_assert_false (ttt_player_is_local (computer));
  g_assert_cmpstr (ttt_player_get_display_name (local), ==, "You");
  g_assert_cmpstr (ttt_player_get_display_name (computer), ==, "Computer");
  g_assert_null (ttt_player_dup_waiting_text (local));
  g_assert_cmpstr (computer_waits, ==, "Computer is thinking…");
  g_assert_cmpstr (computer_won, ==, "Computer won");
  g_assert_cmpstr (local_won, ==, "You won!");
  g_assert_false (ttt_player_is_known_by_name (local));
  g_assert_false (ttt_player_is_known_by_name (computer));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/player/position/classic", test_position_classic);
  g_test_add_func ("/player/position/ultimate", test_position_ultimate);
  g_test_add_func ("/player/computer/ultimate", test_computer_ultimate);
  g_test_add_func ("/player/computer/cancelled", test_computer_cancelled);
  g_test_add_func ("/player/computer/kept-tree", test_computer_kept_tree);
  g_test_add_func ("/player/computer/master-threads", test_computer_master_threads);
  g_test_add_func ("/player/computer/misere", test_computer_misere);
  g_test_add_func ("/player/words", test_words);

  return g_test_run ();
}
