/* ttt-match.h — one game of one variant: its position and history
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A TttMatch is what a newcomer asks first about the game on the board:
 * which game it is, where the marks are, what was played in what order,
 * whose turn it is, and how it ended. It plays by its variant's rules
 * from the registry (ttt-variants.h) and never asks which variant that
 * is. Who plays the sides and the computer's pause belong to the
 * TttTable the match is played at (ttt-table.h), the hint to the
 * TttAnalyst; the TttGame that holds all three counts the results and
 * tells the views of each change, in the order written at the top of
 * ttt-game.c, since a change of the match is only a part of what they
 * hear.
 */

#pragma once

#include <glib-object.h>

#include "ttt-enums.h"
#include "ttt-position.h"
#include "ttt-rules.h"

G_BEGIN_DECLS

#define TTT_TYPE_MATCH (ttt_match_get_type ())
G_DECLARE_FINAL_TYPE (TttMatch, ttt_match, TTT, MATCH, GObject)

TttMatch          *ttt_match_new                (TttVariant   variant);

/* A new game of @variant on an empty board. */
void               ttt_match_reset              (TttMatch    *self,
                                                 TttVariant   variant);
/* Plays @cell for the side to move: FALSE, nothing changed, for a move
 * the rules refuse or a game that is over. */
gboolean           ttt_match_play               (TttMatch    *self,
                                                 int          cell);
/* Takes back every move after the first @keep; returns them, latest
 * first, as (cell, mark) pairs (a(ii)). */
GVariant          *ttt_match_keep_moves         (TttMatch    *self,
                                                 guint        keep);
/* Ends the game off the board: won by the side that is not @resigning,
 * or with TTT_MARK_NONE abandoned, with no result. */
void               ttt_match_end_early          (TttMatch    *self,
                                                 TttMark      resigning);

TttVariant         ttt_match_get_variant        (TttMatch    *self);
const TttRules    *ttt_match_get_rules          (TttMatch    *self);
gboolean           ttt_match_get_solved         (TttMatch    *self);
const TttPosition *ttt_match_get_position       (TttMatch    *self);
const int         *ttt_match_get_moves          (TttMatch    *self,
                                                 guint       *n_moves);
guint              ttt_match_get_n_moves        (TttMatch    *self);
int                ttt_match_get_n_cells        (TttMatch    *self);
TttMark            ttt_match_get_cell           (TttMatch    *self,
                                                 int          cell);
gboolean           ttt_match_is_legal           (TttMatch    *self,
                                                 int          cell);
TttMark            ttt_match_get_turn           (TttMatch    *self);
TttOutcome         ttt_match_get_outcome        (TttMatch    *self);
gboolean           ttt_match_get_abandoned      (TttMatch    *self);
guint              ttt_match_get_winning_cells  (TttMatch    *self);

/* The blocks of a game of several (Ultimate's small boards), bit b for
 * block b; 0 in a game of one. */
guint              ttt_match_get_playable_boards (TttMatch   *self);
guint              ttt_match_get_closed_boards   (TttMatch   *self);
guint              ttt_match_get_winning_boards  (TttMatch   *self);
TttMark            ttt_match_get_board_winner    (TttMatch   *self,
                                                  int         board);

/* The mark that played move @index (0-based): X moves first. */
static inline TttMark
ttt_match_mark_of_move (guint index)
{
  return index % 2 == 0 ? TTT_MARK_X : TTT_MARK_O;
}

G_END_DECLS
