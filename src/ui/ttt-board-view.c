/* ttt-board-view.c — the nine cells of a game, drawn as a # board
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The board shows what its TttGame says and sends clicks and keys down as
 * ttt_game_play(). The cells are plain GtkButtons, so screen readers read
 * them as buttons; the # lines, the marks and the line through a win are
 * drawn. All motion goes through AdwAnimation, which follows the system's
 * animation setting and leaves no tick callback behind once it has ended.
 */

#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>

#include "ttt-announcer.h"
#include "ttt-board-view-private.h"
#include "ttt-mark-paint.h"
#include "ttt-coach.h"

/* Below this a mark is hard to hit with a finger; the window's minimum
 * size leaves room for it at 360 px. */
#define MIN_CELL_SIZE  80
#define NAT_CELL_SIZE  128
#define GAP            8

/* What a cell's note says by its symbol; the words say the same. */
typedef enum
{
  NOTE_NONE,
  NOTE_WIN,
  NOTE_DRAW,
  NOTE_LOSS,
  NOTE_BEST,
  NOTE_MISTAKE,
  NOTE_BLUNDER,
} NoteKind;

static const char * const note_symbols[] = {
  [NOTE_NONE] = NULL,
  [NOTE_WIN] = "win",
  [NOTE_DRAW] = "draw",
  [NOTE_LOSS] = "loss",
  [NOTE_BEST] = "best",
  [NOTE_MISTAKE] = "mistake",
  [NOTE_BLUNDER] = "blunder",
};

#define GROW_DURATION      220
#define EMPHASIS_DURATION  900
#define FINISH_DURATION    420

struct _TttBoardView
{
  GtkWidget     parent_instance;

  TttGame      *game;

  GtkWidget    *cells[TTT_N_CELLS];
  GtkWidget    *marks[TTT_N_CELLS];

  /* The cell that takes the focus when the board is entered with Tab. */
  int           cursor;
  int           hint_cell;
  int           last_computer_cell;

  /* Where the allocated square starts and how large a cell is, for the
   * drawing of the lines. */
  int           origin_x;
  int           origin_y;
  int           cell_size;

  AdwAnimation *grow[TTT_N_CELLS];
  double        grow_value[TTT_N_CELLS];
  AdwAnimation *emphasis;
  double        emphasis_value;
  AdwAnimation *finish;
  double        finish_value;

  /* The coach: what each cell says in words and by a symbol, drawn in the
   * cell (see update_note()). */
  gboolean      show_analysis;
  char         *note_text[TTT_N_CELLS];
  NoteKind      note_kind[TTT_N_CELLS];

  /* A review shows its position instead of the live game's, which stays
   * as it is. At the cursor: the move just played, its mover and grade,
   * and the best cell named when it was not best. */
  TttReviewCursor *review;
  guint         review_position;
  int           review_cell;
  TttMark       review_mover;
  TttGrade      review_grade;
  /* The move at the cursor is a person's, with a grade to show. */
  gboolean      review_graded;
  int           review_best_cell;
};

