/* test-game-play.c — TttGame: whole games, against each level and two people
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The computer answers with a delay of 0 ms, which still goes through the
 * main loop, so the tests drive the loop themselves (model-helpers.h).
 */

#include "model-helpers.h"
#include "reference-rules.h"

static void
test_initial (void)
{
  g_autoptr(TttGame) game = ttt_game_new ();
  guint delay;
  TttLevel difficulty;
  TttFirstPlayer first_player;
  TttOpponent opponent;

  delay = ttt_table_get_delay (ttt_game_get_table (game));
  g_object_get (ttt_game_get_setup (game),
                "difficulty", &difficulty,
                "first-player", &first_player,
                "opponent", &opponent,
                NULL);
  g_assert_cmpuint (delay, ==, TTT_TABLE_DEFAULT_DELAY);
  g_assert_cmpint (difficulty, ==, TTT_LEVEL_MEDIUM);
  g_assert_cmpint (first_player, ==, TTT_FIRST_PLAYER_HUMAN);
  g_assert_cmpint (opponent, ==, TTT_OPPONENT_COMPUTER);

  ttt_test_assert_board (game, ".........");
  g_assert_cmpint (ttt_game_get_state (game), ==, TTT_GAME_STATE_LOCAL_TURN);
  g_assert_cmpint (ttt_game_get_turn (game), ==, TTT_MARK_X);
  g_assert_cmpint (ttt_game_get_human_mark (game), ==, TTT_MARK_X);
  g_assert_cmpint (ttt_game_get_outcome (game), ==, TTT_OUTCOME_ONGOING);
  g_assert_cmpuint (ttt_game_get_n_moves (game), ==, 0);
  g_assert_false (ttt_game_get_can_undo (game));
  g_assert_cmpuint (ttt_match_get_winning_cells (ttt_game_get_match (game)), ==, 0);
  g_assert_false (ttt_statistics_get_can_reset (ttt_table_get_statistics (ttt_game_get_table (game))));

  /* Settings applied before the first ttt_game_start_new() must not let the
   * computer open early, with whatever difficulty happened to be set. */
  ttt_table_set_delay (ttt_game_get_table (game), 0);
  ttt_setup_set_first_player (ttt_game_get_setup (game), TTT_FIRST_PLAYER_COMPUTER);
  ttt_setup_set_difficulty (ttt_game_get_setup (game), TTT_LEVEL_HARD);
  g_assert_false (ttt_test_has_pending_source (game));
  ttt_test_drain ();
  g_assert_cmpuint (ttt_game_get_n_moves (game), ==, 0);
  g_assert_cmpint (ttt_game_get_state (game), ==, TTT_GAME_STATE_LOCAL_TURN);
  g_assert_cmpint (ttt_game_get_difficulty (game), ==, TTT_LEVEL_HARD);

  ttt_game_start_new (game);
  g_assert_cmpint (ttt_game_get_state (game), ==, TTT_GAME_STATE_WAITING);
  g_assert_cmpint (ttt_game_get_human_mark (game), ==, TTT_MARK_O);
  /* Asynchronous even at 0 ms. */
  g_assert_cmpuint (ttt_game_get_n_moves (game), ==, 0);
  ttt_test_wait_for_human (game);
  g_assert_cmpuint (ttt_game_get_n_moves (game), ==, 1);
  g_assert_cmpint (ttt_game_get_state (game), ==, TTT_GAME_STATE_LOCAL_TURN);
}

static void
check_easy (const TttBoard *before,
            int             cell,
            gpointer        data)
{
  guint *n_not_medium = data;

  g_assert_cmpint (ttt_board_get (before, cell), ==, TTT_MARK_NONE);

  /* Counts the moves the rule player would never make. */
  if (!(ref_medium_cells (before, NULL) & (1u << cell)))
    (*n_not_medium)++;
}

static void
check_medium (const TttBoard *before,
              int             cell,
              gpointer        data)
{
  g_assert_true (ref_medium_cells (before, NULL) & (1u << cell));
}

