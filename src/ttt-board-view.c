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

#include "ttt-board-view-private.h"

/* Below this a mark is hard to hit with a finger; the window's minimum
 * size leaves room for it at 360 px. */
#define MIN_CELL_SIZE  80
#define NAT_CELL_SIZE  128
#define GAP            8

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
};

G_DEFINE_FINAL_TYPE (TttBoardView, ttt_board_view, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_GAME,
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
      /* Translators: the mark, as read by a screen reader. */
      return C_("mark", "X");
    case TTT_MARK_O:
      /* Translators: the mark, as read by a screen reader. */
      return C_("mark", "O");
    case TTT_MARK_NONE:
    default:
      /* Translators: a cell without a mark, as read by a screen reader. */
      return C_("mark", "empty");
    }
}

/* Drawing */

/* Strokes @mark centred on (@cx, @cy), @progress of the way drawn; the
 * player badges draw their marks with it too. */
void
ttt_board_view_stroke_mark (cairo_t *cr,
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

static GdkRGBA
widget_color (GtkWidget *widget)
{
  GdkRGBA color;

  gtk_style_context_get_color (gtk_widget_get_style_context (widget), &color);
  return color;
}

/* How much a finished game fades the marks that did not make it. */
static double
mark_opacity (TttBoardView *self,
              int       cell)
{
  guint winning = ttt_game_get_winning_cells (self->game);

  if (ttt_game_get_state (self->game) != TTT_GAME_STATE_OVER)
    return 1.0;
  if (winning & (1u << cell))
    return 1.0;
  if (winning != 0)
    return 1.0 - 0.65 * self->finish_value;
  return 1.0 - 0.5 * self->finish_value;
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

  if (self->game == NULL)
    return;

  mark = ttt_game_get_cell (self->game, cell);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  cairo_set_line_width (cr, size * 0.09);

  /* The computer's move sends out a ring that fades, so the eye finds it. */
  if (cell == self->last_computer_cell && self->emphasis_value > 0)
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
      /* The hint shows the mark the side to move would put there. */
      if (cell == self->hint_cell)
        {
          cairo_set_source_rgba (cr, color.red, color.green, color.blue, 0.4);
          ttt_board_view_stroke_mark (cr, ttt_game_get_turn (self->game), cx, cy, radius, 1.0);
        }
      return;
    }

  cairo_set_source_rgba (cr, color.red, color.green, color.blue,
                         color.alpha * mark_opacity (self, cell));
  ttt_board_view_stroke_mark (cr, mark, cx, cy, radius, self->grow_value[cell]);
}

