/* test-game-ultimate.c — TttGame playing Ultimate Tic-Tac-Toe
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The same game object as classic, with the variant set: whole games by
 * ttt_game_play(), each step checked against rules worked out here from
 * the cells the game shows (not from the engine's own masks), illegal
 * moves refused with nothing changed, undo, the computer's replies, and
 * its search cancelled by a new game, an undo, a setting and dispose.
 */

#include <string.h>

#include "model-helpers.h"
#include "ttt-analyst-search.h"
#include "ttt-names.h"
#include "ttt-words.h"

/* The classic lines, on a 3 × 3 grid (of cells, or of small boards). */
static const guint lines[] = { 0007, 0070, 0700, 0111, 0222, 0444, 0421, 0124 };

static TttMark
line_owner (const TttMark marks[9])
{
  for (gsize i = 0; i < G_N_ELEMENTS (lines); i++)
    {
      TttMark first = TTT_MARK_NONE;
      gboolean all = TRUE;

      for (int c = 0; c < 9 && all; c++)
        if (lines[i] & (1u << c))
          {
            if (first == TTT_MARK_NONE)
              first = marks[c];
            all = marks[c] != TTT_MARK_NONE && marks[c] == first;
          }
      if (all && first != TTT_MARK_NONE)
        return first;
    }

  return TTT_MARK_NONE;
}

/* What the rules say of the game's cells, worked out from its getters. */
typedef struct
{
  TttMark winner[9];
  guint   closed;
  guint   playable;
  TttMark game_winner;
  guint   winning_boards;
} Expected;

static void
expect (TttGame  *game,
        int       last_move,
        Expected *e)
{
  TttMark won_marks[9];
  guint open;

  memset (e, 0, sizeof *e);
  for (int b = 0; b < 9; b++)
    {
      TttMark marks[9];
      gboolean full = TRUE;

      for (int c = 0; c < 9; c++)
        {
          marks[c] = ttt_match_get_cell (ttt_game_get_match (game), b * 9 + c);
          full = full && marks[c] != TTT_MARK_NONE;
        }
      e->winner[b] = line_owner (marks);
      won_marks[b] = e->winner[b];
      if (full || e->winner[b] != TTT_MARK_NONE)
        e->closed |= 1u << b;
    }

  e->game_winner = line_owner (won_marks);
  if (e->game_winner != TTT_MARK_NONE)
    for (gsize i = 0; i < G_N_ELEMENTS (lines); i++)
      {
        gboolean all = TRUE;

        for (int b = 0; b < 9; b++)
          if (lines[i] & (1u << b))
            all = all && won_marks[b] == e->game_winner;
        if (all)
          e->winning_boards |= lines[i];
      }

  open = 0777 & ~e->closed;
  if (e->game_winner != TTT_MARK_NONE || open == 0)
    e->playable = 0;
  else if (last_move >= 0 && (open & (1u << (last_move % 9))))
    e->playable = 1u << (last_move % 9);
  else
    e->playable = open;
}

static void
assert_as_expected (TttGame *game,
                    int      last_move)
{
  Expected e;

  expect (game, last_move, &e);
  for (int b = 0; b < 9; b++)
    g_assert_cmpint (ttt_match_get_board_winner (ttt_game_get_match (game), b), ==, e.winner[b]);
  g_assert_cmpuint (ttt_match_get_closed_boards (ttt_game_get_match (game)), ==, e.closed);
  g_assert_cmpuint (ttt_match_get_playable_boards (ttt_game_get_match (game)), ==, e.playable);
  g_assert_cmpuint (ttt_match_get_winning_boards (ttt_game_get_match (game)), ==, e.winning_boards);
  g_assert_cmpuint (ttt_match_get_winning_cells (ttt_game_get_match (game)), ==, e.winning_boards);

  for (int move = 0; move < 81; move++)
    g_assert_cmpint (ttt_match_is_legal (ttt_game_get_match (game), move), ==,
                     (e.playable & (1u << (move / 9))) != 0 &&
                     ttt_match_get_cell (ttt_game_get_match (game), move) == TTT_MARK_NONE);

  if (e.game_winner != TTT_MARK_NONE)
    g_assert_cmpint (ttt_game_get_outcome (game), ==,
                     e.game_winner == TTT_MARK_X ? TTT_OUTCOME_X_WINS : TTT_OUTCOME_O_WINS);
  else if (e.playable == 0)
    g_assert_cmpint (ttt_game_get_outcome (game), ==, TTT_OUTCOME_DRAW);
  else
    g_assert_cmpint (ttt_game_get_outcome (game), ==, TTT_OUTCOME_ONGOING);
}

static TttGame *
ultimate_game_new (TttOpponent opponent,
                   guint64     seed)
{
  TttGame *game = ttt_test_game_new (seed);

  ttt_setup_set_opponent (ttt_game_get_setup (game), opponent);
  ttt_setup_set_variant (ttt_game_get_setup (game), TTT_VARIANT_ULTIMATE);
  ttt_game_start_new (game);

  return game;
}

/* A uniformly random legal move, by the game's own is_legal. */
static int
random_legal (TttGame *game,
              GRand   *rand)
{
  int legal[81];
  int n = 0;

  for (int move = 0; move < 81; move++)
    if (ttt_match_is_legal (ttt_game_get_match (game), move))
      legal[n++] = move;
  g_assert_cmpint (n, >, 0);

  return legal[g_rand_int_range (rand, 0, n)];
}

typedef struct
{
  guint n_cells;
  int   last_cell;
  guint n_over;
  guint over_cells;
} Heard;

static void
cell_changed_cb (TttGame *game,
                 int      cell,
                 TttMark  mark,
                 Heard   *heard)
{
  heard->n_cells++;
  heard->last_cell = cell;
  g_assert_cmpint (ttt_match_get_cell (ttt_game_get_match (game), cell), ==, mark);
}

