/* ttt-rules.h — one variant's rules behind one interface
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A TttRules is a constant table of a variant's geometry and its rules as
 * functions, so that code above the engine can hold "the rules of this
 * game" without knowing which game it is. The variants are the classic
 * game (ttt-engine.h), Ultimate (ttt-ultimate.h) and Misère
 * (ttt-misere.h); each function here only calls theirs, which stay the
 * truth and keep their own documentation.
 *
 * Positions. A TttRulesPosition is a plain union big enough for any
 * variant's position, copied by assignment; which member is live is not
 * stored in it: a position belongs to the rules that cleared or parsed
 * it, and must be handed only to those (the classic game and Misère share
 * the TttBoard member, so a board moves between them as it is). The
 * members are public for code that knows its variant; the interface never
 * needs them.
 *
 * Moves and cells. A move is the cell it marks, 0 to n_cells − 1, in the
 * variant's own numbering: row-major for a game of one block, and for
 * Ultimate b × 9 + c, cell c of small board (block) b. A cell's block is
 * cell / (n_cells / n_blocks); cell_row() and cell_column() place it on
 * the rows × columns grid, 0 from the top left.
 *
 * Errors. Every function takes NULL and positions no game reaches, and
 * answers as its variant does: TTT_ERROR_INVALID_ARGUMENT, an invalid
 * outcome, TTT_MARK_NONE, 0 or −1, and never changes the position on an
 * error. Plain C11 on libc; the tables are constant, so any thread may use
 * them.
 */

#pragma once

#include <stdbool.h>
#include <stdint.h>

#include "ttt-engine.h"
#include "ttt-misere.h"
#include "ttt-ultimate.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The largest cell count and notation of the variants there are. */
#define TTT_RULES_MAX_CELLS TTT_ULTIMATE_N_MOVES
#define TTT_RULES_TEXT_SIZE TTT_ULTIMATE_TEXT_SIZE

typedef union
{
  TttBoard    board;     /* the classic game and Misère */
  TttUltimate ultimate;
} TttRulesPosition;

/* What one move does, for views and words above the engine, so that no
 * rule of a variant has to be worked out again there. */
typedef struct
{
  TttOutcome outcome;       /* the game's outcome after the move */
  int        block;         /* the move's block: 0 in a game of one block */
  TttOutcome block_outcome; /* its block's after the move: ongoing, won by
                             * a side (a line in it; in Misère the other side
                             * of the line's), or drawn (full); in a game of
                             * one block, the game's outcome */
  unsigned   lines;         /* the cells of the lines the move completed in
                             * its block, bit c for its c-th cell: the
                             * winning line, Misère's losing one, the line
                             * that won an Ultimate small board; often 0 */
  int        next_block;    /* the block the next move must be in, or −1
                             * for no such limit (and once the game is over) */
} TttRulesEffects;

typedef struct TttRules TttRules;

struct TttRules
{
  const char *id;          /* "classic", "ultimate", "misere" */
  int         n_cells;     /* moves there can be: 9 or 81 */
  int         rows;
  int         columns;
  int         n_blocks;    /* 1, or Ultimate's 9 small boards */

  void        (*clear)         (TttRulesPosition       *pos);
  /* Plays @move for the side to move; on an error the position is as it
   * was. */
  TttStatus   (*play)          (TttRulesPosition       *pos,
                                int                     move);
  bool        (*is_legal)      (const TttRulesPosition *pos,
                                int                     move);
  /* Writes the legal moves in increasing order and returns how many there
   * are: 0 once the game is over, −1 for NULL or a bad position. */
  int         (*legal_moves)   (const TttRulesPosition *pos,
                                int                     moves[TTT_RULES_MAX_CELLS]);
  TttOutcome  (*outcome)       (const TttRulesPosition *pos);
  /* The lines that ended the game, as a mask over the game's units: bit i
   * for cell i in a game of one block, for block i in one of several
   * (Ultimate's line of won small boards). In Misère, the loser's line.
   * 0 unless the game is over with a line. */
  unsigned    (*winning_cells) (const TttRulesPosition *pos);
  /* The side to move; TTT_MARK_NONE once the game is over. */
  TttMark     (*turn)          (const TttRulesPosition *pos);
  /* Who holds @cell. */
  TttMark     (*get)           (const TttRulesPosition *pos,
                                int                     cell);
  /* Moves played so far; −1 for NULL or a bad position. */
  int         (*n_moves)       (const TttRulesPosition *pos);
  /* The variant's notation (ttt_board_parse(), ttt_ultimate_parse()).
   * parse leaves the position untouched on an error; format writes an
   * empty string, if @out is not NULL, and returns
   * TTT_ERROR_INVALID_ARGUMENT for NULL or a bad position. */
  TttStatus   (*parse)         (TttRulesPosition       *pos,
                                const char             *text);
  TttStatus   (*format)        (const TttRulesPosition *pos,
                                char                    out[TTT_RULES_TEXT_SIZE]);
  /* What playing @move would do, without playing it: the errors of play,
   * and *out untouched on one. */
  TttStatus   (*effects)       (const TttRulesPosition *pos,
                                int                     move,
                                TttRulesEffects        *out);
  /* The grid place of @cell, −1 out of range. */
  int         (*cell_row)      (int                     cell);
  int         (*cell_column)   (int                     cell);

  /* Perfect play, for a game small enough to be solved, NULL for one that
   * is not (Ultimate, whose opponents and coach search instead). score is
   * the side to move's, on ttt_solver_score()'s scale (TTT_SCORE_INVALID
   * for a bad position); best_moves the moves that keep it, bit m for
   * move m; choose the opponent at @level as ttt_ai_choose() (−1 when the
   * game is over or on an error); review grades a move as
   * ttt_review_move(), with its errors. */
  int         (*score)         (const TttRulesPosition *pos);
  unsigned    (*best_moves)    (const TttRulesPosition *pos);
  int         (*choose)        (const TttRulesPosition *pos,
                                TttLevel                level,
                                uint64_t               *rng_state);
  TttStatus   (*review)        (const TttRulesPosition *pos,
                                int                     move,
                                TttReview              *out);
};

extern const TttRules ttt_rules_classic;
extern const TttRules ttt_rules_ultimate;
extern const TttRules ttt_rules_misere;

/* Every variant, in the order a list of them shows. */
#define TTT_RULES_N_VARIANTS 3
extern const TttRules *const ttt_rules_all[TTT_RULES_N_VARIANTS];

/* The rules whose id is @id; NULL for none or NULL. */
const TttRules *ttt_rules_for_id (const char *id);

#ifdef __cplusplus
}
#endif