static void
check_hard (const TttBoard *before,
            int             cell,
            gpointer        data)
{
  g_assert_true (ttt_solver_best_moves (before) & (1u << cell));
}

static void
test_full_game (gconstpointer data)
{
  TttLevel level = GPOINTER_TO_INT (data);
  g_autoptr(TttGame) game = ttt_test_game_new (1000 + level);
  g_autoptr(GRand) rand = g_rand_new_with_seed (42);
  guint n_not_medium = 0;
  guint n_games = 0;
  guint n_human_wins = 0;
  TttTestRecorder rec;

  ttt_setup_set_difficulty (ttt_game_get_setup (game), level);
  ttt_setup_set_first_player (ttt_game_get_setup (game), TTT_FIRST_PLAYER_ALTERNATE);
  ttt_test_recorder_init (&rec, game);

  for (guint i = 0; i < 40; i++)
    {
      TttTestComputerCheck check = level == TTT_LEVEL_EASY ? check_easy
                          : level == TTT_LEVEL_MEDIUM ? check_medium : check_hard;
      TttMark human;
      TttBoard board;
      guint64 total_before;

      ttt_game_start_new (game);
      g_assert_cmpint (ttt_game_get_difficulty (game), ==, level);
      human = ttt_game_get_human_mark (game);
      g_assert_cmpint (human, ==, i % 2 == 0 ? TTT_MARK_X : TTT_MARK_O);

      rec.n_game_over = 0;
      total_before = ttt_test_games (game, ttt_tally_id_for_level (level));

      ttt_test_play_out (game, ttt_test_strategy_random, rand, check, &n_not_medium);
      n_games++;

      g_assert_cmpuint (rec.n_game_over, ==, 1);
      g_assert_cmpint (rec.last_outcome, ==, ttt_board_outcome (&rec.shadow));
      board = ttt_test_read_board (game);
      g_assert_true (ttt_test_boards_equal (&rec.shadow, &board));
      g_assert_cmpint (ttt_game_get_turn (game), ==, TTT_MARK_NONE);
      g_assert_cmpint (ttt_analyst_hint (ttt_game_get_analyst (game), NULL), ==, -1);

      g_assert_cmpuint (ttt_test_games (game, ttt_tally_id_for_level (level)), ==, total_before + 1);

      if ((rec.last_outcome == TTT_OUTCOME_X_WINS && human == TTT_MARK_X) ||
          (rec.last_outcome == TTT_OUTCOME_O_WINS && human == TTT_MARK_O))
        n_human_wins++;
    }

  g_assert_cmpuint (ttt_test_games (game, ttt_tally_id_for_level (level)), ==, n_games);
  g_assert_cmpuint (ttt_test_tally (game, ttt_tally_id_for_level (level)).won, ==, n_human_wins);
  g_assert_cmpuint (ttt_test_games (game, TTT_TALLY_TWO_PLAYERS), ==, 0);

  if (level == TTT_LEVEL_HARD)
    g_assert_cmpuint (n_human_wins, ==, 0);
  /* Random clicks beat a random opponent sometimes, and Easy does not play
   * by Medium's rules. */
  if (level == TTT_LEVEL_EASY)
    {
      g_assert_cmpuint (n_human_wins, >, 0);
      g_assert_cmpuint (n_not_medium, >, 0);
    }

  ttt_test_recorder_clear (&rec);
}

