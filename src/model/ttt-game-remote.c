/* ttt-game-remote.c — a game of TttGame with someone on another computer
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A network session (src/model/net) seats the player elsewhere, begins
 * the game the two sides agreed on, and applies what they agree on
 * later: a move taken back, a resignation, a game abandoned when the
 * connection is lost, the board held while a question is open. Each is a
 * change of the game told in the order ttt-game.c describes.
 */

#include "config.h"

#include "ttt-game-private.h"
#include "ttt-variants.h"

/**
 * ttt_game_start_remote:
 * @self: a #TttGame
 * @remote: the player on the other computer
 * @variant: the game the two sides agreed on
 * @local_mark: the mark of the person here
 *
 * Abandons the current game and begins one between the person here, on
 * @local_mark, and @remote, whose moves the game asks for as it asks the
 * computer's (without the pause). It counts into the network tally of
 * its game (see ttt_table_get_tally()); the setup does not touch it,
 * ttt_game_undo() refuses (see ttt_game_take_back()), and the next
 * ttt_game_start_new() ends it.
 */
void
ttt_game_start_remote (TttGame    *self,
                       TttPlayer  *remote,
                       TttVariant  variant,
                       TttMark     local_mark)
{
  g_return_if_fail (TTT_IS_GAME (self));
  g_return_if_fail (TTT_IS_PLAYER (remote));
  g_return_if_fail (!ttt_player_is_local (remote));
  g_return_if_fail ((guint) variant < ttt_variants_get_n ());
  g_return_if_fail (local_mark == TTT_MARK_X || local_mark == TTT_MARK_O);

  g_object_ref (self);
  ttt_table_set_remote (self->table, remote, local_mark);
  self->remote_variant = variant;
  ttt_game_begin (self, FALSE);
  ttt_game_emit_started (self);
  g_object_unref (self);
}

/**
 * ttt_game_take_back:
 * @self: a #TttGame
 * @side: the side whose last move goes
 *
 * Takes back the last move of @side and any move after it, as both sides
 * of a network game agreed; news as for ttt_game_undo().
 *
 * Returns: %FALSE, nothing changed, if the game is over or @side has no
 *   move on the board
 */
gboolean
ttt_game_take_back (TttGame *self,
                    TttMark  side)
{
  guint keep;

  g_return_val_if_fail (TTT_IS_GAME (self), FALSE);
  g_return_val_if_fail (side == TTT_MARK_X || side == TTT_MARK_O, FALSE);

  if (self->state == TTT_GAME_STATE_OVER)
    return FALSE;
  for (keep = ttt_match_get_n_moves (self->match); keep > 0 && ttt_match_mark_of_move (keep - 1) != side; keep--)
    ;
  if (keep == 0)
    return FALSE;
  keep--;

  ttt_game_keep_moves (self, keep);

  return TRUE;
}

/* Ends the game in progress off the board: won by the other side of
 * @resigning (counted, "game-over" with no winning cells), or, with
 * TTT_MARK_NONE, abandoned (counted nothing, no "game-over"). */
static gboolean
ttt_game_end_early (TttGame *self,
                    TttMark  resigning)
{
  TttGameSnapshot before;

  if (self->state == TTT_GAME_STATE_OVER)
    return FALSE;

  ttt_game_snapshot (self, &before);
  ttt_match_end_early (self->match, resigning);
  ttt_game_update_state (self);

  g_object_ref (self);

  if (resigning != TTT_MARK_NONE)
    ttt_table_count_result (self->table);
  ttt_analyst_drop_hint (self->analyst);
  ttt_game_emit_changes (self, &before);
  if (resigning != TTT_MARK_NONE)
    ttt_game_emit_over (self, 0);

  g_object_unref (self);

  return TRUE;
}

/**
 * ttt_game_resign:
 * @self: a #TttGame
 * @side: the side that gives up
 *
 * Ends the game in progress as won by the other side, counted like a
 * game played out.
 *
 * Returns: %FALSE, nothing changed, if the game is over already
 */
gboolean
ttt_game_resign (TttGame *self,
                 TttMark  side)
{
  g_return_val_if_fail (TTT_IS_GAME (self), FALSE);
  g_return_val_if_fail (side == TTT_MARK_X || side == TTT_MARK_O, FALSE);

  return ttt_game_end_early (self, side);
}

/**
 * ttt_game_abandon:
 * @self: a #TttGame
 *
 * Ends the game in progress with no result and counts nothing: what a
 * lost connection does to a network game. The state becomes
 * %TTT_GAME_STATE_OVER with the outcome still %TTT_OUTCOME_ONGOING.
 *
 * Returns: %FALSE, nothing changed, if the game is over already
 */
gboolean
ttt_game_abandon (TttGame *self)
{
  g_return_val_if_fail (TTT_IS_GAME (self), FALSE);

  return ttt_game_end_early (self, TTT_MARK_NONE);
}

/**
 * ttt_game_set_held:
 * @self: a #TttGame
 * @held: whether to refuse the views' moves
 *
 * Holds the board still while something else decides what comes next: a
 * network game being set up (the game on the board must not go on against
 * the old opponent meanwhile), or a question to the other side (an undo
 * request) that a move would make moot. Nothing else changes.
 */
void
ttt_game_set_held (TttGame  *self,
                   gboolean  held)
{
  g_return_if_fail (TTT_IS_GAME (self));

  if (!self->held == !held)
    return;
  self->held = held;
  ttt_game_notify_held (self);
}

gboolean
ttt_game_get_held (TttGame *self)
{
  g_return_val_if_fail (TTT_IS_GAME (self), FALSE);

  return self->held;
}
