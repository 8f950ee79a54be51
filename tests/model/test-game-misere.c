/* test-game-misere.c — TttGame playing Misère through the seams alone
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Misère is the third row of the registry: TttGame must play it without
 * knowing it, by its rules. Whoever completes a line loses; Hard plays
 * Misère's perfect moves and never loses, whoever moves first; the hint
 * and the analysis come from Misère's perfect play, not the classic
 * game's, whose best moves are often the worst ones here.
 */

#include "model-helpers.h"
#include "ttt-variants.h"

#define N_GAMES 120

static const TttRules *
misere_rules (void)
{
  return ttt_variants_get_rules (TTT_VARIANT_MISERE);
}

static unsigned
misere_best (TttGame *game)
{
  TttRulesPosition pos = { .board = ttt_test_read_board (game) };

  return misere_rules ()->best_moves (&pos);
}

/* Each of the computer's moves is one of Misère's best from the board it
 * was played on. */
static void
check_hard_move (const TttBoard *before,
                 int             cell,
                 gpointer        data)
{
  TttRulesPosition pos = { .board = *before };
  guint *n_checked = data;

  g_assert_cmpint (cell, >=, 0);
  g_assert_true (misere_rules ()->best_moves (&pos) & (1u << cell));
  (*n_checked)++;
}

/* The cells of the line that ended the game hold the loser's marks. */
static void
assert_line_is_losers (TttGame *game)
{
  TttOutcome outcome = ttt_game_get_outcome (game);
  guint line = ttt_match_get_winning_cells (ttt_game_get_match (game));
  TttMark loser;

  if (outcome == TTT_OUTCOME_DRAW)
    {
      g_assert_cmpuint (line, ==, 0);
      return;
    }

  loser = outcome == TTT_OUTCOME_X_WINS ? TTT_MARK_O : TTT_MARK_X;
  g_assert_cmpuint (line, !=, 0);
  for (int cell = 0; cell < TTT_N_CELLS; cell++)
    if (line & (1u << cell))
      g_assert_cmpint (ttt_match_get_cell (ttt_game_get_match (game), cell), ==, loser);
}

static void
test_misere_line_loses (void)
{
  g_autoptr(TttGame) game = ttt_test_game_new (5);
  guint n_over = 0;

  ttt_setup_set_opponent (ttt_game_get_setup (game), TTT_OPPONENT_HUMAN);
  ttt_setup_set_variant (ttt_game_get_setup (game), TTT_VARIANT_MISERE);
  g_assert_cmpint (ttt_setup_get_variant (ttt_game_get_setup (game)), ==, TTT_VARIANT_MISERE);
  ttt_game_start_new (game);
  g_assert_cmpint (ttt_game_get_variant (game), ==, TTT_VARIANT_MISERE);
  g_assert_cmpint (ttt_match_get_n_cells (ttt_game_get_match (game)), ==, TTT_N_CELLS);
  g_signal_connect_swapped (game, "game-over", G_CALLBACK (ttt_test_count_cb), &n_over);

  /* X takes the top row and with it the game: O's. */
  TTT_TEST_PLAY (game, 0, 3, 1, 4, 2);
  g_assert_cmpuint (n_over, ==, 1);
  g_assert_cmpint (ttt_game_get_state (game), ==, TTT_GAME_STATE_OVER);
  g_assert_cmpint (ttt_game_get_outcome (game), ==, TTT_OUTCOME_O_WINS);
  g_assert_cmpuint (ttt_match_get_winning_cells (ttt_game_get_match (game)), ==, 0x7);
  g_assert_cmpuint (ttt_match_get_playable_boards (ttt_game_get_match (game)), ==, 0);
  assert_line_is_losers (game);
}

static void
test_misere_hard_never_loses (void)
{
  g_autoptr(TttGame) game = ttt_test_game_new (2026);
  g_autoptr(GRand) rand = g_rand_new_with_seed (33);
  guint n_checked = 0;
  guint n_lost_by_person = 0;

  ttt_setup_set_variant (ttt_game_get_setup (game), TTT_VARIANT_MISERE);
  ttt_setup_set_difficulty (ttt_game_get_setup (game), TTT_LEVEL_HARD);
  ttt_setup_set_first_player (ttt_game_get_setup (game), TTT_FIRST_PLAYER_ALTERNATE);

  for (guint i = 0; i < N_GAMES; i++)
    {
      TttMark computer;
      TttOutcome computer_loses;

      ttt_game_start_new (game);
      ttt_test_drain ();
      computer = ttt_game_get_human_mark (game) == TTT_MARK_X ? TTT_MARK_O : TTT_MARK_X;
      computer_loses = computer == TTT_MARK_X ? TTT_OUTCOME_O_WINS : TTT_OUTCOME_X_WINS;

      ttt_test_play_out (game, ttt_test_strategy_random, rand, check_hard_move, &n_checked);

      g_assert_cmpint (ttt_game_get_outcome (game), !=, computer_loses);
      if (ttt_game_get_outcome (game) != TTT_OUTCOME_DRAW)
        n_lost_by_person++;
      assert_line_is_losers (game);
    }

  /* Both seats were played, and random play does run into lines. */
  g_assert_cmpuint (n_checked, >=, N_GAMES * 3);
  g_assert_cmpuint (n_lost_by_person, >, 0);
  g_assert_cmpuint (ttt_test_games (game, ttt_table_get_tally (ttt_game_get_table (game))), ==, N_GAMES);
}

