/* test-review.c — ttt_review_move(), checked on every move of every game
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The oracle below shares nothing with the engine: boards are arrays of
 * cells, lines are cell triples, "a cell that completes a line" is found by
 * looking at the line's other two cells, and the game is solved as (result,
 * plies to the end) pairs by a memoised minimax of its own. Only the
 * public header is used, so the review is checked as a caller sees it.
 */

#include <limits.h>
#include <string.h>

#include <glib.h>

#include "ttt-engine.h"

#define N_REACHABLE 5478
#define N_FINISHED  958
#define N_CODES     19683

/* The oracle */

enum { EMPTY, X, O };

typedef struct
{
  int cells[9];
} Ref;

static const int ref_lines[8][3] = {
  { 0, 1, 2 }, { 3, 4, 5 }, { 6, 7, 8 },
  { 0, 3, 6 }, { 1, 4, 7 }, { 2, 5, 8 },
  { 0, 4, 8 }, { 2, 4, 6 },
};

static int
ref_other (int who)
{
  return who == X ? O : X;
}

static int
ref_count (const Ref *ref,
           int        what)
{
  int n = 0;

  for (int i = 0; i < 9; i++)
    n += ref->cells[i] == what;

  return n;
}

static int
ref_to_move (const Ref *ref)
{
  return ref_count (ref, X) == ref_count (ref, O) ? X : O;
}

static gboolean
ref_has_line (const Ref *ref,
              int        who)
{
  for (int i = 0; i < 8; i++)
    if (ref->cells[ref_lines[i][0]] == who && ref->cells[ref_lines[i][1]] == who &&
        ref->cells[ref_lines[i][2]] == who)
      return TRUE;

  return FALSE;
}

static gboolean
ref_finished (const Ref *ref)
{
  return ref_has_line (ref, X) || ref_has_line (ref, O) || ref_count (ref, EMPTY) == 0;
}

/* Whether @cell is empty and @who holds the other two cells of one of its
 * lines. */
static gboolean
ref_completes (const Ref *ref,
               int        who,
               int        cell)
{
  if (ref->cells[cell] != EMPTY)
    return FALSE;

  for (int i = 0; i < 8; i++)
    {
      int n_who = 0;
      gboolean on_line = FALSE;

      for (int j = 0; j < 3; j++)
        {
          if (ref_lines[i][j] == cell)
            on_line = TRUE;
          else if (ref->cells[ref_lines[i][j]] == who)
            n_who++;
        }
      if (on_line && n_who == 2)
        return TRUE;
    }

  return FALSE;
}

static int
ref_n_completing (const Ref *ref,
                  int        who)
{
  int n = 0;

  for (int cell = 0; cell < 9; cell++)
    n += ref_completes (ref, who, cell);

  return n;
}

static unsigned
ref_code (const Ref *ref)
{
  unsigned code = 0;

  for (int i = 8; i >= 0; i--)
    code = code * 3 + (unsigned) ref->cells[i];

  return code;
}

static TttBoard
ref_to_board (const Ref *ref)
{
  TttBoard board = { 0, 0 };

  for (int i = 0; i < 9; i++)
    {
      if (ref->cells[i] == X)
        board.x |= (uint16_t) (1u << i);
      else if (ref->cells[i] == O)
        board.o |= (uint16_t) (1u << i);
    }

  return board;
}

static Ref
ref_from_code (unsigned code)
{
  Ref ref;

  for (int i = 0; i < 9; i++, code /= 3)
    ref.cells[i] = (int) (code % 3);

  return ref;
}

static Ref
ref_play (const Ref *ref,
          int        cell)
{
  Ref child = *ref;

  child.cells[cell] = ref_to_move (ref);

  return child;
}

/* The solved game, as the side to move sees it. */

typedef enum
{
  LOSS = -1,
  DRAW = 0,
  WIN = 1,
} Result;

typedef struct
{
  gboolean known;
  Result   result;
  int      plies;  /* to the end, with the winner hurrying and the loser holding out */
} Value;

static Value values[N_CODES];

/* Whether @a is better than @b for the side they belong to. */
static gboolean
ref_better (Value a,
            Value b)
{
  if (a.result != b.result)
    return a.result > b.result;
  if (a.result == WIN)
    return a.plies < b.plies;
  if (a.result == LOSS)
    return a.plies > b.plies;

  return FALSE;
}