static void
test_refusals (void)
{
  g_autoptr(TttGame) game = ttt_test_game_new (11);
  TttTestRecorder rec;

  ttt_setup_set_first_player (ttt_game_get_setup (game), TTT_FIRST_PLAYER_COMPUTER);
  ttt_game_start_new (game);
  ttt_test_recorder_init (&rec, game);

  /* The computer's move is pending: every click is refused, silently. */
  g_assert_cmpint (ttt_game_get_state (game), ==, TTT_GAME_STATE_WAITING);
  for (int cell = 0; cell < TTT_N_CELLS; cell++)
    g_assert_false (ttt_game_play (game, cell));
  g_assert_cmpint (ttt_analyst_hint (ttt_game_get_analyst (game), NULL), ==, -1);
  g_assert_false (ttt_game_undo (game));
  TTT_ASSERT_NO_EVENTS (&rec);
  ttt_test_assert_board (game, ".........");

  ttt_test_wait_for_human (game);
  ttt_test_recorder_forget (&rec);

  /* Only the computer's opening move is on the board: nothing to undo. */
  g_assert_false (ttt_game_get_can_undo (game));
  g_assert_false (ttt_game_undo (game));

  g_assert_false (ttt_game_play (game, -1));
  g_assert_false (ttt_game_play (game, TTT_N_CELLS));
  g_assert_false (ttt_game_play (game, G_MAXINT));
  TTT_ASSERT_NO_EVENTS (&rec);

  /* An occupied cell. */
  for (int cell = 0; cell < TTT_N_CELLS; cell++)
    if (ttt_match_get_cell (ttt_game_get_match (game), cell) != TTT_MARK_NONE)
      g_assert_false (ttt_game_play (game, cell));
  TTT_ASSERT_NO_EVENTS (&rec);

  /* A finished game. */
  ttt_test_play_out (game, ttt_test_strategy_lowest, NULL, NULL, NULL);
  ttt_test_recorder_forget (&rec);
  for (int cell = 0; cell < TTT_N_CELLS; cell++)
    g_assert_false (ttt_game_play (game, cell));
  g_assert_cmpint (ttt_analyst_hint (ttt_game_get_analyst (game), NULL), ==, -1);
  TTT_ASSERT_NO_EVENTS (&rec);

  ttt_test_recorder_clear (&rec);
}

static void
test_hint (void)
{
  g_autoptr(TttGame) game = ttt_test_game_new (21);
  g_autoptr(GRand) rand = g_rand_new_with_seed (21);
  guint n_checked = 0;

  for (guint round = 0; round < 40; round++)
    {
      ttt_setup_set_opponent (ttt_game_get_setup (game), round % 4 == 3 ? TTT_OPPONENT_HUMAN : TTT_OPPONENT_COMPUTER);
      ttt_setup_set_first_player (ttt_game_get_setup (game), round % 2 ? TTT_FIRST_PLAYER_COMPUTER
                                                 : TTT_FIRST_PLAYER_HUMAN);
      ttt_game_start_new (game);

      while (ttt_game_get_state (game) != TTT_GAME_STATE_OVER)
        {
          if (ttt_game_get_state (game) == TTT_GAME_STATE_WAITING)
            {
              g_assert_cmpint (ttt_analyst_hint (ttt_game_get_analyst (game), NULL), ==, -1);
              ttt_test_wait_for_human (game);
            }
          else
            {
              TttBoard board = ttt_test_read_board (game);
              unsigned best = ttt_solver_best_moves (&board);
              int hint = ttt_analyst_hint (ttt_game_get_analyst (game), NULL);

              g_assert_cmpuint (best, !=, 0);
              g_assert_cmpint (hint, ==, __builtin_ctz (best));
              /* The same answer each time it is asked. */
              g_assert_cmpint (ttt_analyst_hint (ttt_game_get_analyst (game), NULL), ==, hint);
              n_checked++;

              g_assert_true (ttt_game_play (game, ttt_test_strategy_random (game, rand)));
            }
        }
      g_assert_cmpint (ttt_analyst_hint (ttt_game_get_analyst (game), NULL), ==, -1);
    }

  g_assert_cmpuint (n_checked, >, 100);

  /* Every opening holds the draw, so the hint is the lowest cell. */
  ttt_setup_set_opponent (ttt_game_get_setup (game), TTT_OPPONENT_COMPUTER);
  ttt_setup_set_first_player (ttt_game_get_setup (game), TTT_FIRST_PLAYER_HUMAN);
  ttt_game_start_new (game);
  g_assert_cmpint (ttt_analyst_hint (ttt_game_get_analyst (game), NULL), ==, 0);
}

