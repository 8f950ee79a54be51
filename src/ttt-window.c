/* ttt-window.c — the board, the status and the scores
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The window only shows what TttGame tells it and forwards what the player
 * asks for: clicks and keys go down as ttt_game_*() calls, and every redraw
 * comes from the game's signals and notifications.
 */

#include "config.h"

#include <glib/gi18n.h>

#include "ttt-window.h"

struct _TttWindow
{
  GtkApplicationWindow  parent_instance;

  TttGame              *game;
  GSettings            *settings;

  GtkWidget            *cells[TTT_N_CELLS];
  GtkWidget            *marks[TTT_N_CELLS];
  int                   hint_cell;

  /* Template widgets */
  GtkGrid              *board;
  GtkLabel             *status_label;
  GtkLabel             *subtitle_label;
  GtkSpinner           *spinner;
  GtkLabel             *score_first_value;
  GtkLabel             *score_first_caption;
  GtkLabel             *score_draws_value;
  GtkLabel             *score_second_value;
  GtkLabel             *score_second_caption;
};

G_DEFINE_FINAL_TYPE (TttWindow, ttt_window, GTK_TYPE_APPLICATION_WINDOW)

#define CELL_KEY "ttt-cell"

static int
cell_of (GtkWidget *widget)
{
  return GPOINTER_TO_INT (g_object_get_data (G_OBJECT (widget), CELL_KEY));
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

/* Marks are drawn, not typed, so they stay crisp and fill the cell at any
 * window size. Their colour comes from the style sheet (.x and .o). */
static void
draw_mark (GtkDrawingArea *area,
           cairo_t        *cr,
           int             width,
           int             height,
           gpointer        user_data)
{
  TttWindow *self = user_data;
  int cell = cell_of (GTK_WIDGET (area));
  TttMark mark = ttt_game_get_cell (self->game, cell);
  gboolean winning = (ttt_game_get_winning_cells (self->game) & (1u << cell)) != 0;
  double size = MIN (width, height);
  double radius = size * 0.3;
  double cx = width / 2.0;
  double cy = height / 2.0;
  GdkRGBA color;

  if (mark == TTT_MARK_NONE)
    return;

  gtk_style_context_get_color (gtk_widget_get_style_context (GTK_WIDGET (area)), &color);
  gdk_cairo_set_source_rgba (cr, &color);

  /* The winning line is told by a bolder stroke, not by colour alone. */
  cairo_set_line_width (cr, size * (winning ? 0.14 : 0.09));
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);

  if (mark == TTT_MARK_X)
    {
      cairo_move_to (cr, cx - radius, cy - radius);
      cairo_line_to (cr, cx + radius, cy + radius);
      cairo_move_to (cr, cx + radius, cy - radius);
      cairo_line_to (cr, cx - radius, cy + radius);
    }
  else
    {
      cairo_arc (cr, cx, cy, radius, 0, 2 * G_PI);
    }

  cairo_stroke (cr);
}

static void
update_cell (TttWindow *self,
             int        cell)
{
  TttMark mark = ttt_game_get_cell (self->game, cell);
  gboolean winning = (ttt_game_get_winning_cells (self->game) & (1u << cell)) != 0;
  GtkWidget *button = self->cells[cell];
  g_autofree char *name = NULL;

  gtk_widget_remove_css_class (self->marks[cell], "x");
  gtk_widget_remove_css_class (self->marks[cell], "o");
  if (mark == TTT_MARK_X)
    gtk_widget_add_css_class (self->marks[cell], "x");
  else if (mark == TTT_MARK_O)
    gtk_widget_add_css_class (self->marks[cell], "o");

  if (winning)
    gtk_widget_add_css_class (button, "winning");
  else
    gtk_widget_remove_css_class (button, "winning");

  if (cell == self->hint_cell)
    gtk_widget_add_css_class (button, "hint");
  else
    gtk_widget_remove_css_class (button, "hint");

  /* Translators: a cell's name for screen readers, e.g. "Row 2, column 3, X". */
  name = g_strdup_printf (_("Row %d, column %d, %s"), cell / 3 + 1, cell % 3 + 1, mark_name (mark));
  gtk_accessible_update_property (GTK_ACCESSIBLE (button),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, name,
                                  -1);
  if (winning)
    gtk_accessible_update_property (GTK_ACCESSIBLE (button),
                                    GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, _("Part of the winning line"),
                                    -1);
  else
    gtk_accessible_reset_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION);

  gtk_widget_queue_draw (self->marks[cell]);
}

