/* ttt-coach.c — the coach's words
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Sentences are translated whole where they can be, and joined by a
 * translatable pattern where they cannot, so that languages which put no
 * space between sentences can say so. Counts go through ngettext().
 */

#include "config.h"

#include <glib/gi18n.h>

#include "ttt-coach.h"
#include "ttt-names.h"

static TttMark
other_mark (TttMark mark)
{
  return mark == TTT_MARK_X ? TTT_MARK_O : TTT_MARK_X;
}

/* The mark that plays move @number (1-based): X moves first. */
static TttMark
mark_of_number (guint number)
{
  return number % 2 == 1 ? TTT_MARK_X : TTT_MARK_O;
}

static int
outcome_class (int score)
{
  return (score > 0) - (score < 0);
}

/* Takes both strings. */
static char *
join_sentences (char *first,
                char *second)
{
  char *text;

  /* Translators: two sentences of the coach, one after the other. Keep the
   * space in languages that put one between sentences; Chinese and
   * Japanese write "%s%s". */
  text = g_strdup_printf (C_("sentences", "%s %s"), first, second);
  g_free (first);
  g_free (second);

  return text;
}

/**
 * ttt_coach_grade_name:
 * @grade: a #TttGrade
 *
 * The word that goes with the grade's symbol on the board.
 *
 * Returns: (transfer none): "Best", "Mistake" or "Blunder", translated
 */
const char *
ttt_coach_grade_name (TttGrade grade)
{
  switch (grade)
    {
    case TTT_GRADE_BEST:
      /* Translators: the grade of a move in the review: it kept the best
       * result the player could still reach. */
      return C_("grade", "Best");
    case TTT_GRADE_MISTAKE:
      /* Translators: the grade of a move in the review: it turned a win
       * into a draw, or a draw into a loss. */
      return C_("grade", "Mistake");
    case TTT_GRADE_BLUNDER:
      /* Translators: the grade of a move in the review: it turned a win
       * into a loss. */
      return C_("grade", "Blunder");
    default:
      g_return_val_if_reached ("");
    }
}

/**
 * ttt_coach_hint_text:
 * @motive: what the hinted move does (see ttt_analyst_hint())
 * @mover: the mark the hint is for
 *
 * Returns: (transfer full): the status line's reason for the hint, such as
 *   "Hint: block O’s line"
 */
char *
ttt_coach_hint_text (TttMotive motive,
                     TttMark   mover)
{
  g_return_val_if_fail (mover == TTT_MARK_X || mover == TTT_MARK_O, NULL);

  switch (motive)
    {
    case TTT_MOTIVE_WIN:
      return g_strdup (_("Hint: complete your line and win"));
    case TTT_MOTIVE_BLOCK:
      /* Translators: %s is the opponent's mark, X or O: it has two in a
       * line and would win on the free cell. */
      return g_strdup_printf (_("Hint: block %s’s line"), ttt_names_mark (other_mark (mover)));
    case TTT_MOTIVE_FORK:
      /* Translators: a fork is a move that makes two lines that each need
       * one more mark, so the opponent cannot block both. */
      return g_strdup (_("Hint: make a fork — two ways to win"));
    case TTT_MOTIVE_THREAT:
      /* Translators: two marks in a line whose third cell is free. */
      return g_strdup (_("Hint: make two in a row"));
    case TTT_MOTIVE_CENTRE:
      return g_strdup (_("Hint: take the center"));
    case TTT_MOTIVE_CORNER:
      return g_strdup (_("Hint: take a corner"));
    case TTT_MOTIVE_SIDE:
      /* Translators: a side is one of the four cells in the middle of an
       * edge of the board, between two corners. */
      return g_strdup (_("Hint: take a side"));
    case TTT_MOTIVE_SQUEEZE:
      /* Translators: in Misère, where three in a row loses; %s is the
       * opponent's mark, X or O: after the move, every free cell would
       * complete a line of theirs. */
      return g_strdup_printf (_("Hint: leave %s only cells that make their own line"),
                              ttt_names_mark (other_mark (mover)));
    default:
      g_return_val_if_reached (NULL);
    }
}