static void
test_two_players (void)
{
  g_autoptr(TttGame) game = ttt_test_game_new (51);

  ttt_setup_set_opponent (ttt_game_get_setup (game), TTT_OPPONENT_HUMAN);
  ttt_setup_set_first_player (ttt_game_get_setup (game), TTT_FIRST_PLAYER_COMPUTER);
  ttt_setup_set_difficulty (ttt_game_get_setup (game), TTT_LEVEL_HARD);
  ttt_game_start_new (game);

  /* Both marks come from clicks; nobody else plays. */
  g_assert_cmpint (ttt_game_get_opponent (game), ==, TTT_OPPONENT_HUMAN);
  g_assert_cmpint (ttt_game_get_human_mark (game), ==, TTT_MARK_X);
  for (int cell = 0; cell < 4; cell++)
    {
      g_assert_cmpint (ttt_game_get_state (game), ==, TTT_GAME_STATE_LOCAL_TURN);
      g_assert_cmpint (ttt_game_get_turn (game), ==, cell % 2 ? TTT_MARK_O : TTT_MARK_X);
      g_assert_true (ttt_game_play (game, cell));
      g_assert_false (ttt_test_has_pending_source (game));
    }
  ttt_test_drain ();
  ttt_test_assert_board (game, "XOXO.....");

  /* Undo is one move, each side's. */
  g_assert_true (ttt_game_undo (game));
  ttt_test_assert_board (game, "XOX......");
  g_assert_cmpint (ttt_game_get_turn (game), ==, TTT_MARK_O);
  g_assert_true (ttt_game_undo (game));
  g_assert_true (ttt_game_undo (game));
  g_assert_true (ttt_game_undo (game));
  g_assert_false (ttt_game_get_can_undo (game));
  g_assert_false (ttt_game_undo (game));
  ttt_test_assert_board (game, ".........");

  /* X wins, O wins, a draw: into the two-player totals only. */
  ttt_test_play_cells (game, (const int[]) { 0, 3, 1, 4, 2 }, 5);
  g_assert_cmpint (ttt_game_get_outcome (game), ==, TTT_OUTCOME_X_WINS);
  g_assert_cmphex (ttt_match_get_winning_cells (ttt_game_get_match (game)), ==, 0x007);
  ttt_game_start_new (game);
  ttt_test_play_cells (game, (const int[]) { 0, 3, 1, 4, 8, 5 }, 6);
  g_assert_cmpint (ttt_game_get_outcome (game), ==, TTT_OUTCOME_O_WINS);
  g_assert_cmphex (ttt_match_get_winning_cells (ttt_game_get_match (game)), ==, 0x038);
  ttt_game_start_new (game);
  ttt_test_play_cells (game, (const int[]) { 0, 1, 2, 4, 3, 5, 7, 6, 8 }, 9);
  g_assert_cmpint (ttt_game_get_outcome (game), ==, TTT_OUTCOME_DRAW);

  {
    TttTally pair = ttt_test_tally (game, TTT_TALLY_TWO_PLAYERS);

    g_assert_cmpuint (pair.won, ==, 1);
    g_assert_cmpuint (pair.lost, ==, 1);
    g_assert_cmpuint (pair.drawn, ==, 1);
    g_assert_cmpuint (pair.best_streak, ==, 0);
    for (TttLevel level = TTT_LEVEL_EASY; level <= TTT_LEVEL_HARD; level++)
      g_assert_cmpuint (ttt_test_games (game, ttt_tally_id_for_level (level)), ==, 0);
  }

  /* Back to the computer from the next game. */
  ttt_setup_set_opponent (ttt_game_get_setup (game), TTT_OPPONENT_COMPUTER);
  g_assert_cmpint (ttt_game_get_opponent (game), ==, TTT_OPPONENT_HUMAN);
  ttt_game_start_new (game);
  g_assert_cmpint (ttt_game_get_opponent (game), ==, TTT_OPPONENT_COMPUTER);
  g_assert_cmpint (ttt_game_get_human_mark (game), ==, TTT_MARK_O);
  g_assert_cmpint (ttt_game_get_state (game), ==, TTT_GAME_STATE_WAITING);
}

