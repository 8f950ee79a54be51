/* ttt-enums.h — the game's enums as GTypes
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The engine's enums, and the model's own, registered with GObject so that
 * they can be properties, signal arguments and GSettings enums.
 */

#pragma once

#include <glib-object.h>

#include "ttt-engine.h"

G_BEGIN_DECLS

/* GTypes for the engine's enums, so they can be properties and signal
 * arguments. Their nicks match the GSettings schema's enum values. */
#define TTT_TYPE_MARK (ttt_mark_get_type ())
GType ttt_mark_get_type (void) G_GNUC_CONST;

#define TTT_TYPE_OUTCOME (ttt_outcome_get_type ())
GType ttt_outcome_get_type (void) G_GNUC_CONST;

#define TTT_TYPE_LEVEL (ttt_level_get_type ())
GType ttt_level_get_type (void) G_GNUC_CONST;

typedef enum
{
  TTT_FIRST_PLAYER_HUMAN,
  TTT_FIRST_PLAYER_COMPUTER,
  TTT_FIRST_PLAYER_ALTERNATE,
  TTT_FIRST_PLAYER_RANDOM,
} TttFirstPlayer;

#define TTT_TYPE_FIRST_PLAYER (ttt_first_player_get_type ())
GType ttt_first_player_get_type (void) G_GNUC_CONST;

/* Which game is played: the classic 3 × 3, or Ultimate (nine boards). */
typedef enum
{
  TTT_VARIANT_CLASSIC,
  TTT_VARIANT_ULTIMATE,
  TTT_VARIANT_MISERE,
} TttVariant;

/* How many there are: each has a row in the registry (ttt-variants.c). */
#define TTT_N_VARIANTS 3

#define TTT_TYPE_VARIANT (ttt_variant_get_type ())
GType ttt_variant_get_type (void) G_GNUC_CONST;

typedef enum
{
  TTT_OPPONENT_COMPUTER,
  TTT_OPPONENT_HUMAN,
} TttOpponent;

#define TTT_TYPE_OPPONENT (ttt_opponent_get_type ())
GType ttt_opponent_get_type (void) G_GNUC_CONST;

typedef enum
{
  TTT_GAME_STATE_LOCAL_TURN,  /* a local person is to move: the views may play */
  TTT_GAME_STATE_WAITING,     /* a player the model drives is choosing its move */
  TTT_GAME_STATE_OVER,
} TttGameState;

#define TTT_TYPE_GAME_STATE (ttt_game_state_get_type ())
GType ttt_game_state_get_type (void) G_GNUC_CONST;

/* The coach's enums, from the engine's review of a move. */
#define TTT_TYPE_GRADE (ttt_grade_get_type ())
GType ttt_grade_get_type (void) G_GNUC_CONST;

#define TTT_TYPE_MOTIVE (ttt_motive_get_type ())
GType ttt_motive_get_type (void) G_GNUC_CONST;

#define TTT_TYPE_FAULT (ttt_fault_get_type ())
GType ttt_fault_get_type (void) G_GNUC_CONST;

/* What playing a cell leads to for the side that plays it, with perfect
 * play from both sides afterwards. */
typedef enum
{
  TTT_VERDICT_WIN,
  TTT_VERDICT_DRAW,
  TTT_VERDICT_LOSS,
} TttVerdict;

#define TTT_TYPE_VERDICT (ttt_verdict_get_type ())
GType ttt_verdict_get_type (void) G_GNUC_CONST;

G_END_DECLS