G_DEFINE_FINAL_TYPE (TttBoardView, ttt_board_view, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_GAME,
  PROP_SHOW_ANALYSIS,
  PROP_REVIEW,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

#define CELL_KEY "ttt-cell"

static int
cell_of (gpointer object)
{
  return GPOINTER_TO_INT (g_object_get_data (G_OBJECT (object), CELL_KEY));
}

static gboolean
is_rtl (TttBoardView *self)
{
  return gtk_widget_get_direction (GTK_WIDGET (self)) == GTK_TEXT_DIR_RTL;
}

static const char *
mark_name (TttMark mark)
{
  switch (mark)
    {
    case TTT_MARK_X:
    case TTT_MARK_O:
      return ttt_coach_mark_name (mark);
    case TTT_MARK_NONE:
    default:
      /* Translators: a cell without a mark, as read by a screen reader. */
      return C_("mark", "empty");
    }
}

/* Drawing */

static GdkRGBA
widget_color (GtkWidget *widget)
{
  GdkRGBA color;

  gtk_style_context_get_color (gtk_widget_get_style_context (widget), &color);
  return color;
}

/* What the board shows: the live game, or the position of a review. */

static TttMark
shown_mark (TttBoardView *self,
            int           cell)
{
  if (self->review != NULL)
    return ttt_review_cursor_get_cell (self->review, cell);
  return ttt_game_get_cell (self->game, cell);
}

static guint
shown_winning_cells (TttBoardView *self)
{
  if (self->review != NULL)
    return ttt_review_cursor_get_winning_cells (self->review);
  return ttt_game_get_winning_cells (self->game);
}

/* How much a finished game fades the marks that did not make it. A review
 * keeps every position crisp, and at the end only the win stands out. */
static double
mark_opacity (TttBoardView *self,
              int           cell)
{
  guint winning = shown_winning_cells (self);

  if (self->review != NULL)
    return winning == 0 || (winning & (1u << cell)) ? 1.0 : 0.35;
  if (ttt_game_get_state (self->game) != TTT_GAME_STATE_OVER)
    return 1.0;
  if (winning & (1u << cell))
    return 1.0;
  if (winning != 0)
    return 1.0 - 0.65 * self->finish_value;
  return 1.0 - 0.5 * self->finish_value;
}

static GdkRGBA
named_color (GtkWidget  *widget,
             const char *name)
{
  GdkRGBA color = { 0.5, 0.5, 0.5, 1.0 };

  /* libadwaita's named colours follow the light and dark style; their
   * text colours (success_color…) keep at least 4.5:1 on the window. */
  gtk_style_context_lookup_color (gtk_widget_get_style_context (widget), name, &color);
  return color;
}

static const char *
note_color_name (NoteKind kind)
{
  switch (kind)
    {
    case NOTE_WIN:
    case NOTE_BEST:
      return "success_color";
    case NOTE_LOSS:
    case NOTE_BLUNDER:
      return "error_color";
    case NOTE_MISTAKE:
      return "warning_color";
    case NOTE_DRAW:
    case NOTE_NONE:
    default:
      return "window_fg_color";
    }
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

/* The symbol of a note, in a square of side @s centred on (@cx, @cy):
 * shapes that differ without their colour. A win points up and a loss
 * down, a draw is an equals sign; Best is a tick, a Mistake a warning
 * triangle and a Blunder an octagon like a stop sign, both with a "!". */
static void
draw_symbol (cairo_t  *cr,
             NoteKind  kind,
             double    cx,
             double    cy,
             double    s)
{
  double h = s / 2;

  cairo_new_path (cr);
  cairo_set_fill_rule (cr, CAIRO_FILL_RULE_EVEN_ODD);

  switch (kind)
    {
    case NOTE_WIN:
      cairo_move_to (cr, cx, cy - h * 0.85);
      cairo_line_to (cr, cx + h, cy + h * 0.75);
      cairo_line_to (cr, cx - h, cy + h * 0.75);
      cairo_close_path (cr);
      break;

    case NOTE_LOSS:
      cairo_move_to (cr, cx, cy + h * 0.85);
      cairo_line_to (cr, cx + h, cy - h * 0.75);
      cairo_line_to (cr, cx - h, cy - h * 0.75);
      cairo_close_path (cr);
      break;

    case NOTE_DRAW:
      cairo_rectangle (cr, cx - h, cy - h * 0.6, s, h * 0.45);
      cairo_rectangle (cr, cx - h, cy + h * 0.15, s, h * 0.45);
      break;

    case NOTE_BEST:
      cairo_move_to (cr, cx - h, cy + h * 0.05);
      cairo_line_to (cr, cx - h * 0.65, cy - h * 0.3);
      cairo_line_to (cr, cx - h * 0.25, cy + h * 0.1);
      cairo_line_to (cr, cx + h * 0.65, cy - h * 0.8);
      cairo_line_to (cr, cx + h, cy - h * 0.45);
      cairo_line_to (cr, cx - h * 0.25, cy + h * 0.8);
      cairo_close_path (cr);
      break;

    case NOTE_MISTAKE:
      cairo_move_to (cr, cx, cy - h);
      cairo_line_to (cr, cx + h, cy + h * 0.85);
      cairo_line_to (cr, cx - h, cy + h * 0.85);
      cairo_close_path (cr);
      path_exclamation (cr, cx, cy - h * 0.3, cy + h * 0.68, s * 0.13);
      break;

    case NOTE_BLUNDER:
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

    case NOTE_NONE:
    default:
      return;
    }

  cairo_fill (cr);
}

static PangoLayout *
note_layout (GtkWidget  *area,
             const char *text,
             double      font_px,
             double      width,
             gboolean    bold)
{
  PangoLayout *layout = gtk_widget_create_pango_layout (area, text);
  PangoFontDescription *font = pango_font_description_copy (pango_context_get_font_description (pango_layout_get_context (layout)));

  pango_font_description_set_absolute_size (font, font_px * PANGO_SCALE);
  if (bold)
    pango_font_description_set_weight (font, PANGO_WEIGHT_BOLD);
  pango_layout_set_font_description (layout, font);
  pango_layout_set_alignment (layout, PANGO_ALIGN_CENTER);
  pango_layout_set_wrap (layout, PANGO_WRAP_WORD_CHAR);
  pango_layout_set_width (layout, (int) (width * PANGO_SCALE));
  pango_font_description_free (font);

  return layout;
}

/* The note of the analysis on an empty cell: its symbol above its words,
 * together in the middle of the cell. */
static void
draw_analysis_note (TttBoardView *self,
                    GtkWidget    *area,
                    cairo_t      *cr,
                    int           cell,
                    double        size,
                    double        cx,
                    double        cy)
{
  NoteKind kind = self->note_kind[cell];
  GdkRGBA fg = named_color (area, "window_fg_color");
  GdkRGBA symbol_color = named_color (area, note_color_name (kind));
  double font_px = MAX (11.0, size * 0.13);
  double symbol = size * 0.2;
  double gap = size * 0.06;
  g_autoptr(PangoLayout) layout = note_layout (area, self->note_text[cell], font_px, size * 0.92, TRUE);
  int text_width, text_height;
  double top;

  pango_layout_get_pixel_size (layout, &text_width, &text_height);
  top = cy - (symbol + gap + text_height) / 2;

  gdk_cairo_set_source_rgba (cr, &symbol_color);
  draw_symbol (cr, kind, cx, top + symbol / 2, symbol);

  gdk_cairo_set_source_rgba (cr, &fg);
  cairo_move_to (cr, cx - size * 0.46, top + symbol + gap);
  pango_cairo_show_layout (cr, layout);
}

static void
path_rounded_rect (cairo_t *cr,
                   double   x,
                   double   y,
                   double   width,
                   double   height,
                   double   radius)
{
  cairo_new_path (cr);
  cairo_arc (cr, x + width - radius, y + radius, radius, -G_PI / 2, 0);
  cairo_arc (cr, x + width - radius, y + height - radius, radius, 0, G_PI / 2);
  cairo_arc (cr, x + radius, y + height - radius, radius, G_PI / 2, G_PI);
  cairo_arc (cr, x + radius, y + radius, radius, G_PI, 3 * G_PI / 2);
  cairo_close_path (cr);
}

/* The note of a graded move, and of the best cell, in the review: a pill
 * at the foot of the cell, its symbol before its word. A word too long
 * for the cell ("Meilleur coup") is set smaller, then on two lines. */
static void
draw_grade_note (TttBoardView *self,
                 GtkWidget    *area,
                 cairo_t      *cr,
                 int           cell,
                 double        width,
                 double        height)
{
  NoteKind kind = self->note_kind[cell];
  double size = MIN (width, height);
  double room = width - 4;
  GdkRGBA fg = named_color (area, "window_fg_color");
  GdkRGBA bg = named_color (area, "window_bg_color");
  GdkRGBA symbol_color = named_color (area, note_color_name (kind));
  double font_px = MAX (11.0, size * 0.12);
  g_autoptr(PangoLayout) layout = NULL;
  int text_width, text_height;
  double symbol, gap, pad, pill_width, pill_height, x, y, symbol_x, text_x;

  for (;;)
    {
      g_clear_object (&layout);
      layout = note_layout (area, self->note_text[cell], font_px, -1, TRUE);
      pango_layout_get_pixel_size (layout, &text_width, &text_height);
      symbol = font_px * 1.05;
      gap = font_px * 0.35;
      pad = font_px * 0.55;
      if (symbol + gap + text_width + 2 * pad <= room || font_px <= 9.0)
        break;
      font_px = MAX (9.0, font_px * 0.9);
    }

  if (symbol + gap + text_width + 2 * pad > room)
    {
      pango_layout_set_width (layout, (int) ((room - symbol - gap - 2 * pad) * PANGO_SCALE));
      pango_layout_set_alignment (layout, is_rtl (self) ? PANGO_ALIGN_RIGHT : PANGO_ALIGN_LEFT);
      pango_layout_get_pixel_size (layout, &text_width, &text_height);
    }

  pill_height = text_height + font_px * 0.4;
  pill_width = MIN (symbol + gap + text_width + 2 * pad, room);
  x = (width - pill_width) / 2;
  y = height - pill_height - size * 0.04;

  path_rounded_rect (cr, x, y, pill_width, pill_height, MIN (pill_height / 2, font_px * 0.9));
  cairo_set_source_rgba (cr, bg.red, bg.green, bg.blue, 0.94);
  cairo_fill_preserve (cr);
  cairo_set_line_width (cr, MAX (1.5, size * 0.015));
  gdk_cairo_set_source_rgba (cr, &symbol_color);
  cairo_stroke (cr);

  /* The symbol comes first in the direction of the text. */
  if (is_rtl (self))
    {
      text_x = x + pad;
      symbol_x = x + pill_width - pad - symbol / 2;
    }
  else
    {
      symbol_x = x + pad + symbol / 2;
      text_x = x + pad + symbol + gap;
    }

  draw_symbol (cr, kind, symbol_x, y + pill_height / 2, symbol);

  gdk_cairo_set_source_rgba (cr, &fg);
  cairo_move_to (cr, text_x, y + (pill_height - text_height) / 2);
  pango_cairo_show_layout (cr, layout);
}

static void
draw_mark (GtkDrawingArea *area,
           cairo_t        *cr,
           int             width,
           int             height,
           gpointer        user_data)
{
  TttBoardView *self = user_data;
  int cell = cell_of (area);
  TttMark mark;
  double size = MIN (width, height);
  double radius = size * 0.3;
  double cx = width / 2.0;
  double cy = height / 2.0;
  GdkRGBA color = widget_color (GTK_WIDGET (area));
  gboolean grade_note;

  if (self->game == NULL)
    return;

  mark = shown_mark (self, cell);
  grade_note = self->review != NULL && self->note_kind[cell] != NOTE_NONE;
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  cairo_set_line_width (cr, size * 0.09);

  /* A mark with a grade under it moves up to make room. */
  if (grade_note)
    {
      radius = size * 0.24;
      cy = height * 0.4;
      cairo_set_line_width (cr, size * 0.08);
    }

  /* The computer's move sends out a ring that fades, so the eye finds it. */
  if (self->review == NULL && cell == self->last_computer_cell && self->emphasis_value > 0)
    {
      double t = 1.0 - self->emphasis_value;

      cairo_set_source_rgba (cr, color.red, color.green, color.blue, 0.45 * self->emphasis_value);
      cairo_set_line_width (cr, size * 0.04);
      cairo_new_sub_path (cr);
      cairo_arc (cr, cx, cy, radius * (1.05 + 0.45 * t), 0, 2 * G_PI);
      cairo_stroke (cr);
      cairo_set_line_width (cr, size * 0.09);
    }

  if (mark == TTT_MARK_NONE)
    {
      /* The hint shows the mark the side to move would put there, the
       * review the mark that would have been best, both faint. Under the
       * words of the analysis it is fainter still. */
      if (self->review != NULL && cell == self->review_best_cell)
        {
          cairo_set_source_rgba (cr, color.red, color.green, color.blue, 0.4);
          ttt_mark_paint_stroke (cr, self->review_mover, cx, cy, radius, 1.0);
        }
      else if (self->review == NULL && cell == self->hint_cell)
        {
          cairo_set_source_rgba (cr, color.red, color.green, color.blue,
                                 self->note_kind[cell] != NOTE_NONE ? 0.25 : 0.4);
          ttt_mark_paint_stroke (cr, ttt_game_get_turn (self->game), cx, cy, radius, 1.0);
        }
    }
  else
    {
      cairo_set_source_rgba (cr, color.red, color.green, color.blue,
                             color.alpha * mark_opacity (self, cell));
      ttt_mark_paint_stroke (cr, mark, cx, cy, radius, self->grow_value[cell]);
    }

  if (self->note_kind[cell] == NOTE_NONE || self->note_text[cell] == NULL)
    return;

  if (grade_note)
    draw_grade_note (self, GTK_WIDGET (area), cr, cell, width, height);
  else
    draw_analysis_note (self, GTK_WIDGET (area), cr, cell, size, width / 2.0, height / 2.0);
}

/* A line through the three cells of a win, drawn from the first to the
 * last, in the winner's colour. */
static void
snapshot_win_line (TttBoardView *self,
                   GtkSnapshot  *snapshot,
                   guint         winning,
                   double        finish)
{
  GtkWidget *widget = GTK_WIDGET (self);
  double side = 3 * self->cell_size + 2 * GAP;
  cairo_t *cr;

  if (winning != 0 && finish > 0)
    {
      /* Two lines can be completed at once; the engine says which is
       * drawn. */
      guint line = ttt_line_within (winning);
      int first = g_bit_nth_lsf (line, -1);
      int last = g_bit_nth_msf (line, -1);
      graphene_point_t from, to;
      graphene_rect_t bounds;
      GdkRGBA mark_color;
      double dx, dy, length, reach;

      if (line == 0)
        return;

      if (!gtk_widget_compute_bounds (self->cells[first], widget, &bounds))
        return;
      graphene_rect_get_center (&bounds, &from);
      if (!gtk_widget_compute_bounds (self->cells[last], widget, &bounds))
        return;
      graphene_rect_get_center (&bounds, &to);

      /* Reach a little beyond the centres of the outer cells. */
      length = graphene_point_distance (&from, &to, NULL, NULL);
      dx = to.x - from.x;
      dy = to.y - from.y;
      reach = self->cell_size * 0.38 / length;
      from.x -= dx * reach;
      from.y -= dy * reach;
      dx *= 1 + 2 * reach;
      dy *= 1 + 2 * reach;

      mark_color = widget_color (self->marks[first]);
      cr = gtk_snapshot_append_cairo (snapshot,
                                      &GRAPHENE_RECT_INIT (self->origin_x, self->origin_y, side, side));
      gdk_cairo_set_source_rgba (cr, &mark_color);
      cairo_set_line_width (cr, self->cell_size * 0.1);
      cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
      cairo_move_to (cr, from.x, from.y);
      cairo_line_to (cr, from.x + dx * finish, from.y + dy * finish);
      cairo_stroke (cr);
      cairo_destroy (cr);
    }
}

static void
ttt_board_view_snapshot (GtkWidget   *widget,
                    GtkSnapshot *snapshot)
{
  TttBoardView *self = TTT_BOARD_VIEW (widget);
  double side = 3 * self->cell_size + 2 * GAP;
  double inset = self->cell_size * 0.06;
  guint winning = self->game != NULL ? shown_winning_cells (self) : 0;
  /* A review shows a finished game at rest. */
  double finish = self->review != NULL ? 1.0 : self->finish_value;
  GdkRGBA color = widget_color (widget);
  cairo_t *cr;

  if (self->cell_size <= 0)
    return;

  cr = gtk_snapshot_append_cairo (snapshot,
                                  &GRAPHENE_RECT_INIT (self->origin_x, self->origin_y, side, side));

  /* The four lines of the #, in the board's own (dim) colour. */
  gdk_cairo_set_source_rgba (cr, &color);
  cairo_set_line_width (cr, 4);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  for (int i = 1; i <= 2; i++)
    {
      double at = i * self->cell_size + (i - 0.5) * GAP;

      cairo_move_to (cr, self->origin_x + at, self->origin_y + inset);
      cairo_line_to (cr, self->origin_x + at, self->origin_y + side - inset);
      cairo_move_to (cr, self->origin_x + inset, self->origin_y + at);
      cairo_line_to (cr, self->origin_x + side - inset, self->origin_y + at);
    }
  cairo_stroke (cr);
  cairo_destroy (cr);

  /* In a review the line goes under the cells, whose grades stay
   * readable on top of it. */
  if (self->review != NULL)
    snapshot_win_line (self, snapshot, winning, finish);

  for (int i = 0; i < TTT_N_CELLS; i++)
    gtk_widget_snapshot_child (widget, self->cells[i], snapshot);

  if (self->review == NULL)
    snapshot_win_line (self, snapshot, winning, finish);
}

/* Layout: a square of three by three cells, centred in whatever the board
 * is given; mirrored for right-to-left languages like any grid. */

static void
ttt_board_view_measure (GtkWidget      *widget,
                   GtkOrientation  orientation,
                   int             for_size,
                   int            *minimum,
                   int            *natural,
                   int            *minimum_baseline,
                   int            *natural_baseline)
{
  *minimum = 3 * MIN_CELL_SIZE + 2 * GAP;
  *natural = 3 * NAT_CELL_SIZE + 2 * GAP;
}

static void
ttt_board_view_size_allocate (GtkWidget *widget,
                         int        width,
                         int        height,
                         int        baseline)
{
  TttBoardView *self = TTT_BOARD_VIEW (widget);
  int side = MIN (width, height);
  gboolean rtl = is_rtl (self);

  self->cell_size = MAX ((side - 2 * GAP) / 3, 1);
  side = 3 * self->cell_size + 2 * GAP;
  self->origin_x = (width - side) / 2;
  self->origin_y = (height - side) / 2;

  for (int i = 0; i < TTT_N_CELLS; i++)
    {
      int column = rtl ? 2 - i % 3 : i % 3;
      int row = i / 3;
      GtkAllocation allocation = {
        self->origin_x + column * (self->cell_size + GAP),
        self->origin_y + row * (self->cell_size + GAP),
        self->cell_size,
        self->cell_size,
      };

      gtk_widget_size_allocate (self->cells[i], &allocation, -1);
    }
}

static GtkSizeRequestMode
ttt_board_view_get_request_mode (GtkWidget *widget)
{
  return GTK_SIZE_REQUEST_CONSTANT_SIZE;
}

/* State */

static void
set_note (TttBoardView *self,
          int           cell,
          NoteKind      kind,
          char         *text)
{
  g_free (self->note_text[cell]);
  self->note_text[cell] = text;
  self->note_kind[cell] = text != NULL ? kind : NOTE_NONE;
}

static NoteKind
grade_note_kind (TttGrade grade)
{
  switch (grade)
    {
    case TTT_GRADE_MISTAKE:
      return NOTE_MISTAKE;
    case TTT_GRADE_BLUNDER:
      return NOTE_BLUNDER;
    case TTT_GRADE_BEST:
    default:
      return NOTE_BEST;
    }
}

/* What the coach says on @cell, in words and by a symbol, and returns its
 * sentence for a screen reader (or NULL). In a review: the grade of the
 * move just played and the cell that would have been best; in play, with
 * the analysis on, what every empty cell leads to for a person to move. */
static char *
update_note (TttBoardView *self,
             int           cell,
             TttMark       mark)
{
  TttVerdict verdict;
  guint n_moves;

  if (self->review != NULL)
    {
      if (cell == self->review_cell && self->review_graded)
        {
          set_note (self, cell, grade_note_kind (self->review_grade),
                    g_strdup (ttt_coach_grade_name (self->review_grade)));
          /* Translators: the accessible description of the cell of the
           * move shown in the review: its number and its grade, e.g.
           * "Move 4: Mistake". */
          return g_strdup_printf (_("Move %u: %s"), ttt_review_cursor_get_position (self->review),
                                  ttt_coach_grade_name (self->review_grade));
        }
      if (cell == self->review_best_cell)
        {
          set_note (self, cell, NOTE_BEST, g_strdup (ttt_coach_grade_name (TTT_GRADE_BEST)));
          /* Translators: the accessible description of the cell that would
           * have been the best move, shown in the review. */
          return g_strdup (_("The best move"));
        }
    }
  else if (self->show_analysis && mark == TTT_MARK_NONE &&
           ttt_game_get_cell_analysis (self->game, cell, &verdict, &n_moves))
    {
      static const NoteKind kinds[] = {
        [TTT_VERDICT_WIN] = NOTE_WIN,
        [TTT_VERDICT_DRAW] = NOTE_DRAW,
        [TTT_VERDICT_LOSS] = NOTE_LOSS,
      };

      set_note (self, cell, kinds[verdict], ttt_coach_analysis_label (verdict, n_moves));
      return ttt_coach_analysis_description (verdict, n_moves);
    }

  set_note (self, cell, NOTE_NONE, NULL);
  return NULL;
}

static void
update_cell (TttBoardView *self,
             int           cell)
{
  TttMark mark = shown_mark (self, cell);
  TttGameState state = ttt_game_get_state (self->game);
  gboolean reviewing = self->review != NULL;
  gboolean winning = (shown_winning_cells (self) & (1u << cell)) != 0;
  GtkWidget *button = self->cells[cell];
  g_autofree char *name = NULL;
  g_autofree char *note = NULL;
  g_autofree char *description = NULL;
  TttMark ghost;

  note = update_note (self, cell, mark);

  gtk_widget_remove_css_class (self->marks[cell], "x");
  gtk_widget_remove_css_class (self->marks[cell], "o");
  /* An empty cell draws the hint in the colour of the side to move, and
   * the best cell of a review in the colour of the side that missed it. */
  ghost = reviewing ? self->review_mover : ttt_game_get_turn (self->game);
  if (mark == TTT_MARK_X || (mark == TTT_MARK_NONE && ghost == TTT_MARK_X))
    gtk_widget_add_css_class (self->marks[cell], "x");
  else
    gtk_widget_add_css_class (self->marks[cell], "o");

  /* Only a cell that can be played now answers the pointer. */
  if (!reviewing && mark == TTT_MARK_NONE && state == TTT_GAME_STATE_LOCAL_TURN)
    gtk_widget_add_css_class (button, "playable");
  else
    gtk_widget_remove_css_class (button, "playable");

  if (!reviewing && cell == self->last_computer_cell && state != TTT_GAME_STATE_OVER)
    gtk_widget_add_css_class (button, "last-move");
  else
    gtk_widget_remove_css_class (button, "last-move");

  if (reviewing && cell == self->review_cell)
    gtk_widget_add_css_class (button, "reviewed-move");
  else
    gtk_widget_remove_css_class (button, "reviewed-move");

  if (winning)
    gtk_widget_add_css_class (button, "winning");
  else
    gtk_widget_remove_css_class (button, "winning");

  if (!reviewing && cell == self->hint_cell)
    gtk_widget_add_css_class (button, "hint");
  else
    gtk_widget_remove_css_class (button, "hint");

  /* A finished board takes no clicks and no focus, nor does a review. */
  gtk_widget_set_sensitive (button, state != TTT_GAME_STATE_OVER && !reviewing);

  /* Translators: a cell's name for screen readers, e.g. "Row 2, column 3, X". */
  name = g_strdup_printf (_("Row %d, column %d, %s"), cell / 3 + 1, cell % 3 + 1, mark_name (mark));
  gtk_accessible_update_property (GTK_ACCESSIBLE (button),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, name,
                                  -1);
  /* In a review the cell's note says the most; in play the end comes
   * first, then the analysis. No description for the hint: the window
   * tells it as news once the focus is on the cell (TttNews), and a
   * description set around that focus change would be said twice. */
  if (reviewing && note != NULL)
    description = g_steal_pointer (&note);
  else if (winning)
    description = g_strdup (_("Part of the winning line"));
  else
    description = g_steal_pointer (&note);

  /* Through the announcer, which keeps it under news told on the cell. */
  ttt_announcer_describe (button, description);

  gtk_widget_queue_draw (self->marks[cell]);
}

static void
update_cells (TttBoardView *self)
{
  gboolean over;

  if (self->game == NULL)
    return;

  over = ttt_game_get_state (self->game) == TTT_GAME_STATE_OVER;

  for (int i = 0; i < TTT_N_CELLS; i++)
    update_cell (self, i);

  if (over)
    gtk_widget_add_css_class (GTK_WIDGET (self), "over");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self), "over");

  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
grow_value_cb (double   value,
               gpointer user_data)
{
  GtkWidget *mark = user_data;
  TttBoardView *self = TTT_BOARD_VIEW (gtk_widget_get_ancestor (mark, TTT_TYPE_BOARD_VIEW));

  self->grow_value[cell_of (mark)] = value;
  gtk_widget_queue_draw (mark);
}

static void
emphasis_value_cb (double   value,
                   gpointer user_data)
{
  TttBoardView *self = user_data;

  self->emphasis_value = value;
  if (self->last_computer_cell >= 0)
    gtk_widget_queue_draw (self->marks[self->last_computer_cell]);
}

static void
finish_value_cb (double   value,
                 gpointer user_data)
{
  TttBoardView *self = user_data;

  self->finish_value = value;
  gtk_widget_queue_draw (GTK_WIDGET (self));
  for (int i = 0; i < TTT_N_CELLS; i++)
    gtk_widget_queue_draw (self->marks[i]);
}

static void
clear_hint (TttBoardView *self)
{
  int old = self->hint_cell;

  if (old < 0)
    return;

  self->hint_cell = -1;
  update_cell (self, old);
}

static void
cell_changed_cb (TttBoardView *self,
                 int       cell,
                 TttMark   mark,
                 TttGame  *game)
{
  if (cell < 0 || cell >= TTT_N_CELLS)
    return;

  clear_hint (self);

  if (mark == TTT_MARK_NONE)
    {
      adw_animation_reset (self->grow[cell]);
      self->grow_value[cell] = 1.0;
      if (cell == self->last_computer_cell)
        {
          adw_animation_reset (self->emphasis);
          self->emphasis_value = 0;
          self->last_computer_cell = -1;
        }
    }
  else
    {
      int previous = self->last_computer_cell;

      /* The first frame of an animation comes a tick after it starts: the
       * mark must not show whole until then. */
      self->grow_value[cell] = 0;
      adw_animation_play (self->grow[cell]);

      if (ttt_game_get_side_kind (game, mark) == TTT_PLAYER_KIND_COMPUTER)
        {
          self->last_computer_cell = cell;
          self->emphasis_value = 1;
          adw_animation_play (self->emphasis);
        }
      else
        {
          self->last_computer_cell = -1;
        }

      if (previous >= 0 && previous != self->last_computer_cell)
        update_cell (self, previous);
    }

  update_cell (self, cell);
}

static void
game_over_cb (TttBoardView   *self,
              TttOutcome  outcome,
              guint       winning_cells,
              TttGame    *game)
{
  self->finish_value = 0;
  update_cells (self);
  adw_animation_play (self->finish);
}

static void
state_changed_cb (TttBoardView   *self,
                  GParamSpec *pspec,
                  TttGame    *game)
{
  /* A new game, or an undo of the last move, takes the end away again. */
  if (ttt_game_get_state (game) != TTT_GAME_STATE_OVER)
    {
      adw_animation_reset (self->finish);
      self->finish_value = 0;
    }

  update_cells (self);
}

/* Input */

static void
cell_clicked_cb (TttBoardView  *self,
                 GtkButton *button)
{
  /* Impossible clicks (taken cell, computer's turn, game over) are refused
   * by the game and change nothing. */
  if (self->game != NULL)
    ttt_game_play (self->game, cell_of (button));
}

static int
focused_cell (TttBoardView *self)
{
  GtkWidget *focus = gtk_widget_get_focus_child (GTK_WIDGET (self));

  for (int i = 0; i < TTT_N_CELLS; i++)
    if (focus == self->cells[i])
      return i;

  return -1;
}

/* The board is one stop in the Tab chain: Tab enters at the cell last
 * focused and leaves at once; the arrows walk the cells and stop at the
 * edges, like any grid. */
static gboolean
ttt_board_view_focus (GtkWidget        *widget,
                 GtkDirectionType  direction)
{
  TttBoardView *self = TTT_BOARD_VIEW (widget);
  int cell = focused_cell (self);
  int row, column;

  if (cell < 0)
    return ttt_board_view_focus_cell (self, self->cursor);

  row = cell / 3;
  column = cell % 3;
  switch (direction)
    {
    case GTK_DIR_TAB_FORWARD:
    case GTK_DIR_TAB_BACKWARD:
      return FALSE;
    case GTK_DIR_UP:
      row = MAX (row - 1, 0);
      break;
    case GTK_DIR_DOWN:
      row = MIN (row + 1, 2);
      break;
    case GTK_DIR_LEFT:
      column = is_rtl (self) ? MIN (column + 1, 2) : MAX (column - 1, 0);
      break;
    case GTK_DIR_RIGHT:
      column = is_rtl (self) ? MAX (column - 1, 0) : MIN (column + 1, 2);
      break;
    default:
      return FALSE;
    }

  ttt_board_view_focus_cell (self, row * 3 + column);
  return TRUE;
}

static void
ttt_board_view_set_focus_child (GtkWidget *widget,
                           GtkWidget *child)
{
  TttBoardView *self = TTT_BOARD_VIEW (widget);
  GtkWidget *old = gtk_widget_get_focus_child (widget);

  GTK_WIDGET_CLASS (ttt_board_view_parent_class)->set_focus_child (widget, child);

  if (child != NULL)
    self->cursor = cell_of (child);

  /* News for a screen reader borrows the focused cell's description
   * (TttAnnouncer), and the analysis is said there: the cell the focus
   * leaves gets its own back. */
  if (old != NULL && old != child && self->game != NULL)
    update_cell (self, cell_of (old));
}

/* Digits play in the reading order of the language; the numeric keypad is
 * a physical layout, so its 7 plays the cell shown at the top left whatever
 * the direction of the text. */
static gboolean
key_shortcut_cb (GtkWidget *widget,
                 GVariant  *args,
                 gpointer   user_data)
{
  TttBoardView *self = TTT_BOARD_VIEW (widget);
  int cell;
  gboolean keypad;

  if (self->game == NULL)
    return FALSE;

  g_variant_get (args, "(ib)", &cell, &keypad);
  if (keypad && is_rtl (self))
    cell = cell / 3 * 3 + 2 - cell % 3;

  /* Played before it is focused: the focus then lands on the cell with its
   * new mark, and a screen reader says the move once, as the focused cell,
   * instead of hearing the cell named empty and then again with its mark.
   * A move that ends the game has already sent the focus to Play Again,
   * and a cell of a finished board takes none. */
  ttt_game_play (self->game, cell);
  ttt_board_view_focus_cell (self, cell);

  return TRUE;
}

static void
add_key_shortcuts (TttBoardView *self)
{
  static const struct {
    guint keyval;
    int   cell;
    int   keypad;
  } keys[] = {
    { GDK_KEY_1, 0, FALSE }, { GDK_KEY_2, 1, FALSE }, { GDK_KEY_3, 2, FALSE },
    { GDK_KEY_4, 3, FALSE }, { GDK_KEY_5, 4, FALSE }, { GDK_KEY_6, 5, FALSE },
    { GDK_KEY_7, 6, FALSE }, { GDK_KEY_8, 7, FALSE }, { GDK_KEY_9, 8, FALSE },
    /* With and without Num Lock. */
    { GDK_KEY_KP_7, 0, TRUE }, { GDK_KEY_KP_Home, 0, TRUE },
    { GDK_KEY_KP_8, 1, TRUE }, { GDK_KEY_KP_Up, 1, TRUE },
    { GDK_KEY_KP_9, 2, TRUE }, { GDK_KEY_KP_Page_Up, 2, TRUE },
    { GDK_KEY_KP_4, 3, TRUE }, { GDK_KEY_KP_Left, 3, TRUE },
    { GDK_KEY_KP_5, 4, TRUE }, { GDK_KEY_KP_Begin, 4, TRUE },
    { GDK_KEY_KP_6, 5, TRUE }, { GDK_KEY_KP_Right, 5, TRUE },
    { GDK_KEY_KP_1, 6, TRUE }, { GDK_KEY_KP_End, 6, TRUE },
    { GDK_KEY_KP_2, 7, TRUE }, { GDK_KEY_KP_Down, 7, TRUE },
    { GDK_KEY_KP_3, 8, TRUE }, { GDK_KEY_KP_Page_Down, 8, TRUE },
  };
  GtkEventController *controller = gtk_shortcut_controller_new ();

  /* The keys play from anywhere in the window, not only from the board. */
  gtk_shortcut_controller_set_scope (GTK_SHORTCUT_CONTROLLER (controller), GTK_SHORTCUT_SCOPE_GLOBAL);

  for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
    {
      GtkShortcut *shortcut = gtk_shortcut_new (gtk_keyval_trigger_new (keys[i].keyval, 0),
                                                gtk_callback_action_new (key_shortcut_cb, NULL, NULL));

      gtk_shortcut_set_arguments (shortcut, g_variant_new ("(ib)", keys[i].cell, keys[i].keypad));
      gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (controller), shortcut);
    }

  gtk_widget_add_controller (GTK_WIDGET (self), controller);
}

