/* fuzz-engine.c — the engine under arbitrary input, its invariants checked
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The engine is the one part of the game that takes values from outside
 * (saved boards, settings, seeds), so it must never crash, never accept a
 * move it should refuse, and never let its answers contradict each other,
 * whatever it is given. The exhaustive unit tests walk every reachable board;
 * this target also walks the unreachable ones, garbage text, absurd cell
 * numbers, unknown levels and every seed, in orders no test would choose.
 *
 * Every board also meets the coach: ttt_review_move() on every cell, and
 * Misère (ttt-misere.h), whose board is the same struct: its outcome,
 * solver and opponents.
 *
 * The input is read as a script. The first byte chooses the starting board:
 *
 *   0  the empty board
 *   1  the text up to the first newline, given to ttt_board_parse()
 *   2  two raw 16-bit masks put straight into the struct, so that boards no
 *      game can reach get in too (the struct is public)
 *
 * then each further byte is an operation; its low 3 bits say which, its high
 * 5 bits are a small argument, and some operations read more bytes (zeros
 * past the end, so every input is a complete script):
 *
 *   0  play a small cell, -1 to 10            1  play any 32-bit int
 *   2  computer move, level 0–4 (3, 4 unknown), 64-bit seed; play it
 *   3  computer move, any 32-bit level, 64-bit seed; play it
 *   4  parse the next N bytes as text (N from the next byte)
 *   5  clear the board                        6  computer plays both sides
 *   7  replace the board by two raw masks      to the end, 64-bit seed
 *
 * Every invariant is checked after every operation and a violation aborts,
 * which libFuzzer reports as a crash with the input that caused it. The
 * oracle (reference-rules.h: lines as cell triples, the textbook
 * reachability rule) is written apart from the engine's masks and tables,
 * so that a mistake shared by both cannot hide.
 *
 * Built with -DTTT_FUZZ_STANDALONE, main() at the end replays files (the seed
 * corpus, or a crash file) through the same function with any compiler.
 */

#include <limits.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz-script.h"
#include "reference-rules.h"
#include "ttt-engine.h"
#include "ttt-misere.h"

/* libFuzzer provides no header; the prototype keeps -Wmissing-prototypes
 * quiet and lets the standalone main() call the same function. */
int LLVMFuzzerTestOneInput (const uint8_t *data,
                            size_t         size);

/* Longest text handed to the parser; longer inputs add nothing new. */
#define MAX_TEXT 256

/* Failure */

static void fail (const TttBoard *board,
                  int             line,
                  const char     *what) __attribute__ ((noreturn));

static void
fail (const TttBoard *board,
      int             line,
      const char     *what)
{
  /* The raw masks, not the formatted board, since the board may be one that
   * formatting cannot show (stray high bits, X and O on one cell). */
  fprintf (stderr, "fuzz-engine.c:%d: invariant failed: %s (board x=0x%04x o=0x%04x)\n",
           line, what, board != NULL ? board->x : 0u, board != NULL ? board->o : 0u);
  abort ();
}

