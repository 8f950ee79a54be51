/* ttt-rules.c — the classic game, Ultimate and Misère behind TttRules
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Thin adapters: each calls the variant's own rules and adds only what
 * the interface promises beyond them (a legal-move list, a position's
 * validity checked where the classic board does not check it, a move's
 * effects).
 */

#include <stddef.h>
#include <string.h>

#include "ttt-engine-private.h"
#include "ttt-rules.h"

/* The classic board and Misère
 *
 * One board, one set of reachable positions, one notation; the two
 * differ in whom a line counts against, so the shared adapters take the
 * outcome as a function. */

typedef TttOutcome (*BoardOutcomeFunc) (const TttBoard *board);

static bool
board_is_valid (const TttRulesPosition *pos)
{
  return pos != NULL && ttt_board_outcome (&pos->board) != TTT_OUTCOME_INVALID;
}

static void
board_clear (TttRulesPosition *pos)
{
  if (pos == NULL)
    return;

  memset (pos, 0, sizeof *pos);
  ttt_board_clear (&pos->board);
}

static TttStatus
board_play (TttRulesPosition *pos,
            int               move)
{
  if (pos == NULL)
    return TTT_ERROR_INVALID_ARGUMENT;

  return ttt_board_play (&pos->board, move);
}

static bool
board_is_legal (const TttRulesPosition *pos,
                int                     move)
{
  TttBoard child;

  if (pos == NULL)
    return false;

  child = pos->board;
  return ttt_board_play (&child, move) == TTT_OK;
}

static int
board_legal_moves (const TttRulesPosition *pos,
                   int                     moves[TTT_RULES_MAX_CELLS])
{
  TttOutcome outcome;
  unsigned empty;
  int n = 0;

  if (pos == NULL || moves == NULL)
    return -1;

  outcome = ttt_board_outcome (&pos->board);
  if (outcome == TTT_OUTCOME_INVALID)
    return -1;
  if (outcome != TTT_OUTCOME_ONGOING)
    return 0;

  empty = ttt_board_empty (&pos->board);
  for (int cell = 0; cell < TTT_N_CELLS; cell++)
    if (empty & TTT_CELL (cell))
      moves[n++] = cell;

  return n;
}

static TttMark
board_turn (const TttRulesPosition *pos)
{
  return pos != NULL ? ttt_board_turn (&pos->board) : TTT_MARK_NONE;
}

static TttMark
board_get (const TttRulesPosition *pos,
           int                     cell)
{
  return board_is_valid (pos) ? ttt_board_get (&pos->board, cell) : TTT_MARK_NONE;
}

static int
board_n_moves (const TttRulesPosition *pos)
{
  return board_is_valid (pos) ? ttt_board_n_moves (&pos->board) : -1;
}

static TttStatus
board_parse (TttRulesPosition *pos,
             const char       *text)
{
  TttBoard board;
  TttStatus status;

  if (pos == NULL)
    return TTT_ERROR_INVALID_ARGUMENT;

  status = ttt_board_parse (&board, text);
  if (status != TTT_OK)
    return status;

  board_clear (pos);
  pos->board = board;
  return TTT_OK;
}

static TttStatus
board_format (const TttRulesPosition *pos,
              char                    out[TTT_RULES_TEXT_SIZE])
{
  if (!board_is_valid (pos))
    {
      if (out != NULL)
        out[0] = '\0';
      return TTT_ERROR_INVALID_ARGUMENT;
    }
  if (out == NULL)
    return TTT_ERROR_INVALID_ARGUMENT;

  ttt_board_format (&pos->board, out);
  return TTT_OK;
}

static TttStatus
board_effects (const TttRulesPosition *pos,
               int                     move,
               BoardOutcomeFunc        outcome,
               TttRulesEffects        *out)
{
  TttBoard after;
  TttStatus status;

  if (pos == NULL || out == NULL)
    return TTT_ERROR_INVALID_ARGUMENT;

  after = pos->board;
  status = ttt_board_play (&after, move);
  if (status != TTT_OK)
    return status;

  out->outcome = outcome (&after);
  out->block = 0;
  out->block_outcome = out->outcome;
  /* Play stops at the first line, so any line on the board is this move's. */
  out->lines = ttt_board_winning_cells (&after);
  out->next_block = -1;

  return TTT_OK;
}

static int
board_cell_row (int cell)
{
  return cell >= 0 && cell < TTT_N_CELLS ? cell / 3 : -1;
}

static int
board_cell_column (int cell)
{
  return cell >= 0 && cell < TTT_N_CELLS ? cell % 3 : -1;
}

static TttOutcome
classic_outcome (const TttRulesPosition *pos)
{
  return pos != NULL ? ttt_board_outcome (&pos->board) : TTT_OUTCOME_INVALID;
}

static unsigned
classic_winning_cells (const TttRulesPosition *pos)
{
  return pos != NULL ? ttt_board_winning_cells (&pos->board) : 0;
}