static void
game_over_cb (TttGame    *game,
              TttOutcome  outcome,
              guint       cells,
              Heard      *heard)
{
  heard->n_over++;
  heard->over_cells = cells;
  g_assert_cmpint (ttt_game_get_outcome (game), ==, outcome);
}

/* Whole games between two people, every step against the rules above; the
 * results counted in the Ultimate two-player tally, not the classic one. */
static void
test_whole_games (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (24);
  guint outcomes[4] = { 0, };

  for (int g = 0; g < 60; g++)
    {
      g_autoptr(TttGame) game = ultimate_game_new (TTT_OPPONENT_HUMAN, g);
      Heard heard = { 0, };
      int last = -1;

      g_assert_cmpint (ttt_game_get_variant (game), ==, TTT_VARIANT_ULTIMATE);
      g_assert_cmpint (ttt_match_get_n_cells (ttt_game_get_match (game)), ==, 81);
      g_signal_connect (game, "cell-changed", G_CALLBACK (cell_changed_cb), &heard);
      g_signal_connect (game, "game-over", G_CALLBACK (game_over_cb), &heard);
      assert_as_expected (game, -1);
      g_assert_cmpuint (ttt_match_get_playable_boards (ttt_game_get_match (game)), ==, 0777);

      while (ttt_game_get_state (game) != TTT_GAME_STATE_OVER)
        {
          guint n = ttt_game_get_n_moves (game);
          TttMark turn = ttt_game_get_turn (game);
          int move = random_legal (game, rand);

          g_assert_cmpint (turn, ==, n % 2 == 0 ? TTT_MARK_X : TTT_MARK_O);
          g_assert_true (ttt_game_play (game, move));
          g_assert_cmpint (ttt_match_get_cell (ttt_game_get_match (game), move), ==, turn);
          g_assert_cmpuint (ttt_game_get_n_moves (game), ==, n + 1);
          g_assert_cmpint (heard.last_cell, ==, move);
          g_assert_cmpuint (heard.n_cells, ==, n + 1);
          g_assert_cmpint (ttt_match_get_position (ttt_game_get_match (game))->last_move, ==, move);
          last = move;
          assert_as_expected (game, last);
        }

      g_assert_cmpuint (heard.n_over, ==, 1);
      g_assert_cmpuint (heard.over_cells, ==, ttt_match_get_winning_boards (ttt_game_get_match (game)));
      g_assert_cmpint (ttt_game_get_turn (game), ==, TTT_MARK_NONE);
      g_assert_false (ttt_game_get_can_undo (game));
      for (int move = 0; move < 81; move++)
        g_assert_false (ttt_game_play (game, move));
      outcomes[ttt_game_get_outcome (game)]++;

      g_assert_cmpuint (ttt_test_games (game, TTT_TALLY_ID (TTT_VARIANT_ULTIMATE, TTT_TALLY_TWO_PLAYERS)), ==, 1);
      g_assert_cmpuint (ttt_test_games (game, TTT_TALLY_TWO_PLAYERS), ==, 0);
    }

  /* Random play reaches every ending. */
  g_assert_cmpuint (outcomes[TTT_OUTCOME_X_WINS], >, 0);
  g_assert_cmpuint (outcomes[TTT_OUTCOME_O_WINS], >, 0);
}

/* Moves the rules forbid change nothing and say nothing. */
static void
test_illegal_moves (void)
{
  g_autoptr(TttGame) game = ultimate_game_new (TTT_OPPONENT_HUMAN, 1);
  TttPosition before;
  guint n_notify = 0, n_cells = 0;
  /* X in the centre of the centre board sends O to the centre board. */
  const int opening = 4 * 9 + 4;
  const int refused[] = {
    -1, 81, 1000,      /* out of range */
    opening,           /* occupied */
    0, 9 * 8 + 8, 40 + 9, /* empty, outside the board O is sent to */
  };

  g_assert_true (ttt_game_play (game, opening));
  g_assert_cmpuint (ttt_match_get_playable_boards (ttt_game_get_match (game)), ==, 1u << 4);

  before = *ttt_match_get_position (ttt_game_get_match (game));
  g_signal_connect_swapped (game, "notify", G_CALLBACK (ttt_test_count_cb), &n_notify);
  g_signal_connect_swapped (game, "cell-changed", G_CALLBACK (ttt_test_count_cb), &n_cells);

  for (gsize i = 0; i < G_N_ELEMENTS (refused); i++)
    {
      g_assert_false (ttt_game_play (game, refused[i]));
      g_assert_true (memcmp (&before, ttt_match_get_position (ttt_game_get_match (game)), sizeof before) == 0);
      g_assert_cmpuint (ttt_game_get_n_moves (game), ==, 1);
      g_assert_cmpint (ttt_game_get_turn (game), ==, TTT_MARK_O);
    }
  g_assert_cmpuint (n_notify, ==, 0);
  g_assert_cmpuint (n_cells, ==, 0);

  /* The board O is sent to takes the move. */
  g_assert_true (ttt_game_play (game, 4 * 9 + 0));
  g_assert_cmpuint (ttt_match_get_playable_boards (ttt_game_get_match (game)), ==, 1u << 0);
}

/* Undo between two people takes back one move and restores where the side
 * to move is sent. */
