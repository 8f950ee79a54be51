/* ttt-statistics-window-private.h — what tests may reach inside the window
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "ttt-statistics-window.h"

G_BEGIN_DECLS

AdwActionRow *ttt_statistics_window_get_row         (TttStatisticsWindow *self,
                                                     TttTallyId           id);
GtkLabel     *ttt_statistics_window_get_rate        (TttStatisticsWindow *self,
                                                     TttTallyId           id);
GtkButton    *ttt_statistics_window_get_reset       (TttStatisticsWindow *self,
                                                     TttTallyId           id);
AdwToast     *ttt_statistics_window_get_undo_toast  (TttStatisticsWindow *self);

G_END_DECLS
