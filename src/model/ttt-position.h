/* ttt-position.h — a position of either game, as the model hands it on
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The game seats players that may play classic tic-tac-toe or Ultimate
 * (a board of nine boards). A player is handed a TttPosition: a plain value,
 * copied freely (to a search thread, into a network message), that says
 * which game it is, holds the engine's position of that game, and the move
 * that led to it. The engine's types stay the truth; these helpers ask the
 * variant's rules (ttt-variants.h), never the variant itself.
 */

#pragma once

#include <glib.h>

#include "ttt-engine.h"
#include "ttt-enums.h"
#include "ttt-rules.h"
#include "ttt-ultimate.h"

G_BEGIN_DECLS

typedef struct
{
  TttVariant  variant;
  int         last_move;   /* the move that led here, or -1 */
  union
  {
    TttRulesPosition  rules;     /* as the variant's TttRules take it */
    TttBoard          classic;   /* the same bytes, for code that knows */
    TttUltimate       ultimate;
  };
} TttPosition;

void        ttt_position_init_classic  (TttPosition       *position,
                                        const TttBoard    *board,
                                        int                last_move);
void        ttt_position_init_ultimate (TttPosition       *position,
                                        const TttUltimate *ultimate,
                                        int                last_move);
void        ttt_position_clear         (TttPosition       *position,
                                        TttVariant         variant);
TttStatus   ttt_position_play          (TttPosition       *position,
                                        int                cell);
int         ttt_position_get_n_cells   (const TttPosition *position);
TttMark     ttt_position_get_turn      (const TttPosition *position);
TttMark     ttt_position_get_cell      (const TttPosition *position,
                                        int                cell);
gboolean    ttt_position_is_legal      (const TttPosition *position,
                                        int                cell);
TttOutcome  ttt_position_get_outcome   (const TttPosition *position);

G_END_DECLS