static TttStatus
classic_effects (const TttRulesPosition *pos,
                 int                     move,
                 TttRulesEffects        *out)
{
  return board_effects (pos, move, ttt_board_outcome, out);
}

static TttOutcome
misere_outcome (const TttRulesPosition *pos)
{
  return pos != NULL ? ttt_misere_outcome (&pos->board) : TTT_OUTCOME_INVALID;
}

static unsigned
misere_winning_cells (const TttRulesPosition *pos)
{
  return pos != NULL ? ttt_misere_losing_cells (&pos->board) : 0;
}

static TttStatus
misere_effects (const TttRulesPosition *pos,
                int                     move,
                TttRulesEffects        *out)
{
  return board_effects (pos, move, ttt_misere_outcome, out);
}

static int
classic_score (const TttRulesPosition *pos)
{
  return pos != NULL ? ttt_solver_score (&pos->board) : TTT_SCORE_INVALID;
}

static unsigned
classic_best_moves (const TttRulesPosition *pos)
{
  return pos != NULL ? ttt_solver_best_moves (&pos->board) : 0;
}

static int
classic_choose (const TttRulesPosition *pos,
                TttLevel                level,
                uint64_t               *rng_state)
{
  return pos != NULL ? ttt_ai_choose (&pos->board, level, rng_state) : -1;
}

static TttStatus
classic_review (const TttRulesPosition *pos,
                int                     move,
                TttReview              *out)
{
  return pos != NULL ? ttt_review_move (&pos->board, move, out) : TTT_ERROR_INVALID_ARGUMENT;
}

static int
misere_score (const TttRulesPosition *pos)
{
  return pos != NULL ? ttt_misere_score (&pos->board) : TTT_SCORE_INVALID;
}

static unsigned
misere_best_moves (const TttRulesPosition *pos)
{
  return pos != NULL ? ttt_misere_best_moves (&pos->board) : 0;
}

static int
misere_choose (const TttRulesPosition *pos,
               TttLevel                level,
               uint64_t               *rng_state)
{
  return pos != NULL ? ttt_misere_choose (&pos->board, level, rng_state) : -1;
}

static TttStatus
misere_review (const TttRulesPosition *pos,
               int                     move,
               TttReview              *out)
{
  return pos != NULL ? ttt_misere_review_move (&pos->board, move, out) : TTT_ERROR_INVALID_ARGUMENT;
}

const TttRules ttt_rules_classic = {
  .id = "classic",
  .n_cells = TTT_N_CELLS,
  .rows = 3,
  .columns = 3,
  .n_blocks = 1,
  .clear = board_clear,
  .play = board_play,
  .is_legal = board_is_legal,
  .legal_moves = board_legal_moves,
  .outcome = classic_outcome,
  .winning_cells = classic_winning_cells,
  .turn = board_turn,
  .get = board_get,
  .n_moves = board_n_moves,
  .parse = board_parse,
  .format = board_format,
  .effects = classic_effects,
  .cell_row = board_cell_row,
  .cell_column = board_cell_column,
  .score = classic_score,
  .best_moves = classic_best_moves,
  .choose = classic_choose,
  .review = classic_review,
};

const TttRules ttt_rules_misere = {
  .id = "misere",
  .n_cells = TTT_N_CELLS,
  .rows = 3,
  .columns = 3,
  .n_blocks = 1,
  .clear = board_clear,
  .play = board_play,
  .is_legal = board_is_legal,
  .legal_moves = board_legal_moves,
  .outcome = misere_outcome,
  .winning_cells = misere_winning_cells,
  .turn = board_turn,
  .get = board_get,
  .n_moves = board_n_moves,
  .parse = board_parse,
  .format = board_format,
  .effects = misere_effects,
  .cell_row = board_cell_row,
  .cell_column = board_cell_column,
  .score = misere_score,
  .best_moves = misere_best_moves,
  .choose = misere_choose,
  .review = misere_review,
};

/* Ultimate */

static void
ultimate_clear (TttRulesPosition *pos)
{
  if (pos == NULL)
    return;

  memset (pos, 0, sizeof *pos);
  ttt_ultimate_clear (&pos->ultimate);
}

static TttStatus
ultimate_play (TttRulesPosition *pos,
               int               move)
{
  return pos != NULL ? ttt_ultimate_play (&pos->ultimate, move) : TTT_ERROR_INVALID_ARGUMENT;
}

static bool
ultimate_is_legal (const TttRulesPosition *pos,
                   int                     move)
{
  return pos != NULL && ttt_ultimate_is_legal (&pos->ultimate, move);
}

