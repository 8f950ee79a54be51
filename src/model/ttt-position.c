/* ttt-position.c — a position of either game, as the model hands it on
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "ttt-position.h"
#include "ttt-variants.h"

void
ttt_position_init_classic (TttPosition    *position,
                           const TttBoard *board,
                           int             last_move)
{
  g_return_if_fail (position != NULL && board != NULL);

  memset (position, 0, sizeof *position);
  position->variant = TTT_VARIANT_CLASSIC;
  position->last_move = last_move;
  position->classic = *board;
}

void
ttt_position_init_ultimate (TttPosition       *position,
                            const TttUltimate *ultimate,
                            int                last_move)
{
  g_return_if_fail (position != NULL && ultimate != NULL);

  memset (position, 0, sizeof *position);
  position->variant = TTT_VARIANT_ULTIMATE;
  position->last_move = last_move;
  position->ultimate = *ultimate;
}

/* The empty board of @variant, before any move. */
void
ttt_position_clear (TttPosition *position,
                    TttVariant   variant)
{
  g_return_if_fail (position != NULL);
  g_return_if_fail (ttt_variants_get (variant)->variant == variant);

  memset (position, 0, sizeof *position);
  position->variant = variant;
  position->last_move = -1;
  ttt_variants_get_rules (variant)->clear (&position->rules);
}

/* Plays @cell for the side to move by the rules of the position's game;
 * on an error (the engine's status) the position is unchanged. */
TttStatus
ttt_position_play (TttPosition *position,
                   int          cell)
{
  TttStatus status;

  g_return_val_if_fail (position != NULL, TTT_ERROR_INVALID_ARGUMENT);

  status = ttt_variants_get_rules (position->variant)->play (&position->rules, cell);
  if (status == TTT_OK)
    position->last_move = cell;

  return status;
}

int
ttt_position_get_n_cells (const TttPosition *position)
{
  g_return_val_if_fail (position != NULL, 0);

  return ttt_variants_get_rules (position->variant)->n_cells;
}

/* The side to move, or TTT_MARK_NONE once the game is over. */
TttMark
ttt_position_get_turn (const TttPosition *position)
{
  g_return_val_if_fail (position != NULL, TTT_MARK_NONE);

  return ttt_variants_get_rules (position->variant)->turn (&position->rules);
}

TttMark
ttt_position_get_cell (const TttPosition *position,
                       int                cell)
{
  g_return_val_if_fail (position != NULL, TTT_MARK_NONE);

  if (cell < 0 || cell >= ttt_position_get_n_cells (position))
    return TTT_MARK_NONE;

  return ttt_variants_get_rules (position->variant)->get (&position->rules, cell);
}

/* Whether the side to move may play @cell: what a move from a player the
 * model does not trust (a remote one) is checked with. */
gboolean
ttt_position_is_legal (const TttPosition *position,
                       int                cell)
{
  g_return_val_if_fail (position != NULL, FALSE);

  if (cell < 0 || cell >= ttt_position_get_n_cells (position))
    return FALSE;

  return ttt_variants_get_rules (position->variant)->is_legal (&position->rules, cell);
}

TttOutcome
ttt_position_get_outcome (const TttPosition *position)
{
  g_return_val_if_fail (position != NULL, TTT_OUTCOME_INVALID);

  return ttt_variants_get_rules (position->variant)->outcome (&position->rules);
}