static void
test_undo_two_players (void)
{
  g_autoptr(TttGame) game = ultimate_game_new (TTT_OPPONENT_HUMAN, 1);
  TttPosition after_two;
  guint n_cleared = 0;

  g_assert_false (ttt_game_get_can_undo (game));
  TTT_TEST_PLAY (game, 4 * 9 + 2, 2 * 9 + 7);
  after_two = *ttt_match_get_position (ttt_game_get_match (game));
  TTT_TEST_PLAY (game, 7 * 9 + 0);
  g_assert_cmpuint (ttt_match_get_playable_boards (ttt_game_get_match (game)), ==, 1u << 0);

  g_signal_connect_swapped (game, "cell-changed", G_CALLBACK (ttt_test_count_cb), &n_cleared);
  g_assert_true (ttt_game_undo (game));
  g_assert_cmpuint (n_cleared, ==, 1);
  g_assert_cmpint (ttt_match_get_cell (ttt_game_get_match (game), 7 * 9 + 0), ==, TTT_MARK_NONE);
  g_assert_cmpuint (ttt_game_get_n_moves (game), ==, 2);
  g_assert_cmpuint (ttt_match_get_playable_boards (ttt_game_get_match (game)), ==, 1u << 7);
  g_assert_true (memcmp (&after_two, ttt_match_get_position (ttt_game_get_match (game)), sizeof after_two) == 0);
  assert_as_expected (game, 2 * 9 + 7);

  g_assert_true (ttt_game_undo (game));
  g_assert_true (ttt_game_undo (game));
  g_assert_cmpuint (ttt_match_get_playable_boards (ttt_game_get_match (game)), ==, 0777);
  g_assert_false (ttt_game_undo (game));
}

/* Each reply of the computer (Easy, quick) is legal, and the game goes on
 * to its end, counted in the Ultimate tally of the level. */
static void
test_computer_replies (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (7);

  for (int g = 0; g < 3; g++)
    {
      g_autoptr(TttGame) game = ttt_test_game_new (100 + g);

      ttt_setup_set_difficulty (ttt_game_get_setup (game), TTT_LEVEL_EASY);
      ttt_setup_set_first_player (ttt_game_get_setup (game), g % 2 == 0 ? TTT_FIRST_PLAYER_HUMAN : TTT_FIRST_PLAYER_COMPUTER);
      ttt_setup_set_variant (ttt_game_get_setup (game), TTT_VARIANT_ULTIMATE);
      ttt_game_start_new (game);

      while (ttt_game_get_state (game) != TTT_GAME_STATE_OVER)
        {
          TttPosition before;
          guint n;

          ttt_test_wait_for_human (game);
          if (ttt_game_get_state (game) == TTT_GAME_STATE_OVER)
            break;
          g_assert_cmpint (ttt_game_get_turn (game), ==, ttt_game_get_human_mark (game));

          g_assert_true (ttt_game_play (game, random_legal (game, rand)));
          if (ttt_game_get_state (game) == TTT_GAME_STATE_OVER)
            break;
          g_assert_cmpint (ttt_game_get_state (game), ==, TTT_GAME_STATE_WAITING);

          /* The computer's reply: one legal move of the position it had. */
          before = *ttt_match_get_position (ttt_game_get_match (game));
          n = ttt_game_get_n_moves (game);
          ttt_test_wait_for_human (game);
          g_assert_cmpuint (ttt_game_get_n_moves (game), ==, n + 1);
          {
            TttUltimate replay = before.ultimate;
            int reply = ttt_match_get_position (ttt_game_get_match (game))->last_move;

            g_assert_true (ttt_ultimate_is_legal (&before.ultimate, reply));
            g_assert_cmpint (ttt_ultimate_play (&replay, reply), ==, TTT_OK);
            g_assert_true (memcmp (&replay, &ttt_match_get_position (ttt_game_get_match (game))->ultimate,
                                   sizeof replay) == 0);
          }
          assert_as_expected (game, ttt_match_get_position (ttt_game_get_match (game))->last_move);
        }

      /* Easy, which Ultimate does not have, plays and counts as Casual. */
      g_assert_cmpuint (ttt_test_games (game, TTT_TALLY_ID (TTT_VARIANT_ULTIMATE, TTT_TALLY_CASUAL)), ==, 1);
      g_assert_cmpuint (ttt_test_games (game, TTT_TALLY_EASY), ==, 0);
    }
}

/* Undo against the computer takes back the person's move and the reply. */
static void
test_undo_against_computer (void)
{
  g_autoptr(TttGame) game = ttt_test_game_new (3);

  ttt_setup_set_difficulty (ttt_game_get_setup (game), TTT_LEVEL_EASY);
  ttt_setup_set_variant (ttt_game_get_setup (game), TTT_VARIANT_ULTIMATE);
  ttt_game_start_new (game);

  g_assert_true (ttt_game_play (game, 40));
  ttt_test_wait_for_human (game);
  g_assert_cmpuint (ttt_game_get_n_moves (game), ==, 2);
  g_assert_true (ttt_game_get_can_undo (game));
  g_assert_true (ttt_game_undo (game));
  g_assert_cmpuint (ttt_game_get_n_moves (game), ==, 0);
  g_assert_cmpint (ttt_game_get_state (game), ==, TTT_GAME_STATE_LOCAL_TURN);
  g_assert_cmpuint (ttt_match_get_playable_boards (ttt_game_get_match (game)), ==, 0777);
}

/* Hard thinks for up to its deadline, off the main thread: each way of
 * ending a game's search cancels it, and nothing of it reaches the board. */
typedef enum
{
  CANCEL_BY_NEW_GAME,
  CANCEL_BY_UNDO,
  CANCEL_BY_SETTING,
  CANCEL_BY_DISPOSE,
} CancelBy;

static void
wait_until_thinking (TttGame *game)
{
  gint64 deadline = g_get_monotonic_time () + TTT_TEST_DEADLINE_US;

  while (!ttt_table_get_thinking (ttt_game_get_table (game)) && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, TRUE);
  g_assert_true (ttt_table_get_thinking (ttt_game_get_table (game)));
}

static void
wait_for_no_thinking (void)
{
  gint64 deadline = g_get_monotonic_time () + TTT_TEST_DEADLINE_US;

  while (ttt_test_count_thinking () > 0 && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, TRUE);
  g_assert_cmpuint (ttt_test_count_thinking (), ==, 0);
}

