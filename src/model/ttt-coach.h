/* ttt-coach.h — the coach's words
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The translated sentences the coach shows and the screen reader speaks,
 * made from what the engine says about a move. They live in the model, GLib
 * only, so they are tested without a display and every view says the same.
 * Functions returning char * return a newly allocated string.
 */

#pragma once

#include <glib.h>

#include "ttt-game.h"

G_BEGIN_DECLS

const char *ttt_coach_mark_name              (TttMark           mark);
const char *ttt_coach_grade_name             (TttGrade          grade);

char       *ttt_coach_hint_text              (TttMotive         motive,
                                              TttMark           mover);
char       *ttt_coach_motive_text            (TttMotive         motive,
                                              TttMark           mover);

char       *ttt_coach_analysis_label         (TttVerdict        verdict,
                                              guint             n_moves);
char       *ttt_coach_analysis_description   (TttVerdict        verdict,
                                              guint             n_moves);

char       *ttt_coach_move_text              (guint             number,
                                              int               cell,
                                              const TttReview  *review,
                                              gboolean          graded);

char       *ttt_coach_summary_text           (TttMark           person,
                                              guint             x_mistakes,
                                              guint             x_blunders,
                                              guint             o_mistakes,
                                              guint             o_blunders,
                                              guint             turning_move);

G_END_DECLS