static void
clear_hint (TttWindow *self)
{
  int old = self->hint_cell;

  if (old < 0)
    return;

  self->hint_cell = -1;
  update_cell (self, old);
}

static const char *
status_text (TttWindow *self)
{
  gboolean two_players = ttt_game_get_current_opponent (self->game) == TTT_OPPONENT_HUMAN;
  TttMark human = ttt_game_get_human_mark (self->game);

  switch (ttt_game_get_state (self->game))
    {
    case TTT_GAME_STATE_HUMAN_TURN:
      if (!two_players)
        return _("Your turn");
      return ttt_game_get_turn (self->game) == TTT_MARK_X ? _("X’s turn") : _("O’s turn");

    case TTT_GAME_STATE_COMPUTER_TURN:
      return _("Computer is thinking…");

    case TTT_GAME_STATE_OVER:
    default:
      switch (ttt_game_get_outcome (self->game))
        {
        case TTT_OUTCOME_X_WINS:
          if (two_players)
            return _("X won!");
          return human == TTT_MARK_X ? _("You won!") : _("Computer won");
        case TTT_OUTCOME_O_WINS:
          if (two_players)
            return _("O won!");
          return human == TTT_MARK_O ? _("You won!") : _("Computer won");
        case TTT_OUTCOME_DRAW:
          return _("It’s a draw");
        case TTT_OUTCOME_ONGOING:
        default:
          return "";
        }
    }
}

static const char *
level_name (TttLevel level)
{
  switch (level)
    {
    case TTT_LEVEL_EASY:
      return C_("difficulty", "Easy");
    case TTT_LEVEL_HARD:
      return C_("difficulty", "Hard");
    case TTT_LEVEL_MEDIUM:
    default:
      return C_("difficulty", "Medium");
    }
}

static void
update_status (TttWindow *self)
{
  TttGameState state = ttt_game_get_state (self->game);
  const char *text = status_text (self);
  g_autofree char *subtitle = NULL;

  gtk_label_set_label (self->status_label, text);
  gtk_widget_set_visible (GTK_WIDGET (self->spinner), state == TTT_GAME_STATE_COMPUTER_TURN);
  gtk_spinner_set_spinning (self->spinner, state == TTT_GAME_STATE_COMPUTER_TURN);

  if (ttt_game_get_current_opponent (self->game) == TTT_OPPONENT_HUMAN)
    subtitle = g_strdup (_("Two players"));
  else if (ttt_game_get_human_mark (self->game) == TTT_MARK_X)
    /* Translators: %s is a difficulty such as "Medium". */
    subtitle = g_strdup_printf (_("You play X · %s"), level_name (ttt_game_get_current_difficulty (self->game)));
  else
    /* Translators: %s is a difficulty such as "Medium". */
    subtitle = g_strdup_printf (_("You play O · %s"), level_name (ttt_game_get_current_difficulty (self->game)));
  gtk_label_set_label (self->subtitle_label, subtitle);

  /* A screen reader hears the state of play when it reaches the board. */
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->board),
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, text,
                                  -1);

  g_simple_action_set_enabled (G_SIMPLE_ACTION (g_action_map_lookup_action (G_ACTION_MAP (self), "hint")),
                               state == TTT_GAME_STATE_HUMAN_TURN);
  g_simple_action_set_enabled (G_SIMPLE_ACTION (g_action_map_lookup_action (G_ACTION_MAP (self), "undo")),
                               ttt_game_get_can_undo (self->game));
}

