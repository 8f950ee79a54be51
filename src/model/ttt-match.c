/* ttt-match.c — one game of one variant: its position and history
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "ttt-match.h"
#include "ttt-variants.h"

struct _TttMatch
{
  GObject      parent_instance;

  /* The board of the game in progress, as its rules hold it, and every
   * move that led there, first move first. */
  TttPosition  position;
  int          history[TTT_RULES_MAX_CELLS];
  guint        n_moves;

  /* A game may end off the board: a resignation gives its outcome here,
   * a lost connection abandons it with none. */
  TttOutcome   early_outcome;
  gboolean     abandoned;
};

G_DEFINE_FINAL_TYPE (TttMatch, ttt_match, G_TYPE_OBJECT)

static void
ttt_match_class_init (TttMatchClass *klass)
{
}

static void
ttt_match_init (TttMatch *self)
{
  ttt_position_clear (&self->position, ttt_variants_get_nth (0)->variant);
  self->early_outcome = TTT_OUTCOME_ONGOING;
}

TttMatch *
ttt_match_new (TttVariant variant)
{
  TttMatch *self = g_object_new (TTT_TYPE_MATCH, NULL);

  ttt_match_reset (self, variant);

  return self;
}

void
ttt_match_reset (TttMatch   *self,
                 TttVariant  variant)
{
  g_return_if_fail (TTT_IS_MATCH (self));

  ttt_position_clear (&self->position, variant);
  self->n_moves = 0;
  self->early_outcome = TTT_OUTCOME_ONGOING;
  self->abandoned = FALSE;
}

gboolean
ttt_match_play (TttMatch *self,
                int       cell)
{
  g_return_val_if_fail (TTT_IS_MATCH (self), FALSE);

  if (ttt_match_get_turn (self) == TTT_MARK_NONE)
    return FALSE;
  if (ttt_position_play (&self->position, cell) != TTT_OK)
    return FALSE;

  self->history[self->n_moves++] = cell;

  return TRUE;
}

/* Takes back every move after the first @keep. Returns the moves taken
 * back, latest first, as (cell, mark) pairs: a(ii), owned by the caller. */
GVariant *
ttt_match_keep_moves (TttMatch *self,
                      guint     keep)
{
  g_autoptr(GVariantBuilder) taken = g_variant_builder_new (G_VARIANT_TYPE ("a(ii)"));

  g_return_val_if_fail (TTT_IS_MATCH (self), NULL);
  g_return_val_if_fail (keep <= self->n_moves, NULL);

  for (guint i = self->n_moves; i-- > keep;)
    g_variant_builder_add (taken, "(ii)", self->history[i], (int) ttt_match_mark_of_move (i));

  /* Replaying is simpler than unpicking masks and cannot disagree with
   * the rules about whose turn follows. */
  ttt_position_clear (&self->position, self->position.variant);
  for (guint i = 0; i < keep; i++)
    ttt_position_play (&self->position, self->history[i]);
  self->n_moves = keep;

  return g_variant_ref_sink (g_variant_builder_end (taken));
}

void
ttt_match_end_early (TttMatch *self,
                     TttMark   resigning)
{
  g_return_if_fail (TTT_IS_MATCH (self));

  if (resigning == TTT_MARK_NONE)
    self->abandoned = TRUE;
  else
    self->early_outcome = resigning == TTT_MARK_X ? TTT_OUTCOME_O_WINS : TTT_OUTCOME_X_WINS;
}

TttVariant
ttt_match_get_variant (TttMatch *self)
{
  g_return_val_if_fail (TTT_IS_MATCH (self), ttt_variants_get_nth (0)->variant);

  return self->position.variant;
}

const TttRules *
ttt_match_get_rules (TttMatch *self)
{
  g_return_val_if_fail (TTT_IS_MATCH (self), NULL);

  return ttt_variants_get_rules (self->position.variant);
}

/* Whether its rules know perfect play (the coach's figures are exact). */
gboolean
ttt_match_get_solved (TttMatch *self)
{
  g_return_val_if_fail (TTT_IS_MATCH (self), FALSE);

  return ttt_variants_get (self->position.variant)->solved;
}

/* Valid until the next change of the match. */
const TttPosition *
ttt_match_get_position (TttMatch *self)
{
  g_return_val_if_fail (TTT_IS_MATCH (self), NULL);

  return &self->position;
}

/* The cells played, first move first: X played the even-numbered
 * entries. Valid until the next change of the match. */
const int *
ttt_match_get_moves (TttMatch *self,
                     guint    *n_moves)
{
  g_return_val_if_fail (TTT_IS_MATCH (self), NULL);

  if (n_moves != NULL)
    *n_moves = self->n_moves;

  return self->history;
}