/* GObject */

static AdwAnimation *
new_animation (GtkWidget                  *widget,
               double                      from,
               double                      to,
               guint                       duration,
               AdwEasing                   easing,
               AdwAnimationTargetFunc      callback,
               gpointer                    user_data)
{
  AdwAnimationTarget *target = adw_callback_animation_target_new (callback, user_data, NULL);
  AdwAnimation *animation = adw_timed_animation_new (widget, from, to, duration, target);

  adw_timed_animation_set_easing (ADW_TIMED_ANIMATION (animation), easing);
  return animation;
}

static void
ttt_board_view_set_game (TttBoardView *self,
                    TttGame  *game)
{
  if (self->game == game)
    return;

  if (self->game != NULL)
    g_signal_handlers_disconnect_by_data (self->game, self);
  g_set_object (&self->game, game);

  self->hint_cell = -1;
  self->last_computer_cell = -1;
  self->emphasis_value = 0;
  self->finish_value = 0;

  if (game != NULL)
    {
      g_signal_connect_object (game, "cell-changed", G_CALLBACK (cell_changed_cb), self, G_CONNECT_SWAPPED);
      g_signal_connect_object (game, "game-over", G_CALLBACK (game_over_cb), self, G_CONNECT_SWAPPED);
      g_signal_connect_object (game, "notify::state", G_CALLBACK (state_changed_cb), self, G_CONNECT_SWAPPED);
      g_signal_connect_object (game, "notify::turn", G_CALLBACK (state_changed_cb), self, G_CONNECT_SWAPPED);
      g_signal_connect_object (game, "notify::human-mark", G_CALLBACK (state_changed_cb), self, G_CONNECT_SWAPPED);
      /* The analysis changes with every move, undone ones too. */
      g_signal_connect_object (game, "notify::n-moves", G_CALLBACK (state_changed_cb), self, G_CONNECT_SWAPPED);

      /* A game that is already over is shown at rest. */
      if (ttt_game_get_state (game) == TTT_GAME_STATE_OVER)
        self->finish_value = 1.0;
      update_cells (self);
    }

  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_GAME]);
}