static void
set_score (GtkLabel *label,
           guint     value)
{
  char text[16];

  g_snprintf (text, sizeof text, "%u", value);
  gtk_label_set_label (label, text);
}

static void
update_scores (TttWindow *self)
{
  gboolean two_players = ttt_game_get_current_opponent (self->game) == TTT_OPPONENT_HUMAN;

  if (two_players)
    {
      /* Translators: captions under the numbers of games X and O have
       * won in a game between two people. */
      gtk_label_set_label (self->score_first_caption, C_("score", "X"));
      /* Translators: see "X" in the same context. */
      gtk_label_set_label (self->score_second_caption, C_("score", "O"));
      set_score (self->score_first_value, ttt_game_get_score_x (self->game));
      set_score (self->score_draws_value, ttt_game_get_score_pair_draws (self->game));
      set_score (self->score_second_value, ttt_game_get_score_o (self->game));
    }
  else
    {
      /* Translators: captions under the numbers of games the player and
       * the computer have won. */
      gtk_label_set_label (self->score_first_caption, C_("score", "You"));
      /* Translators: see "You" in the same context. */
      gtk_label_set_label (self->score_second_caption, C_("score", "Computer"));
      set_score (self->score_first_value, ttt_game_get_score_human (self->game));
      set_score (self->score_draws_value, ttt_game_get_score_draws (self->game));
      set_score (self->score_second_value, ttt_game_get_score_computer (self->game));
    }

  /* Nothing to reset in either mode: the menu item says so. */
  g_simple_action_set_enabled (G_SIMPLE_ACTION (g_action_map_lookup_action (G_ACTION_MAP (self), "reset-scores")),
                               ttt_game_get_score_human (self->game) + ttt_game_get_score_computer (self->game) +
                               ttt_game_get_score_draws (self->game) + ttt_game_get_score_x (self->game) +
                               ttt_game_get_score_o (self->game) + ttt_game_get_score_pair_draws (self->game) > 0);
}

static void
update_all (TttWindow *self)
{
  for (int i = 0; i < TTT_N_CELLS; i++)
    update_cell (self, i);
  update_status (self);
  update_scores (self);
}

/* Game signals */

static void
cell_changed_cb (TttWindow *self,
                 int        cell,
                 TttMark    mark,
                 TttGame   *game)
{
  clear_hint (self);
  if (cell >= 0 && cell < TTT_N_CELLS)
    update_cell (self, cell);
}

static void
game_over_cb (TttWindow  *self,
              TttOutcome  outcome,
              guint       winning_cells,
              TttGame    *game)
{
  for (int i = 0; i < TTT_N_CELLS; i++)
    if (winning_cells & (1u << i))
      update_cell (self, i);
  update_status (self);
}

static void
state_changed_cb (TttWindow  *self,
                  GParamSpec *pspec,
                  TttGame    *game)
{
  update_status (self);
}

static void
scores_changed_cb (TttWindow  *self,
                   GParamSpec *pspec,
                   TttGame    *game)
{
  update_scores (self);
}

static void
winning_cells_changed (TttWindow *self)
{
  /* Undo of a won game takes the line away again. */
  for (int i = 0; i < TTT_N_CELLS; i++)
    update_cell (self, i);
}

static void
turn_changed_cb (TttWindow *self,
                 TttMark    turn,
                 TttGame   *game)
{
  winning_cells_changed (self);
  update_status (self);
  /* A new game may bring the opponent chosen in the preferences. */
  update_scores (self);
}

/* Input */

static void
cell_clicked_cb (TttWindow *self,
                 GtkButton *button)
{
  /* Impossible clicks (taken cell, computer's turn, game over) are refused
   * by the game and change nothing. */
  ttt_game_play (self->game, cell_of (GTK_WIDGET (button)));
}

static void
focus_cell (TttWindow *self,
            int        cell)
{
  gtk_widget_grab_focus (self->cells[cell]);
}