guint
ttt_match_get_n_moves (TttMatch *self)
{
  g_return_val_if_fail (TTT_IS_MATCH (self), 0);

  return self->n_moves;
}

int
ttt_match_get_n_cells (TttMatch *self)
{
  g_return_val_if_fail (TTT_IS_MATCH (self), 0);

  return ttt_position_get_n_cells (&self->position);
}

TttMark
ttt_match_get_cell (TttMatch *self,
                    int       cell)
{
  g_return_val_if_fail (TTT_IS_MATCH (self), TTT_MARK_NONE);

  return ttt_position_get_cell (&self->position, cell);
}

/* Whether the side to move may play @cell by the rules, whoever plays
 * it: what a move from the views and from a player the model does not
 * trust are both checked with. */
gboolean
ttt_match_is_legal (TttMatch *self,
                    int       cell)
{
  g_return_val_if_fail (TTT_IS_MATCH (self), FALSE);

  if (ttt_match_get_turn (self) == TTT_MARK_NONE)
    return FALSE;

  return ttt_position_is_legal (&self->position, cell);
}

/* The side to move; TTT_MARK_NONE once the game is over, on the board
 * or off it. */
TttMark
ttt_match_get_turn (TttMatch *self)
{
  g_return_val_if_fail (TTT_IS_MATCH (self), TTT_MARK_NONE);

  if (self->early_outcome != TTT_OUTCOME_ONGOING || self->abandoned)
    return TTT_MARK_NONE;

  return ttt_position_get_turn (&self->position);
}

/* The board's outcome, or a resignation's; still ongoing for a game
 * abandoned. */
TttOutcome
ttt_match_get_outcome (TttMatch *self)
{
  g_return_val_if_fail (TTT_IS_MATCH (self), TTT_OUTCOME_ONGOING);

  if (self->early_outcome != TTT_OUTCOME_ONGOING)
    return self->early_outcome;

  return ttt_position_get_outcome (&self->position);
}

gboolean
ttt_match_get_abandoned (TttMatch *self)
{
  g_return_val_if_fail (TTT_IS_MATCH (self), FALSE);

  return self->abandoned;
}

/* The line that ended the game, over the game's units: bit i for cell i
 * in a game of one block, for block i (a small board) in one of
 * several, whose 81 cells a mask cannot hold. In Misère, the loser's
 * line. 0 unless a line ended the game. */
guint
ttt_match_get_winning_cells (TttMatch *self)
{
  g_return_val_if_fail (TTT_IS_MATCH (self), 0);

  return ttt_match_get_rules (self)->winning_cells (&self->position.rules);
}

/* The blocks the side to move may play in now: the one it was sent to,
 * or every open one when that is closed or the game has just begun. */
guint
ttt_match_get_playable_boards (TttMatch *self)
{
  const TttRules *rules;
  int moves[TTT_RULES_MAX_CELLS];
  guint boards = 0;
  int n;

  g_return_val_if_fail (TTT_IS_MATCH (self), 0);

  rules = ttt_match_get_rules (self);
  if (rules->n_blocks <= 1 || ttt_match_get_turn (self) == TTT_MARK_NONE)
    return 0;

  n = rules->legal_moves (&self->position.rules, moves);
  for (int i = 0; i < n; i++)
    boards |= 1u << (moves[i] / (rules->n_cells / rules->n_blocks));

  return boards;
}

/* The blocks nobody may play in any more: won, or full. The only game
 * of several blocks is Ultimate's, whose position says them. */
guint
ttt_match_get_closed_boards (TttMatch *self)
{
  g_return_val_if_fail (TTT_IS_MATCH (self), 0);

  if (ttt_match_get_rules (self)->n_blocks <= 1)
    return 0;

  return self->position.ultimate.closed;
}

/* The blocks of the winner's line (or lines) of won blocks. */
guint
ttt_match_get_winning_boards (TttMatch *self)
{
  g_return_val_if_fail (TTT_IS_MATCH (self), 0);

  if (ttt_match_get_rules (self)->n_blocks <= 1)
    return 0;

  return ttt_match_get_winning_cells (self);
}

/* Who won block @board; TTT_MARK_NONE for an open or drawn one, and in a
 * game of one block. */
TttMark
ttt_match_get_board_winner (TttMatch *self,
                            int       board)
{
  const TttRules *rules;

  g_return_val_if_fail (TTT_IS_MATCH (self), TTT_MARK_NONE);

  rules = ttt_match_get_rules (self);
  g_return_val_if_fail (board >= 0 && board < MAX (rules->n_blocks, TTT_ULTIMATE_N_BOARDS),
                        TTT_MARK_NONE);
  if (rules->n_blocks <= 1)
    return TTT_MARK_NONE;

  return ttt_ultimate_board_winner (&self->position.ultimate, board);
}