/* Every mark whole and still, as a review starts or ends. */
static void
skip_growing (TttBoardView *self)
{
  for (int i = 0; i < TTT_N_CELLS; i++)
    {
      adw_animation_reset (self->grow[i]);
      self->grow_value[i] = 1.0;
    }
}

static void
update_review_move (TttBoardView *self)
{
  TttReview review;

  self->review_cell = -1;
  self->review_best_cell = -1;
  self->review_mover = TTT_MARK_NONE;
  self->review_graded = FALSE;

  if (self->review == NULL ||
      !ttt_review_cursor_get_move (self->review, ttt_review_cursor_get_position (self->review),
                                   &self->review_cell, &self->review_mover, &review))
    return;

  /* The computer's moves are told, not graded (ttt_coach_move_text()). */
  self->review_graded = ttt_review_cursor_get_graded (self->review, ttt_review_cursor_get_position (self->review));
  if (!self->review_graded)
    return;

  self->review_grade = review.grade;
  /* The cell the move's explanation names (ttt_coach_move_text()). */
  if (review.grade != TTT_GRADE_BEST && review.best != 0)
    self->review_best_cell = g_bit_nth_lsf (review.best, -1);
}

static void
review_position_cb (TttBoardView    *self,
                    GParamSpec      *pspec,
                    TttReviewCursor *review)
{
  guint position = ttt_review_cursor_get_position (review);
  gboolean forward = position == self->review_position + 1;

  self->review_position = position;
  update_review_move (self);

  /* A step forward draws the new mark in, as in play; any other step
   * shows its position at once. */
  skip_growing (self);
  if (forward && self->review_cell >= 0)
    {
      self->grow_value[self->review_cell] = 0;
      adw_animation_play (self->grow[self->review_cell]);
    }

  update_cells (self);
}