static int
focused_cell (TttWindow *self)
{
  GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (self));

  for (int i = 0; i < TTT_N_CELLS; i++)
    if (focus != NULL && (focus == self->cells[i] || gtk_widget_is_ancestor (focus, self->cells[i])))
      return i;

  return -1;
}

/* Digits play in reading order; the keypad plays in its physical layout,
 * with or without Num Lock. */
static int
cell_for_key (guint keyval)
{
  switch (keyval)
    {
    case GDK_KEY_1: return 0;
    case GDK_KEY_2: return 1;
    case GDK_KEY_3: return 2;
    case GDK_KEY_4: return 3;
    case GDK_KEY_5: return 4;
    case GDK_KEY_6: return 5;
    case GDK_KEY_7: return 6;
    case GDK_KEY_8: return 7;
    case GDK_KEY_9: return 8;
    case GDK_KEY_KP_7: case GDK_KEY_KP_Home:      return 0;
    case GDK_KEY_KP_8: case GDK_KEY_KP_Up:        return 1;
    case GDK_KEY_KP_9: case GDK_KEY_KP_Page_Up:   return 2;
    case GDK_KEY_KP_4: case GDK_KEY_KP_Left:      return 3;
    case GDK_KEY_KP_5: case GDK_KEY_KP_Begin:     return 4;
    case GDK_KEY_KP_6: case GDK_KEY_KP_Right:     return 5;
    case GDK_KEY_KP_1: case GDK_KEY_KP_End:       return 6;
    case GDK_KEY_KP_2: case GDK_KEY_KP_Down:      return 7;
    case GDK_KEY_KP_3: case GDK_KEY_KP_Page_Down: return 8;
    default:           return -1;
    }
}

static gboolean
key_pressed_cb (TttWindow             *self,
                guint                  keyval,
                guint                  keycode,
                GdkModifierType        modifiers,
                GtkEventControllerKey *controller)
{
  int cell;
  int row, column;

  if (modifiers & (GDK_CONTROL_MASK | GDK_ALT_MASK | GDK_SUPER_MASK))
    return GDK_EVENT_PROPAGATE;

  cell = cell_for_key (keyval);
  if (cell >= 0)
    {
      focus_cell (self, cell);
      ttt_game_play (self->game, cell);
      return GDK_EVENT_STOP;
    }

  /* Arrows walk the board and stop at its edges, like any grid. */
  cell = focused_cell (self);
  if (cell < 0)
    return GDK_EVENT_PROPAGATE;

  row = cell / 3;
  column = cell % 3;
  switch (keyval)
    {
    case GDK_KEY_Up:
      row = MAX (row - 1, 0);
      break;
    case GDK_KEY_Down:
      row = MIN (row + 1, 2);
      break;
    case GDK_KEY_Left:
      column = gtk_widget_get_direction (GTK_WIDGET (self)) == GTK_TEXT_DIR_RTL
             ? MIN (column + 1, 2) : MAX (column - 1, 0);
      break;
    case GDK_KEY_Right:
      column = gtk_widget_get_direction (GTK_WIDGET (self)) == GTK_TEXT_DIR_RTL
             ? MAX (column - 1, 0) : MIN (column + 1, 2);
      break;
    default:
      return GDK_EVENT_PROPAGATE;
    }

  focus_cell (self, row * 3 + column);
  return GDK_EVENT_STOP;
}

/* Actions */

static void
new_game_action (GSimpleAction *action,
                 GVariant      *parameter,
                 gpointer       user_data)
{
  TttWindow *self = user_data;

  ttt_game_start_new (self->game);
}

static void
undo_action (GSimpleAction *action,
             GVariant      *parameter,
             gpointer       user_data)
{
  TttWindow *self = user_data;

  ttt_game_undo (self->game);
}

static void
hint_action (GSimpleAction *action,
             GVariant      *parameter,
             gpointer       user_data)
{
  TttWindow *self = user_data;
  int cell = ttt_game_hint (self->game);

  if (cell < 0)
    return;

  clear_hint (self);
  self->hint_cell = cell;
  update_cell (self, cell);
  focus_cell (self, cell);
}