/**
 * ttt_coach_analysis_label:
 * @verdict: what playing a cell leads to
 * @n_moves: how many moves the game then lasts (see
 *   ttt_analyst_get_cell_analysis()); not shown for a draw
 *
 * Returns: (transfer full): the short label on an empty cell: "Win in 3",
 *   "Draw" or "Loss in 2"
 */
char *
ttt_coach_analysis_label (TttVerdict verdict,
                          guint      n_moves)
{
  switch (verdict)
    {
    case TTT_VERDICT_WIN:
      /* Translators: a short label on an empty cell of the board: playing
       * there wins after %u moves in all (both players' moves, this one
       * included), whatever the opponent does. */
      return g_strdup_printf (ngettext ("Win in %u", "Win in %u", n_moves), n_moves);
    case TTT_VERDICT_DRAW:
      /* Translators: a short label on an empty cell of the board: playing
       * there leads to a draw with the best play from both sides. */
      return g_strdup (C_("analysis", "Draw"));
    case TTT_VERDICT_LOSS:
      /* Translators: a short label on an empty cell of the board: playing
       * there loses after %u moves in all (both players' moves, this one
       * included) if the opponent plays well. */
      return g_strdup_printf (ngettext ("Loss in %u", "Loss in %u", n_moves), n_moves);
    default:
      g_return_val_if_reached (NULL);
    }
}

/**
 * ttt_coach_analysis_description:
 * @verdict: what playing a cell leads to
 * @n_moves: as for ttt_coach_analysis_label()
 *
 * Returns: (transfer full): the same as a sentence for the screen reader:
 *   "Playing here wins in 3 moves"
 */
char *
ttt_coach_analysis_description (TttVerdict verdict,
                                guint      n_moves)
{
  switch (verdict)
    {
    case TTT_VERDICT_WIN:
      /* Translators: the accessible description of an empty cell; %u
       * counts both players' moves, this one included. */
      return g_strdup_printf (ngettext ("Playing here wins in %u move",
                                        "Playing here wins in %u moves", n_moves),
                              n_moves);
    case TTT_VERDICT_DRAW:
      /* Translators: the accessible description of an empty cell. */
      return g_strdup (_("Playing here draws"));
    case TTT_VERDICT_LOSS:
      /* Translators: the accessible description of an empty cell; %u
       * counts both players' moves, this one included. */
      return g_strdup_printf (ngettext ("Playing here loses in %u move",
                                        "Playing here loses in %u moves", n_moves),
                              n_moves);
    default:
      g_return_val_if_reached (NULL);
    }
}

/**
 * ttt_coach_motive_text:
 * @motive: what a move does (see #TttReview)
 * @mover: the mark that plays it
 *
 * Returns: (transfer full): what the move does as a sentence, such as "It
 *   blocks O’s line.": the review's reason for a best move, and a screen
 *   reader's for a hint
 */
char *
ttt_coach_motive_text (TttMotive motive,
                       TttMark   mover)
{
  const char *opponent;

  g_return_val_if_fail (mover == TTT_MARK_X || mover == TTT_MARK_O, NULL);

  opponent = ttt_names_mark (other_mark (mover));

  /* Translators: the sentences of this switch say what a move does. They
   * are used both for a move already played (in a review) and for one
   * not played yet (after "Suggested move: %s", or after "Best was row %d,
   * column %d." in a review): choose a tense that fits both. */
  switch (motive)
    {
    case TTT_MOTIVE_WIN:
      return g_strdup (_("It completes a line and wins."));
    case TTT_MOTIVE_BLOCK:
      /* Translators: %s is the opponent's mark, X or O. */
      return g_strdup_printf (_("It blocks %s’s line."), opponent);
    case TTT_MOTIVE_FORK:
      return g_strdup (_("It makes a fork — two ways to win."));
    case TTT_MOTIVE_THREAT:
      return g_strdup (_("It makes two in a row."));
    case TTT_MOTIVE_CENTRE:
      return g_strdup (_("It takes the center."));
    case TTT_MOTIVE_CORNER:
      return g_strdup (_("It takes a corner."));
    case TTT_MOTIVE_SQUEEZE:
      /* Translators: in Misère, where three in a row loses; %s is the
       * opponent's mark, X or O. */
      return g_strdup_printf (_("It leaves %s only cells that make their own line."), opponent);
    case TTT_MOTIVE_SIDE:
    default:
      return g_strdup (_("It takes a side."));
    }
}