static void
test_cancel (gconstpointer data)
{
  CancelBy by = GPOINTER_TO_INT (data);
  TttGame *game = ttt_test_game_new (5);
  GWeakRef weak;
  guint n_cells = 0;

  ttt_setup_set_difficulty (ttt_game_get_setup (game), TTT_LEVEL_HARD);
  ttt_setup_set_variant (ttt_game_get_setup (game), TTT_VARIANT_ULTIMATE);
  /* A setting sets up again only a game with no move yet: the computer's
   * opening is what it cancels. */
  if (by == CANCEL_BY_SETTING)
    ttt_setup_set_first_player (ttt_game_get_setup (game), TTT_FIRST_PLAYER_COMPUTER);
  ttt_game_start_new (game);
  if (by != CANCEL_BY_SETTING)
    g_assert_true (ttt_game_play (game, 40));
  wait_until_thinking (game);
  g_signal_connect_swapped (game, "move-played", G_CALLBACK (ttt_test_count_cb), &n_cells);

  switch (by)
    {
    case CANCEL_BY_NEW_GAME:
      ttt_game_start_new (game);
      g_assert_cmpuint (ttt_game_get_n_moves (game), ==, 0);
      break;
    case CANCEL_BY_UNDO:
      g_assert_true (ttt_game_undo (game));
      g_assert_cmpuint (ttt_game_get_n_moves (game), ==, 0);
      break;
    case CANCEL_BY_SETTING:
      /* The classic game begins at once, the computer to open it. */
      ttt_setup_set_variant (ttt_game_get_setup (game), TTT_VARIANT_CLASSIC);
      g_assert_cmpint (ttt_game_get_variant (game), ==, TTT_VARIANT_CLASSIC);
      g_assert_cmpint (ttt_match_get_n_cells (ttt_game_get_match (game)), ==, 9);
      ttt_setup_set_first_player (ttt_game_get_setup (game), TTT_FIRST_PLAYER_HUMAN);
      break;
    case CANCEL_BY_DISPOSE:
      break;
    }

  g_weak_ref_init (&weak, game);
  if (by == CANCEL_BY_DISPOSE)
    g_clear_object (&game);
  else
    g_assert_false (ttt_table_get_thinking (ttt_game_get_table (game)));

  wait_for_no_thinking ();
  ttt_test_iterate ();
  g_assert_cmpuint (n_cells, ==, 0);
  if (game != NULL)
    {
      g_assert_cmpuint (ttt_game_get_n_moves (game), ==, 0);
      g_assert_cmpint (ttt_game_get_state (game), ==, TTT_GAME_STATE_LOCAL_TURN);
      g_object_unref (game);
    }
  {
    g_autoptr(GObject) gone = g_weak_ref_get (&weak);

    g_assert_null (gone);
  }
  g_weak_ref_clear (&weak);
}

/* The variant is a preference: an empty game takes it at once, told by
 * variant; a game with a move keeps its own until the next. */
static void
test_variant_preference (void)
{
  g_autoptr(TttGame) game = ttt_test_game_new (1);
  guint n_variant = 0, n_cells = 0;

  ttt_setup_set_opponent (ttt_game_get_setup (game), TTT_OPPONENT_HUMAN);
  ttt_game_start_new (game);
  g_signal_connect_swapped (game, "notify::variant", G_CALLBACK (ttt_test_count_cb), &n_variant);
  g_signal_connect_swapped (game, "cell-changed", G_CALLBACK (ttt_test_count_cb), &n_cells);

  ttt_setup_set_variant (ttt_game_get_setup (game), TTT_VARIANT_ULTIMATE);
  g_assert_cmpuint (n_variant, ==, 1);
  g_assert_cmpint (ttt_game_get_variant (game), ==, TTT_VARIANT_ULTIMATE);
  g_assert_true (ttt_game_play (game, 80));

  ttt_setup_set_variant (ttt_game_get_setup (game), TTT_VARIANT_CLASSIC);
  g_assert_cmpint (ttt_setup_get_variant (ttt_game_get_setup (game)), ==, TTT_VARIANT_CLASSIC);
  g_assert_cmpint (ttt_game_get_variant (game), ==, TTT_VARIANT_ULTIMATE);
  g_assert_cmpint (ttt_match_get_cell (ttt_game_get_match (game), 80), ==, TTT_MARK_X);

  /* The cells of the other game's board are not this one's: a new game of
   * another variant is told by variant alone. */
  n_cells = 0;
  ttt_game_start_new (game);
  g_assert_cmpuint (n_variant, ==, 2);
  g_assert_cmpuint (n_cells, ==, 0);
  g_assert_cmpint (ttt_match_get_n_cells (ttt_game_get_match (game)), ==, 9);
  g_assert_false (ttt_game_play (game, 9));
  g_assert_true (ttt_game_play (game, 8));
}

/* A hint's search is 800,000 iterations, about two minutes under
 * valgrind: there only the hints a search proves at once (and the
 * cancellations) are checked. */
static gboolean
skip_full_search (void)
{
  if (g_getenv ("TTT_TEST_UNDER_VALGRIND") == NULL)
    return FALSE;
  g_test_skip ("a whole hint search is too slow under valgrind");
  return TRUE;
}

/* Asks for the hint and waits for its search, off the main thread. */
static int
show_hint_and_wait (TttGame *game)
{
  gint64 start = g_get_monotonic_time ();

  g_assert_cmpint (ttt_analyst_show_hint (ttt_game_get_analyst (game)), ==, -1);
  g_assert_true (ttt_analyst_get_hint_thinking (ttt_game_get_analyst (game)));
  ttt_test_iterate ();
  g_assert_false (ttt_analyst_get_hint_thinking (ttt_game_get_analyst (game)));
  g_test_message ("hint after %.0f ms (at most %d iterations)",
                  (g_get_monotonic_time () - start) / 1000.0, TTT_GAME_ULTIMATE_HINT_ITERATIONS);

  return ttt_analyst_get_search_hint (ttt_game_get_analyst (game), NULL, NULL);
}