static int
ultimate_legal_moves (const TttRulesPosition *pos,
                      int                     moves[TTT_RULES_MAX_CELLS])
{
  TttUltimateMoves legal;
  int n = 0;

  if (pos == NULL || moves == NULL || ttt_ultimate_legal_moves (&pos->ultimate, &legal) < 0)
    return -1;

  for (int b = 0; b < TTT_ULTIMATE_N_BOARDS; b++)
    for (int c = 0; c < TTT_N_CELLS; c++)
      if (legal.cells[b] & TTT_CELL (c))
        moves[n++] = b * TTT_N_CELLS + c;

  return n;
}

static TttOutcome
ultimate_outcome (const TttRulesPosition *pos)
{
  return pos != NULL ? ttt_ultimate_outcome (&pos->ultimate) : TTT_OUTCOME_INVALID;
}

static unsigned
ultimate_winning_cells (const TttRulesPosition *pos)
{
  return pos != NULL ? ttt_ultimate_winning_boards (&pos->ultimate) : 0;
}

static TttMark
ultimate_turn (const TttRulesPosition *pos)
{
  if (pos == NULL || ttt_ultimate_outcome (&pos->ultimate) != TTT_OUTCOME_ONGOING)
    return TTT_MARK_NONE;

  return (TttMark) pos->ultimate.turn;
}

static TttMark
ultimate_get (const TttRulesPosition *pos,
              int                     cell)
{
  return pos != NULL ? ttt_ultimate_get (&pos->ultimate, cell) : TTT_MARK_NONE;
}

static int
ultimate_n_moves (const TttRulesPosition *pos)
{
  return pos != NULL ? ttt_ultimate_n_moves (&pos->ultimate) : -1;
}

static TttStatus
ultimate_parse (TttRulesPosition *pos,
                const char       *text)
{
  TttUltimate parsed;
  TttStatus status;

  if (pos == NULL)
    return TTT_ERROR_INVALID_ARGUMENT;

  status = ttt_ultimate_parse (&parsed, text);
  if (status != TTT_OK)
    return status;

  ultimate_clear (pos);
  pos->ultimate = parsed;
  return TTT_OK;
}

static TttStatus
ultimate_format (const TttRulesPosition *pos,
                 char                    out[TTT_RULES_TEXT_SIZE])
{
  if (pos == NULL)
    {
      if (out != NULL)
        out[0] = '\0';
      return TTT_ERROR_INVALID_ARGUMENT;
    }

  return ttt_ultimate_format (&pos->ultimate, out);
}

static TttStatus
ultimate_effects (const TttRulesPosition *pos,
                  int                     move,
                  TttRulesEffects        *out)
{
  TttUltimate after;
  TttStatus status;
  int block;
  uint16_t bit;

  if (pos == NULL || out == NULL)
    return TTT_ERROR_INVALID_ARGUMENT;

  after = pos->ultimate;
  status = ttt_ultimate_play (&after, move);
  if (status != TTT_OK)
    return status;

  block = move / TTT_N_CELLS;
  bit = (uint16_t) TTT_CELL (block);
  out->outcome = ttt_ultimate_outcome (&after);
  out->block = block;
  if (after.x_won & bit)
    out->block_outcome = TTT_OUTCOME_X_WINS;
  else if (after.o_won & bit)
    out->block_outcome = TTT_OUTCOME_O_WINS;
  else if (after.closed & bit)
    out->block_outcome = TTT_OUTCOME_DRAW;
  else
    out->block_outcome = TTT_OUTCOME_ONGOING;
  /* Play in a small board stops at its first line, so any line in the
   * board just played in is this move's. */
  out->lines = ttt_lines_completed (after.x[block]) | ttt_lines_completed (after.o[block]);
  out->next_block = after.next;

  return TTT_OK;
}

const TttRules ttt_rules_ultimate = {
  .id = "ultimate",
  .n_cells = TTT_ULTIMATE_N_MOVES,
  .rows = 9,
  .columns = 9,
  .n_blocks = TTT_ULTIMATE_N_BOARDS,
  .clear = ultimate_clear,
  .play = ultimate_play,
  .is_legal = ultimate_is_legal,
  .legal_moves = ultimate_legal_moves,
  .outcome = ultimate_outcome,
  .winning_cells = ultimate_winning_cells,
  .turn = ultimate_turn,
  .get = ultimate_get,
  .n_moves = ultimate_n_moves,
  .parse = ultimate_parse,
  .format = ultimate_format,
  .effects = ultimate_effects,
  .cell_row = ttt_ultimate_move_row,
  .cell_column = ttt_ultimate_move_col,
};

/* The registry */

const TttRules *const ttt_rules_all[TTT_RULES_N_VARIANTS] = {
  &ttt_rules_classic,
  &ttt_rules_ultimate,
  &ttt_rules_misere,
};

const TttRules *
ttt_rules_for_id (const char *id)
{
  if (id == NULL)
    return NULL;

  for (int i = 0; i < TTT_RULES_N_VARIANTS; i++)
    if (strcmp (ttt_rules_all[i]->id, id) == 0)
      return ttt_rules_all[i];

  return NULL;
}