static void
ttt_board_view_snapshot (GtkWidget   *widget,
                    GtkSnapshot *snapshot)
{
  TttBoardView *self = TTT_BOARD_VIEW (widget);
  double side = 3 * self->cell_size + 2 * GAP;
  double inset = self->cell_size * 0.06;
  guint winning = self->game != NULL ? ttt_game_get_winning_cells (self->game) : 0;
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

  for (int i = 0; i < TTT_N_CELLS; i++)
    gtk_widget_snapshot_child (widget, self->cells[i], snapshot);

  /* A line through the three cells of a win, drawn from the first to the
   * last, in the winner's colour. */
  if (winning != 0 && self->finish_value > 0)
    {
      int first = -1, last = -1;
      graphene_point_t from, to;
      graphene_rect_t bounds;
      GdkRGBA mark_color;
      double dx, dy, length, reach;

      for (int i = 0; i < TTT_N_CELLS; i++)
        if (winning & (1u << i))
          {
            if (first < 0)
              first = i;
            last = i;
          }

      /* Two lines can be completed at once; the first one is drawn. */
      if (__builtin_popcount (winning) > 3)
        {
          static const int lines[8][3] = {
            { 0, 1, 2 }, { 3, 4, 5 }, { 6, 7, 8 }, { 0, 3, 6 },
            { 1, 4, 7 }, { 2, 5, 8 }, { 0, 4, 8 }, { 2, 4, 6 },
          };

          for (int l = 0; l < 8; l++)
            {
              guint mask = (1u << lines[l][0]) | (1u << lines[l][1]) | (1u << lines[l][2]);

              if ((winning & mask) == mask)
                {
                  first = lines[l][0];
                  last = lines[l][2];
                  break;
                }
            }
        }

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
      cairo_line_to (cr, from.x + dx * self->finish_value, from.y + dy * self->finish_value);
      cairo_stroke (cr);
      cairo_destroy (cr);
    }
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
update_cell (TttBoardView *self,
             int       cell)
{
  TttMark mark = ttt_game_get_cell (self->game, cell);
  TttGameState state = ttt_game_get_state (self->game);
  gboolean winning = (ttt_game_get_winning_cells (self->game) & (1u << cell)) != 0;
  GtkWidget *button = self->cells[cell];
  g_autofree char *name = NULL;

  gtk_widget_remove_css_class (self->marks[cell], "x");
  gtk_widget_remove_css_class (self->marks[cell], "o");
  /* An empty cell draws the hint in the colour of the side to move. */
  if (mark == TTT_MARK_X || (mark == TTT_MARK_NONE && ttt_game_get_turn (self->game) == TTT_MARK_X))
    gtk_widget_add_css_class (self->marks[cell], "x");
  else
    gtk_widget_add_css_class (self->marks[cell], "o");

  /* Only a cell that can be played now answers the pointer. */
  if (mark == TTT_MARK_NONE && state == TTT_GAME_STATE_HUMAN_TURN)
    gtk_widget_add_css_class (button, "playable");
  else
    gtk_widget_remove_css_class (button, "playable");

  if (cell == self->last_computer_cell && state != TTT_GAME_STATE_OVER)
    gtk_widget_add_css_class (button, "last-move");
  else
    gtk_widget_remove_css_class (button, "last-move");

  if (winning)
    gtk_widget_add_css_class (button, "winning");
  else
    gtk_widget_remove_css_class (button, "winning");

  if (cell == self->hint_cell)
    gtk_widget_add_css_class (button, "hint");
  else
    gtk_widget_remove_css_class (button, "hint");

  /* A finished board takes no clicks and no focus. */
  gtk_widget_set_sensitive (button, state != TTT_GAME_STATE_OVER);

  /* Translators: a cell's name for screen readers, e.g. "Row 2, column 3, X". */
  name = g_strdup_printf (_("Row %d, column %d, %s"), cell / 3 + 1, cell % 3 + 1, mark_name (mark));
  gtk_accessible_update_property (GTK_ACCESSIBLE (button),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, name,
                                  -1);
  if (winning)
    gtk_accessible_update_property (GTK_ACCESSIBLE (button),
                                    GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, _("Part of the winning line"),
                                    -1);
  /* No description for the hint: the window tells it as news once the
   * focus is on the cell (TttNews), and a description set around that
   * focus change would be said twice. */
  else
    gtk_accessible_reset_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION);

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
  gboolean vs_computer = ttt_game_get_current_opponent (game) == TTT_OPPONENT_COMPUTER;

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

      if (vs_computer && mark != ttt_game_get_human_mark (game))
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

  GTK_WIDGET_CLASS (ttt_board_view_parent_class)->set_focus_child (widget, child);

  if (child != NULL)
    self->cursor = cell_of (child);
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

      /* A game that is already over is shown at rest. */
      if (ttt_game_get_state (game) == TTT_GAME_STATE_OVER)
        self->finish_value = 1.0;
      update_cells (self);
    }

  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_GAME]);
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

  G_OBJECT_CLASS (ttt_board_view_parent_class)->dispose (object);
}

static void
ttt_board_view_class_init (TttBoardViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = ttt_board_view_dispose;
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
