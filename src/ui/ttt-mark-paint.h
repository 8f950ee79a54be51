/* ttt-mark-paint.h — an X or an O, drawn as by hand
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "ttt-engine.h"

G_BEGIN_DECLS

void ttt_mark_paint_stroke (cairo_t *cr,
                            TttMark  mark,
                            double   cx,
                            double   cy,
                            double   radius,
                            double   progress);

G_END_DECLS
