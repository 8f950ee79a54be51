/* ttt-rules-figure.c — Ultimate's rule in a picture: a move in this cell
 * sends the opponent to that board
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Nine small boards; X has just played the top right cell of the middle
 * one, which is tinted, and an arrow leads from it to the top right
 * board, tinted too, where O must answer. It is drawn in the text's
 * colour, so that it follows the light and dark style and high contrast
 * as the words beside it do. Its window names it by its caption.
 */

#include "config.h"

#include "ttt-compat.h"
#include "ttt-engine.h"
#include "ttt-mark-paint.h"
#include "ttt-rules-figure.h"

/* Where the move is played and so where it sends: the cell's index in
 * its board is the index of the board the opponent goes to. */
#define PLAYED_BOARD 4
#define PLAYED_CELL  2

struct _TttRulesFigure
{
  GtkWidget parent_instance;
};

G_DEFINE_FINAL_TYPE (TttRulesFigure, ttt_rules_figure, GTK_TYPE_WIDGET)

static void
tinted_rect (cairo_t       *cr,
             const GdkRGBA *color,
             double         alpha,
             double         x,
             double         y,
             double         side)
{
  cairo_set_source_rgba (cr, color->red, color->green, color->blue, color->alpha * alpha);
  cairo_rectangle (cr, x, y, side, side);
  cairo_fill (cr);
}

/* The # of one small board at (@x, @y), @side wide. */
static void
small_grid (cairo_t *cr,
            double   x,
            double   y,
            double   side)
{
  for (int i = 1; i < 3; i++)
    {
      double at = side * i / 3.0;

      cairo_move_to (cr, x + at, y + side * 0.06);
      cairo_line_to (cr, x + at, y + side * 0.94);
      cairo_move_to (cr, x + side * 0.06, y + at);
      cairo_line_to (cr, x + side * 0.94, y + at);
    }
  cairo_stroke (cr);
}

static void
ttt_rules_figure_snapshot (GtkWidget   *widget,
                           GtkSnapshot *snapshot)
{
  int width = gtk_widget_get_width (widget);
  int height = gtk_widget_get_height (widget);
  double size = MIN (width, height);
  double gap = size * 0.05;
  double board = (size - 2 * gap) / 3.0;
  double x0 = (width - size) / 2.0;
  double y0 = (height - size) / 2.0;
  double cell = board / 3.0;
  double bx, by, cx, cy, tx, ty;
  GdkRGBA fg;
  cairo_t *cr;

  if (size <= 0)
    return;

  ttt_compat_widget_get_color (widget, &fg);
  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, width, height));
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);

  /* The board sent to, and the cell played. */
  tx = x0 + (PLAYED_CELL % 3) * (board + gap);
  ty = y0 + (PLAYED_CELL / 3) * (board + gap);
  tinted_rect (cr, &fg, 0.14, tx, ty, board);
  bx = x0 + (PLAYED_BOARD % 3) * (board + gap);
  by = y0 + (PLAYED_BOARD / 3) * (board + gap);
  tinted_rect (cr, &fg, 0.14, bx + (PLAYED_CELL % 3) * cell, by + (PLAYED_CELL / 3) * cell, cell);

  /* The nine boards, faint beside the marks and the arrow. */
  cairo_set_source_rgba (cr, fg.red, fg.green, fg.blue, fg.alpha * 0.45);
  cairo_set_line_width (cr, MAX (1.0, size / 160.0));
  for (int b = 0; b < 9; b++)
    small_grid (cr, x0 + (b % 3) * (board + gap), y0 + (b / 3) * (board + gap), board);

  /* The board sent to is outlined as the board says "play here". */
  cairo_set_source_rgba (cr, fg.red, fg.green, fg.blue, fg.alpha);
  cairo_set_line_width (cr, MAX (1.5, size / 90.0));
  cairo_rectangle (cr, tx, ty, board, board);
  cairo_stroke (cr);

  /* X's move. */
  cx = bx + (PLAYED_CELL % 3 + 0.5) * cell;
  cy = by + (PLAYED_CELL / 3 + 0.5) * cell;
  cairo_set_line_width (cr, MAX (1.5, size / 70.0));
  ttt_mark_paint_stroke (cr, TTT_MARK_X, cx, cy, cell * 0.28, 1.0);

  /* The arrow, from the cell up to the board it sends to. */
  {
    double ex = tx + board * 0.5;
    double ey = ty + board * 0.62;
    double head = size * 0.05;

    cairo_set_line_width (cr, MAX (1.5, size / 90.0));
    cairo_move_to (cr, cx, cy - cell * 0.45);
    cairo_curve_to (cr, cx, cy - board * 0.6, ex, ey + board * 0.3, ex, ey);
    cairo_stroke (cr);

    /* The curve comes in from below: the head opens downwards. */
    cairo_move_to (cr, ex - head * 0.6, ey + head * 0.8);
    cairo_line_to (cr, ex, ey);
    cairo_line_to (cr, ex + head * 0.6, ey + head * 0.8);
    cairo_stroke (cr);
  }

  cairo_destroy (cr);
}

static void
ttt_rules_figure_measure (GtkWidget      *widget,
                          GtkOrientation  orientation,
                          int             for_size,
                          int            *minimum,
                          int            *natural,
                          int            *minimum_baseline,
                          int            *natural_baseline)
{
  /* Square, 180 px, and larger where there is room. */
  *minimum = 180;
  *natural = 240;
}

static void
ttt_rules_figure_class_init (TttRulesFigureClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  widget_class->snapshot = ttt_rules_figure_snapshot;
  widget_class->measure = ttt_rules_figure_measure;
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
  gtk_widget_class_set_css_name (widget_class, "rulesfigure");
}

static void
ttt_rules_figure_init (TttRulesFigure *self)
{
}

/**
 * ttt_rules_figure_new:
 *
 * Returns: (transfer floating): the picture of Ultimate's rule
 */
GtkWidget *
ttt_rules_figure_new (void)
{
  return g_object_new (TTT_TYPE_RULES_FIGURE, NULL);
}
