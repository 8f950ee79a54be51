/* ttt-cell.c — one cell of the board: its mark, its note, its motion
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A cell is a button, so a screen reader reads it as one and a click or
 * Space plays it; the board tells it what to show (TttCellState) and
 * when to move, and it draws its mark, the faint mark of a hint, the
 * coach's note and the ring of the computer's last move itself. Its name
 * and description for a screen reader follow from what it shows. All
 * motion goes through AdwAnimation, which follows the system's animation
 * setting and leaves no tick callback behind once it has ended.
 */

#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>

#include "ttt-announcer.h"
#include "ttt-cell.h"
#include "ttt-coach.h"
#include "ttt-compat.h"
#include "ttt-names.h"

#define GROW_DURATION   220
#define PULSE_DURATION  900

struct _TttCell
{
  GtkButton        parent_instance;

  GtkWidget       *mark_area;

  int              row;
  int              column;
  /* In a board of blocks (Ultimate's small boards), the block's name and
   * the place inside it, which the name says instead. */
  char            *block_name;
  int              block_row;
  int              block_column;

  TttMark          mark;
  TttMark          ghost;
  double           ghost_alpha;
  TttCellEmphasis  emphasis;
  TttNoteSymbol    note;
  char            *note_text;
  char            *note_sentence;
  gboolean         note_at_foot;
  gboolean         note_in_news;
  /* The grade is drawn as a symbol alone: its word did not fit. */
  gboolean         note_compact;
  gboolean         locked;

  /* How much a finished game fades this mark (1: not at all). */
  double           fade;

  AdwAnimation    *grow;
  double           grow_value;
  AdwAnimation    *pulse;
  double           pulse_value;
};

G_DEFINE_FINAL_TYPE (TttCell, ttt_cell, GTK_TYPE_BUTTON)

static const char * const note_symbols[] = {
  [TTT_NOTE_SYMBOL_NONE] = NULL,
  [TTT_NOTE_SYMBOL_WIN] = "win",
  [TTT_NOTE_SYMBOL_DRAW] = "draw",
  [TTT_NOTE_SYMBOL_LOSS] = "loss",
  [TTT_NOTE_SYMBOL_BEST] = "best",
  [TTT_NOTE_SYMBOL_MISTAKE] = "mistake",
  [TTT_NOTE_SYMBOL_BLUNDER] = "blunder",
};

static gboolean
is_rtl (TttCell *self)
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
      return ttt_names_mark (mark);
    case TTT_MARK_NONE:
    default:
      /* Translators: a cell without a mark, as read by a screen reader. */
      return C_("mark", "empty");
    }
}

/* Drawing */

static GdkRGBA
named_color (GtkWidget  *widget,
             const char *name)
{
  GdkRGBA color = { 0.5, 0.5, 0.5, 1.0 };

  /* libadwaita's named colours follow the light and dark style; their
   * text colours (success_color…) keep at least 4.5:1 on the window. */
  ttt_compat_lookup_color (widget, name, &color);
  return color;
}

