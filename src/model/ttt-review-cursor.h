/* ttt-review-cursor.h — walking back through a finished game
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A review of any of the games: the moves, the position after each by the
 * variant's rules, each move's grade, and a cursor among the positions
 * that a view shows and steps. A solved game is graded at once against
 * perfect play, one that is not by searches (see ttt-review-search.c).
 */

#pragma once

#include <glib-object.h>

#include "ttt-coach.h"
#include "ttt-game.h"
#include "ttt-position.h"

G_BEGIN_DECLS

#define TTT_TYPE_REVIEW_CURSOR (ttt_review_cursor_get_type ())
G_DECLARE_FINAL_TYPE (TttReviewCursor, ttt_review_cursor, TTT, REVIEW_CURSOR, GObject)

/* How the review grades a move of Ultimate (see ttt-review-cursor.c): a
 * search of TTT_REVIEW_ULTIMATE_ITERATIONS iterations from a fixed seed
 * on each position, so a game's grades are the same on any machine and
 * every time. A move is Best when it is the search's choice or lowers the
 * mover's estimated chance to win by less than MISTAKE_DROP percentage
 * points, a Mistake below BLUNDER_DROP, and a Blunder from there, or when
 * it lets the opponent force a win the search proves. */
#define TTT_REVIEW_ULTIMATE_ITERATIONS   50000
#define TTT_REVIEW_ULTIMATE_SEED         G_GUINT64_CONSTANT (0x7e5ca1ab1e5eed00)
#define TTT_REVIEW_ULTIMATE_MISTAKE_DROP 10
#define TTT_REVIEW_ULTIMATE_BLUNDER_DROP 25

TttReviewCursor *ttt_review_cursor_new              (TttGame          *game);
TttReviewCursor *ttt_review_cursor_new_for_variant  (TttVariant        variant,
                                                     const int        *moves,
                                                     guint             n_moves,
                                                     TttMark           person);

TttVariant       ttt_review_cursor_get_variant      (TttReviewCursor  *self);
void             ttt_review_cursor_start_grading    (TttReviewCursor  *self);
guint            ttt_review_cursor_count_grading    (void);
gboolean         ttt_review_cursor_get_ready        (TttReviewCursor  *self);
double           ttt_review_cursor_get_progress     (TttReviewCursor  *self);
gboolean         ttt_review_cursor_get_ultimate_grade (TttReviewCursor  *self,
                                                       guint             number,
                                                       TttUltimateGrade *grade);
int              ttt_review_cursor_get_best_move    (TttReviewCursor  *self,
                                                     guint             number);

guint            ttt_review_cursor_get_n_moves      (TttReviewCursor  *self);
TttMark          ttt_review_cursor_get_person       (TttReviewCursor  *self);

guint            ttt_review_cursor_get_position     (TttReviewCursor  *self);
void             ttt_review_cursor_set_position     (TttReviewCursor  *self,
                                                     guint             position);
gboolean         ttt_review_cursor_get_has_previous (TttReviewCursor  *self);
gboolean         ttt_review_cursor_get_has_next     (TttReviewCursor  *self);
gboolean         ttt_review_cursor_first            (TttReviewCursor  *self);
gboolean         ttt_review_cursor_previous         (TttReviewCursor  *self);
gboolean         ttt_review_cursor_next             (TttReviewCursor  *self);
gboolean         ttt_review_cursor_last             (TttReviewCursor  *self);

const TttPosition *ttt_review_cursor_get_shown_position (TttReviewCursor *self);
TttMark          ttt_review_cursor_get_cell         (TttReviewCursor  *self,
                                                     int               cell);
guint            ttt_review_cursor_get_winning_cells (TttReviewCursor *self);
TttOutcome       ttt_review_cursor_get_block_outcome (TttReviewCursor *self,
                                                      int              block);
gboolean         ttt_review_cursor_get_move         (TttReviewCursor  *self,
                                                     guint             number,
                                                     int              *cell,
                                                     TttMark          *mark,
                                                     TttReview        *review);

guint            ttt_review_cursor_count_grade      (TttReviewCursor  *self,
                                                     TttMark           mark,
                                                     TttGrade          grade);
guint            ttt_review_cursor_get_turning_move (TttReviewCursor  *self);

gboolean         ttt_review_cursor_get_graded       (TttReviewCursor  *self,
                                                     guint             number);
char            *ttt_review_cursor_dup_move_text    (TttReviewCursor  *self);
char            *ttt_review_cursor_dup_summary      (TttReviewCursor  *self);

G_END_DECLS