/* What a best move does, or what a worse one gets wrong, in one sentence. */
static char *
reason_text (const TttReview *review,
             TttMark          mover)
{
  const char *opponent = ttt_names_mark (other_mark (mover));

  switch (review->fault)
    {
    case TTT_FAULT_NONE:
      break;
    case TTT_FAULT_MISSED_WIN:
      return g_strdup (_("It misses a win."));
    case TTT_FAULT_MISSED_BLOCK:
      /* Translators: %s is the opponent's mark, X or O, which now wins on
       * the cell the move left free. */
      return g_strdup_printf (_("It leaves %s’s line open."), opponent);
    case TTT_FAULT_ALLOWS_FORK:
      /* Translators: %s is the opponent's mark, X or O. A fork is a move
       * that makes two lines that each need one more mark. */
      return g_strdup_printf (_("It lets %s make a fork."), opponent);
    case TTT_FAULT_OWN_LINE:
      /* Translators: in Misère, where three in a row loses. */
      return g_strdup (_("It makes three in a row of its own, and loses."));
    case TTT_FAULT_WEAKER:
    default:
      /* The class the mover had before the move, one or two above its own. */
      if (outcome_class (review->score) + (int) review->grade > 0)
        return g_strdup (_("It throws away the win."));
      /* Translators: %s is the opponent's mark, X or O: after this move it
       * can win whatever the player does. */
      return g_strdup_printf (_("It lets %s force a win."), opponent);
    }

  return ttt_coach_motive_text (review->motive, mover);
}

/**
 * ttt_coach_move_text:
 * @number: the move's number in the game, from 1; odd numbers are X's
 * @cell: the cell it played, 0–8
 * @review: its review (ttt_review_move() of the board before it)
 * @graded: whether the move is graded (a person's) or only told (the
 *   computer's)
 *
 * Returns: (transfer full): the review's line for the move, such as
 *   "Move 4 — O at row 2, column 1: Mistake. It lets X make a fork. Best
 *   was row 1, column 3."; the best cell named is the first in reading order
 */
char *
ttt_coach_move_text (guint            number,
                     int              cell,
                     const TttReview *review,
                     gboolean         graded)
{
  TttMark mover;
  char *text;

  g_return_val_if_fail (number >= 1 && number <= TTT_N_CELLS, NULL);
  g_return_val_if_fail (cell >= 0 && cell < TTT_N_CELLS, NULL);
  g_return_val_if_fail (review != NULL, NULL);

  mover = mark_of_number (number);

  /* The computer's moves are told, not graded: the review is the
   * person's. */
  if (!graded)
    {
      /* Translators: the review of one of the computer's moves: its
       * number, the mark that played it (X or O) and where; no grade. */
      text = g_strdup_printf (_("Move %1$u — %2$s at row %3$d, column %4$d."),
                              number, ttt_names_mark (mover), cell / 3 + 1, cell % 3 + 1);
      return join_sentences (text, reason_text (review, mover));
    }

  /* Translators: the review of one move: its number, the mark that played
   * it (X or O), where, and its grade (Best, Mistake or Blunder). */
  text = g_strdup_printf (_("Move %1$u — %2$s at row %3$d, column %4$d: %5$s."),
                          number, ttt_names_mark (mover), cell / 3 + 1, cell % 3 + 1,
                          ttt_coach_grade_name (review->grade));
  text = join_sentences (text, reason_text (review, mover));

  if (review->grade != TTT_GRADE_BEST && review->best != 0)
    {
      int best = g_bit_nth_lsf (review->best, -1);

      /* Translators: after a move that was not the best, the cell that
       * would have been. */
      text = join_sentences (text, g_strdup_printf (_("Best was row %d, column %d."),
                                                    best / 3 + 1, best % 3 + 1));
    }

  return text;
}

