/* test-game-undo.c — TttGame: taking moves back
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every position of a game can be taken back to exactly, and only what the
 * person played (with the computer's answer) is taken.
 */

#include "model-helpers.h"

typedef struct
{
  TttBoard     board;
  TttMark      turn;
  TttGameState state;
  guint        n_moves;
  gboolean     can_undo;
} Position;

static Position
position_of (TttGame *game)
{
  return (Position) {
    .board = ttt_test_read_board (game),
    .turn = ttt_game_get_turn (game),
    .state = ttt_game_get_state (game),
    .n_moves = ttt_game_get_n_moves (game),
    .can_undo = ttt_game_get_can_undo (game),
  };
}

static void
assert_position (TttGame        *game,
                 const Position *expected)
{
  Position now = position_of (game);

  g_assert_cmphex (now.board.x, ==, expected->board.x);
  g_assert_cmphex (now.board.o, ==, expected->board.o);
  g_assert_cmpint (now.turn, ==, expected->turn);
  g_assert_cmpint (now.state, ==, expected->state);
  g_assert_cmpuint (now.n_moves, ==, expected->n_moves);
  g_assert_cmpint (now.can_undo, ==, expected->can_undo);
}

static void
test_undo (void)
{
  g_autoptr(TttGame) game = ttt_test_game_new (5);
  g_autoptr(GRand) rand = g_rand_new_with_seed (5);
  TttTestRecorder rec;

  ttt_test_recorder_init (&rec, game);

  for (guint round = 0; round < 30; round++)
    {
      ttt_setup_set_first_player (ttt_game_get_setup (game), round % 2 ? TTT_FIRST_PLAYER_COMPUTER
                                                 : TTT_FIRST_PLAYER_HUMAN);
      ttt_setup_set_difficulty (ttt_game_get_setup (game), round % 3);
      ttt_game_start_new (game);
      ttt_test_wait_for_human (game);

      /* Every position of the game can be taken back to exactly, until
       * the game ends: then the result is final. */
      while (ttt_game_get_state (game) == TTT_GAME_STATE_LOCAL_TURN)
        {
          TttTallyId tally = ttt_table_get_tally (ttt_game_get_table (game));
          Position before = position_of (game);
          guint64 counted = ttt_test_games (game, tally);
          int cell = ttt_test_strategy_random (game, rand);

          g_assert_true (ttt_game_play (game, cell));
          ttt_test_wait_for_human (game);

          if (ttt_game_get_state (game) == TTT_GAME_STATE_OVER)
            {
              Position after = position_of (game);

              g_assert_false (after.can_undo);
              ttt_test_recorder_forget (&rec);
              g_assert_false (ttt_game_undo (game));
              TTT_ASSERT_NO_EVENTS (&rec);
              assert_position (game, &after);
              g_assert_cmpuint (ttt_test_games (game, tally), ==, counted + 1);
              break;
            }

          g_assert_true (ttt_game_get_can_undo (game));
          g_assert_true (ttt_game_undo (game));
          assert_position (game, &before);
          g_assert_cmpuint (ttt_test_games (game, tally), ==, counted);
          g_assert_true (ttt_test_boards_equal (&rec.shadow, &before.board));

          /* Replay it for real and go on. */
          g_assert_true (ttt_game_play (game, cell));
          ttt_test_wait_for_human (game);
        }
    }

  /* Undo while the answer is pending: one move back, nothing arrives later. */
  ttt_setup_set_first_player (ttt_game_get_setup (game), TTT_FIRST_PLAYER_HUMAN);
  ttt_game_start_new (game);
  g_assert_true (ttt_game_play (game, 4));
  ttt_test_wait_for_human (game);
  {
    Position before = position_of (game);

    g_assert_true (ttt_game_play (game, ttt_test_strategy_lowest (game, NULL)));
    g_assert_cmpint (ttt_game_get_state (game), ==, TTT_GAME_STATE_WAITING);
    g_assert_true (ttt_game_undo (game));
    assert_position (game, &before);
    g_assert_false (ttt_test_has_pending_source (game));
    ttt_test_drain ();
    assert_position (game, &before);
  }

  /* With no move made there is nothing to undo. */
  ttt_game_start_new (game);
  g_assert_false (ttt_game_get_can_undo (game));
  ttt_test_recorder_forget (&rec);
  g_assert_false (ttt_game_undo (game));
  TTT_ASSERT_NO_EVENTS (&rec);

  ttt_test_recorder_clear (&rec);
}

/* Winning with the last move is final too: that move stays, and so does
 * the win it counted. */
static void
test_undo_after_win (void)
{
  g_autoptr(TttGame) game = ttt_test_game_new (9);
  gboolean found = FALSE;

  ttt_setup_set_difficulty (ttt_game_get_setup (game), TTT_LEVEL_EASY);

  /* Perfect play against Easy wins some game. */
  for (guint i = 0; i < 50 && !found; i++)
    {
      ttt_game_start_new (game);

      while (ttt_game_get_state (game) == TTT_GAME_STATE_LOCAL_TURN)
        {
          TttTally before = ttt_test_tally (game, TTT_TALLY_EASY);
          TttTally after;

          g_assert_true (ttt_game_play (game, ttt_analyst_hint (ttt_game_get_analyst (game), NULL)));
          if (ttt_game_get_outcome (game) == TTT_OUTCOME_X_WINS)
            {
              Position won = position_of (game);

              after = ttt_test_tally (game, TTT_TALLY_EASY);
              g_assert_cmpuint (after.won, ==, before.won + 1);
              g_assert_cmpuint (after.streak, ==, before.streak + 1);

              g_assert_false (ttt_game_undo (game));
              assert_position (game, &won);
              after = ttt_test_tally (game, TTT_TALLY_EASY);
              g_assert_cmpuint (after.won, ==, before.won + 1);
              found = TRUE;
              break;
            }
          ttt_test_wait_for_human (game);
        }
    }

  g_assert_true (found);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/game/undo/positions", test_undo);
  g_test_add_func ("/game/undo/after-win", test_undo_after_win);

  return g_test_run ();
}