/* Over random positions of a game between two people: the hint is one
 * of Misère's best moves, its motive Misère's review's, and the analysis
 * of each cell Misère's score. */
static void
test_misere_hint (void)
{
  g_autoptr(TttGame) game = ttt_test_game_new (8);
  g_autoptr(GRand) rand = g_rand_new_with_seed (44);
  guint n_classic_would_fail = 0;
  guint n_hints = 0;

  ttt_setup_set_opponent (ttt_game_get_setup (game), TTT_OPPONENT_HUMAN);
  ttt_setup_set_variant (ttt_game_get_setup (game), TTT_VARIANT_MISERE);

  for (guint i = 0; i < 40; i++)
    {
      ttt_game_start_new (game);

      while (ttt_game_get_state (game) == TTT_GAME_STATE_LOCAL_TURN)
        {
          TttBoard board = ttt_test_read_board (game);
          TttRulesPosition pos = { .board = board };
          unsigned best = misere_best (game);
          TttMotive motive = TTT_MOTIVE_CENTRE;
          TttMotive shown_motive;
          TttReview review;
          int cell;

          g_assert_cmpuint (best, !=, 0);
          cell = ttt_analyst_hint (ttt_game_get_analyst (game), &motive);
          g_assert_cmpint (cell, >=, 0);
          g_assert_true (best & (1u << cell));
          g_assert_cmpint (ttt_analyst_hint (ttt_game_get_analyst (game), NULL), ==, cell);
          g_assert_cmpint (misere_rules ()->review (&pos, cell, &review), ==, TTT_OK);
          g_assert_cmpint (motive, ==, review.motive);

          g_assert_cmpint (ttt_analyst_show_hint (ttt_game_get_analyst (game)), ==, cell);
          g_assert_cmpint (ttt_analyst_get_shown_hint (ttt_game_get_analyst (game), &shown_motive), ==, cell);
          g_assert_cmpint (shown_motive, ==, motive);
          /* Its reasons are a search's only in a game that is not solved. */
          g_assert_cmpint (ttt_analyst_get_search_hint (ttt_game_get_analyst (game), NULL, NULL), ==, -1);
          n_hints++;

          if ((ttt_solver_best_moves (&board) & best) == 0)
            n_classic_would_fail++;

          for (int c = 0; c < TTT_N_CELLS; c++)
            {
              TttVerdict verdict;
              guint n_moves;

              if (ttt_match_get_cell (ttt_game_get_match (game), c) != TTT_MARK_NONE)
                {
                  g_assert_false (ttt_analyst_get_cell_analysis (ttt_game_get_analyst (game), c, &verdict, &n_moves));
                  continue;
                }
              g_assert_true (ttt_analyst_get_cell_analysis (ttt_game_get_analyst (game), c, &verdict, &n_moves));
              g_assert_cmpint (misere_rules ()->review (&pos, c, &review), ==, TTT_OK);
              g_assert_cmpint (verdict, ==, review.score > 0 ? TTT_VERDICT_WIN
                                          : review.score < 0 ? TTT_VERDICT_LOSS
                                          : TTT_VERDICT_DRAW);
              g_assert_cmpuint (n_moves, >=, 1);
              /* A cell that completes a line of one's own loses at once. */
              if (misere_rules ()->outcome (&(TttRulesPosition) { .board = board }) == TTT_OUTCOME_ONGOING &&
                  verdict == TTT_VERDICT_LOSS && n_moves == 1)
                {
                  TttRulesPosition after = pos;

                  g_assert_cmpint (misere_rules ()->play (&after, c), ==, TTT_OK);
                  g_assert_cmpint (misere_rules ()->outcome (&after), !=, TTT_OUTCOME_ONGOING);
                }
            }

          g_assert_true (ttt_game_play (game, ttt_test_strategy_random (game, rand)));
        }
    }

  g_assert_cmpuint (n_hints, >, 100);
  /* The classic solver's hint would have been wrong here: the test can
   * tell the two apart. */
  g_assert_cmpuint (n_classic_would_fail, >, 0);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/game/misere/line-loses", test_misere_line_loses);
  g_test_add_func ("/game/misere/hard-never-loses", test_misere_hard_never_loses);
  g_test_add_func ("/game/misere/hint", test_misere_hint);

  return g_test_run ();
}
