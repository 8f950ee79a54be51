/* ttt-board-view.h — the cells of a game, drawn as a # board
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "ttt-board-geometry.h"
#include "ttt-game.h"
#include "ttt-review-cursor.h"

G_BEGIN_DECLS

#define TTT_TYPE_BOARD_VIEW (ttt_board_view_get_type ())
G_DECLARE_FINAL_TYPE (TttBoardView, ttt_board_view, TTT, BOARD_VIEW, GtkWidget)

GtkWidget *ttt_board_view_new          (TttGame                *game);
TttGame   *ttt_board_view_get_game     (TttBoardView           *self);
void       ttt_board_view_show_hint    (TttBoardView           *self,
                                        int                     cell);
gboolean   ttt_board_view_focus_cell   (TttBoardView           *self,
                                        int                     cell);
gboolean   ttt_board_view_set_geometry (TttBoardView           *self,
                                        const TttBoardGeometry *geometry);
void       ttt_board_view_get_geometry (TttBoardView           *self,
                                        TttBoardGeometry       *geometry);
int        ttt_board_view_get_n_cells  (TttBoardView           *self);

gboolean         ttt_board_view_get_show_analysis (TttBoardView    *self);
void             ttt_board_view_set_show_analysis (TttBoardView    *self,
                                                   gboolean         show_analysis);
TttReviewCursor *ttt_board_view_get_review        (TttBoardView    *self);
void             ttt_board_view_set_review        (TttBoardView    *self,
                                                   TttReviewCursor *review);

G_END_DECLS
