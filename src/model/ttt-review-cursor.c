/* ttt-review-cursor.c — walking back through a finished game
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A TttReviewCursor holds a copy of a game's moves, the position after
 * each by the variant's rules (TttRules, through the registry), and a
 * position among them: 0 is the empty board, n the board after the last
 * move. It is a value of its own: the game it came from may start again,
 * or go away, without changing the review, and a review changes nothing in
 * the game or its scores.
 *
 * Nothing here knows which game it is. A solved game (TttRules.review) is
 * graded at once against its perfect play: the classic game's, Misère's
 * (ttt-review-grades.c). A game that is not solved has no such oracle,
 * and its grades are a search's estimates, which come later
 * (ttt-review-search.c).
 */

#include "config.h"

#include <string.h>

#include <gio/gio.h>

#include "ttt-review-cursor-private.h"

G_DEFINE_FINAL_TYPE (TttReviewCursor, ttt_review_cursor, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_POSITION,
  PROP_N_MOVES,
  PROP_PERSON,
  PROP_HAS_PREVIOUS,
  PROP_HAS_NEXT,
  PROP_READY,
  PROP_PROGRESS,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

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

    case PROP_READY:
      g_value_set_boolean (value, self->ready);
      break;

    case PROP_PROGRESS:
      g_value_set_double (value, self->progress);
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
ttt_review_cursor_dispose (GObject *object)
{
  TttReviewCursor *self = TTT_REVIEW_CURSOR (object);

  /* The worker stops within TTT_SEARCH_POLL iterations and its answer
   * finds nobody. */
  g_cancellable_cancel (self->grading);
  g_clear_object (&self->grading);

  G_OBJECT_CLASS (ttt_review_cursor_parent_class)->dispose (object);
}

static void
ttt_review_cursor_finalize (GObject *object)
{
  TttReviewCursor *self = TTT_REVIEW_CURSOR (object);

  g_free (self->positions);
  g_free (self->effects);
  g_free (self->reviews);
  g_free (self->grades);
  g_free (self->best_moves);

  G_OBJECT_CLASS (ttt_review_cursor_parent_class)->finalize (object);
}

static void
ttt_review_cursor_class_init (TttReviewCursorClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = ttt_review_cursor_dispose;
  object_class->finalize = ttt_review_cursor_finalize;
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
                       0, TTT_RULES_MAX_CELLS, 0,
                       (G_PARAM_READWRITE |
                        G_PARAM_EXPLICIT_NOTIFY |
                        G_PARAM_STATIC_STRINGS));

  properties[PROP_N_MOVES] =
    g_param_spec_uint ("n-moves", NULL, NULL,
                       0, TTT_RULES_MAX_CELLS, 0,
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

  /**
   * TttReviewCursor:ready:
   *
   * Whether the grades are known: at once for a solved game; for one
   * that is not (Ultimate) once the grading that
   * ttt_review_cursor_start_grading() began is done.
   */
  properties[PROP_READY] =
    g_param_spec_boolean ("ready", NULL, NULL,
                          FALSE,
                          (G_PARAM_READABLE |
                           G_PARAM_EXPLICIT_NOTIFY |
                           G_PARAM_STATIC_STRINGS));

  /* How much of the grading is done, 0–1, for a progress bar. */
  properties[PROP_PROGRESS] =
    g_param_spec_double ("progress", NULL, NULL,
                         0.0, 1.0, 0.0,
                         (G_PARAM_READABLE |
                          G_PARAM_EXPLICIT_NOTIFY |
                          G_PARAM_STATIC_STRINGS));

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
ttt_review_cursor_init (TttReviewCursor *self)
{
  self->person = TTT_MARK_NONE;
  self->info = ttt_variants_get_nth (0);
}

/**
 * ttt_review_cursor_new_for_variant:
 * @variant: the game the moves are of
 * @moves: (array length=n_moves): the moves played (the cells, in the
 *   rules' numbering), first move first
 * @n_moves: how many, up to the variant's number of cells
 * @person: the person's mark against the computer, or %TTT_MARK_NONE for
 *   a game between two people
 *
 * A solved game's moves are graded at once; the grades of one that is not
 * come from ttt_review_cursor_start_grading().
 *
 * Returns: (transfer full) (nullable): a cursor at the last position, or
 *   %NULL, with a critical warning, if @moves is not a game the rules
 *   allow
 */
TttReviewCursor *
ttt_review_cursor_new_for_variant (TttVariant  variant,
                                   const int  *moves,
                                   guint       n_moves,
                                   TttMark     person)
{
  g_autoptr(TttReviewCursor) self = NULL;
  const TttRules *rules;

  g_return_val_if_fail (ttt_variants_get (variant)->variant == variant, NULL);
  g_return_val_if_fail (moves != NULL || n_moves == 0, NULL);
  g_return_val_if_fail (person <= TTT_MARK_O, NULL);

  self = g_object_new (TTT_TYPE_REVIEW_CURSOR, NULL);
  self->info = ttt_variants_get (variant);
  self->person = person;
  rules = self->info->rules;

  g_return_val_if_fail (n_moves <= (guint) rules->n_cells, NULL);

  self->positions = g_new (TttPosition, n_moves + 1);
  self->effects = g_new0 (TttRulesEffects, MAX (n_moves, 1));
  self->reviews = g_new0 (TttReview, MAX (n_moves, 1));
  self->best_moves = g_new (int, MAX (n_moves, 1));

  ttt_position_clear (&self->positions[0], variant);
  for (guint i = 0; i < n_moves; i++)
    {
      self->positions[i + 1] = self->positions[i];
      /* Not a game at all: the moves come from one. */
      if (rules->effects (&self->positions[i].rules, moves[i], &self->effects[i]) != TTT_OK ||
          ttt_position_play (&self->positions[i + 1], moves[i]) != TTT_OK)
        g_return_val_if_reached (NULL);
      self->moves[i] = moves[i];
      self->best_moves[i] = -1;
    }
  self->n_moves = n_moves;
  self->position = n_moves;

  if (ttt_review_cursor_is_solved (self))
    {
      if (!ttt_review_cursor_grade_solved (self))
        g_return_val_if_reached (NULL);
    }
  else
    {
      self->grades = g_new0 (TttUltimateGrade, MAX (n_moves, 1));
      for (guint i = 0; i < n_moves; i++)
        self->grades[i].best = -1;
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

  moves = ttt_match_get_moves (ttt_game_get_match (game), &n_moves);
  if (ttt_game_get_opponent (game) == TTT_OPPONENT_COMPUTER)
    person = ttt_game_get_human_mark (game);

  return ttt_review_cursor_new_for_variant (ttt_game_get_variant (game),
                                            moves, n_moves, person);
}

TttVariant
ttt_review_cursor_get_variant (TttReviewCursor *self)
{
  g_return_val_if_fail (TTT_IS_REVIEW_CURSOR (self), ttt_variants_get_nth (0)->variant);

  return self->info->variant;
}

gboolean
ttt_review_cursor_get_ready (TttReviewCursor *self)
{
  g_return_val_if_fail (TTT_IS_REVIEW_CURSOR (self), FALSE);

  return self->ready;
}

double
ttt_review_cursor_get_progress (TttReviewCursor *self)
{
  g_return_val_if_fail (TTT_IS_REVIEW_CURSOR (self), 0.0);

  return self->progress;
}

void
ttt_review_cursor_report_progress (TttReviewCursor *self,
                                   double           progress)
{
  if (self->ready)
    return;

  self->progress = progress;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PROGRESS]);
}

void
ttt_review_cursor_grades_done (TttReviewCursor *self)
{
  ttt_review_cursor_store_searched (self);
  g_clear_object (&self->grading);

  g_object_freeze_notify (G_OBJECT (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PROGRESS]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_READY]);
  g_object_thaw_notify (G_OBJECT (self));
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

/**
 * ttt_review_cursor_get_shown_position:
 * @self: a #TttReviewCursor
 *
 * The position at the cursor, as it was after that many moves: what a
 * view shows of it, all of it (the marks, and in Ultimate which small
 * boards are won and where the next move goes) from this, never from the
 * game the review came from, which is at its end.
 *
 * Returns: (transfer none): the position, owned by @self
 */
const TttPosition *
ttt_review_cursor_get_shown_position (TttReviewCursor *self)
{
  g_return_val_if_fail (TTT_IS_REVIEW_CURSOR (self), NULL);

  return &self->positions[self->position];
}

/* The mark on @cell of the board at the cursor (a cell in the rules'
 * numbering: in Ultimate a move, 0–80). */
TttMark
ttt_review_cursor_get_cell (TttReviewCursor *self,
                            int              cell)
{
  g_return_val_if_fail (TTT_IS_REVIEW_CURSOR (self), TTT_MARK_NONE);
  g_return_val_if_fail (cell >= 0 && cell < self->info->rules->n_cells, TTT_MARK_NONE);

  return ttt_position_get_cell (&self->positions[self->position], cell);
}

/* The rules' mask of the lines that ended the game, on the board at the
 * cursor (TttRules.winning_cells: bit i per cell in a game of one block,
 * in Ultimate bit b per small board, as ttt_game_get_winning_cells() says
 * it): 0 except at the last position of a game won by a line. */
guint
ttt_review_cursor_get_winning_cells (TttReviewCursor *self)
{
  g_return_val_if_fail (TTT_IS_REVIEW_CURSOR (self), 0);

  return self->info->rules->winning_cells (&self->positions[self->position].rules);
}

/**
 * ttt_review_cursor_get_block_outcome:
 * @self: a #TttReviewCursor
 * @block: a block of the rules (in Ultimate a small board, 0–8)
 *
 * How @block stands at the cursor, as the rules' effects of the moves up
 * to it say (TttRulesEffects.block_outcome): %TTT_OUTCOME_ONGOING before
 * it is won or full, then won by a side or drawn. In a game of one block,
 * the game's outcome.
 *
 * Returns: the block's outcome at the cursor
 */
TttOutcome
ttt_review_cursor_get_block_outcome (TttReviewCursor *self,
                                     int              block)
{
  g_return_val_if_fail (TTT_IS_REVIEW_CURSOR (self), TTT_OUTCOME_INVALID);
  g_return_val_if_fail (block >= 0 && block < self->info->rules->n_blocks, TTT_OUTCOME_INVALID);

  /* A block closes for good, so its last move so far says how it stands. */
  for (guint i = self->position; i-- > 0;)
    if (self->effects[i].block == block)
      return self->effects[i].block_outcome;

  return TTT_OUTCOME_ONGOING;
}

/**
 * ttt_review_cursor_get_move:
 * @self: a #TttReviewCursor
 * @number: a move's number, 1 to #TttReviewCursor:n-moves; the move just
 *   played at the cursor is #TttReviewCursor:position
 * @cell: (out) (optional): the cell it played
 * @mark: (out) (optional): who played it
 * @review: (out) (optional): its review, whose best cells are those of the
 *   board before it; of a game graded by searches, the grade alone (see
 *   ttt_review_cursor_get_ultimate_grade()), once known
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
    *mark = ttt_review_cursor_mover (self, number);
  if (review != NULL)
    *review = self->reviews[number - 1];

  return TRUE;
}