/* The hint: a legal move of a search of its own, with a reason in words,
 * the same when asked twice, held until the board changes; the classic
 * analysis has nothing to say in Ultimate yet. */
static void
test_hint (void)
{
  g_autoptr(TttGame) game = ultimate_game_new (TTT_OPPONENT_HUMAN, 1);
  g_autofree char *status = NULL;
  g_autofree char *sentence = NULL;
  TttUltimateHint reason;
  TttVerdict verdict;
  guint n_hints = 0;
  int cell, again, percent = -1;

  if (skip_full_search ())
    return;

  TTT_TEST_PLAY (game, 4 * 9 + 4, 4 * 9 + 0);
  g_signal_connect_swapped (ttt_game_get_analyst (game), "hint-changed", G_CALLBACK (ttt_test_count_cb), &n_hints);

  cell = show_hint_and_wait (game);
  g_assert_true (ttt_match_is_legal (ttt_game_get_match (game), cell));
  g_assert_cmpuint (n_hints, ==, 1);
  /* Shown, it is said again at once. */
  g_assert_cmpint (ttt_analyst_show_hint (ttt_game_get_analyst (game)), ==, cell);
  g_assert_false (ttt_analyst_get_hint_thinking (ttt_game_get_analyst (game)));
  g_assert_cmpuint (n_hints, ==, 2);
  g_assert_cmpint (ttt_analyst_get_search_hint (ttt_game_get_analyst (game), &reason, &percent), ==, cell);
  g_assert_cmpint (reason, <=, TTT_ULTIMATE_HINT_BEST_ESTIMATE);
  g_assert_cmpint (percent, >=, 0);
  g_assert_cmpint (percent, <=, 100);
  status = ttt_words_status (game);
  sentence = ttt_words_ultimate_hint (game, TRUE);
  g_assert_true (g_str_has_prefix (status, "Hint: "));
  g_assert_cmpstr (sentence, !=, "");

  /* Asking again finds the same move: the game's randomness is untouched. */
  again = ttt_analyst_hint (ttt_game_get_analyst (game), NULL);
  g_assert_cmpint (again, ==, cell);
  g_assert_cmpint (ttt_analyst_hint (ttt_game_get_analyst (game), NULL), ==, cell);

  /* A move ends it. */
  g_assert_true (ttt_game_play (game, cell));
  g_assert_cmpint (ttt_analyst_get_search_hint (ttt_game_get_analyst (game), NULL, NULL), ==, -1);
  g_assert_cmpuint (n_hints, ==, 3);

  g_assert_false (ttt_analyst_get_cell_analysis (ttt_game_get_analyst (game), 0, &verdict, NULL));
}

/* Whether any cell has its analysis. */
static gboolean
analysis_shown (TttGame *game)
{
  for (int move = 0; move < 81; move++)
    if (ttt_analyst_get_search_analysis (ttt_game_get_analyst (game), move, NULL, NULL, NULL, NULL))
      return TRUE;

  return FALSE;
}

/* The analysis: searched off the main thread, asked for by the first
 * question, told by "analysis-changed"; then every playable cell has an
 * estimate (or a proof), the others none; the hint is the search's first
 * choice, at its estimate. */
static void
test_analysis (void)
{
  g_autoptr(TttGame) game = ultimate_game_new (TTT_OPPONENT_HUMAN, 1);
  int hint_percent = -1, hint, n = 0;
  guint n_changed = 0;

  g_signal_connect_swapped (ttt_game_get_analyst (game), "analysis-changed", G_CALLBACK (ttt_test_count_cb), &n_changed);
  TTT_TEST_PLAY (game, 4 * 9 + 4, 4 * 9 + 0);
  g_assert_false (analysis_shown (game));
  g_assert_cmpuint (ttt_test_count_thinking (), ==, 1);
  /* Asked again meanwhile, nothing more starts. */
  g_assert_false (analysis_shown (game));
  g_assert_cmpuint (ttt_test_count_thinking (), ==, 1);
  ttt_test_iterate ();
  g_assert_cmpuint (n_changed, ==, 1);

  for (int move = 0; move < 81; move++)
    {
      int percent = -1;
      gboolean proved = TRUE;

      g_assert_cmpint (ttt_analyst_get_search_analysis (ttt_game_get_analyst (game), move, &percent, &proved, NULL, NULL), ==,
                       ttt_match_is_legal (ttt_game_get_match (game), move));
      if (!ttt_match_is_legal (ttt_game_get_match (game), move))
        continue;
      n++;
      /* −1: the search cannot tell the moves apart. */
      g_assert_cmpint (percent, >=, -1);
      g_assert_cmpint (percent, <=, 100);
    }
  g_assert_cmpint (n, ==, 9);

  /* The hint searches longer than the analysis: its estimate is its own. */
  if (g_getenv ("TTT_TEST_UNDER_VALGRIND") != NULL)
    return;
  hint = show_hint_and_wait (game);
  g_assert_cmpint (ttt_analyst_get_search_hint (ttt_game_get_analyst (game), NULL, &hint_percent), ==, hint);
  {
    int percent = -1;

    g_assert_true (ttt_analyst_get_search_analysis (ttt_game_get_analyst (game), hint, &percent, NULL, NULL, NULL));
    g_assert_cmpint (hint_percent, >=, 0);
    g_assert_cmpint (hint_percent, <=, 100);
  }

  /* Not while the game waits, nor in classic. */
  g_assert_false (ttt_analyst_get_search_analysis (ttt_game_get_analyst (game), -1, NULL, NULL, NULL, NULL));
  /* Nothing was searched again. */
  ttt_test_iterate ();
  g_assert_cmpuint (n_changed, ==, 1);
}