/* Into the tally of the level played, as the person sees the result. */
static void
test_results (void)
{
  g_autoptr(TttGame) game = ttt_test_game_new (61);
  guint wins = 0;
  guint draws = 0;
  TttTally hard, easy;

  /* A loss: Hard beats lowest-cell play, X 0 1 3 against O 4 2 6. */
  ttt_setup_set_difficulty (ttt_game_get_setup (game), TTT_LEVEL_HARD);
  ttt_game_start_new (game);
  ttt_test_play_out (game, ttt_test_strategy_lowest, NULL, NULL, NULL);
  g_assert_cmpint (ttt_game_get_outcome (game), ==, TTT_OUTCOME_O_WINS);
  hard = ttt_test_tally (game, TTT_TALLY_HARD);
  g_assert_cmpuint (hard.lost, ==, 1);
  g_assert_cmpuint (hard.won + hard.drawn, ==, 0);

  /* Perfect play against Hard: always a draw, as X and as O. */
  for (guint i = 0; i < 4; i++)
    {
      ttt_setup_set_first_player (ttt_game_get_setup (game), i % 2 ? TTT_FIRST_PLAYER_COMPUTER : TTT_FIRST_PLAYER_HUMAN);
      ttt_game_start_new (game);
      ttt_test_play_out (game, ttt_test_strategy_hint, NULL, NULL, NULL);
      g_assert_cmpint (ttt_game_get_outcome (game), ==, TTT_OUTCOME_DRAW);
    }
  g_assert_cmpuint (ttt_test_tally (game, TTT_TALLY_HARD).drawn, ==, 4);

  /* Perfect play against Easy: wins, as X and as O, and never a loss. */
  ttt_setup_set_difficulty (ttt_game_get_setup (game), TTT_LEVEL_EASY);
  ttt_setup_set_first_player (ttt_game_get_setup (game), TTT_FIRST_PLAYER_ALTERNATE);
  for (guint i = 0; i < 20; i++)
    {
      ttt_game_start_new (game);
      ttt_test_play_out (game, ttt_test_strategy_hint, NULL, NULL, NULL);
      if (ttt_game_get_outcome (game) == TTT_OUTCOME_DRAW)
        draws++;
      else
        {
          g_assert_cmpint (ttt_game_get_outcome (game), ==,
                           ttt_game_get_human_mark (game) == TTT_MARK_X ? TTT_OUTCOME_X_WINS
                                                                        : TTT_OUTCOME_O_WINS);
          wins++;
        }
    }
  g_assert_cmpuint (wins, >, 0);
  easy = ttt_test_tally (game, TTT_TALLY_EASY);
  g_assert_cmpuint (easy.won, ==, wins);
  g_assert_cmpuint (easy.drawn, ==, draws);
  g_assert_cmpuint (easy.lost, ==, 0);
  g_assert_cmpuint (easy.best_streak, >=, 1);
  g_assert_cmpuint (easy.best_streak, <=, wins);

  /* Hard's tally is as it was, and nothing counted twice. */
  hard = ttt_test_tally (game, TTT_TALLY_HARD);
  g_assert_cmpuint (hard.lost, ==, 1);
  g_assert_cmpuint (hard.drawn, ==, 4);
  g_assert_cmpuint (ttt_test_games (game, TTT_TALLY_MEDIUM), ==, 0);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/game/play/initial", test_initial);
  g_test_add_data_func ("/game/play/full-game/easy", GINT_TO_POINTER (TTT_LEVEL_EASY), test_full_game);
  g_test_add_data_func ("/game/play/full-game/medium", GINT_TO_POINTER (TTT_LEVEL_MEDIUM), test_full_game);
  g_test_add_data_func ("/game/play/full-game/hard", GINT_TO_POINTER (TTT_LEVEL_HARD), test_full_game);
  g_test_add_func ("/game/play/refusals", test_refusals);
  g_test_add_func ("/game/play/hint", test_hint);
  g_test_add_func ("/game/play/two-players", test_two_players);
  g_test_add_func ("/game/play/results", test_results);

  return g_test_run ();
}