static Value
ref_value (const Ref *ref)
{
  unsigned code = ref_code (ref);
  Value best = { TRUE, LOSS, -1 };

  if (values[code].known)
    return values[code];

  if (ref_has_line (ref, ref_other (ref_to_move (ref))))
    best = (Value) { TRUE, LOSS, 0 };
  else if (ref_count (ref, EMPTY) == 0)
    best = (Value) { TRUE, DRAW, 0 };
  else
    for (int cell = 0; cell < 9; cell++)
      if (ref->cells[cell] == EMPTY)
        {
          Ref child = ref_play (ref, cell);
          Value after = ref_value (&child);
          Value mine = { TRUE, (Result) -after.result, after.plies + 1 };

          if (best.plies < 0 || ref_better (mine, best))
            best = mine;
        }

  values[code] = best;

  return best;
}

/* The engine's score scale: ±(10 − plies), 0 for a draw. */
static int
ref_score (Value value)
{
  switch (value.result)
    {
    case WIN:
      return 10 - value.plies;
    case LOSS:
      return value.plies - 10;
    case DRAW:
    default:
      return 0;
    }
}

/* The mover's value of playing @cell. */
static Value
ref_move_value (const Ref *ref,
                int        cell)
{
  Ref child = ref_play (ref, cell);
  Value after = ref_value (&child);

  return (Value) { TRUE, (Result) -after.result, after.plies + 1 };
}

static unsigned
ref_best_moves (const Ref *ref)
{
  unsigned best = 0;
  Value top = { FALSE, LOSS, -1 };

  if (ref_finished (ref))
    return 0;

  for (int cell = 0; cell < 9; cell++)
    if (ref->cells[cell] == EMPTY)
      {
        Value value = ref_move_value (ref, cell);

        if (!top.known || ref_better (value, top))
          {
            top = value;
            best = 0;
          }
        if (!ref_better (top, value))
          best |= 1u << cell;
      }

  return best;
}

static TttReview
ref_review (const Ref *before,
            int        cell)
{
  int me = ref_to_move (before);
  int them = ref_other (me);
  Ref after = ref_play (before, cell);
  Value best = ref_value (before);
  Value move = ref_move_value (before, cell);
  TttReview review;

  review.score = -ref_score (ref_value (&after));
  review.best = ref_best_moves (before);

  switch (best.result - move.result)
    {
    case 0:
      review.grade = TTT_GRADE_BEST;
      break;
    case 1:
      review.grade = TTT_GRADE_MISTAKE;
      break;
    default:
      g_assert_cmpint (best.result - move.result, ==, 2);
      review.grade = TTT_GRADE_BLUNDER;
      break;
    }

  if (ref_has_line (&after, me))
    review.motive = TTT_MOTIVE_WIN;
  else if (ref_completes (before, them, cell))
    review.motive = TTT_MOTIVE_BLOCK;
  else if (ref_n_completing (&after, me) >= 2)
    review.motive = TTT_MOTIVE_FORK;
  else if (ref_n_completing (&after, me) == 1)
    review.motive = TTT_MOTIVE_THREAT;
  else if (cell == 4)
    review.motive = TTT_MOTIVE_CENTRE;
  else if (cell == 0 || cell == 2 || cell == 6 || cell == 8)
    review.motive = TTT_MOTIVE_CORNER;
  else
    review.motive = TTT_MOTIVE_SIDE;

  if (review.grade == TTT_GRADE_BEST)
    review.fault = TTT_FAULT_NONE;
  else if (ref_n_completing (before, me) > 0 && !ref_has_line (&after, me))
    review.fault = TTT_FAULT_MISSED_WIN;
  else if (ref_n_completing (before, them) > 0 && !ref_completes (before, them, cell))
    review.fault = TTT_FAULT_MISSED_BLOCK;
  else
    {
      unsigned replies = ref_best_moves (&after);

      review.fault = TTT_FAULT_WEAKER;
      for (int reply = 0; reply < 9; reply++)
        if (replies & (1u << reply))
          {
            Ref answered = ref_play (&after, reply);

            if (ref_n_completing (&answered, them) >= 2)
              review.fault = TTT_FAULT_ALLOWS_FORK;
          }
    }

  return review;
}