/* Whether the cells @held of a small board would make a line with @cell
 * too, and do not already. */
static gboolean
completes_line (guint held,
                int   cell)
{
  return ttt_line_within (held | (1u << cell)) != 0 && ttt_line_within (held) == 0;
}

/**
 * ttt_coach_ultimate_effect:
 * @before: the position the move is played on
 * @move: a legal move of it
 * @fault_first: whether to name what the move gives the opponent (sent
 *   where they can win a board, or given a free choice) before what it
 *   wins or blocks: the review's reading of a move that was not best
 *
 * Returns: what the move does, the first that applies in the order of
 *   #TttUltimateEffect (with @fault_first, the two faults first, after a
 *   win of the game)
 */
TttUltimateEffect
ttt_coach_ultimate_effect (const TttUltimate *before,
                           int                move,
                           gboolean           fault_first)
{
  TttUltimate after = *before;
  TttMark mover = (TttMark) before->turn;
  gboolean x = mover == TTT_MARK_X;
  int board = move / 9, next = move % 9;
  TttUltimateEffect gain, send;

  g_return_val_if_fail (ttt_ultimate_play (&after, move) == TTT_OK, TTT_ULTIMATE_EFFECT_SENDS_SAFE);

  if (ttt_ultimate_outcome (&after) != TTT_OUTCOME_ONGOING)
    return ttt_ultimate_outcome (&after) == TTT_OUTCOME_DRAW ? TTT_ULTIMATE_EFFECT_SENDS_SAFE
                                                             : TTT_ULTIMATE_EFFECT_WINS_GAME;

  if (ttt_ultimate_board_winner (&after, board) == mover)
    gain = TTT_ULTIMATE_EFFECT_WINS_BOARD;
  else if (completes_line (x ? before->o[board] : before->x[board], move % 9))
    gain = TTT_ULTIMATE_EFFECT_BLOCKS_BOARD;
  else
    gain = TTT_ULTIMATE_EFFECT_SENDS_SAFE;

  if (after.next == TTT_ULTIMATE_ANY)
    send = TTT_ULTIMATE_EFFECT_FREE_CHOICE;
  else
    {
      guint theirs = x ? after.o[next] : after.x[next];
      guint empty = 0777 & ~(after.x[next] | after.o[next]);

      send = TTT_ULTIMATE_EFFECT_SENDS_SAFE;
      for (int c = 0; c < 9; c++)
        if ((empty & (1u << c)) && completes_line (theirs, c))
          send = TTT_ULTIMATE_EFFECT_SENDS_TO_WIN;
    }

  if (fault_first && send != TTT_ULTIMATE_EFFECT_SENDS_SAFE)
    return send;
  return gain != TTT_ULTIMATE_EFFECT_SENDS_SAFE ? gain : send;
}

/* What a move of Ultimate does, as a sentence; @move is where it is
 * played (its board and the board it sends to). */
static char *
effect_text (TttUltimateEffect effect,
             int               move)
{
  const char *board = ttt_names_board_in_sentence (move / 9);
  const char *next = ttt_names_board_in_sentence (move % 9);

  switch (effect)
    {
    case TTT_ULTIMATE_EFFECT_WINS_GAME:
      return g_strdup (_("It wins the game."));
    case TTT_ULTIMATE_EFFECT_WINS_BOARD:
      return g_strdup_printf (_("It wins %s."), board);
    case TTT_ULTIMATE_EFFECT_BLOCKS_BOARD:
      return g_strdup_printf (_("It stops your opponent winning %s."), board);
    case TTT_ULTIMATE_EFFECT_SENDS_TO_WIN:
      /* Translators: %s is a small board as inside a sentence ("the
       * top-left board"): the one the move sends the opponent to, where
       * one more mark of theirs wins it. */
      return g_strdup_printf (_("It sends your opponent to %s, where they can win it at once."), next);
    case TTT_ULTIMATE_EFFECT_FREE_CHOICE:
      /* Translators: the move sends the opponent to a small board that is
       * already won or full, so they may play in any open board. */
      return g_strdup (_("It lets your opponent play in any open board."));
    case TTT_ULTIMATE_EFFECT_SENDS_SAFE:
    default:
      return g_strdup_printf (_("It sends your opponent to %s, which they cannot win at once."), next);
    }
}

