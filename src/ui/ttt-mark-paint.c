/* ttt-mark-paint.c — an X or an O, drawn as by hand, and the coach's symbols
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * One drawing of the marks for every view that shows one: the board's
 * cells and the player badges; and of the symbols of the coach's notes.
 */

#include "config.h"

#include "ttt-compat.h"
#include "ttt-mark-paint.h"

/* The colour @widget draws in: a mark's, from its style class. */
GdkRGBA
ttt_mark_paint_color (GtkWidget *widget)
{
  GdkRGBA color;

  ttt_compat_widget_get_color (widget, &color);
  return color;
}

/* Strokes @mark centred on (@cx, @cy), @progress of the way drawn, in
 * the source colour and line width that @cr holds. */
void
ttt_mark_paint_stroke (cairo_t *cr,
                       TttMark  mark,
                       double   cx,
                       double   cy,
                       double   radius,
                       double   progress)
{
  if (mark == TTT_MARK_X)
    {
      /* The two strokes are drawn one after the other, as by hand. */
      double first = CLAMP (progress * 2, 0, 1);
      double second = CLAMP (progress * 2 - 1, 0, 1);

      cairo_move_to (cr, cx - radius, cy - radius);
      cairo_line_to (cr, cx - radius + 2 * radius * first, cy - radius + 2 * radius * first);
      if (second > 0)
        {
          cairo_move_to (cr, cx + radius, cy - radius);
          cairo_line_to (cr, cx + radius - 2 * radius * second, cy - radius + 2 * radius * second);
        }
    }
  else if (mark == TTT_MARK_O)
    {
      cairo_new_sub_path (cr);
      cairo_arc (cr, cx, cy, radius, -G_PI / 2, -G_PI / 2 + 2 * G_PI * progress);
    }

  cairo_stroke (cr);
}

/* The "!" of the warning signs, cut out of their shape (even-odd). */
static void
path_exclamation (cairo_t *cr,
                  double   cx,
                  double   top,
                  double   bottom,
                  double   width)
{
  double dot = width * 1.1;

  cairo_rectangle (cr, cx - width / 2, top, width, (bottom - top) - dot * 1.6);
  cairo_rectangle (cr, cx - dot / 2, bottom - dot, dot, dot);
}

/* The symbol of a coach's note, in a square of side @s centred on (@cx, @cy):
 * shapes that differ without their colour. A win points up and a loss
 * down, a draw is an equals sign; Best is a tick, a Mistake a warning
 * triangle and a Blunder an octagon like a stop sign, both with a "!". */
void
ttt_mark_paint_symbol (cairo_t       *cr,
                       TttNoteSymbol  symbol,
                       double         cx,
                       double         cy,
                       double         s)
{
  double h = s / 2;

  cairo_new_path (cr);
  cairo_set_fill_rule (cr, CAIRO_FILL_RULE_EVEN_ODD);

  switch (symbol)
    {
    case TTT_NOTE_SYMBOL_WIN:
      cairo_move_to (cr, cx, cy - h * 0.85);
      cairo_line_to (cr, cx + h, cy + h * 0.75);
      cairo_line_to (cr, cx - h, cy + h * 0.75);
      cairo_close_path (cr);
      break;

    case TTT_NOTE_SYMBOL_LOSS:
      cairo_move_to (cr, cx, cy + h * 0.85);
      cairo_line_to (cr, cx + h, cy - h * 0.75);
      cairo_line_to (cr, cx - h, cy - h * 0.75);
      cairo_close_path (cr);
      break;

    case TTT_NOTE_SYMBOL_DRAW:
      cairo_rectangle (cr, cx - h, cy - h * 0.6, s, h * 0.45);
      cairo_rectangle (cr, cx - h, cy + h * 0.15, s, h * 0.45);
      break;

    case TTT_NOTE_SYMBOL_BEST:
      cairo_move_to (cr, cx - h, cy + h * 0.05);
      cairo_line_to (cr, cx - h * 0.65, cy - h * 0.3);
      cairo_line_to (cr, cx - h * 0.25, cy + h * 0.1);
      cairo_line_to (cr, cx + h * 0.65, cy - h * 0.8);
      cairo_line_to (cr, cx + h, cy - h * 0.45);
      cairo_line_to (cr, cx - h * 0.25, cy + h * 0.8);
      cairo_close_path (cr);
      break;

    case TTT_NOTE_SYMBOL_MISTAKE:
      cairo_move_to (cr, cx, cy - h);
      cairo_line_to (cr, cx + h, cy + h * 0.85);
      cairo_line_to (cr, cx - h, cy + h * 0.85);
      cairo_close_path (cr);
      path_exclamation (cr, cx, cy - h * 0.3, cy + h * 0.68, s * 0.13);
      break;

    case TTT_NOTE_SYMBOL_BLUNDER:
      {
        /* cos and sin of 22.5°: the octagon stands on a side. */
        static const double octagon[8][2] = {
          { 0.9239, 0.3827 }, { 0.3827, 0.9239 }, { -0.3827, 0.9239 }, { -0.9239, 0.3827 },
          { -0.9239, -0.3827 }, { -0.3827, -0.9239 }, { 0.3827, -0.9239 }, { 0.9239, -0.3827 },
        };

        cairo_move_to (cr, cx + h * octagon[0][0], cy + h * octagon[0][1]);
        for (int i = 1; i < 8; i++)
          cairo_line_to (cr, cx + h * octagon[i][0], cy + h * octagon[i][1]);
        cairo_close_path (cr);
      }
      path_exclamation (cr, cx, cy - h * 0.6, cy + h * 0.6, s * 0.14);
      break;

    case TTT_NOTE_SYMBOL_NONE:
    default:
      return;
    }

  cairo_fill (cr);
}
