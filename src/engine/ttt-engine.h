/* ttt-engine.h — the rules of tic-tac-toe and the computer opponents
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * This is the engine's public header for the classic game; the others,
 * which include it, are ttt-ultimate.h (Ultimate), ttt-misere.h (Misère,
 * on this board) and ttt-rules.h (any variant's rules behind one
 * interface). The engine is plain C11 on libc: it knows nothing of GLib,
 * GTK or time, keeps no mutable global state and may be called from
 * several threads at once.
 *
 * Cells are numbered 0–8 row-major:
 *
 *   0 | 1 | 2
 *   --+---+--
 *   3 | 4 | 5
 *   --+---+--
 *   6 | 7 | 8
 *
 * X always moves first, so whose turn it is follows from the board itself.
 *
 * The struct is public, so any two masks can be put in it. The rules answer
 * only for boards a game played from the empty board can reach: on any other
 * (a cell held by both, a bit above cell 8, the wrong number of marks, play
 * after a win) ttt_board_play() returns TTT_ERROR_INVALID_ARGUMENT and leaves
 * the board as it was, ttt_board_turn() returns TTT_MARK_NONE,
 * ttt_board_outcome() TTT_OUTCOME_INVALID and ttt_board_winning_cells() 0.
 */

#pragma once

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define TTT_N_CELLS 9

/* Three rows, three columns and two diagonals. */
#define TTT_N_BOARD_LINES 8

/* A board is a value: copy it by assignment. Bit i of a mask is cell i. */
typedef struct
{
  uint16_t x;
  uint16_t o;
} TttBoard;

typedef enum
{
  TTT_MARK_NONE,
  TTT_MARK_X,
  TTT_MARK_O,
} TttMark;

typedef enum
{
  TTT_OUTCOME_ONGOING,
  TTT_OUTCOME_X_WINS,
  TTT_OUTCOME_O_WINS,
  TTT_OUTCOME_DRAW,
  TTT_OUTCOME_INVALID,        /* NULL, or a board no game can reach */
} TttOutcome;

typedef enum
{
  TTT_OK = 0,
  TTT_ERROR_OUT_OF_RANGE,     /* cell is not in 0–8 */
  TTT_ERROR_OCCUPIED,         /* cell already holds a mark */
  TTT_ERROR_GAME_OVER,        /* the game has been won or drawn */
  TTT_ERROR_INVALID_TEXT,     /* text is not a board that can arise in a game */
  TTT_ERROR_INVALID_ARGUMENT, /* a NULL pointer, an unknown level, or a
                               * board no game can reach */
  TTT_ERROR_INVALID_MOVE,     /* Ultimate: an empty cell of a board the side
                               * to move may not play in */
} TttStatus;

/* The computer's levels. The classic game and Misère play Easy, Medium and
 * Hard; Ultimate has a ladder of its own, Beginner to Master, named for the
 * players they play like (ttt_ultimate_level_get()). */
typedef enum
{
  TTT_LEVEL_EASY,
  TTT_LEVEL_MEDIUM,
  TTT_LEVEL_HARD,
  TTT_LEVEL_BEGINNER,
  TTT_LEVEL_CASUAL,
  TTT_LEVEL_CLUB,
  TTT_LEVEL_STRONG,
  TTT_LEVEL_MASTER,
} TttLevel;

#define TTT_N_LEVELS 8

/* Board rules */

void        ttt_board_clear         (TttBoard       *board);
TttStatus   ttt_board_parse         (TttBoard       *board,
                                     const char     *text);
void        ttt_board_format        (const TttBoard *board,
                                     char            out[10]);
TttMark     ttt_board_get           (const TttBoard *board,
                                     int             cell);
TttMark     ttt_board_turn          (const TttBoard *board);
TttStatus   ttt_board_play          (TttBoard       *board,
                                     int             cell);
TttOutcome  ttt_board_outcome       (const TttBoard *board);
unsigned    ttt_board_winning_cells (const TttBoard *board);
unsigned    ttt_line_within         (unsigned        cells);
int         ttt_lines_within        (unsigned        cells,
                                     unsigned        lines[TTT_N_BOARD_LINES]);
int         ttt_board_n_moves       (const TttBoard *board);
const char *ttt_status_to_string    (TttStatus       status);

