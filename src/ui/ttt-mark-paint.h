/* ttt-mark-paint.h — an X or an O, drawn as by hand, and the coach's symbols
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "ttt-engine.h"

G_BEGIN_DECLS

/* The symbols of the coach's notes: shapes that differ without their
 * colour. */
typedef enum
{
  TTT_NOTE_SYMBOL_NONE,
  TTT_NOTE_SYMBOL_WIN,
  TTT_NOTE_SYMBOL_DRAW,
  TTT_NOTE_SYMBOL_LOSS,
  TTT_NOTE_SYMBOL_BEST,
  TTT_NOTE_SYMBOL_MISTAKE,
  TTT_NOTE_SYMBOL_BLUNDER,
} TttNoteSymbol;

GdkRGBA ttt_mark_paint_color (GtkWidget *widget);

void ttt_mark_paint_stroke (cairo_t *cr,
                            TttMark  mark,
                            double   cx,
                            double   cy,
                            double   radius,
                            double   progress);

void ttt_mark_paint_symbol (cairo_t       *cr,
                            TttNoteSymbol  symbol,
                            double         cx,
                            double         cy,
                            double         size);

G_END_DECLS