/* Symmetry @s of the 9 × 9 grid on move @move (board × 9 + cell): 0 the
 * identity, 1–3 the rotations, 4–7 the reflections; the test's own, on
 * the grid's rows and columns. */
static int
grid_symmetry (int s,
               int move)
{
  int row = move / 27 * 3 + move % 9 / 3, col = move / 9 % 3 * 3 + move % 3;
  const int rows[8] = { row, col, 8 - row, 8 - col, row, 8 - row, col, 8 - col };
  const int cols[8] = { col, 8 - row, 8 - col, row, 8 - col, col, row, 8 - row };

  return rows[s] / 3 * 27 + cols[s] / 3 * 9 + rows[s] % 3 * 3 + cols[s] % 3;
}

/* Whether symmetry @s leaves the game's position as it is: every mark,
 * and every board it may play in. */
static gboolean
game_has_symmetry (TttGame *game,
                   int      s)
{
  TttMatch *match = ttt_game_get_match (game);

  for (int move = 0; move < 81; move++)
    if (ttt_match_get_cell (match, move) != ttt_match_get_cell (match, grid_symmetry (s, move)) ||
        ttt_match_is_legal (match, move) != ttt_match_is_legal (match, grid_symmetry (s, move)))
      return FALSE;

  return TRUE;
}

/* Show Analysis agrees with the board's symmetry: two cells that a
 * rotation or reflection of the position maps onto each other show the
 * same, on the empty board and on positions kept symmetric. */
static void
test_analysis_symmetric (void)
{
  g_autoptr(TttGame) game = ultimate_game_new (TTT_OPPONENT_HUMAN, 1);
  /* The empty board, the centre, then along the middle column, with the
   * mirror of the columns kept; and a corner board's centre, on the
   * diagonal. */
  static const int moves[] = { -1, 4 * 9 + 4, 4 * 9 + 1, 1 * 9 + 4, 4 * 9 + 7, -2, 0 * 9 + 4 };
  int n_checked = 0;

  for (guint i = 0; i < G_N_ELEMENTS (moves); i++)
    {
      guint symmetries = 0;

      if (moves[i] == -2)
        ttt_game_start_new (game);
      else if (moves[i] >= 0)
        g_assert_true (ttt_game_play (game, moves[i]));
      if (moves[i] == -2)
        continue;

      /* Asked, then answered. */
      for (int move = 0; move < 81; move++)
        ttt_analyst_get_search_analysis (ttt_game_get_analyst (game), move, NULL, NULL, NULL, NULL);
      ttt_test_iterate ();

      for (int s = 1; s < 8; s++)
        if (game_has_symmetry (game, s))
          symmetries |= 1u << s;
      g_assert_cmpuint (symmetries, !=, 0);

      for (int move = 0; move < 81; move++)
        {
          int percent = -2;
          gboolean proved = FALSE;

          if (!ttt_match_is_legal (ttt_game_get_match (game), move))
            continue;
          g_assert_true (ttt_analyst_get_search_analysis (ttt_game_get_analyst (game), move, &percent, &proved,
                                                          NULL, NULL));
          g_assert_cmpint (percent, >=, -1);
          for (int s = 1; s < 8; s++)
            {
              int image = grid_symmetry (s, move), image_percent = -2;
              gboolean image_proved = FALSE;

              if ((symmetries & (1u << s)) == 0)
                continue;
              g_assert_true (ttt_analyst_get_search_analysis (ttt_game_get_analyst (game), image, &image_percent,
                                                              &image_proved, NULL, NULL));
              g_assert_cmpint (image_percent, ==, percent);
              g_assert_cmpint (image_proved, ==, proved);
              n_checked++;
            }
        }
    }
  g_assert_cmpint (n_checked, >, 81);
}

/* A move, an undo or a new game while the analysis is searched for cancel
 * it: nothing of it arrives, and the new board is analysed afresh when
 * asked about, never shown the old board's figures. */
static void
test_analysis_cancelled (void)
{
  g_autoptr(TttGame) game = ultimate_game_new (TTT_OPPONENT_HUMAN, 1);
  guint n_changed = 0;

  g_signal_connect_swapped (ttt_game_get_analyst (game), "analysis-changed", G_CALLBACK (ttt_test_count_cb), &n_changed);
  TTT_TEST_PLAY (game, 4 * 9 + 4, 4 * 9 + 0);

  g_assert_false (analysis_shown (game));
  for (int how = 0; how < 3; how++)
    {
      g_assert_cmpuint (ttt_test_count_thinking (), ==, 1);

      if (how == 0)
        g_assert_true (ttt_game_play (game, 0 * 9 + 4));
      else if (how == 1)
        g_assert_true (ttt_game_undo (game));
      else
        ttt_game_start_new (game);

      /* The worker's answer comes back to the main loop, and is dropped. */
      ttt_test_iterate ();
      g_assert_cmpuint (ttt_test_count_thinking (), ==, 0);
      g_assert_cmpuint (n_changed, ==, 0);

      /* The board as it is now: its own search, on its way. */
      g_assert_false (analysis_shown (game));
    }
  ttt_test_iterate ();
  g_assert_cmpuint (n_changed, ==, 1);
  g_assert_true (analysis_shown (game));

  /* A game let go while it searches: the answer finds nobody. */
  {
    TttGame *other = ultimate_game_new (TTT_OPPONENT_HUMAN, 2);

    TTT_TEST_PLAY (other, 4 * 9 + 4);
    g_assert_false (analysis_shown (other));
    g_object_unref (other);
    ttt_test_iterate ();
    g_assert_cmpuint (ttt_test_count_thinking (), ==, 0);
  }
}

