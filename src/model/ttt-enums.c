/* ttt-enums.c — the game's enums as GTypes
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "ttt-enums.h"

G_DEFINE_ENUM_TYPE (TttMark, ttt_mark,
  G_DEFINE_ENUM_VALUE (TTT_MARK_NONE, "none"),
  G_DEFINE_ENUM_VALUE (TTT_MARK_X, "x"),
  G_DEFINE_ENUM_VALUE (TTT_MARK_O, "o"))

G_DEFINE_ENUM_TYPE (TttOutcome, ttt_outcome,
  G_DEFINE_ENUM_VALUE (TTT_OUTCOME_ONGOING, "ongoing"),
  G_DEFINE_ENUM_VALUE (TTT_OUTCOME_X_WINS, "x-wins"),
  G_DEFINE_ENUM_VALUE (TTT_OUTCOME_O_WINS, "o-wins"),
  G_DEFINE_ENUM_VALUE (TTT_OUTCOME_DRAW, "draw"),
  G_DEFINE_ENUM_VALUE (TTT_OUTCOME_INVALID, "invalid"))

/* These nicks are the GSettings schema's, so g_settings_bind() maps the
 * keys onto the properties without a mapping function. */
G_DEFINE_ENUM_TYPE (TttLevel, ttt_level,
  G_DEFINE_ENUM_VALUE (TTT_LEVEL_EASY, "easy"),
  G_DEFINE_ENUM_VALUE (TTT_LEVEL_MEDIUM, "medium"),
  G_DEFINE_ENUM_VALUE (TTT_LEVEL_HARD, "hard"))

G_DEFINE_ENUM_TYPE (TttFirstPlayer, ttt_first_player,
  G_DEFINE_ENUM_VALUE (TTT_FIRST_PLAYER_HUMAN, "human"),
  G_DEFINE_ENUM_VALUE (TTT_FIRST_PLAYER_COMPUTER, "computer"),
  G_DEFINE_ENUM_VALUE (TTT_FIRST_PLAYER_ALTERNATE, "alternate"),
  G_DEFINE_ENUM_VALUE (TTT_FIRST_PLAYER_RANDOM, "random"))

G_DEFINE_ENUM_TYPE (TttOpponent, ttt_opponent,
  G_DEFINE_ENUM_VALUE (TTT_OPPONENT_COMPUTER, "computer"),
  G_DEFINE_ENUM_VALUE (TTT_OPPONENT_HUMAN, "human"))

G_DEFINE_ENUM_TYPE (TttGrade, ttt_grade,
  G_DEFINE_ENUM_VALUE (TTT_GRADE_BEST, "best"),
  G_DEFINE_ENUM_VALUE (TTT_GRADE_MISTAKE, "mistake"),
  G_DEFINE_ENUM_VALUE (TTT_GRADE_BLUNDER, "blunder"))

G_DEFINE_ENUM_TYPE (TttMotive, ttt_motive,
  G_DEFINE_ENUM_VALUE (TTT_MOTIVE_WIN, "win"),
  G_DEFINE_ENUM_VALUE (TTT_MOTIVE_BLOCK, "block"),
  G_DEFINE_ENUM_VALUE (TTT_MOTIVE_FORK, "fork"),
  G_DEFINE_ENUM_VALUE (TTT_MOTIVE_THREAT, "threat"),
  G_DEFINE_ENUM_VALUE (TTT_MOTIVE_CENTRE, "centre"),
  G_DEFINE_ENUM_VALUE (TTT_MOTIVE_CORNER, "corner"),
  G_DEFINE_ENUM_VALUE (TTT_MOTIVE_SIDE, "side"))

G_DEFINE_ENUM_TYPE (TttFault, ttt_fault,
  G_DEFINE_ENUM_VALUE (TTT_FAULT_NONE, "none"),
  G_DEFINE_ENUM_VALUE (TTT_FAULT_MISSED_WIN, "missed-win"),
  G_DEFINE_ENUM_VALUE (TTT_FAULT_MISSED_BLOCK, "missed-block"),
  G_DEFINE_ENUM_VALUE (TTT_FAULT_ALLOWS_FORK, "allows-fork"),
  G_DEFINE_ENUM_VALUE (TTT_FAULT_WEAKER, "weaker"))

G_DEFINE_ENUM_TYPE (TttVerdict, ttt_verdict,
  G_DEFINE_ENUM_VALUE (TTT_VERDICT_WIN, "win"),
  G_DEFINE_ENUM_VALUE (TTT_VERDICT_DRAW, "draw"),
  G_DEFINE_ENUM_VALUE (TTT_VERDICT_LOSS, "loss"))

G_DEFINE_ENUM_TYPE (TttGameState, ttt_game_state,
  G_DEFINE_ENUM_VALUE (TTT_GAME_STATE_HUMAN_TURN, "human-turn"),
  G_DEFINE_ENUM_VALUE (TTT_GAME_STATE_COMPUTER_TURN, "computer-turn"),
  G_DEFINE_ENUM_VALUE (TTT_GAME_STATE_OVER, "over"))