/**
 * ttt_board_view_set_review:
 * @self: a #TttBoardView
 * @review: (nullable): a review to show, or %NULL to show the game again
 *
 * While a review is set, the board shows the position at its cursor
 * instead of the game's, with the grade of the move just played and the
 * cell that would have been best, and takes no clicks. The game is not
 * touched.
 */
void
ttt_board_view_set_review (TttBoardView    *self,
                           TttReviewCursor *review)
{
  g_return_if_fail (TTT_IS_BOARD_VIEW (self));
  g_return_if_fail (review == NULL || TTT_IS_REVIEW_CURSOR (review));

  if (self->review == review)
    return;

  if (self->review != NULL)
    g_signal_handlers_disconnect_by_data (self->review, self);
  g_set_object (&self->review, review);
  if (review != NULL)
    g_signal_connect_object (review, "notify::position", G_CALLBACK (review_position_cb), self,
                             G_CONNECT_SWAPPED);

  self->review_position = review != NULL ? ttt_review_cursor_get_position (review) : 0;
  update_review_move (self);
  skip_growing (self);
  if (self->game != NULL)
    update_cells (self);

  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_REVIEW]);
}

TttReviewCursor *
ttt_board_view_get_review (TttBoardView *self)
{
  g_return_val_if_fail (TTT_IS_BOARD_VIEW (self), NULL);

  return self->review;
}

