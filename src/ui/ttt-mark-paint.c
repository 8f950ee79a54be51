/* ttt-mark-paint.c — an X or an O, drawn as by hand
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * One drawing of the marks for every view that shows one: the board's
 * cells and the player badges.
 */

#include "config.h"

#include "ttt-mark-paint.h"

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
