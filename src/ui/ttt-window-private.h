/* ttt-window-private.h — what tests may reach inside the window
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "ttt-board-view-private.h"
#include "ttt-news.h"
#include "ttt-sound-player-private.h"
#include "ttt-window.h"

G_BEGIN_DECLS

TttBoardView   *ttt_window_get_board  (TttWindow *self);
GtkWidget  *ttt_window_get_cell   (TttWindow *self,
                                   int        cell);
const char *ttt_window_get_status (TttWindow *self);
const char *ttt_window_get_notice (TttWindow *self);
TttReviewCursor *ttt_window_get_review (TttWindow *self);
AdwToast   *ttt_window_get_level_toast (TttWindow *self);

/* What the window tells a screen reader, through its announcer. */
TttNews        *ttt_window_get_news   (TttWindow *self);

/* Made by the window for its game; its "enabled" follows the sound key. */
TttSoundPlayer *ttt_window_get_sound_player (TttWindow *self);

G_END_DECLS