/* Every position a game reaches, walked with the oracle's own rules. */

static gboolean reached[N_CODES];
static Ref reachable[N_REACHABLE];
static int n_reachable;

static void
walk (const Ref *ref)
{
  unsigned code = ref_code (ref);

  if (reached[code])
    return;
  reached[code] = TRUE;
  g_assert_cmpint (n_reachable, <, N_REACHABLE);
  reachable[n_reachable++] = *ref;

  if (ref_finished (ref))
    return;
  for (int cell = 0; cell < 9; cell++)
    if (ref->cells[cell] == EMPTY)
      {
        Ref child = ref_play (ref, cell);

        walk (&child);
      }
}

static void
ensure_walked (void)
{
  Ref empty = { { 0 } };

  if (n_reachable == 0)
    walk (&empty);
}

static const char *
describe (const Ref *ref,
          char       out[12])
{
  int k = 0;

  for (int i = 0; i < 9; i++)
    {
      if (i == 3 || i == 6)
        out[k++] = '/';
      out[k++] = ".XO"[ref->cells[i]];
    }
  out[k] = '\0';

  return out;
}

/* A review no call could produce, to see that failing calls write nothing. */
static const TttReview untouched = {
  (TttGrade) 77, (TttMotive) 78, (TttFault) 79, 12345, 0xdeadu,
};

static void
assert_untouched (const TttReview *review)
{
  g_assert_true (memcmp (review, &untouched, sizeof untouched) == 0);
}

static void
assert_same_review (const Ref       *ref,
                    int              cell,
                    const TttReview *got,
                    const TttReview *expected)
{
  char text[12];

  if (got->grade == expected->grade && got->motive == expected->motive &&
      got->fault == expected->fault && got->score == expected->score &&
      got->best == expected->best)
    return;

  g_error ("%s, cell %d: got grade %d motive %d fault %d score %d best 0x%03x; "
           "expected grade %d motive %d fault %d score %d best 0x%03x",
           describe (ref, text), cell,
           got->grade, got->motive, got->fault, got->score, got->best,
           expected->grade, expected->motive, expected->fault, expected->score, expected->best);
}

/* Tests */

/* Every legal move of every reachable position, all five fields. */
static void
test_review_exhaustive (void)
{
  int n_moves = 0;
  int n_finished = 0;
  int grades[3] = { 0 }, motives[7] = { 0 }, faults[5] = { 0 };

  ensure_walked ();
  g_assert_cmpint (n_reachable, ==, N_REACHABLE);

  for (int i = 0; i < n_reachable; i++)
    {
      const Ref *ref = &reachable[i];
      TttBoard board = ref_to_board (ref);

      if (ref_finished (ref))
        {
          n_finished++;
          continue;
        }

      for (int cell = 0; cell < 9; cell++)
        {
          TttReview got = untouched;
          TttReview expected;

          if (ref->cells[cell] != EMPTY)
            continue;

          g_assert_cmpint (ttt_review_move (&board, cell, &got), ==, TTT_OK);
          expected = ref_review (ref, cell);
          assert_same_review (ref, cell, &got, &expected);

          n_moves++;
          grades[got.grade]++;
          motives[got.motive]++;
          faults[got.fault]++;
        }
    }

  g_assert_cmpint (n_finished, ==, N_FINISHED);
  g_test_message ("%d moves reviewed", n_moves);

  /* An oracle that never says "fork" would agree with an engine that never
   * does: every grade, motive and fault must occur somewhere. */
  for (int i = 0; i < 3; i++)
    g_assert_cmpint (grades[i], >, 0);
  for (int i = 0; i < 7; i++)
    g_assert_cmpint (motives[i], >, 0);
  for (int i = 0; i < 5; i++)
    g_assert_cmpint (faults[i], >, 0);
}

/* The score and best moves are the solver's, as the header promises. */
static void
test_review_matches_solver (void)
{
  ensure_walked ();

  for (int i = 0; i < n_reachable; i++)
    {
      TttBoard board = ref_to_board (&reachable[i]);

      for (int cell = 0; cell < 9; cell++)
        {
          TttBoard after = board;
          TttReview review;

          if (ttt_board_play (&after, cell) != TTT_OK)
            continue;
          g_assert_cmpint (ttt_review_move (&board, cell, &review), ==, TTT_OK);
          g_assert_cmpint (review.score, ==, -ttt_solver_score (&after));
          g_assert_cmpuint (review.best, ==, ttt_solver_best_moves (&board));
          g_assert_true (review.best & (1u << cell) ? review.grade == TTT_GRADE_BEST : TRUE);
        }
    }
}