/* A small board to win: the hint takes it, and says so. */
static void
test_hint_wins_board (void)
{
  g_autoptr(TttGame) game = ultimate_game_new (TTT_OPPONENT_HUMAN, 1);
  TttUltimateHint reason;

  if (skip_full_search ())
    return;

  /* X holds the top-left and top-centre cells of the centre board and is
   * sent back there: the top-right cell wins it. */
  TTT_TEST_PLAY (game, 4 * 9 + 0, 0 * 9 + 4, 4 * 9 + 1, 1 * 9 + 4);
  g_assert_cmpuint (ttt_match_get_playable_boards (ttt_game_get_match (game)), ==, 1u << 4);
  g_assert_cmpint (show_hint_and_wait (game), ==, 4 * 9 + 2);
  g_assert_cmpint (ttt_analyst_get_search_hint (ttt_game_get_analyst (game), &reason, NULL), ==, 4 * 9 + 2);
  g_assert_cmpint (reason, ==, TTT_ULTIMATE_HINT_WINS_BOARD);
  {
    g_autofree char *status = ttt_words_status (game);

    g_assert_cmpstr (status, ==, "Hint: win the centre board");
  }
}

/* A win of the game in one: the hint, a search longer than Hard's, takes
 * it and says so. The position is test-ultimate-review.c's: O has just
 * given X a free choice, and 33 completes X's line of won boards. */
static const int win_in_one[] = {
  16, 70, 63, 2, 20, 23, 45, 3, 30, 32, 47, 22, 36, 4, 42, 58, 41, 51, 60, 57,
  27, 8, 78, 59, 46, 13, 39, 31,
};

static void
test_hint_wins_game (void)
{
  g_autoptr(TttGame) game = ultimate_game_new (TTT_OPPONENT_HUMAN, 1);
  TttUltimateHint reason;
  int percent = -1;

  g_assert_cmpint (TTT_GAME_ULTIMATE_HINT_ITERATIONS, >, TTT_ULTIMATE_HARD_ITERATIONS);
  ttt_test_play_cells (game, win_in_one, G_N_ELEMENTS (win_in_one));
  g_assert_cmpint (show_hint_and_wait (game), ==, 33);
  g_assert_cmpint (ttt_analyst_get_search_hint (ttt_game_get_analyst (game), &reason, &percent), ==, 33);
  g_assert_cmpint (reason, ==, TTT_ULTIMATE_HINT_WINS_GAME);
  g_assert_cmpint (percent, ==, 100);
  {
    g_autofree char *status = ttt_words_status (game);

    g_assert_cmpstr (status, ==, "Hint: win the game");
  }
}

static void
record_hint_cb (TttAnalyst *analyst,
                int         cell,
                TttMotive   motive,
                gpointer    data)
{
  if (cell >= 0)
    (*(guint *) data)++;
}

/* A move, an undo or a new game while the hint's search runs cancel it:
 * nothing of it arrives, then or later, and the board is the players'. */
static void
test_hint_cancelled (void)
{
  g_autoptr(TttGame) game = ultimate_game_new (TTT_OPPONENT_HUMAN, 1);
  guint n_shown = 0, n_thinking = 0;

  g_signal_connect (ttt_game_get_analyst (game), "hint-changed", G_CALLBACK (record_hint_cb), &n_shown);
  g_signal_connect_swapped (ttt_game_get_analyst (game), "notify::hint-thinking", G_CALLBACK (ttt_test_count_cb), &n_thinking);
  TTT_TEST_PLAY (game, 4 * 9 + 4, 4 * 9 + 0);

  for (int how = 0; how < 3; how++)
    {
      n_thinking = 0;
      g_assert_cmpint (ttt_analyst_show_hint (ttt_game_get_analyst (game)), ==, -1);
      g_assert_true (ttt_analyst_get_hint_thinking (ttt_game_get_analyst (game)));
      /* Asked again, nothing more starts. */
      g_assert_cmpint (ttt_analyst_show_hint (ttt_game_get_analyst (game)), ==, -1);
      g_assert_cmpuint (n_thinking, ==, 1);

      if (how == 0)
        g_assert_true (ttt_game_play (game, 0 * 9 + 4));
      else if (how == 1)
        g_assert_true (ttt_game_undo (game));
      else
        ttt_game_start_new (game);
      g_assert_false (ttt_analyst_get_hint_thinking (ttt_game_get_analyst (game)));
      g_assert_cmpuint (n_thinking, ==, 2);

      /* The worker's answer comes back to the main loop, and is dropped. */
      ttt_test_iterate ();
      g_assert_cmpuint (ttt_test_count_thinking (), ==, 0);
      g_assert_cmpint (ttt_analyst_get_search_hint (ttt_game_get_analyst (game), NULL, NULL), ==, -1);
      g_assert_cmpint (ttt_analyst_get_shown_hint (ttt_game_get_analyst (game), NULL), ==, -1);
      g_assert_cmpuint (n_shown, ==, 0);
    }
  g_assert_cmpuint (ttt_game_get_n_moves (game), ==, 0);

  /* A game let go while it searches: the answer finds nobody. */
  {
    TttGame *other = ultimate_game_new (TTT_OPPONENT_HUMAN, 2);

    TTT_TEST_PLAY (other, 4 * 9 + 4);
    ttt_analyst_show_hint (ttt_game_get_analyst (other));
    g_object_unref (other);
    ttt_test_iterate ();
    g_assert_cmpuint (ttt_test_count_thinking (), ==, 0);
  }
}

