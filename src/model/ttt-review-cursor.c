/* ttt-review-cursor.c — walking back through a finished game
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A TttReviewCursor holds a copy of a game's moves, each reviewed once by
 * the engine, and a position among them: 0 is the empty board, n the board
 * after the last move. It is a value of its own: the game it came from may
 * start again, or go away, without changing the review, and a review
 * changes nothing in the game or its scores.
 */

#include "config.h"

#include "ttt-coach.h"
#include "ttt-review-cursor.h"

struct _TttReviewCursor
{
  GObject    parent_instance;

  int        moves[TTT_N_CELLS];
  TttReview  reviews[TTT_N_CELLS];
  TttBoard   boards[TTT_N_CELLS + 1];  /* boards[i]: after the first i moves */
  guint      n_moves;
  TttMark    person;
  guint      turning_move;

  guint      position;
};

G_DEFINE_FINAL_TYPE (TttReviewCursor, ttt_review_cursor, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_POSITION,
  PROP_N_MOVES,
  PROP_PERSON,
  PROP_HAS_PREVIOUS,
  PROP_HAS_NEXT,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static TttMark
mark_of_number (guint number)
{
  return number % 2 == 1 ? TTT_MARK_X : TTT_MARK_O;
}

static void
ttt_review_cursor_get_property (GObject    *object,
                                guint       prop_id,
                                GValue     *value,
                                GParamSpec *pspec)
{
  TttReviewCursor *self = TTT_REVIEW_CURSOR (object);

  switch (prop_id)
    {
    case PROP_POSITION:
      g_value_set_uint (value, self->position);
      break;

    case PROP_N_MOVES:
      g_value_set_uint (value, self->n_moves);
      break;

    case PROP_PERSON:
      g_value_set_enum (value, self->person);
      break;

    case PROP_HAS_PREVIOUS:
      g_value_set_boolean (value, ttt_review_cursor_get_has_previous (self));
      break;

    case PROP_HAS_NEXT:
      g_value_set_boolean (value, ttt_review_cursor_get_has_next (self));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ttt_review_cursor_set_property (GObject      *object,
                                guint         prop_id,
                                const GValue *value,
                                GParamSpec   *pspec)
{
  TttReviewCursor *self = TTT_REVIEW_CURSOR (object);

  switch (prop_id)
    {
    case PROP_POSITION:
      ttt_review_cursor_set_position (self, g_value_get_uint (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ttt_review_cursor_class_init (TttReviewCursorClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->get_property = ttt_review_cursor_get_property;
  object_class->set_property = ttt_review_cursor_set_property;

  /**
   * TttReviewCursor:position:
   *
   * How many moves the board at the cursor holds: 0 is the empty board,
   * #TttReviewCursor:n-moves the final one, where a new cursor starts.
   */
  properties[PROP_POSITION] =
    g_param_spec_uint ("position", NULL, NULL,
                       0, TTT_N_CELLS, 0,
                       (G_PARAM_READWRITE |
                        G_PARAM_EXPLICIT_NOTIFY |
                        G_PARAM_STATIC_STRINGS));

  properties[PROP_N_MOVES] =
    g_param_spec_uint ("n-moves", NULL, NULL,
                       0, TTT_N_CELLS, 0,
                       (G_PARAM_READABLE |
                        G_PARAM_STATIC_STRINGS));

  /**
   * TttReviewCursor:person:
   *
   * The mark of the person who played the computer, whose moves the
   * summary counts; %TTT_MARK_NONE when two people played and both are
   * counted.
   */
  properties[PROP_PERSON] =
    g_param_spec_enum ("person", NULL, NULL,
                       TTT_TYPE_MARK,
                       TTT_MARK_NONE,
                       (G_PARAM_READABLE |
                        G_PARAM_STATIC_STRINGS));

  /* For the sensitivity of the Previous and Next actions. */
  properties[PROP_HAS_PREVIOUS] =
    g_param_spec_boolean ("has-previous", NULL, NULL,
                          FALSE,
                          (G_PARAM_READABLE |
                           G_PARAM_EXPLICIT_NOTIFY |
                           G_PARAM_STATIC_STRINGS));

  properties[PROP_HAS_NEXT] =
    g_param_spec_boolean ("has-next", NULL, NULL,
                          FALSE,
                          (G_PARAM_READABLE |
                           G_PARAM_EXPLICIT_NOTIFY |
                           G_PARAM_STATIC_STRINGS));

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
ttt_review_cursor_init (TttReviewCursor *self)
{
  self->person = TTT_MARK_NONE;
}

/**
 * ttt_review_cursor_new_for_moves:
 * @moves: (array length=n_moves): the cells played, first move first
 * @n_moves: how many, 0–9
 * @person: the person's mark against the computer, or %TTT_MARK_NONE for
 *   a game between two people
 *
 * Returns: (transfer full) (nullable): a cursor at the last position, or
 *   %NULL if @moves is not a game the rules allow
 */
TttReviewCursor *
ttt_review_cursor_new_for_moves (const int *moves,
                                 guint      n_moves,
                                 TttMark    person)
{
  g_autoptr(TttReviewCursor) self = NULL;
  TttBoard board;

  g_return_val_if_fail (moves != NULL || n_moves == 0, NULL);
  g_return_val_if_fail (n_moves <= TTT_N_CELLS, NULL);
  g_return_val_if_fail (person <= TTT_MARK_O, NULL);

  self = g_object_new (TTT_TYPE_REVIEW_CURSOR, NULL);
  self->person = person;

  ttt_board_clear (&board);
  self->boards[0] = board;
  for (guint i = 0; i < n_moves; i++)
    {
      if (ttt_review_move (&board, moves[i], &self->reviews[i]) != TTT_OK)
        g_return_val_if_reached (NULL);
      ttt_board_play (&board, moves[i]);
      self->moves[i] = moves[i];
      self->boards[i + 1] = board;
    }
  self->n_moves = n_moves;
  self->position = n_moves;

  /* Every game starts as a draw and only a move that is not best changes
   * that, so in a won game the last such move is the loser's, and from it
   * on the winner could not be stopped. */
  if (ttt_board_winning_cells (&board) != 0)
    for (guint i = n_moves; i-- > 0;)
      if (self->reviews[i].grade != TTT_GRADE_BEST)
        {
          self->turning_move = i + 1;
          break;
        }

  return g_steal_pointer (&self);
}

/**
 * ttt_review_cursor_new:
 * @game: a #TttGame, usually one that is over
 *
 * A review of the moves @game has played so far; against the computer it
 * counts the person's moves, between two people both sides'.
 *
 * Returns: (transfer full): a cursor at the last position
 */
TttReviewCursor *
ttt_review_cursor_new (TttGame *game)
{
  const int *moves;
  guint n_moves;
  TttMark person = TTT_MARK_NONE;

  g_return_val_if_fail (TTT_IS_GAME (game), NULL);

  moves = ttt_game_get_moves (game, &n_moves);
  if (ttt_game_get_current_opponent (game) == TTT_OPPONENT_COMPUTER)
    person = ttt_game_get_human_mark (game);

  return ttt_review_cursor_new_for_moves (moves, n_moves, person);
}

guint
ttt_review_cursor_get_n_moves (TttReviewCursor *self)
{
  g_return_val_if_fail (TTT_IS_REVIEW_CURSOR (self), 0);

  return self->n_moves;
}

TttMark
ttt_review_cursor_get_person (TttReviewCursor *self)
{
  g_return_val_if_fail (TTT_IS_REVIEW_CURSOR (self), TTT_MARK_NONE);

  return self->person;
}

guint
ttt_review_cursor_get_position (TttReviewCursor *self)
{
  g_return_val_if_fail (TTT_IS_REVIEW_CURSOR (self), 0);

  return self->position;
}

/**
 * ttt_review_cursor_set_position:
 * @self: a #TttReviewCursor
 * @position: 0 to #TttReviewCursor:n-moves
 */
void
ttt_review_cursor_set_position (TttReviewCursor *self,
                                guint            position)
{
  gboolean had_previous, had_next;

  g_return_if_fail (TTT_IS_REVIEW_CURSOR (self));
  g_return_if_fail (position <= self->n_moves);

  if (self->position == position)
    return;

  had_previous = ttt_review_cursor_get_has_previous (self);
  had_next = ttt_review_cursor_get_has_next (self);
  self->position = position;

  g_object_freeze_notify (G_OBJECT (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_POSITION]);
  if (had_previous != ttt_review_cursor_get_has_previous (self))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_HAS_PREVIOUS]);
  if (had_next != ttt_review_cursor_get_has_next (self))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_HAS_NEXT]);
  g_object_thaw_notify (G_OBJECT (self));
}

gboolean
ttt_review_cursor_get_has_previous (TttReviewCursor *self)
{
  g_return_val_if_fail (TTT_IS_REVIEW_CURSOR (self), FALSE);

  return self->position > 0;
}

gboolean
ttt_review_cursor_get_has_next (TttReviewCursor *self)
{
  g_return_val_if_fail (TTT_IS_REVIEW_CURSOR (self), FALSE);

  return self->position < self->n_moves;
}

/* The four steps return whether the cursor moved. */
static gboolean
ttt_review_cursor_go (TttReviewCursor *self,
                      guint            position)
{
  if (position == self->position)
    return FALSE;

  ttt_review_cursor_set_position (self, position);

  return TRUE;
}

gboolean
ttt_review_cursor_first (TttReviewCursor *self)
{
  g_return_val_if_fail (TTT_IS_REVIEW_CURSOR (self), FALSE);

  return ttt_review_cursor_go (self, 0);
}

gboolean
ttt_review_cursor_previous (TttReviewCursor *self)
{
  g_return_val_if_fail (TTT_IS_REVIEW_CURSOR (self), FALSE);

  return self->position > 0 && ttt_review_cursor_go (self, self->position - 1);
}

gboolean
ttt_review_cursor_next (TttReviewCursor *self)
{
  g_return_val_if_fail (TTT_IS_REVIEW_CURSOR (self), FALSE);

  return self->position < self->n_moves && ttt_review_cursor_go (self, self->position + 1);
}

gboolean
ttt_review_cursor_last (TttReviewCursor *self)
{
  g_return_val_if_fail (TTT_IS_REVIEW_CURSOR (self), FALSE);

  return ttt_review_cursor_go (self, self->n_moves);
}

/* The mark on @cell of the board at the cursor. */
TttMark
ttt_review_cursor_get_cell (TttReviewCursor *self,
                            int              cell)
{
  g_return_val_if_fail (TTT_IS_REVIEW_CURSOR (self), TTT_MARK_NONE);
  g_return_val_if_fail (cell >= 0 && cell < TTT_N_CELLS, TTT_MARK_NONE);

  return ttt_board_get (&self->boards[self->position], cell);
}

/* Bit i per cell of a completed line on the board at the cursor: 0 except
 * at the last position of a won game. */
guint
ttt_review_cursor_get_winning_cells (TttReviewCursor *self)
{
  g_return_val_if_fail (TTT_IS_REVIEW_CURSOR (self), 0);

  return ttt_board_winning_cells (&self->boards[self->position]);
}

/**
 * ttt_review_cursor_get_move:
 * @self: a #TttReviewCursor
 * @number: a move's number, 1 to #TttReviewCursor:n-moves; the move just
 *   played at the cursor is #TttReviewCursor:position
 * @cell: (out) (optional): the cell it played
 * @mark: (out) (optional): who played it
 * @review: (out) (optional): its review, whose best cells are those of the
 *   board before it
 *
 * Returns: %FALSE, with nothing stored, if there is no such move (as for
 *   the position 0)
 */
gboolean
ttt_review_cursor_get_move (TttReviewCursor *self,
                            guint            number,
                            int             *cell,
                            TttMark         *mark,
                            TttReview       *review)
{
  g_return_val_if_fail (TTT_IS_REVIEW_CURSOR (self), FALSE);

  if (number < 1 || number > self->n_moves)
    return FALSE;

  if (cell != NULL)
    *cell = self->moves[number - 1];
  if (mark != NULL)
    *mark = mark_of_number (number);
  if (review != NULL)
    *review = self->reviews[number - 1];

  return TRUE;
}

/**
 * ttt_review_cursor_count_grade:
 * @self: a #TttReviewCursor
 * @mark: whose moves, or %TTT_MARK_NONE for both sides'
 * @grade: which grade
 *
 * Returns: how many of the moves of @mark have @grade
 */
guint
ttt_review_cursor_count_grade (TttReviewCursor *self,
                               TttMark          mark,
                               TttGrade         grade)
{
  guint n = 0;

  g_return_val_if_fail (TTT_IS_REVIEW_CURSOR (self), 0);

  for (guint i = 0; i < self->n_moves; i++)
    if ((mark == TTT_MARK_NONE || mark == mark_of_number (i + 1)) &&
        self->reviews[i].grade == grade)
      n++;

  return n;
}

/**
 * ttt_review_cursor_get_turning_move:
 * @self: a #TttReviewCursor
 *
 * Where a won game turned: the last move that was not best. It is always
 * the loser's, and after it the winner had a forced win. A drawn or
 * unfinished game has none.
 *
 * Returns: the move's number, from 1, or 0 for none
 */
guint
ttt_review_cursor_get_turning_move (TttReviewCursor *self)
{
  g_return_val_if_fail (TTT_IS_REVIEW_CURSOR (self), 0);

  return self->turning_move;
}

/**
 * ttt_review_cursor_dup_move_text:
 * @self: a #TttReviewCursor
 *
 * Returns: (transfer full) (nullable): the line that explains the move
 *   just played at the cursor (see ttt_coach_move_text()), or %NULL at
 *   position 0
 */
char *
ttt_review_cursor_dup_move_text (TttReviewCursor *self)
{
  g_return_val_if_fail (TTT_IS_REVIEW_CURSOR (self), NULL);

  if (self->position == 0)
    return NULL;

  return ttt_coach_move_text (self->position, self->moves[self->position - 1],
                              &self->reviews[self->position - 1],
                              ttt_review_cursor_get_graded (self, self->position));
}

/**
 * ttt_review_cursor_get_graded:
 * @self: a #TttReviewCursor
 * @number: a move's number, from 1
 *
 * Returns: whether move @number is graded: a person's move (both sides'
 *   between two people), not the computer's, which is only told
 */
gboolean
ttt_review_cursor_get_graded (TttReviewCursor *self,
                              guint            number)
{
  g_return_val_if_fail (TTT_IS_REVIEW_CURSOR (self), FALSE);

  if (number < 1 || number > self->n_moves)
    return FALSE;

  return self->person == TTT_MARK_NONE || mark_of_number (number) == self->person;
}

/**
 * ttt_review_cursor_dup_summary:
 * @self: a #TttReviewCursor
 *
 * Returns: (transfer full): the summary shown when the review opens (see
 *   ttt_coach_summary_text())
 */
char *
ttt_review_cursor_dup_summary (TttReviewCursor *self)
{
  g_return_val_if_fail (TTT_IS_REVIEW_CURSOR (self), NULL);

  return ttt_coach_summary_text (self->person,
                                 ttt_review_cursor_count_grade (self, TTT_MARK_X, TTT_GRADE_MISTAKE),
                                 ttt_review_cursor_count_grade (self, TTT_MARK_X, TTT_GRADE_BLUNDER),
                                 ttt_review_cursor_count_grade (self, TTT_MARK_O, TTT_GRADE_MISTAKE),
                                 ttt_review_cursor_count_grade (self, TTT_MARK_O, TTT_GRADE_BLUNDER),
                                 self->turning_move);
}