static int
percent_of (double chance)
{
  return (int) (CLAMP (chance, 0.0, 1.0) * 100 + 0.5);
}

/**
 * ttt_coach_ultimate_move_text:
 * @number: the move's number in the game, from 1; odd numbers are X's
 * @move: the move it played, 0–80
 * @grade: (nullable): its grade; when @graded is %FALSE only its effect
 *   is read, and %NULL says nothing of what the move does
 * @graded: whether the move is graded (a person's, its grade known) or
 *   only told (the computer's, or one still being graded)
 *
 * Returns: (transfer full): the review's line for the move, such as
 *   "Move 12 — X in the centre board, row 1, column 3: Mistake. It lets
 *   your opponent play in any open board. The engine preferred the
 *   top-right board, row 2, column 2. It wins the top-right board.
 *   Estimated chance to win: 62% before, 41% after."
 */
char *
ttt_coach_ultimate_move_text (guint                   number,
                              int                     move,
                              const TttUltimateGrade *grade,
                              gboolean                graded)
{
  TttMark mover;
  const char *board;
  int row, column;
  char *text;

  g_return_val_if_fail (number >= 1 && number <= TTT_ULTIMATE_N_MOVES, NULL);
  g_return_val_if_fail (move >= 0 && move < TTT_ULTIMATE_N_MOVES, NULL);

  mover = mark_of_number (number);
  board = ttt_names_board_in_sentence (move / 9);
  row = move % 9 / 3 + 1;
  column = move % 3 + 1;

  if (!graded || grade == NULL)
    {
      /* Translators: the review of a move of Ultimate that has no grade
       * (the computer's, or one still being graded): its number, the
       * mark that played it (X or O), the small board as inside a
       * sentence ("the top-left board"), and the cell's row and column
       * inside that board. */
      text = g_strdup_printf (_("Move %1$u — %2$s in %3$s, row %4$d, column %5$d."),
                              number, ttt_names_mark (mover), board, row, column);
      if (grade != NULL)
        text = join_sentences (text, effect_text (grade->effect, move));
      return text;
    }

  /* Translators: the review of a move of Ultimate: as "Move %1$u — %2$s
   * in %3$s, row %4$d, column %5$d.", then its grade (Best, Mistake or
   * Blunder). */
  text = g_strdup_printf (_("Move %1$u — %2$s in %3$s, row %4$d, column %5$d: %6$s."),
                          number, ttt_names_mark (mover), board, row, column,
                          ttt_coach_grade_name (grade->grade));
  if (grade->grade != TTT_GRADE_BEST && grade->forced_loss &&
      grade->effect != TTT_ULTIMATE_EFFECT_SENDS_TO_WIN && grade->effect != TTT_ULTIMATE_EFFECT_FREE_CHOICE)
    /* Translators: in the review of a move of Ultimate: the search found
     * a way for the opponent to win, whatever the player does. */
    text = join_sentences (text, g_strdup (_("After it your opponent can force a win.")));
  else
    text = join_sentences (text, effect_text (grade->effect, move));

  if (grade->grade != TTT_GRADE_BEST && grade->best >= 0 && grade->best != move)
    {
      /* Translators: after a move of Ultimate that was not the best, the
       * move the engine's search would have played: a small board as
       * inside a sentence, and the row and column inside it. */
      text = join_sentences (text, g_strdup_printf (_("The engine preferred %1$s, row %2$d, column %3$d."),
                                                    ttt_names_board_in_sentence (grade->best / 9),
                                                    grade->best % 9 / 3 + 1, grade->best % 3 + 1));
      text = join_sentences (text, effect_text (grade->best_effect, grade->best));
    }

  /* Translators: the review of a move of Ultimate ends with the search's
   * estimates of the player's chance to win (a draw counting half) just
   * before and just after the move; they are estimates, not proofs. */
  text = join_sentences (text, g_strdup_printf (_("Estimated chance to win: %1$d%% before, %2$d%% after."),
                                                percent_of (grade->before), percent_of (grade->after)));

  return text;
}