static void
reset_scores_action (GSimpleAction *action,
                     GVariant      *parameter,
                     gpointer       user_data)
{
  TttWindow *self = user_data;

  ttt_game_reset_scores (self->game);
}

static const GActionEntry win_actions[] = {
  { "new-game", new_game_action },
  { "undo", undo_action },
  { "hint", hint_action },
  { "reset-scores", reset_scores_action },
};

/* Settings */

static void
bind_settings (TttWindow      *self,
               TttApplication *application)
{
  static const char *scores[] = {
    "score-human", "score-computer", "score-draws",
    "score-x", "score-o", "score-pair-draws",
  };
  TttLevel level;
  TttFirstPlayer first_player;

  self->settings = g_object_ref (ttt_application_get_settings (application));

  /* Preferences are written by the preferences window only. */
  g_settings_bind (self->settings, "difficulty", self->game, "difficulty", G_SETTINGS_BIND_GET);
  g_settings_bind (self->settings, "first-player", self->game, "first-player", G_SETTINGS_BIND_GET);
  g_settings_bind (self->settings, "opponent", self->game, "opponent", G_SETTINGS_BIND_GET);

  /* Scores go both ways, so they survive a restart. */
  for (guint i = 0; i < G_N_ELEMENTS (scores); i++)
    g_settings_bind (self->settings, scores[i], self->game, scores[i], G_SETTINGS_BIND_DEFAULT);

  /* The command line chooses for this run only: with GET bindings, setting
   * the property does not write the setting. */
  if (ttt_application_get_level_override (application, &level))
    ttt_game_set_difficulty (self->game, level);
  if (ttt_application_get_first_override (application, &first_player))
    ttt_game_set_first_player (self->game, first_player);

  gtk_window_set_default_size (GTK_WINDOW (self),
                               g_settings_get_int (self->settings, "window-width"),
                               g_settings_get_int (self->settings, "window-height"));
  if (g_settings_get_boolean (self->settings, "window-maximized"))
    gtk_window_maximize (GTK_WINDOW (self));
}

static gboolean
ttt_window_close_request (GtkWindow *window)
{
  TttWindow *self = TTT_WINDOW (window);
  int width, height;

  if (self->settings != NULL)
    {
      gtk_window_get_default_size (window, &width, &height);
      g_settings_delay (self->settings);
      if (width > 0 && height > 0)
        {
          g_settings_set_int (self->settings, "window-width", width);
          g_settings_set_int (self->settings, "window-height", height);
        }
      g_settings_set_boolean (self->settings, "window-maximized", gtk_window_is_maximized (window));
      g_settings_apply (self->settings);
    }

  return GTK_WINDOW_CLASS (ttt_window_parent_class)->close_request (window);
}

static void
ttt_window_dispose (GObject *object)
{
  TttWindow *self = TTT_WINDOW (object);

  if (self->game != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->game, self);
      if (self->settings != NULL)
        {
          g_settings_unbind (self->game, "difficulty");
          g_settings_unbind (self->game, "first-player");
          g_settings_unbind (self->game, "opponent");
        }
    }
  g_clear_object (&self->game);
  g_clear_object (&self->settings);

  gtk_widget_dispose_template (GTK_WIDGET (self), TTT_TYPE_WINDOW);

  G_OBJECT_CLASS (ttt_window_parent_class)->dispose (object);
}