/* What a screen reader names cells and boards, and the subtitle. */
static void
test_words (void)
{
  g_autoptr(TttGame) game = ultimate_game_new (TTT_OPPONENT_HUMAN, 1);
  g_autofree char *empty = ttt_words_ultimate_cell_name (1 * 9 + 5, TTT_MARK_NONE);
  g_autofree char *x = ttt_words_ultimate_cell_name (8 * 9 + 0, TTT_MARK_X);
  g_autofree char *subtitle = ttt_words_subtitle (game);

  g_assert_cmpstr (empty, ==, "Top-centre board, row 2, column 3, empty");
  g_assert_cmpstr (x, ==, "Bottom-right board, row 1, column 1, X");
  g_assert_cmpstr (ttt_names_board (0), ==, "Top-left board");
  g_assert_cmpstr (ttt_names_board_in_sentence (4), ==, "the centre board");
  g_assert_cmpstr (subtitle, ==, "Ultimate · Two players");
  g_assert_cmpstr (ttt_words_variant_name (TTT_VARIANT_CLASSIC), ==, "Classic");
}

static TttUltimate
position_after (const int *moves,
                guint      n_moves)
{
  TttUltimate pos;

  ttt_ultimate_clear (&pos);
  for (guint i = 0; i < n_moves; i++)
    g_assert_cmpint (ttt_ultimate_play (&pos, moves[i]), ==, TTT_OK);
  return pos;
}

/* A hint's reason says what is not true of nearly every move (issue 35,
 * item 6): "sends your opponent to a board they cannot win at once" only
 * where another move would give them one; where the search tells no move
 * apart, that no move stands out. Fast: the reason alone, on a made-up
 * analysis. */
static void
test_hint_reason_discriminates (void)
{
  /* Two moves the search cannot tell apart, and two it can. */
  const TttMoveAnalysis alike[] = {
    { 8 * 9 + 0, 1000, 0.52, TTT_PROOF_NONE, 0 },
    { 8 * 9 + 4, 1000, 0.48, TTT_PROOF_NONE, 0 },
  };
  const TttMoveAnalysis apart[] = {
    { 8 * 9 + 0, 400000, 0.90, TTT_PROOF_NONE, 0 },
    { 8 * 9 + 4, 400000, 0.10, TTT_PROOF_NONE, 0 },
  };
  /* X's first move, in the centre of the centre board: O is sent there,
   * and no reply of O's lets X win a board at once. */
  const int opening[] = { 4 * 9 + 4 };
  /* X holds the top-left and top-centre cells of the centre board and O
   * is sent to the bottom-right board: its centre would send X back to
   * win the centre board, its top-left sends X to a board X cannot. */
  const int threat[] = { 4 * 9 + 0, 0 * 9 + 4, 4 * 9 + 1, 1 * 9 + 4, 4 * 9 + 8 };
  TttUltimate pos;

  pos = position_after (opening, G_N_ELEMENTS (opening));
  for (int c = 0; c < 9; c++)
    {
      if (c == 4)
        continue;
      g_assert_cmpint (ttt_analyst_ultimate_hint_reason (&pos, 4 * 9 + c, alike, G_N_ELEMENTS (alike)), ==,
                       TTT_ULTIMATE_HINT_NONE_STANDS_OUT);
      g_assert_cmpint (ttt_analyst_ultimate_hint_reason (&pos, 4 * 9 + c, apart, G_N_ELEMENTS (apart)), ==,
                       TTT_ULTIMATE_HINT_BEST_ESTIMATE);
    }

  pos = position_after (threat, G_N_ELEMENTS (threat));
  g_assert_cmpint (pos.next, ==, 8);
  g_assert_cmpint (ttt_analyst_ultimate_hint_reason (&pos, 8 * 9 + 0, alike, G_N_ELEMENTS (alike)), ==,
                   TTT_ULTIMATE_HINT_SENDS_SAFE);
  g_assert_cmpint (ttt_analyst_ultimate_hint_reason (&pos, 8 * 9 + 4, apart, G_N_ELEMENTS (apart)), ==,
                   TTT_ULTIMATE_HINT_BEST_ESTIMATE);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/game-ultimate/whole-games", test_whole_games);
  g_test_add_func ("/game-ultimate/illegal-moves", test_illegal_moves);
  g_test_add_func ("/game-ultimate/undo/two-players", test_undo_two_players);
  g_test_add_func ("/game-ultimate/undo/computer", test_undo_against_computer);
  g_test_add_func ("/game-ultimate/computer-replies", test_computer_replies);
  g_test_add_data_func ("/game-ultimate/cancel/new-game", GINT_TO_POINTER (CANCEL_BY_NEW_GAME), test_cancel);
  g_test_add_data_func ("/game-ultimate/cancel/undo", GINT_TO_POINTER (CANCEL_BY_UNDO), test_cancel);
  g_test_add_data_func ("/game-ultimate/cancel/setting", GINT_TO_POINTER (CANCEL_BY_SETTING), test_cancel);
  g_test_add_data_func ("/game-ultimate/cancel/dispose", GINT_TO_POINTER (CANCEL_BY_DISPOSE), test_cancel);
  g_test_add_func ("/game-ultimate/variant-preference", test_variant_preference);
  g_test_add_func ("/game-ultimate/hint", test_hint);
  g_test_add_func ("/game-ultimate/hint/wins-board", test_hint_wins_board);
  g_test_add_func ("/game-ultimate/hint/wins-game", test_hint_wins_game);
  g_test_add_func ("/game-ultimate/hint/cancelled", test_hint_cancelled);
  g_test_add_func ("/game-ultimate/hint/reason-discriminates", test_hint_reason_discriminates);
  g_test_add_func ("/game-ultimate/analysis", test_analysis);
  g_test_add_func ("/game-ultimate/analysis/symmetric", test_analysis_symmetric);
  g_test_add_func ("/game-ultimate/analysis/cancelled", test_analysis_cancelled);
  g_test_add_func ("/game-ultimate/words", test_words);

  return g_test_run ();
}
