/* ttt-board-view-private.h — what tests may reach inside the board
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "ttt-board-view.h"

G_BEGIN_DECLS

/* Ultimate: how strongly the cells of the boards the side to move may
 * not play in are drawn. They stand back so that where play goes shows
 * at a glance, but their marks still read at 3:1 against the window in
 * both styles (0.45 washed them out to 1.9:1). */
#define TTT_BOARD_VIEW_STAND_BACK_OPACITY 0.8

GtkWidget *ttt_board_view_get_cell        (TttBoardView *self,
                                      int       cell);
int        ttt_board_view_get_hint_cell   (TttBoardView *self);
int        ttt_board_view_get_last_computer_cell (TttBoardView *self);
double     ttt_board_view_get_mark_progress (TttBoardView *self,
                                        int       cell);
double     ttt_board_view_get_finish_progress (TttBoardView *self);
gboolean   ttt_board_view_is_animating    (TttBoardView *self);
const char *ttt_board_view_get_note       (TttBoardView  *self,
                                           int            cell,
                                           const char   **symbol);
int        ttt_board_view_get_review_best_cell (TttBoardView *self);
TttMark    ttt_board_view_get_shown_block_winner (TttBoardView *self,
                                                  int           block);

G_END_DECLS