/**
 * ttt_board_view_set_show_analysis:
 * @self: a #TttBoardView
 * @show_analysis: whether every empty cell says what playing it leads to
 *
 * The analysis is shown only while a person is to move, for the side to
 * move, in words and by a symbol; each cell's accessible description says
 * it as a sentence.
 */
void
ttt_board_view_set_show_analysis (TttBoardView *self,
                                  gboolean      show_analysis)
{
  g_return_if_fail (TTT_IS_BOARD_VIEW (self));

  show_analysis = !!show_analysis;
  if (self->show_analysis == show_analysis)
    return;

  self->show_analysis = show_analysis;
  if (self->game != NULL)
    update_cells (self);

  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SHOW_ANALYSIS]);
}

gboolean
ttt_board_view_get_show_analysis (TttBoardView *self)
{
  g_return_val_if_fail (TTT_IS_BOARD_VIEW (self), FALSE);

  return self->show_analysis;
}

static void
ttt_board_view_set_property (GObject      *object,
                        guint         prop_id,
                        const GValue *value,
                        GParamSpec   *pspec)
{
  TttBoardView *self = TTT_BOARD_VIEW (object);

  switch (prop_id)
    {
    case PROP_GAME:
      ttt_board_view_set_game (self, g_value_get_object (value));
      break;

    case PROP_SHOW_ANALYSIS:
      ttt_board_view_set_show_analysis (self, g_value_get_boolean (value));
      break;

    case PROP_REVIEW:
      ttt_board_view_set_review (self, g_value_get_object (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ttt_board_view_get_property (GObject    *object,
                        guint       prop_id,
                        GValue     *value,
                        GParamSpec *pspec)
{
  TttBoardView *self = TTT_BOARD_VIEW (object);

  switch (prop_id)
    {
    case PROP_GAME:
      g_value_set_object (value, self->game);
      break;

    case PROP_SHOW_ANALYSIS:
      g_value_set_boolean (value, self->show_analysis);
      break;

    case PROP_REVIEW:
      g_value_set_object (value, self->review);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ttt_board_view_dispose (GObject *object)
{
  TttBoardView *self = TTT_BOARD_VIEW (object);

  /* A playing animation keeps itself alive; stopped first, none can call
   * back into a board that is going away. */
  for (int i = 0; i < TTT_N_CELLS; i++)
    if (self->grow[i] != NULL)
      adw_animation_reset (self->grow[i]);
  if (self->emphasis != NULL)
    adw_animation_reset (self->emphasis);
  if (self->finish != NULL)
    adw_animation_reset (self->finish);

  for (int i = 0; i < TTT_N_CELLS; i++)
    {
      g_clear_object (&self->grow[i]);
      g_clear_pointer (&self->cells[i], gtk_widget_unparent);
      self->marks[i] = NULL;
    }
  g_clear_object (&self->emphasis);
  g_clear_object (&self->finish);

  if (self->game != NULL)
    g_signal_handlers_disconnect_by_data (self->game, self);
  g_clear_object (&self->game);
  if (self->review != NULL)
    g_signal_handlers_disconnect_by_data (self->review, self);
  g_clear_object (&self->review);

  G_OBJECT_CLASS (ttt_board_view_parent_class)->dispose (object);
}

static void
ttt_board_view_finalize (GObject *object)
{
  TttBoardView *self = TTT_BOARD_VIEW (object);

  for (int i = 0; i < TTT_N_CELLS; i++)
    g_free (self->note_text[i]);

  G_OBJECT_CLASS (ttt_board_view_parent_class)->finalize (object);
}

static void
ttt_board_view_class_init (TttBoardViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = ttt_board_view_dispose;
  object_class->finalize = ttt_board_view_finalize;
  object_class->get_property = ttt_board_view_get_property;
  object_class->set_property = ttt_board_view_set_property;

  widget_class->measure = ttt_board_view_measure;
  widget_class->size_allocate = ttt_board_view_size_allocate;
  widget_class->get_request_mode = ttt_board_view_get_request_mode;
  widget_class->snapshot = ttt_board_view_snapshot;
  widget_class->focus = ttt_board_view_focus;
  widget_class->set_focus_child = ttt_board_view_set_focus_child;

  properties[PROP_GAME] =
    g_param_spec_object ("game", NULL, NULL,
                         TTT_TYPE_GAME,
                         (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  properties[PROP_SHOW_ANALYSIS] =
    g_param_spec_boolean ("show-analysis", NULL, NULL,
                          FALSE,
                          (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  properties[PROP_REVIEW] =
    g_param_spec_object ("review", NULL, NULL,
                         TTT_TYPE_REVIEW_CURSOR,
                         (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_css_name (widget_class, "board");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
ttt_board_view_init (TttBoardView *self)
{
  self->cursor = 4;
  self->hint_cell = -1;
  self->last_computer_cell = -1;
  self->review_cell = -1;
  self->review_best_cell = -1;

  for (int i = 0; i < TTT_N_CELLS; i++)
    {
      GtkWidget *button = gtk_button_new ();
      GtkWidget *mark = gtk_drawing_area_new ();

      g_object_set_data (G_OBJECT (button), CELL_KEY, GINT_TO_POINTER (i));
      g_object_set_data (G_OBJECT (mark), CELL_KEY, GINT_TO_POINTER (i));
      gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (mark), draw_mark, self, NULL);
      gtk_widget_add_css_class (mark, "mark");
      gtk_widget_set_can_target (mark, FALSE);
      gtk_button_set_child (GTK_BUTTON (button), mark);
      gtk_widget_add_css_class (button, "cell");
      g_signal_connect_swapped (button, "clicked", G_CALLBACK (cell_clicked_cb), self);
      gtk_widget_set_parent (button, GTK_WIDGET (self));

      self->cells[i] = button;
      self->marks[i] = mark;
      self->grow_value[i] = 1.0;
      self->grow[i] = new_animation (GTK_WIDGET (self), 0, 1, GROW_DURATION, ADW_EASE_OUT_CUBIC,
                                     grow_value_cb, mark);
    }

  self->emphasis = new_animation (GTK_WIDGET (self), 1, 0, EMPHASIS_DURATION, ADW_EASE_OUT_QUAD,
                                  emphasis_value_cb, self);
  self->finish = new_animation (GTK_WIDGET (self), 0, 1, FINISH_DURATION, ADW_EASE_IN_OUT_CUBIC,
                                finish_value_cb, self);

  add_key_shortcuts (self);

  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Board"),
                                  -1);
}

GtkWidget *
ttt_board_view_new (TttGame *game)
{
  g_return_val_if_fail (TTT_IS_GAME (game), NULL);

  return g_object_new (TTT_TYPE_BOARD_VIEW, "game", game, NULL);
}

TttGame *
ttt_board_view_get_game (TttBoardView *self)
{
  g_return_val_if_fail (TTT_IS_BOARD_VIEW (self), NULL);

  return self->game;
}

/* Marks @cell as the suggested move until the next move is made. */
void
ttt_board_view_show_hint (TttBoardView *self,
                     int       cell)
{
  g_return_if_fail (TTT_IS_BOARD_VIEW (self));
  g_return_if_fail (cell >= -1 && cell < TTT_N_CELLS);

  clear_hint (self);
  if (cell < 0)
    return;

  self->hint_cell = cell;
  update_cell (self, cell);
  ttt_board_view_focus_cell (self, cell);
}

gboolean
ttt_board_view_focus_cell (TttBoardView *self,
                      int       cell)
{
  g_return_val_if_fail (TTT_IS_BOARD_VIEW (self), FALSE);
  g_return_val_if_fail (cell >= 0 && cell < TTT_N_CELLS, FALSE);

  self->cursor = cell;
  return gtk_widget_grab_focus (self->cells[cell]);
}

GtkWidget *
ttt_board_view_get_cell (TttBoardView *self,
                    int       cell)
{
  g_return_val_if_fail (TTT_IS_BOARD_VIEW (self), NULL);
  g_return_val_if_fail (cell >= 0 && cell < TTT_N_CELLS, NULL);

  return self->cells[cell];
}

int
ttt_board_view_get_hint_cell (TttBoardView *self)
{
  g_return_val_if_fail (TTT_IS_BOARD_VIEW (self), -1);

  return self->hint_cell;
}

int
ttt_board_view_get_last_computer_cell (TttBoardView *self)
{
  g_return_val_if_fail (TTT_IS_BOARD_VIEW (self), -1);

  return self->last_computer_cell;
}

double
ttt_board_view_get_mark_progress (TttBoardView *self,
                             int       cell)
{
  g_return_val_if_fail (TTT_IS_BOARD_VIEW (self), 0);
  g_return_val_if_fail (cell >= 0 && cell < TTT_N_CELLS, 0);

  return self->grow_value[cell];
}

double
ttt_board_view_get_finish_progress (TttBoardView *self)
{
  g_return_val_if_fail (TTT_IS_BOARD_VIEW (self), 0);

  return self->finish_value;
}

/* The words on @cell, or NULL, and the name of the symbol drawn with them
 * ("win", "draw", "loss", "best", "mistake", "blunder"). */
const char *
ttt_board_view_get_note (TttBoardView  *self,
                         int            cell,
                         const char   **symbol)
{
  g_return_val_if_fail (TTT_IS_BOARD_VIEW (self), NULL);
  g_return_val_if_fail (cell >= 0 && cell < TTT_N_CELLS, NULL);

  if (symbol != NULL)
    *symbol = note_symbols[self->note_kind[cell]];

  return self->note_text[cell];
}

/* The cell marked as the best one in a review, or −1. */
int
ttt_board_view_get_review_best_cell (TttBoardView *self)
{
  g_return_val_if_fail (TTT_IS_BOARD_VIEW (self), -1);

  return self->review_best_cell;
}

/* Whether anything still moves, so a test can prove nothing ticks once a
 * game has come to rest. */
gboolean
ttt_board_view_is_animating (TttBoardView *self)
{
  g_return_val_if_fail (TTT_IS_BOARD_VIEW (self), FALSE);

  for (int i = 0; i < TTT_N_CELLS; i++)
    if (adw_animation_get_state (self->grow[i]) == ADW_ANIMATION_PLAYING)
      return TRUE;

  return adw_animation_get_state (self->emphasis) == ADW_ANIMATION_PLAYING ||
         adw_animation_get_state (self->finish) == ADW_ANIMATION_PLAYING;
}
