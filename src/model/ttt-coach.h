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

/* What a move of Ultimate does, the first that applies (see
 * ttt_coach_ultimate_effect()). */
typedef enum
{
  TTT_ULTIMATE_EFFECT_WINS_GAME,
  TTT_ULTIMATE_EFFECT_WINS_BOARD,    /* wins the small board it is in */
  TTT_ULTIMATE_EFFECT_BLOCKS_BOARD,  /* takes the cell that would win it for the opponent */
  TTT_ULTIMATE_EFFECT_SENDS_TO_WIN,  /* sends the opponent to a board they can win at once */
  TTT_ULTIMATE_EFFECT_FREE_CHOICE,   /* sends the opponent to a closed board: any open one for them */
  TTT_ULTIMATE_EFFECT_SENDS_SAFE,    /* sends the opponent to a board they cannot win at once */
} TttUltimateEffect;

/* The review's grade of one move of Ultimate (see TttReviewCursor): the
 * search's estimates of the mover's chance to win, a draw counting half,
 * before the move and after it, and the move the search preferred. */
typedef struct
{
  TttGrade          grade;
  double            before;       /* 0–1 */
  double            after;        /* 0–1 */
  gboolean          forced_loss;  /* after the move the opponent has a proved win */
  int               best;         /* the preferred move, 0–80 */
  TttUltimateEffect effect;       /* what the move played does */
  TttUltimateEffect best_effect;  /* what the preferred move does */
} TttUltimateGrade;

TttUltimateEffect ttt_coach_ultimate_effect  (const TttUltimate *before,
                                              int                move,
                                              gboolean           fault_first);

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

char       *ttt_coach_ultimate_move_text     (guint                   number,
                                              int                     move,
                                              const TttUltimateGrade *grade,
                                              gboolean                graded);

char       *ttt_coach_summary_text           (TttMark           person,
                                              guint             x_mistakes,
                                              guint             x_blunders,
                                              guint             o_mistakes,
                                              guint             o_blunders,
                                              guint             turning_move);

G_END_DECLS
