/* ttt-board-view-private.h — what tests may reach inside the board
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "ttt-board-view.h"

G_BEGIN_DECLS

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

G_END_DECLS