/* Illegal moves on reachable boards fail as ttt_board_play() does, and
 * write nothing. */
static void
test_review_errors (void)
{
  static const int out_of_range[] = { -1, 9, 10, 100, INT_MIN, INT_MAX };

  ensure_walked ();

  for (int i = 0; i < n_reachable; i++)
    {
      const Ref *ref = &reachable[i];
      TttBoard board = ref_to_board (ref);
      TttBoard copy = board;

      for (gsize j = 0; j < G_N_ELEMENTS (out_of_range); j++)
        {
          TttReview review = untouched;

          g_assert_cmpint (ttt_review_move (&board, out_of_range[j], &review), ==,
                           TTT_ERROR_OUT_OF_RANGE);
          assert_untouched (&review);
        }

      for (int cell = 0; cell < 9; cell++)
        {
          TttReview review = untouched;
          TttStatus status = ttt_review_move (&board, cell, &review);

          if (ref_finished (ref))
            g_assert_cmpint (status, ==, TTT_ERROR_GAME_OVER);
          else if (ref->cells[cell] != EMPTY)
            g_assert_cmpint (status, ==, TTT_ERROR_OCCUPIED);
          else
            continue;
          assert_untouched (&review);
        }

      g_assert_cmpint (ttt_review_move (&board, 0, NULL), ==, TTT_ERROR_INVALID_ARGUMENT);
      g_assert_true (memcmp (&board, &copy, sizeof board) == 0);
    }
}

/* Every encoding no game reaches, and boards that are not encodings at all,
 * are refused for every cell. */
static void
test_review_unreachable (void)
{
  static const TttBoard broken[] = {
    { 0x0001, 0x0001 },   /* X and O on one cell */
    { 0x0200, 0x0000 },   /* a mark beyond the ninth cell */
    { 0x0000, 0x8000 },
    { 0xffff, 0xffff },
  };
  int n_unreachable = 0;
  TttReview review = untouched;

  ensure_walked ();

  for (unsigned code = 0; code < N_CODES; code++)
    {
      Ref ref = ref_from_code (code);
      TttBoard board = ref_to_board (&ref);

      if (reached[code])
        continue;
      n_unreachable++;
      for (int cell = -1; cell <= 9; cell++)
        {
          g_assert_cmpint (ttt_review_move (&board, cell, &review), ==, TTT_ERROR_INVALID_ARGUMENT);
          assert_untouched (&review);
        }
    }
  g_assert_cmpint (n_unreachable, ==, N_CODES - N_REACHABLE);

  for (gsize i = 0; i < G_N_ELEMENTS (broken); i++)
    for (int cell = -1; cell <= 9; cell++)
      {
        g_assert_cmpint (ttt_review_move (&broken[i], cell, &review), ==, TTT_ERROR_INVALID_ARGUMENT);
        assert_untouched (&review);
      }

  g_assert_cmpint (ttt_review_move (NULL, 4, &review), ==, TTT_ERROR_INVALID_ARGUMENT);
  g_assert_cmpint (ttt_review_move (NULL, 4, NULL), ==, TTT_ERROR_INVALID_ARGUMENT);
  assert_untouched (&review);
}

static TttReview
review_of (const char *text,
           int         cell)
{
  TttBoard board;
  TttReview review = untouched;

  g_assert_cmpint (ttt_board_parse (&board, text), ==, TTT_OK);
  g_assert_cmpint (ttt_review_move (&board, cell, &review), ==, TTT_OK);

  return review;
}