/* "1 mistake and 2 blunders", or NULL when both are 0. */
static char *
errors_text (const char *who,
             guint       mistakes,
             guint       blunders)
{
  g_autofree char *mistakes_text = NULL;
  g_autofree char *blunders_text = NULL;

  if (mistakes > 0)
    /* Translators: used in "You made %s." and "X made %s and %s." */
    mistakes_text = g_strdup_printf (ngettext ("%u mistake", "%u mistakes", mistakes), mistakes);
  if (blunders > 0)
    /* Translators: used in "You made %s." and "X made %s and %s." A
     * blunder turns a won game into a lost one. */
    blunders_text = g_strdup_printf (ngettext ("%u blunder", "%u blunders", blunders), blunders);

  if (mistakes_text == NULL && blunders_text == NULL)
    return NULL;

  if (who == NULL)
    {
      if (mistakes_text != NULL && blunders_text != NULL)
        /* Translators: the review's summary, "You made 1 mistake and 1
         * blunder." */
        return g_strdup_printf (_("You made %1$s and %2$s."), mistakes_text, blunders_text);
      /* Translators: the review's summary, "You made 2 mistakes." */
      return g_strdup_printf (_("You made %s."),
                              mistakes_text != NULL ? mistakes_text : blunders_text);
    }

  if (mistakes_text != NULL && blunders_text != NULL)
    /* Translators: the summary of a two-player game: %1$s is X or O, then
     * "1 mistake" and "1 blunder". */
    return g_strdup_printf (_("%1$s made %2$s and %3$s."), who, mistakes_text, blunders_text);
  /* Translators: the summary of a two-player game: %1$s is X or O, %2$s is
   * "1 mistake" or "2 blunders". */
  return g_strdup_printf (_("%1$s made %2$s."), who,
                          mistakes_text != NULL ? mistakes_text : blunders_text);
}

static char *
side_text (TttMark mark,
           guint   mistakes,
           guint   blunders)
{
  const char *who = ttt_names_mark (mark);
  char *text = errors_text (who, mistakes, blunders);

  if (text == NULL)
    /* Translators: the summary of a two-player game: %s is X or O, whose
     * every move was the best. */
    text = g_strdup_printf (_("%s played perfectly."), who);

  return text;
}

/**
 * ttt_coach_summary_text:
 * @person: the mark of the person who played the computer, or
 *   %TTT_MARK_NONE when two people played
 * @x_mistakes: how many of X's moves were graded Mistake
 * @x_blunders: how many were graded Blunder
 * @o_mistakes: the same for O
 * @o_blunders: the same for O
 * @turning_move: the move where the game turned, from 1, or 0 for none
 *   (see ttt_review_cursor_get_turning_move())
 *
 * Against the computer only the person's moves are counted.
 *
 * Returns: (transfer full): the summary shown when a review opens, such as
 *   "You made 1 mistake. The game turned at move 4." or "Perfect game."
 */
char *
ttt_coach_summary_text (TttMark person,
                        guint   x_mistakes,
                        guint   x_blunders,
                        guint   o_mistakes,
                        guint   o_blunders,
                        guint   turning_move)
{
  char *text;

  if (person == TTT_MARK_X)
    text = errors_text (NULL, x_mistakes, x_blunders);
  else if (person == TTT_MARK_O)
    text = errors_text (NULL, o_mistakes, o_blunders);
  else if (x_mistakes + x_blunders + o_mistakes + o_blunders > 0)
    text = join_sentences (side_text (TTT_MARK_X, x_mistakes, x_blunders),
                           side_text (TTT_MARK_O, o_mistakes, o_blunders));
  else
    text = NULL;

  if (text == NULL)
    /* Translators: the review's summary when every move of the person
     * (of both people in a two-player game) was the best. */
    text = g_strdup (_("Perfect game."));

  if (turning_move > 0)
    /* Translators: the move after which the winner could no longer be
     * stopped. */
    text = join_sentences (text, g_strdup_printf (_("The game turned at move %u."), turning_move));

  return text;
}
