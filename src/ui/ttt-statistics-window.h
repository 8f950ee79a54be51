/* ttt-statistics-window.h — the results per level, and their resets
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "ttt-compat.h"
#include "ttt-statistics.h"

G_BEGIN_DECLS

#define TTT_TYPE_STATISTICS_WINDOW (ttt_statistics_window_get_type ())
/* A dialog on libadwaita 1.5 and later, a window before (ttt-compat.h). */
G_DECLARE_FINAL_TYPE (TttStatisticsWindow, ttt_statistics_window, TTT, STATISTICS_WINDOW, TttCompatDialog)

TttStatisticsWindow *ttt_statistics_window_new (TttStatistics *statistics);

G_END_DECLS