#define CHECK(board, cond) \
  do { if (!(cond)) fail ((board), __LINE__, #cond); } while (0)

/* The oracle: reference-rules.h, and the text grammar */

/* The text grammar of the header, written out: X, O and '.', with '/' and
 * ' ' ignored, exactly nine cells, and a board that can arise in a game. */
static bool
ref_parse (const char *text,
           TttBoard   *board)
{
  TttBoard parsed = { 0, 0 };
  int cell = 0;

  for (const char *p = text; *p != '\0'; p++)
    {
      if (*p == '/' || *p == ' ')
        continue;
      if (cell == 9 || (*p != 'X' && *p != 'O' && *p != '.'))
        return false;
      if (*p == 'X')
        parsed.x |= 1u << cell;
      else if (*p == 'O')
        parsed.o |= 1u << cell;
      cell++;
    }

  if (cell != 9 || !ref_is_valid (&parsed))
    return false;

  *board = parsed;
  return true;
}

static bool
same_board (const TttBoard *a,
            const TttBoard *b)
{
  return memcmp (a, b, sizeof *a) == 0;
}

/* The checks */

/* Values of the level argument that name no level. */
static const int bad_levels[] = { 3, 4, -1, 255, INT_MAX, INT_MIN };

/* One computer move on @board, which must be valid, checked against the
 * rules of its level; returns the cell (or −1). Never changes @board. */
static int
check_choice (const TttBoard *board,
              int             level,
              uint64_t        seed)
{
  TttBoard before = *board;
  TttBoard after = *board;
  uint64_t state = seed, again_state = seed;
  int cell, again;
  bool known = level >= TTT_LEVEL_EASY && level <= TTT_LEVEL_HARD;
  bool over = ttt_board_outcome (board) != TTT_OUTCOME_ONGOING;
  unsigned empty = ref_empty (board);

  cell = ttt_ai_choose (board, (TttLevel) level, &state);
  CHECK (board, same_board (board, &before));

  /* Games are replayed from their seed (bug reports, TTT_SEED), so the same
   * seed must give the same move and leave the same state behind. */
  again = ttt_ai_choose (board, (TttLevel) level, &again_state);
  CHECK (board, again == cell && again_state == state);

  if (!known || over)
    {
      CHECK (board, cell == -1);
      return cell;
    }

  CHECK (board, cell >= 0 && cell < TTT_N_CELLS);
  CHECK (board, (empty & (1u << cell)) != 0);
  CHECK (board, ttt_board_play (&after, cell) == TTT_OK);

  switch (level)
    {
    case TTT_LEVEL_EASY:
      break;

    case TTT_LEVEL_MEDIUM:
      CHECK (board, (ref_medium_cells (board, NULL) & (1u << cell)) != 0);
      break;

    case TTT_LEVEL_HARD:
      /* Perfect play keeps the value of the position: the reply's value,
       * seen from the mover and one ply older, is the parent's. */
      CHECK (board, (ttt_solver_best_moves (board) & (1u << cell)) != 0);
      CHECK (board, ref_parent_value (ttt_solver_score (&after)) == ttt_solver_score (board));
      break;

    default:
      fail (board, __LINE__, "a level outside 0–2 chose a cell");
    }

  return cell;
}

/* The coach's review of every cell, and of cells that are none, checked
 * against the solver and the reference review. */
static void
check_reviews (const TttBoard *board,
               int             extra_cell)
{
  static const TttReview untouched = {
    (TttGrade) 77, (TttMotive) 78, (TttFault) 79, 12345, 0xdeadu,
  };
  TttBoard before = *board;
  bool valid = ref_is_valid (board);

  for (int i = -1; i <= TTT_N_CELLS + 1; i++)
    {
      int cell = i == TTT_N_CELLS + 1 ? extra_cell : i;
      TttReview review = untouched;
      TttBoard after = *board;
      TttStatus status = ttt_review_move (board, cell, &review);
      TttReview expected;

      CHECK (board, same_board (board, &before));
      if (!valid)
        {
          CHECK (board, status == TTT_ERROR_INVALID_ARGUMENT);
          CHECK (board, memcmp (&review, &untouched, sizeof review) == 0);
          continue;
        }

      CHECK (board, status == ttt_board_play (&after, cell));
      if (status != TTT_OK)
        {
          CHECK (board, memcmp (&review, &untouched, sizeof review) == 0);
          continue;
        }

      /* The engine's own solver agrees with the reference on every
       * valid board, so the review is checked against both. */
      expected = ref_review (board, cell);
      CHECK (board, review.score == -ttt_solver_score (&after));
      CHECK (board, review.best == ttt_solver_best_moves (board));
      CHECK (board, review.score == expected.score);
      CHECK (board, review.best == expected.best);
      CHECK (board, review.grade == expected.grade);
      CHECK (board, review.motive == expected.motive);
      CHECK (board, review.fault == expected.fault);
    }
}

/* Misère on @board, which may be anything: the same reachable boards as
 * the classic game, the line counted against its maker, a solver whose
 * every score is the best of its children's, and opponents that refuse
 * what the classic ones refuse and play legal moves, Hard only best ones. */
static void
check_misere (const TttBoard *board,
              uint64_t        seed)
{
  TttBoard before = *board;
  bool valid = ref_is_valid (board);
  TttOutcome outcome = ttt_misere_outcome (board);
  int score = ttt_misere_score (board);
  unsigned best = ttt_misere_best_moves (board);
  unsigned line;

  if (!valid)
    {
      CHECK (board, outcome == TTT_OUTCOME_INVALID);
      CHECK (board, ttt_misere_losing_cells (board) == 0);
      CHECK (board, score == TTT_SCORE_INVALID && best == 0);
      for (int level = TTT_LEVEL_EASY; level <= TTT_LEVEL_HARD; level++)
        {
          uint64_t state = seed;

          CHECK (board, ttt_misere_choose (board, (TttLevel) level, &state) == -1);
          CHECK (board, state == seed);
        }
      CHECK (board, same_board (board, &before));
      return;
    }

  line = ref_completed (board->x) | ref_completed (board->o);
  CHECK (board, ttt_misere_losing_cells (board) == line);
  if (ref_completed (board->x))
    CHECK (board, outcome == TTT_OUTCOME_O_WINS && score == TTT_SCORE_MAX && best == 0);
  else if (ref_completed (board->o))
    CHECK (board, outcome == TTT_OUTCOME_X_WINS && score == TTT_SCORE_MAX && best == 0);
  else if (ref_empty (board) == 0)
    CHECK (board, outcome == TTT_OUTCOME_DRAW && score == 0 && best == 0);
  else
    {
      int max = INT_MIN;
      unsigned best_cells = 0;

      CHECK (board, outcome == TTT_OUTCOME_ONGOING);
      for (int cell = 0; cell < TTT_N_CELLS; cell++)
        {
          TttBoard child = *board;
          int value;

          if (ttt_board_play (&child, cell) != TTT_OK)
            continue;
          CHECK (&child, ttt_misere_score (&child) != TTT_SCORE_INVALID);
          value = ref_parent_value (ttt_misere_score (&child));
          if (value > max)
            {
              max = value;
              best_cells = 0;
            }
          if (value == max)
            best_cells |= 1u << cell;
        }
      CHECK (board, score == max);
      CHECK (board, best == best_cells);
    }

  for (int level = TTT_LEVEL_EASY; level <= TTT_LEVEL_HARD; level++)
    {
      uint64_t state = seed;
      int cell = ttt_misere_choose (board, (TttLevel) level, &state);

      if (outcome != TTT_OUTCOME_ONGOING)
        CHECK (board, cell == -1);
      else if (level == TTT_LEVEL_HARD)
        CHECK (board, cell >= 0 && cell < TTT_N_CELLS && (best & (1u << cell)) != 0);
      else
        CHECK (board, cell >= 0 && cell < TTT_N_CELLS && (ref_empty (board) & (1u << cell)) != 0);
    }
  for (size_t i = 0; i < sizeof bad_levels / sizeof bad_levels[0]; i++)
    {
      uint64_t state = seed;

      CHECK (board, ttt_misere_choose (board, (TttLevel) bad_levels[i], &state) == -1);
    }

  CHECK (board, same_board (board, &before));
}

/* Everything that must hold of @board, whatever it is. */
static void
check_board (const TttBoard *board,
             uint64_t        seed)
{
  TttBoard before = *board;
  bool valid = ref_is_valid (board);
  char out[16];
  int score = ttt_solver_score (board);
  unsigned best = ttt_solver_best_moves (board);
  TttOutcome outcome;
  TttMark turn;
  unsigned winning;

  check_misere (board, seed);
  CHECK (board, ttt_board_n_moves (board) == ref_count ((unsigned) (board->x | board->o)));
  CHECK (board, ttt_board_get (board, -1) == TTT_MARK_NONE);
  CHECK (board, ttt_board_get (board, TTT_N_CELLS) == TTT_MARK_NONE);
  CHECK (board, ttt_board_get (board, INT_MIN) == TTT_MARK_NONE);
  CHECK (board, ttt_board_get (board, INT_MAX) == TTT_MARK_NONE);

  /* The format writes exactly ten bytes, whatever the board holds. */
  memset (out, '#', sizeof out);
  ttt_board_format (board, out);
  CHECK (board, out[TTT_N_CELLS] == '\0');
  for (size_t i = TTT_N_CELLS + 1; i < sizeof out; i++)
    CHECK (board, out[i] == '#');
  for (int i = 0; i < TTT_N_CELLS; i++)
    {
      TttMark mark = ttt_board_get (board, i);

      CHECK (board, out[i] == (mark == TTT_MARK_X ? 'X' : mark == TTT_MARK_O ? 'O' : '.'));
      if (board->x & (1u << i))
        CHECK (board, mark == TTT_MARK_X);
      else if (board->o & (1u << i))
        CHECK (board, mark == TTT_MARK_O);
      else
        CHECK (board, mark == TTT_MARK_NONE);
    }

  if (!valid)
    {
      /* The solver answers only for boards a game can reach, and the
       * opponents refuse the rest rather than play on nonsense. */
      CHECK (board, score == TTT_SCORE_INVALID);
      CHECK (board, best == 0);
      /* The rules give the same clear answer: nobody to move, no result,
       * no line (and step_play() checks that every move is refused). */
      CHECK (board, ttt_board_turn (board) == TTT_MARK_NONE);
      CHECK (board, ttt_board_outcome (board) == TTT_OUTCOME_INVALID);
      CHECK (board, ttt_board_winning_cells (board) == 0);
      for (int level = TTT_LEVEL_EASY; level <= TTT_LEVEL_HARD; level++)
        {
          uint64_t state = seed;

          CHECK (board, ttt_ai_choose (board, (TttLevel) level, &state) == -1);
        }
      check_reviews (board, (int) (seed ^ (seed >> 32)));
      CHECK (board, same_board (board, &before));
      return;
    }

  /* Every reachable board survives a round trip through its text, with and
   * without the separators the parser skips. */
  {
    TttBoard copy = { 0xffff, 0xffff };
    char spaced[32];

    CHECK (board, ttt_board_parse (&copy, out) == TTT_OK);
    CHECK (board, same_board (&copy, board));

    snprintf (spaced, sizeof spaced, " %.3s/%.3s / %.3s ", out, out + 3, out + 6);
    copy.x = copy.o = 0xffff;
    CHECK (board, ttt_board_parse (&copy, spaced) == TTT_OK);
    CHECK (board, same_board (&copy, board));
  }

  outcome = ttt_board_outcome (board);
  CHECK (board, outcome == ref_outcome (board));

  /* X moves first; nobody moves once the game is over. */
  turn = ttt_board_turn (board);
  if (outcome != TTT_OUTCOME_ONGOING)
    CHECK (board, turn == TTT_MARK_NONE);
  else if (ref_count (board->x) == ref_count (board->o))
    CHECK (board, turn == TTT_MARK_X);
  else
    CHECK (board, turn == TTT_MARK_O);

  /* The highlighted cells are the winner's completed lines and nothing
   * else: one line, or two sharing a cell when the last move made both. */
  winning = ttt_board_winning_cells (board);
  if (outcome == TTT_OUTCOME_X_WINS || outcome == TTT_OUTCOME_O_WINS)
    {
      unsigned winner = outcome == TTT_OUTCOME_X_WINS ? board->x : board->o;
      unsigned covered = 0;

      for (int i = 0; i < 8; i++)
        if ((ref_line_mask (i) & ~winning) == 0)
          {
            CHECK (board, (ref_line_mask (i) & ~winner) == 0);
            covered |= ref_line_mask (i);
          }
      CHECK (board, covered == winning);
      CHECK (board, winning == ref_completed (winner));
      CHECK (board, ref_count (winning) == 3 || ref_count (winning) == 5);
    }
  else
    {
      CHECK (board, winning == 0);
    }

  /* The solver: finished boards score as seen by the side that would move
   * next (it has lost, or drawn), and every other score is the best of its
   * children's, so the table cannot be wrong anywhere the fuzzer goes. */
  CHECK (board, score >= -TTT_SCORE_MAX && score <= TTT_SCORE_MAX - 1);
  if (outcome == TTT_OUTCOME_X_WINS || outcome == TTT_OUTCOME_O_WINS)
    CHECK (board, score == -TTT_SCORE_MAX && best == 0);
  else if (outcome == TTT_OUTCOME_DRAW)
    CHECK (board, score == 0 && best == 0);
  else
    {
      int max = INT_MIN;
      unsigned best_cells = 0;

      for (int cell = 0; cell < TTT_N_CELLS; cell++)
        {
          TttBoard child = *board;
          int value;

          if (ttt_board_play (&child, cell) != TTT_OK)
            continue;
          CHECK (&child, ttt_solver_score (&child) != TTT_SCORE_INVALID);
          value = ref_parent_value (ttt_solver_score (&child));
          if (value > max)
            {
              max = value;
              best_cells = 0;
            }
          if (value == max)
            best_cells |= 1u << cell;
        }
      CHECK (board, score == max);
      CHECK (board, best == best_cells);
    }

  for (int level = TTT_LEVEL_EASY; level <= TTT_LEVEL_HARD; level++)
    check_choice (board, level, seed);
  for (size_t i = 0; i < sizeof bad_levels / sizeof bad_levels[0]; i++)
    check_choice (board, bad_levels[i], seed);
  check_reviews (board, (int) (seed ^ (seed >> 32)));

  CHECK (board, same_board (board, &before));
}

/* One move, accepted or refused; checks that refusals change nothing, that
 * an accepted move puts the mover's mark on that cell alone, and that the
 * turn passes to the other side until the game ends. */
static void
step_play (TttBoard *board,
           int       cell)
{
  TttBoard before = *board;
  bool valid = ref_is_valid (board);
  TttMark turn = ttt_board_turn (board);
  bool in_range = cell >= 0 && cell < TTT_N_CELLS;
  bool occupied = in_range && ((board->x | board->o) & (1u << cell)) != 0;
  TttStatus status = ttt_board_play (board, cell);

  /* No move is made on a board no game reaches, whatever the cell. */
  if (!valid)
    {
      CHECK (board, status == TTT_ERROR_INVALID_ARGUMENT);
      CHECK (board, same_board (board, &before));
      CHECK (board, turn == TTT_MARK_NONE);
      return;
    }

  if (status != TTT_OK)
    {
      CHECK (board, same_board (board, &before));
      CHECK (board, (status == TTT_ERROR_OUT_OF_RANGE) == !in_range);
      if (status == TTT_ERROR_GAME_OVER)
        CHECK (board, turn == TTT_MARK_NONE);
      else if (status == TTT_ERROR_OCCUPIED)
        CHECK (board, occupied);
      else
        CHECK (board, status == TTT_ERROR_OUT_OF_RANGE);
      return;
    }

  CHECK (board, in_range && !occupied && turn != TTT_MARK_NONE);
  if (turn == TTT_MARK_X)
    CHECK (board, board->x == (before.x | (1u << cell)) && board->o == before.o);
  else
    CHECK (board, board->o == (before.o | (1u << cell)) && board->x == before.x);
  CHECK (board, ttt_board_n_moves (board) == ttt_board_n_moves (&before) + 1);

  /* X on even move counts, O on odd ones: the turn alternates, and stops
   * exactly when the move ended the game. */
  CHECK (board, ref_is_valid (board));
  CHECK (board, turn == (ttt_board_n_moves (&before) % 2 == 0 ? TTT_MARK_X : TTT_MARK_O));
  if (ttt_board_outcome (board) != TTT_OUTCOME_ONGOING)
    CHECK (board, ttt_board_turn (board) == TTT_MARK_NONE);
  else
    CHECK (board, ttt_board_turn (board) == (turn == TTT_MARK_X ? TTT_MARK_O : TTT_MARK_X));
}

/* Parses @text into @board, checked against the reference grammar. */
static void
step_parse (TttBoard   *board,
            const char *text)
{
  TttBoard before = *board;
  TttBoard expected = { 0, 0 };
  bool ok = ref_parse (text, &expected);
  TttStatus status = ttt_board_parse (board, text);

  if (ok)
    {
      CHECK (board, status == TTT_OK);
      CHECK (board, same_board (board, &expected));
    }
  else
    {
      CHECK (board, status == TTT_ERROR_INVALID_TEXT);
      CHECK (board, same_board (board, &before));
    }
}

/* The computer plays @level for X and O in turn from @board to the end. */
static void
step_playout (TttBoard *board,
              int       x_level,
              int       o_level,
              uint64_t  seed)
{
  bool hard_both = x_level == TTT_LEVEL_HARD && o_level == TTT_LEVEL_HARD;
  int start_score = ttt_solver_score (board);
  int start_moves = ttt_board_n_moves (board);
  int n_plies = 0;

  if (!ref_is_valid (board))
    return;

  for (;;)
    {
      int level = ttt_board_turn (board) == TTT_MARK_O ? o_level : x_level;
      int cell = check_choice (board, level, seed);

      if (cell < 0)
        break;
      step_play (board, cell);
      seed = seed * UINT64_C (6364136223846793005) + 1;
      n_plies++;
      CHECK (board, n_plies <= TTT_N_CELLS - start_moves);
    }

  CHECK (board, ttt_board_outcome (board) != TTT_OUTCOME_ONGOING);

  /* Two perfect players realise the solver's value exactly: who wins, and
   * after how many plies. */
  if (hard_both && start_moves < TTT_N_CELLS && n_plies > 0)
    {
      TttOutcome outcome = ttt_board_outcome (board);
      bool starter_was_x = start_moves % 2 == 0;

      if (start_score > 0)
        {
          CHECK (board, n_plies == TTT_SCORE_MAX - start_score);
          CHECK (board, outcome == (starter_was_x ? TTT_OUTCOME_X_WINS : TTT_OUTCOME_O_WINS));
        }
      else if (start_score < 0)
        {
          CHECK (board, n_plies == TTT_SCORE_MAX + start_score);
          CHECK (board, outcome == (starter_was_x ? TTT_OUTCOME_O_WINS : TTT_OUTCOME_X_WINS));
        }
      else
        {
          CHECK (board, outcome == TTT_OUTCOME_DRAW);
        }
    }
}

/* Arguments the header says are refused; none may crash. */
static void
check_null_arguments (const TttBoard *board,
                      int             any_status)
{
  TttBoard copy = *board;
  uint64_t state = 0;
  char out[10];

  CHECK (board, ttt_board_parse (NULL, ".........") == TTT_ERROR_INVALID_ARGUMENT);
  CHECK (board, ttt_board_parse (&copy, NULL) == TTT_ERROR_INVALID_TEXT);
  CHECK (board, same_board (&copy, board));
  CHECK (board, ttt_board_play (NULL, 4) == TTT_ERROR_INVALID_ARGUMENT);
  CHECK (board, ttt_ai_choose (NULL, TTT_LEVEL_HARD, &state) == -1);
  CHECK (board, ttt_ai_choose (board, TTT_LEVEL_EASY, NULL) == -1);
  CHECK (board, ttt_solver_score (NULL) == TTT_SCORE_INVALID);
  CHECK (board, ttt_solver_best_moves (NULL) == 0);
  {
    TttReview review = { TTT_GRADE_BLUNDER, TTT_MOTIVE_SIDE, TTT_FAULT_WEAKER, 99, 0x1ff };

    CHECK (board, ttt_review_move (NULL, 4, &review) == TTT_ERROR_INVALID_ARGUMENT);
    CHECK (board, ttt_review_move (board, 4, NULL) == TTT_ERROR_INVALID_ARGUMENT);
    CHECK (board, review.score == 99 && review.best == 0x1ff);
  }
  CHECK (board, ttt_board_get (NULL, 0) == TTT_MARK_NONE);
  CHECK (board, ttt_board_turn (NULL) == TTT_MARK_NONE);
  CHECK (board, ttt_board_outcome (NULL) == TTT_OUTCOME_INVALID);
  CHECK (board, ttt_board_winning_cells (NULL) == 0);
  CHECK (board, ttt_board_n_moves (NULL) == 0);
  ttt_board_clear (NULL);
  ttt_board_format (board, NULL);
  ttt_board_format (NULL, out);
  CHECK (board, strcmp (out, ".........") == 0);
  CHECK (board, ttt_status_to_string ((TttStatus) any_status) != NULL);
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  Script script = { data, size, 0 };
  TttBoard board = { 0, 0 };
  char text[MAX_TEXT + 1];
  size_t len = 0;
  /* The last seed read; boards reached without one still meet the
   * opponents with some seed of the input's choosing. */
  uint64_t seed = 0;

  switch (script_byte (&script) % 3)
    {
    case 0:
      break;

    case 1:
      /* A line of text, cut at MAX_TEXT; what follows it is the script. */
      while (!script_done (&script))
        {
          uint8_t c = script_byte (&script);

          if (c == '\n')
            break;
          if (len < MAX_TEXT)
            text[len++] = (char) c;
        }
      text[len] = '\0';
      step_parse (&board, text);
      break;

    default:
      board.x = (uint16_t) script_uint (&script, 2);
      board.o = (uint16_t) script_uint (&script, 2);
      break;
    }

  check_null_arguments (&board, (int) (size ^ (size >> 8)));
  check_board (&board, 0);

  while (!script_done (&script))
    {
      uint8_t op = script_byte (&script);
      unsigned arg = op >> 3;

      switch (op & 7)
        {
        case 0:
          step_play (&board, (int) (arg % 12) - 1);
          break;

        case 1:
          step_play (&board, script_int32 (&script));
          break;

        case 2:
        case 3:
          {
            int level = (op & 7) == 2 ? (int) (arg % 5) : script_int32 (&script);
            int cell;

            seed = script_uint (&script, 8);
            if (!ref_is_valid (&board))
              break;
            cell = check_choice (&board, level, seed);
            if (cell >= 0)
              step_play (&board, cell);
          }
          break;

        case 4:
          len = script_byte (&script);
          for (size_t i = 0; i < len; i++)
            text[i] = (char) script_byte (&script);
          text[len] = '\0';
          step_parse (&board, text);
          break;

        case 5:
          ttt_board_clear (&board);
          CHECK (&board, board.x == 0 && board.o == 0);
          break;

        case 6:
          seed = script_uint (&script, 8);
          step_playout (&board, (int) (arg % 3), (int) (arg / 3 % 3), seed);
          break;

        default:
          board.x = (uint16_t) script_uint (&script, 2);
          board.o = (uint16_t) script_uint (&script, 2);
          break;
        }

      check_board (&board, seed);
    }

  return 0;
}

#ifdef TTT_FUZZ_STANDALONE
#include "fuzz-main.h"
#endif