/* Perfect play */

/* Scores are ±(TTT_SCORE_MAX − plies to the end of the game) for the side to
 * move: 9 wins at once, −10 has already lost, 0 is a draw. */
#define TTT_SCORE_MAX 10
/* What ttt_solver_score() returns for a board no game can reach. */
#define TTT_SCORE_INVALID (-128)

int         ttt_solver_score        (const TttBoard *board);
unsigned    ttt_solver_best_moves   (const TttBoard *board);

/* Opponents */

/* Easy plays any empty cell; Medium wins, else blocks, else takes the
 * centre, a corner, a side. Hard plays only cells of
 * ttt_solver_best_moves(), so it never loses, and of those the ones that
 * most often lead a fallible opponent astray: it sets traps. */
int         ttt_ai_choose           (const TttBoard *board,
                                     TttLevel        level,
                                     uint64_t       *rng_state);

/* The opponents' randomness: SplitMix64 on a state the caller owns. Any
 * value is a good seed, and one state may serve ttt_ai_choose() and the
 * caller's own draws alike, so that one seed repeats a whole session.
 * Returns the next value and advances *state; 0, with nothing changed,
 * for a NULL state. */
uint64_t    ttt_rng_next            (uint64_t       *state);

/* The coach: what one move did
 *
 * ttt_review_move() grades a move against perfect play and names what it
 * does and, if it is not best, what it gets wrong. The outcome class of a
 * score is a win (> 0), a draw (0) or a loss (< 0); the mover's best class
 * is the best over all its legal moves. */

typedef enum
{
  TTT_GRADE_BEST,     /* keeps the best outcome class the mover had */
  TTT_GRADE_MISTAKE,  /* one class worse: a win thrown to a draw, or a draw to a loss */
  TTT_GRADE_BLUNDER,  /* a win thrown to a loss */
} TttGrade;

typedef enum           /* the first that applies, in this order */
{
  TTT_MOTIVE_WIN,      /* completes a line of the mover's */
  TTT_MOTIVE_BLOCK,    /* takes a cell where the opponent would complete a line */
  TTT_MOTIVE_FORK,     /* afterwards the mover has two or more cells that each complete a line */
  TTT_MOTIVE_THREAT,   /* afterwards the mover has exactly one such cell */
  TTT_MOTIVE_CENTRE,
  TTT_MOTIVE_CORNER,
  TTT_MOTIVE_SIDE,
  TTT_MOTIVE_SQUEEZE,  /* Misère only, first: afterwards every empty cell would complete a line of the opponent's */
} TttMotive;

typedef enum           /* the first that applies, in this order */
{
  TTT_FAULT_NONE,         /* the grade is BEST */
  TTT_FAULT_MISSED_WIN,   /* the mover could complete a line at once and did not */
  TTT_FAULT_MISSED_BLOCK, /* the opponent could complete a line next and the move does not take such a cell */
  TTT_FAULT_ALLOWS_FORK,  /* some best reply of the opponent (ttt_solver_best_moves of the board after
                             the move) leaves the opponent two or more cells that each complete a line */
  TTT_FAULT_WEAKER,       /* none of the above */
  TTT_FAULT_OWN_LINE,     /* Misère only, first: the move completes a line of the mover's, and loses */
} TttFault;

typedef struct
{
  TttGrade  grade;
  TttMotive motive;
  TttFault  fault;
  int       score;  /* the move's value for the mover: −ttt_solver_score() of the board after it */
  unsigned  best;   /* ttt_solver_best_moves() of the board before it */
} TttReview;

/* Reviews playing @cell on @before for the side to move. A move that ends
 * the game scores as usual: +10 for a win, 0 for a last move that draws.
 * Errors are those of ttt_board_play() (TTT_ERROR_OUT_OF_RANGE,
 * TTT_ERROR_GAME_OVER, TTT_ERROR_OCCUPIED), and TTT_ERROR_INVALID_ARGUMENT
 * for a NULL argument or a board no game can reach, checked first; on an
 * error *out is left untouched. */
TttStatus   ttt_review_move         (const TttBoard *before,
                                     int             cell,
                                     TttReview      *out);

#ifdef __cplusplus
}
#endif