static const char *
note_color_name (TttNoteSymbol kind)
{
  switch (kind)
    {
    case TTT_NOTE_SYMBOL_WIN:
    case TTT_NOTE_SYMBOL_BEST:
      return "success_color";
    case TTT_NOTE_SYMBOL_LOSS:
    case TTT_NOTE_SYMBOL_BLUNDER:
      return "error_color";
    case TTT_NOTE_SYMBOL_MISTAKE:
      return "warning_color";
    case TTT_NOTE_SYMBOL_DRAW:
    case TTT_NOTE_SYMBOL_NONE:
    default:
      return "window_fg_color";
    }
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
draw_analysis_note (TttCell   *self,
                    GtkWidget *area,
                    cairo_t   *cr,
                    double     size,
                    double     cx,
                    double     cy)
{
  TttNoteSymbol kind = self->note;
  GdkRGBA fg = named_color (area, "window_fg_color");
  GdkRGBA symbol_color = named_color (area, note_color_name (kind));
  double font_px = MAX (11.0, size * 0.13);
  double symbol = size * 0.2;
  double gap = size * 0.06;
  /* Regular and dimmed, not bold: the words must not outshine the marks,
   * the white ones of the dark style least of all. */
  g_autoptr(PangoLayout) layout = note_layout (area, self->note_text, font_px, size * 0.92, FALSE);
  int text_width, text_height;
  double top;

  pango_layout_get_pixel_size (layout, &text_width, &text_height);
  /* A symbol without words stands in the middle. */
  if (self->note_text[0] == '\0')
    gap = text_height = 0;
  top = cy - (symbol + gap + text_height) / 2;

  gdk_cairo_set_source_rgba (cr, &symbol_color);
  ttt_mark_paint_symbol (cr, kind, cx, top + symbol / 2, symbol);

  cairo_set_source_rgba (cr, fg.red, fg.green, fg.blue, fg.alpha * 0.7);
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

static gboolean
is_grade (TttNoteSymbol kind)
{
  return kind == TTT_NOTE_SYMBOL_BEST || kind == TTT_NOTE_SYMBOL_MISTAKE ||
         kind == TTT_NOTE_SYMBOL_BLUNDER;
}

/* Whether every grade's word fits on one line of @room at @font_px or
 * more: a board shows all its grades as words, or all as symbols. */
static gboolean
grades_fit (GtkWidget *area,
            double     room,
            double     font_px)
{
  static const TttGrade grades[] = { TTT_GRADE_BEST, TTT_GRADE_MISTAKE, TTT_GRADE_BLUNDER };

  for (guint i = 0; i < G_N_ELEMENTS (grades); i++)
    {
      g_autoptr(PangoLayout) layout = note_layout (area, ttt_coach_grade_name (grades[i]), font_px, -1, TRUE);
      int text_width;

      pango_layout_get_pixel_size (layout, &text_width, NULL);
      if (font_px * (1.05 + 0.35 + 2 * 0.55) + text_width > room)
        return FALSE;
    }

  return TRUE;
}

/* A grade whose word does not fit its cell on one line (Ultimate's
 * cells, 32 to 40 px) shows its symbol alone, in a round badge at the
 * cell's foot: the tick, the triangle and the octagon differ without
 * their colour or their word, as in classic's pills beside the word.
 * Letter by letter ("B-e-st") the word could not be read, and it rose
 * over the mark. The word stays the cell's description for a screen
 * reader, and the review's line and list of moves say it. */
static void
draw_grade_badge (TttCell   *self,
                  GtkWidget *area,
                  cairo_t   *cr,
                  double     width,
                  double     height)
{
  TttNoteSymbol kind = self->note;
  double size = MIN (width, height);
  GdkRGBA bg = named_color (area, "window_bg_color");
  GdkRGBA symbol_color = named_color (area, note_color_name (kind));
  double diameter = CLAMP (size * 0.44, 14.0, 22.0);
  double cx = width / 2.0;
  double cy = height - diameter / 2 - MAX (1.0, size * 0.03);

  cairo_new_path (cr);
  cairo_arc (cr, cx, cy, diameter / 2, 0, 2 * G_PI);
  cairo_set_source_rgba (cr, bg.red, bg.green, bg.blue, 0.94);
  cairo_fill_preserve (cr);
  cairo_set_line_width (cr, MAX (1.5, size * 0.04));
  gdk_cairo_set_source_rgba (cr, &symbol_color);
  cairo_stroke (cr);

  ttt_mark_paint_symbol (cr, kind, cx, cy, diameter * 0.62);
}

/* The note of a graded move, and of the best cell, in the review: a pill
 * at the foot of the cell, its symbol before its word. A word too long
 * for the cell ("Meilleur coup") is set smaller, then on two lines; a
 * grade's, in a cell too small for it, gives way to a badge. */
static void
draw_grade_note (TttCell   *self,
                 GtkWidget *area,
                 cairo_t   *cr,
                 double     width,
                 double     height)
{
  TttNoteSymbol kind = self->note;
  double size = MIN (width, height);
  double room = width - 4;
  GdkRGBA fg = named_color (area, "window_fg_color");
  GdkRGBA bg = named_color (area, "window_bg_color");
  GdkRGBA symbol_color = named_color (area, note_color_name (kind));
  /* A label's size, not a mark's: at a large window it stays a badge
   * rather than growing with the cell. */
  double font_px = CLAMP (size * 0.12, 11.0, 15.0);
  g_autoptr(PangoLayout) layout = NULL;
  int text_width, text_height;
  double symbol, gap, pad, pill_width, pill_height, x, y, symbol_x, text_x;

  for (;;)
    {
      g_clear_object (&layout);
      layout = note_layout (area, self->note_text, font_px, -1, TRUE);
      pango_layout_get_pixel_size (layout, &text_width, &text_height);
      symbol = font_px * 1.05;
      gap = font_px * 0.35;
      pad = font_px * 0.55;
      if (symbol + gap + text_width + 2 * pad <= room || font_px <= 9.0)
        break;
      font_px = MAX (9.0, font_px * 0.9);
    }

  self->note_compact = is_grade (kind) && !grades_fit (area, room, font_px);
  if (self->note_compact)
    {
      draw_grade_badge (self, area, cr, width, height);
      return;
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

  ttt_mark_paint_symbol (cr, kind, symbol_x, y + pill_height / 2, symbol);

  gdk_cairo_set_source_rgba (cr, &fg);
  cairo_move_to (cr, text_x, y + (pill_height - text_height) / 2);
  pango_cairo_show_layout (cr, layout);
}

static void
draw_cell (GtkDrawingArea *area,
           cairo_t        *cr,
           int             width,
           int             height,
           gpointer        user_data)
{
  TttCell *self = user_data;
  TttMark mark = self->mark;
  double size = MIN (width, height);
  double radius = size * 0.3;
  double cx = width / 2.0;
  double cy = height / 2.0;
  GdkRGBA color = ttt_mark_paint_color (GTK_WIDGET (area));
  gboolean grade_note;

  grade_note = ttt_cell_get_note_at_foot (self);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  cairo_set_line_width (cr, size * 0.09);

  /* A mark with a grade keeps its size and place, on the win line like
   * the others; its grade is a badge over the foot of the cell. */

  /* The computer's last move lies on a tint of its mark's colour, which
   * the pointer's grey hover is not; as it lands the tint starts
   * stronger and settles. A square, not a ring: a ring round an X would
   * read as an O. The cells of a win take the same tint, under the line
   * through them; not in a small board of Ultimate, where a win is a line
   * of boards whose cells hold both marks and empty ones: the boards'
   * large marks and the line say it there. */
  if ((self->emphasis & TTT_CELL_EMPHASIS_LAST_MOVE) && self->block_name != NULL)
    {
      /* A cell of Ultimate is small, 32 px at 360 px wide, where the
       * classic tint would be a pale speck (in the dark style most of
       * all), and its last move says where play goes on: a frame in the
       * mark's colour, as strong as the mark, round a bolder tint, which
       * the mark still reads on at 3:1. At the cell's very edge: the
       * focus ring, a little further in, is drawn over it and shows. */
      double line = CLAMP (size * 0.07, 2.0, 3.0);
      double inset = line / 2 + 0.5;

      path_rounded_rect (cr, inset, inset, width - 2 * inset, height - 2 * inset, size * 0.18);
      cairo_set_source_rgba (cr, color.red, color.green, color.blue, 0.2 + 0.15 * self->pulse_value);
      cairo_fill_preserve (cr);
      cairo_set_source_rgba (cr, color.red, color.green, color.blue, color.alpha);
      cairo_set_line_width (cr, line);
      cairo_stroke (cr);
      cairo_set_line_width (cr, size * 0.09);
    }
  else if ((self->emphasis & TTT_CELL_EMPHASIS_LAST_MOVE) ||
           ((self->emphasis & TTT_CELL_EMPHASIS_WINNING) && self->block_name == NULL) ||
           self->pulse_value > 0)
    {
      double inset = size * 0.06;

      path_rounded_rect (cr, inset, inset, width - 2 * inset, height - 2 * inset, size * 0.12);
      cairo_set_source_rgba (cr, color.red, color.green, color.blue, 0.12 + 0.18 * self->pulse_value);
      cairo_fill (cr);
    }

  if (mark == TTT_MARK_NONE)
    {
      /* A hint, or the best move of a review: the mark that would go
       * there, faint. */
      if (self->ghost_alpha > 0)
        {
          cairo_set_source_rgba (cr, color.red, color.green, color.blue, self->ghost_alpha);
          ttt_mark_paint_stroke (cr, self->ghost, cx, cy, radius, 1.0);
        }
    }
  else
    {
      cairo_set_source_rgba (cr, color.red, color.green, color.blue, color.alpha * self->fade);
      ttt_mark_paint_stroke (cr, mark, cx, cy, radius, self->grow_value);
    }

  if (self->note == TTT_NOTE_SYMBOL_NONE || self->note_text == NULL)
    return;

  if (grade_note)
    draw_grade_note (self, GTK_WIDGET (area), cr, width, height);
  else
    draw_analysis_note (self, GTK_WIDGET (area), cr, size, width / 2.0, height / 2.0);
}

/* State */

static void
set_class (GtkWidget  *widget,
           const char *name,
           gboolean    on)
{
  if (on)
    gtk_widget_add_css_class (widget, name);
  else
    gtk_widget_remove_css_class (widget, name);
}

static void
update_accessible (TttCell *self)
{
  g_autofree char *name = NULL;
  const char *description;

  if (self->block_name != NULL)
    /* Translators: a cell of Ultimate Tic-Tac-Toe, as a screen reader names
     * it: the first %s is a small board ("Top-left board"), then come the
     * row and column inside it, and the last %s is what it holds (X, O or
     * "empty"). */
    name = g_strdup_printf (_("%s, row %d, column %d, %s"), self->block_name,
                            self->block_row + 1, self->block_column + 1, mark_name (self->mark));
  else
    /* Translators: a cell's name for screen readers, e.g. "Row 2, column 3, X". */
    name = g_strdup_printf (_("Row %d, column %d, %s"), self->row + 1, self->column + 1,
                            mark_name (self->mark));
  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, name,
                                  -1);

  /* A grade in a review says the most; in play the end comes first, then
   * the analysis. */
  if (self->note_at_foot && self->note_sentence != NULL)
    description = self->note_sentence;
  else if (self->emphasis & TTT_CELL_EMPHASIS_WINNING)
    description = _("Part of the winning line");
  else
    description = self->note_sentence;

  /* Through the announcer, which keeps it under news told on the cell,
   * unless the news says it already, and then not as a change of the
   * focused cell either. */
  if (self->note_in_news && description == self->note_sentence)
    ttt_announcer_describe_said (GTK_WIDGET (self), description);
  else
    ttt_announcer_describe_full (GTK_WIDGET (self), description, TRUE);
}

/**
 * ttt_cell_set_state:
 * @self: a #TttCell
 * @state: everything the cell is to show
 *
 * Shows @state, and sets the cell's name and description for a screen
 * reader again even where nothing changed: news borrows the focused
 * cell's description (TttAnnouncer), and this gives the cell its own
 * back.
 */
void
ttt_cell_set_state (TttCell            *self,
                    const TttCellState *state)
{
  GtkWidget *widget = GTK_WIDGET (self);
  TttMark colour;

  g_return_if_fail (TTT_IS_CELL (self));
  g_return_if_fail (state != NULL);

  self->mark = state->mark;
  self->ghost = state->ghost;
  self->ghost_alpha = state->ghost_alpha;
  self->emphasis = state->emphasis;
  self->note_at_foot = state->note_at_foot;
  g_free (self->note_text);
  self->note_text = g_strdup (state->note_text);
  self->note = self->note_text != NULL ? state->note : TTT_NOTE_SYMBOL_NONE;
  g_free (self->note_sentence);
  self->note_sentence = g_strdup (state->note_sentence);
  self->note_in_news = state->note_in_news;
  self->note_compact = FALSE;

  /* An empty cell takes the colour of its ghost's side. */
  colour = self->mark != TTT_MARK_NONE ? self->mark : self->ghost;
  set_class (self->mark_area, "x", colour == TTT_MARK_X);
  set_class (self->mark_area, "o", colour != TTT_MARK_X);

  set_class (widget, "playable", self->emphasis & TTT_CELL_EMPHASIS_PLAYABLE);
  set_class (widget, "last-move", self->emphasis & TTT_CELL_EMPHASIS_LAST_MOVE);
  set_class (widget, "reviewed-move", self->emphasis & TTT_CELL_EMPHASIS_REVIEWED);
  set_class (widget, "winning", self->emphasis & TTT_CELL_EMPHASIS_WINNING);
  set_class (widget, "hint", self->emphasis & TTT_CELL_EMPHASIS_HINT);

  update_accessible (self);
  gtk_widget_queue_draw (self->mark_area);
}

/**
 * ttt_cell_set_locked:
 * @self: a #TttCell
 * @locked: whether the cell can no longer be played
 *
 * A finished board, or a review, is there to be read, not played: a
 * locked cell keeps the focus, its name and its place among the arrows,
 * but Enter, Space and the pointer do nothing on it (no press shown, no
 * click, no focus taken by a click), and it tells assistive technologies
 * it is unavailable. Insensitive, it could not take the focus at all.
 */
void
ttt_cell_set_locked (TttCell  *self,
                     gboolean  locked)
{
  GtkWidget *widget = GTK_WIDGET (self);

  g_return_if_fail (TTT_IS_CELL (self));

  locked = !!locked;
  if (self->locked == locked)
    return;

  self->locked = locked;
  set_class (widget, "locked", locked);
  /* The pointer passes through to the board, which takes no clicks. */
  gtk_widget_set_can_target (widget, !locked);
  gtk_accessible_update_state (GTK_ACCESSIBLE (self),
                               GTK_ACCESSIBLE_STATE_DISABLED, locked,
                               -1);
}

/* Where the cell stands, for its name: row and column from 0. */
void
ttt_cell_set_position (TttCell *self,
                       int      row,
                       int      column)
{
  g_return_if_fail (TTT_IS_CELL (self));

  self->row = row;
  self->column = column;
}

/* In a board of blocks: the block's name ("Top-left board") and the row
 * and column inside it, from 0, which the cell's name says instead of its
 * place on the whole grid. */
void
ttt_cell_set_block (TttCell    *self,
                    const char *block_name,
                    int         row,
                    int         column)
{
  g_return_if_fail (TTT_IS_CELL (self));

  g_free (self->block_name);
  self->block_name = g_strdup (block_name);
  self->block_row = row;
  self->block_column = column;
  update_accessible (self);
}

TttMark
ttt_cell_get_mark (TttCell *self)
{
  g_return_val_if_fail (TTT_IS_CELL (self), TTT_MARK_NONE);

  return self->mark;
}

/* Whether the note is drawn as a pill at the foot of the cell (a review's
 * grade) rather than in its middle (the analysis). Under a hint's faint
 * mark the analysis goes to the foot too: in the middle the two were
 * drawn over each other and neither could be read. */
gboolean
ttt_cell_get_note_at_foot (TttCell *self)
{
  g_return_val_if_fail (TTT_IS_CELL (self), FALSE);

  if (self->note == TTT_NOTE_SYMBOL_NONE || self->note_text == NULL)
    return FALSE;

  return self->note_at_foot || (self->mark == TTT_MARK_NONE && self->ghost_alpha > 0);
}

/* The words on the cell, or NULL, and the name of the symbol drawn with
 * them ("win", "draw", "loss", "best", "mistake", "blunder"). */
const char *
ttt_cell_get_note (TttCell     *self,
                   const char **symbol)
{
  g_return_val_if_fail (TTT_IS_CELL (self), NULL);

  if (symbol != NULL)
    *symbol = note_symbols[self->note];
  return self->note_text;
}

/* Whether the note is a grade drawn as its symbol alone, its word not
 * fitting the cell as last drawn. */
gboolean
ttt_cell_get_note_compact (TttCell *self)
{
  g_return_val_if_fail (TTT_IS_CELL (self), FALSE);

  return self->note_compact && ttt_cell_get_note_at_foot (self);
}

/* The colour the cell's mark is drawn in, for a line through it. */
void
ttt_cell_get_mark_color (TttCell *self,
                         GdkRGBA *color)
{
  g_return_if_fail (TTT_IS_CELL (self));
  g_return_if_fail (color != NULL);

  *color = ttt_mark_paint_color (self->mark_area);
}

/* Motion */

/* How strongly the mark is drawn as a finished game fades the marks that
 * did not make it (1: whole). */
void
ttt_cell_set_fade (TttCell *self,
                   double   opacity)
{
  g_return_if_fail (TTT_IS_CELL (self));

  self->fade = opacity;
  gtk_widget_queue_draw (self->mark_area);
}

/* Draws the mark in, stroke by stroke. */
void
ttt_cell_grow (TttCell *self)
{
  g_return_if_fail (TTT_IS_CELL (self));

  /* The first frame of an animation comes a tick after it starts: the
   * mark must not show whole until then. */
  self->grow_value = 0;
  adw_animation_play (self->grow);
}

/* Sends out the ring of the computer's move, which fades. */
void
ttt_cell_pulse (TttCell *self)
{
  g_return_if_fail (TTT_IS_CELL (self));

  self->pulse_value = 1;
  adw_animation_play (self->pulse);
}

void
ttt_cell_stop_pulse (TttCell *self)
{
  g_return_if_fail (TTT_IS_CELL (self));

  adw_animation_reset (self->pulse);
  self->pulse_value = 0;
  gtk_widget_queue_draw (self->mark_area);
}

/* The mark whole and still, and no ring. */
void
ttt_cell_rest (TttCell *self)
{
  g_return_if_fail (TTT_IS_CELL (self));

  adw_animation_reset (self->grow);
  self->grow_value = 1.0;
  ttt_cell_stop_pulse (self);
}

/* How much of the mark is drawn, from 0 to 1. */
double
ttt_cell_get_progress (TttCell *self)
{
  g_return_val_if_fail (TTT_IS_CELL (self), 0);

  return self->grow_value;
}

gboolean
ttt_cell_is_animating (TttCell *self)
{
  g_return_val_if_fail (TTT_IS_CELL (self), FALSE);

  return adw_animation_get_state (self->grow) == ADW_ANIMATION_PLAYING ||
         adw_animation_get_state (self->pulse) == ADW_ANIMATION_PLAYING;
}

/* GObject */

static void
grow_value_cb (double   value,
               gpointer user_data)
{
  TttCell *self = user_data;

  self->grow_value = value;
  gtk_widget_queue_draw (self->mark_area);
}

static void
pulse_value_cb (double   value,
                gpointer user_data)
{
  TttCell *self = user_data;

  self->pulse_value = value;
  gtk_widget_queue_draw (self->mark_area);
}

static AdwAnimation *
new_animation (TttCell                *self,
               double                  from,
               double                  to,
               guint                   duration,
               AdwEasing               easing,
               AdwAnimationTargetFunc  callback)
{
  AdwAnimationTarget *target = adw_callback_animation_target_new (callback, self, NULL);
  AdwAnimation *animation = adw_timed_animation_new (GTK_WIDGET (self), from, to, duration, target);

  adw_timed_animation_set_easing (ADW_TIMED_ANIMATION (animation), easing);
  return animation;
}

static void
ttt_cell_dispose (GObject *object)
{
  TttCell *self = TTT_CELL (object);

  /* A playing animation keeps itself alive; stopped first, none can call
   * back into a cell that is going away. */
  if (self->grow != NULL)
    adw_animation_reset (self->grow);
  if (self->pulse != NULL)
    adw_animation_reset (self->pulse);
  g_clear_pointer (&self->block_name, g_free);
  g_clear_object (&self->grow);
  g_clear_object (&self->pulse);

  G_OBJECT_CLASS (ttt_cell_parent_class)->dispose (object);
}

static void
ttt_cell_finalize (GObject *object)
{
  TttCell *self = TTT_CELL (object);

  g_free (self->note_text);
  g_free (self->note_sentence);

  G_OBJECT_CLASS (ttt_cell_parent_class)->finalize (object);
}

/* Enter and Space (and an assistive technology's press) activate a
 * button: it shows the press for a moment, then clicks. A locked cell does
 * neither. */
static void
ttt_cell_activate (GtkButton *button)
{
  if (TTT_CELL (button)->locked)
    return;

  GTK_BUTTON_CLASS (ttt_cell_parent_class)->activate (button);
}

static void
ttt_cell_class_init (TttCellClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkButtonClass *button_class = GTK_BUTTON_CLASS (klass);

  object_class->dispose = ttt_cell_dispose;
  object_class->finalize = ttt_cell_finalize;
  button_class->activate = ttt_cell_activate;
}

static void
ttt_cell_init (TttCell *self)
{
  self->mark_area = gtk_drawing_area_new ();
  gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (self->mark_area), draw_cell, self, NULL);
  gtk_widget_add_css_class (self->mark_area, "mark");
  gtk_widget_set_can_target (self->mark_area, FALSE);
  gtk_button_set_child (GTK_BUTTON (self), self->mark_area);
  gtk_widget_add_css_class (GTK_WIDGET (self), "cell");

  self->fade = 1.0;
  self->grow_value = 1.0;
  self->grow = new_animation (self, 0, 1, GROW_DURATION, ADW_EASE_OUT_CUBIC, grow_value_cb);
  self->pulse = new_animation (self, 1, 0, PULSE_DURATION, ADW_EASE_OUT_QUAD, pulse_value_cb);
}

GtkWidget *
ttt_cell_new (void)
{
  return g_object_new (TTT_TYPE_CELL, NULL);
}