static void
ttt_window_class_init (TttWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GtkWindowClass *window_class = GTK_WINDOW_CLASS (klass);

  object_class->dispose = ttt_window_dispose;
  window_class->close_request = ttt_window_close_request;

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_BASE "/ttt-window.ui");
  gtk_widget_class_bind_template_child (widget_class, TttWindow, board);
  gtk_widget_class_bind_template_child (widget_class, TttWindow, status_label);
  gtk_widget_class_bind_template_child (widget_class, TttWindow, subtitle_label);
  gtk_widget_class_bind_template_child (widget_class, TttWindow, spinner);
  gtk_widget_class_bind_template_child (widget_class, TttWindow, score_first_value);
  gtk_widget_class_bind_template_child (widget_class, TttWindow, score_first_caption);
  gtk_widget_class_bind_template_child (widget_class, TttWindow, score_draws_value);
  gtk_widget_class_bind_template_child (widget_class, TttWindow, score_second_value);
  gtk_widget_class_bind_template_child (widget_class, TttWindow, score_second_caption);
}

static void
ttt_window_init (TttWindow *self)
{
  GtkEventController *keys;

  gtk_widget_init_template (GTK_WIDGET (self));

  self->hint_cell = -1;
  self->game = ttt_game_new ();

  g_action_map_add_action_entries (G_ACTION_MAP (self), win_actions,
                                   G_N_ELEMENTS (win_actions), self);

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
      gtk_widget_set_hexpand (button, TRUE);
      gtk_widget_set_vexpand (button, TRUE);
      gtk_widget_set_size_request (button, 64, 64);
      g_signal_connect_swapped (button, "clicked", G_CALLBACK (cell_clicked_cb), self);

      gtk_grid_attach (self->board, button, i % 3, i / 3, 1, 1);
      self->cells[i] = button;
      self->marks[i] = mark;
    }

  keys = gtk_event_controller_key_new ();
  g_signal_connect_swapped (keys, "key-pressed", G_CALLBACK (key_pressed_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), keys);

  g_signal_connect_object (self->game, "cell-changed", G_CALLBACK (cell_changed_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->game, "turn-changed", G_CALLBACK (turn_changed_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->game, "game-over", G_CALLBACK (game_over_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->game, "notify::state", G_CALLBACK (state_changed_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->game, "notify::can-undo", G_CALLBACK (state_changed_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->game, "notify::human-mark", G_CALLBACK (state_changed_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->game, "notify::difficulty", G_CALLBACK (state_changed_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->game, "notify::opponent", G_CALLBACK (state_changed_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->game, "notify::opponent", G_CALLBACK (scores_changed_cb), self, G_CONNECT_SWAPPED);
  for (guint i = 0; i < 6; i++)
    {
      static const char *signals[] = {
        "notify::score-human", "notify::score-computer", "notify::score-draws",
        "notify::score-x", "notify::score-o", "notify::score-pair-draws",
      };

      g_signal_connect_object (self->game, signals[i], G_CALLBACK (scores_changed_cb), self, G_CONNECT_SWAPPED);
    }
}

TttWindow *
ttt_window_new (TttApplication *application)
{
  TttWindow *self;
  const char *seed;

  g_return_val_if_fail (TTT_IS_APPLICATION (application), NULL);

  self = g_object_new (TTT_TYPE_WINDOW,
                       "application", application,
                       NULL);

  /* TTT_SEED makes the computer's choices repeatable, for bug reports. */
  seed = g_getenv ("TTT_SEED");
  if (seed != NULL)
    ttt_game_set_seed (self->game, g_ascii_strtoull (seed, NULL, 10));

  /* The settings shape the first game, so they come before it starts. */
  bind_settings (self, application);
  ttt_game_start_new (self->game);
  update_all (self);

  return self;
}

TttGame *
ttt_window_get_game (TttWindow *self)
{
  g_return_val_if_fail (TTT_IS_WINDOW (self), NULL);

  return self->game;
}

GtkWidget *
ttt_window_get_cell (TttWindow *self,
                     int        cell)
{
  g_return_val_if_fail (TTT_IS_WINDOW (self), NULL);
  g_return_val_if_fail (cell >= 0 && cell < TTT_N_CELLS, NULL);

  return self->cells[cell];
}

const char *
ttt_window_get_status (TttWindow *self)
{
  g_return_val_if_fail (TTT_IS_WINDOW (self), NULL);

  return gtk_label_get_label (self->status_label);
}