/* A few positions a teacher would use, spelled out. */
static void
test_review_examples (void)
{
  TttReview review;

  /* The opening: every cell draws; the centre is the centre. */
  review = review_of (".../.../...", 4);
  g_assert_cmpint (review.grade, ==, TTT_GRADE_BEST);
  g_assert_cmpint (review.motive, ==, TTT_MOTIVE_CENTRE);
  g_assert_cmpint (review.fault, ==, TTT_FAULT_NONE);
  g_assert_cmpint (review.score, ==, 0);
  g_assert_cmpuint (review.best, ==, 0x1ff);
  g_assert_cmpint (review_of (".../.../...", 0).motive, ==, TTT_MOTIVE_CORNER);
  g_assert_cmpint (review_of (".../.../...", 1).motive, ==, TTT_MOTIVE_SIDE);

  /* The example: X centre, O corner, X opposite corner; O on a side
   * must be answered at row 3, column 1, which gives X two ways to win. */
  review = review_of ("O../.XO/..X", 6);
  g_assert_cmpint (review.grade, ==, TTT_GRADE_BEST);
  review = review_of ("O../.X./..X", 3);
  g_assert_cmpint (review.grade, ==, TTT_GRADE_MISTAKE);
  g_assert_cmpint (review.motive, ==, TTT_MOTIVE_THREAT);
  g_assert_cmpint (review.fault, ==, TTT_FAULT_ALLOWS_FORK);
  g_assert_cmpuint (review.best, ==, (1u << 2) | (1u << 6));
  g_assert_cmpint (review.score, <, 0);

  /* A winning move scores +10. Blocking instead only draws: a mistake that
   * missed the win, however sensible the block looks. */
  review = review_of ("XX./OO./...", 2);
  g_assert_cmpint (review.grade, ==, TTT_GRADE_BEST);
  g_assert_cmpint (review.motive, ==, TTT_MOTIVE_WIN);
  g_assert_cmpint (review.score, ==, TTT_SCORE_MAX);
  g_assert_cmpuint (review.best, ==, 1u << 2);
  review = review_of ("XX./OO./...", 5);
  g_assert_cmpint (review.motive, ==, TTT_MOTIVE_BLOCK);
  g_assert_cmpint (review.grade, ==, TTT_GRADE_MISTAKE);
  g_assert_cmpint (review.fault, ==, TTT_FAULT_MISSED_WIN);
  g_assert_cmpint (review.score, ==, 0);
  review = review_of ("XX./OO./...", 8);
  g_assert_cmpint (review.grade, ==, TTT_GRADE_BLUNDER);
  g_assert_cmpint (review.fault, ==, TTT_FAULT_MISSED_WIN);
  g_assert_cmpint (review.score, ==, -(TTT_SCORE_MAX - 1));

  /* O must block X's row or lose at once. */
  review = review_of ("XX./.O./...", 6);
  g_assert_cmpint (review.grade, ==, TTT_GRADE_MISTAKE);
  g_assert_cmpint (review.fault, ==, TTT_FAULT_MISSED_BLOCK);
  g_assert_cmpuint (review.best, ==, 1u << 2);
  review = review_of ("XX./.O./...", 2);
  g_assert_cmpint (review.motive, ==, TTT_MOTIVE_BLOCK);
  g_assert_cmpint (review.grade, ==, TTT_GRADE_BEST);

  /* X makes a fork: two ways to win, and the win comes two plies later. A
   * block that happens to make a fork is a block first. */
  review = review_of ("XO./.X./..O", 6);
  g_assert_cmpint (review.motive, ==, TTT_MOTIVE_FORK);
  g_assert_cmpint (review.grade, ==, TTT_GRADE_BEST);
  g_assert_cmpint (review.score, ==, TTT_SCORE_MAX - 2);
  review = review_of ("X.O/.O./..X", 6);
  g_assert_cmpint (review.motive, ==, TTT_MOTIVE_BLOCK);

  /* The last move fills the board and draws: 0, and best. */
  review = review_of ("XOX/XOO/OX.", 8);
  g_assert_cmpint (review.score, ==, 0);
  g_assert_cmpint (review.grade, ==, TTT_GRADE_BEST);
  g_assert_cmpint (review.fault, ==, TTT_FAULT_NONE);
  g_assert_cmpuint (review.best, ==, 1u << 8);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/engine/review/exhaustive", test_review_exhaustive);
  g_test_add_func ("/engine/review/matches-solver", test_review_matches_solver);
  g_test_add_func ("/engine/review/errors", test_review_errors);
  g_test_add_func ("/engine/review/unreachable", test_review_unreachable);
  g_test_add_func ("/engine/review/examples", test_review_examples);

  return g_test_run ();
}
