/* ttt-window.c — the game window: badges, board, status and actions
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The window only shows what its TttGame tells it and forwards what the
 * player asks for. The application creates and configures the game and
 * hands it over, with the settings, as construct-only properties, so
 * g_object_new (TTT_TYPE_WINDOW, …) alone builds a working window.
 */

#include "config.h"

#include <glib/gi18n.h>

#include "ttt-announcer.h"
#include "ttt-board-view.h"
#include "ttt-news.h"
#include "ttt-player-badge.h"
#include "ttt-sound-player.h"
#include "ttt-window-private.h"

struct _TttWindow
{
  AdwApplicationWindow  parent_instance;

  TttGame              *game;
  GSettings            *settings;
  TttSoundPlayer       *sound_player;

  /* What a screen reader hears of the game, and how it gets there. */
  TttNews              *news;
  TttAnnouncer         *announcer;

  /* Template widgets */
  AdwToastOverlay      *toast_overlay;
  GtkWidget            *notice_bar;
  GtkLabel             *notice_label;
  GtkButton            *notice_close_button;
  AdwWindowTitle       *window_title;
  GtkWidget            *badges;
  TttPlayerBadge       *badge_x;
  TttPlayerBadge       *badge_o;
  GtkWidget            *draws_box;
  GtkLabel             *draws_value;
  TttBoardView             *board;
  GtkStack             *status_stack;
  GtkSpinner           *spinner;
  GtkLabel             *status_label;
  GtkLabel             *result_label;
  GtkButton            *play_again_button;
};

G_DEFINE_FINAL_TYPE (TttWindow, ttt_window, ADW_TYPE_APPLICATION_WINDOW)

enum {
  PROP_0,
  PROP_GAME,
  PROP_SETTINGS,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static gboolean
two_players (TttWindow *self)
{
  return ttt_game_get_current_opponent (self->game) == TTT_OPPONENT_HUMAN;
}

static const char *
result_text (TttWindow *self)
{
  TttMark human = ttt_game_get_human_mark (self->game);

  switch (ttt_game_get_outcome (self->game))
    {
    case TTT_OUTCOME_X_WINS:
      if (two_players (self))
        return _("X won!");
      return human == TTT_MARK_X ? _("You won!") : _("Computer won");
    case TTT_OUTCOME_O_WINS:
      if (two_players (self))
        return _("O won!");
      return human == TTT_MARK_O ? _("You won!") : _("Computer won");
    case TTT_OUTCOME_DRAW:
      return _("It’s a draw");
    case TTT_OUTCOME_ONGOING:
    default:
      return "";
    }
}

static const char *
status_text (TttWindow *self)
{
  switch (ttt_game_get_state (self->game))
    {
    case TTT_GAME_STATE_HUMAN_TURN:
      if (!two_players (self))
        return _("Your turn");
      return ttt_game_get_turn (self->game) == TTT_MARK_X ? _("X’s turn") : _("O’s turn");

    case TTT_GAME_STATE_COMPUTER_TURN:
      return _("Computer is thinking…");

    case TTT_GAME_STATE_OVER:
    default:
      return result_text (self);
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
update_subtitle (TttWindow *self)
{
  g_autofree char *subtitle = NULL;
  const char *level = level_name (ttt_game_get_current_difficulty (self->game));

  if (two_players (self))
    subtitle = g_strdup (_("Two players"));
  else if (ttt_game_get_human_mark (self->game) == TTT_MARK_X)
    /* Translators: %s is a difficulty such as "Medium". */
    subtitle = g_strdup_printf (_("You play X · %s"), level);
  else
    /* Translators: %s is a difficulty such as "Medium". */
    subtitle = g_strdup_printf (_("You play O · %s"), level);

  adw_window_title_set_subtitle (self->window_title, subtitle);
}

static void
update_status (TttWindow *self)
{
  TttGameState state = ttt_game_get_state (self->game);
  gboolean over = state == TTT_GAME_STATE_OVER;
  const char *text = status_text (self);

  gtk_label_set_label (self->status_label, over ? "" : text);
  gtk_label_set_label (self->result_label, over ? text : "");
  gtk_stack_set_visible_child_name (self->status_stack, over ? "over" : "play");
  gtk_widget_set_visible (GTK_WIDGET (self->spinner), state == TTT_GAME_STATE_COMPUTER_TURN);
  gtk_spinner_set_spinning (self->spinner, state == TTT_GAME_STATE_COMPUTER_TURN);

  ttt_player_badge_set_active (self->badge_x, !over && ttt_game_get_turn (self->game) == TTT_MARK_X);
  ttt_player_badge_set_active (self->badge_o, !over && ttt_game_get_turn (self->game) == TTT_MARK_O);

  /* A screen reader hears the state of play when it reaches the board. */
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->board),
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, text,
                                  -1);

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.hint", state == TTT_GAME_STATE_HUMAN_TURN);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.undo", ttt_game_get_can_undo (self->game));
}

static void
set_label_number (GtkLabel *label,
                  guint     value)
{
  char text[16];

  g_snprintf (text, sizeof text, "%u", value);
  gtk_label_set_label (label, text);
}

static void
update_badges (TttWindow *self)
{
  gboolean human_x = ttt_game_get_human_mark (self->game) == TTT_MARK_X;
  guint draws;

  if (two_players (self))
    {
      /* Translators: the name of a player in a game between two people. */
      ttt_player_badge_set_name (self->badge_x, C_("score", "X"));
      /* Translators: see "X" in the same context. */
      ttt_player_badge_set_name (self->badge_o, C_("score", "O"));
      ttt_player_badge_set_score (self->badge_x, ttt_game_get_score_x (self->game));
      ttt_player_badge_set_score (self->badge_o, ttt_game_get_score_o (self->game));
      draws = ttt_game_get_score_pair_draws (self->game);
    }
  else
    {
      /* Translators: the names of the two sides against the computer. */
      const char *you = C_("score", "You");
      /* Translators: see "You" in the same context. */
      const char *computer = C_("score", "Computer");
      guint human = ttt_game_get_score_human (self->game);
      guint machine = ttt_game_get_score_computer (self->game);

      ttt_player_badge_set_name (self->badge_x, human_x ? you : computer);
      ttt_player_badge_set_name (self->badge_o, human_x ? computer : you);
      ttt_player_badge_set_score (self->badge_x, human_x ? human : machine);
      ttt_player_badge_set_score (self->badge_o, human_x ? machine : human);
      draws = ttt_game_get_score_draws (self->game);
    }

  set_label_number (self->draws_value, draws);
  {
    /* Translators: read by a screen reader between the two players' badges. */
    g_autofree char *label = g_strdup_printf (ngettext ("%u draw", "%u draws", draws), draws);

    gtk_accessible_update_property (GTK_ACCESSIBLE (self->draws_box),
                                    GTK_ACCESSIBLE_PROPERTY_LABEL, label,
                                    -1);
  }

  /* Nothing to reset in either mode: the menu item says so. */
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.reset-scores",
                                 ttt_game_get_score_human (self->game) + ttt_game_get_score_computer (self->game) +
                                 ttt_game_get_score_draws (self->game) + ttt_game_get_score_x (self->game) +
                                 ttt_game_get_score_o (self->game) + ttt_game_get_score_pair_draws (self->game) > 0);
}

static void
update_all (TttWindow *self)
{
  update_status (self);
  update_subtitle (self);
  update_badges (self);
}

/* Game signals */

static void
game_over_cb (TttWindow  *self,
              TttOutcome  outcome,
              guint       winning_cells,
              TttGame    *game)
{
  update_status (self);

  /* The board stops taking the focus; Enter starts the next game. */
  gtk_widget_grab_focus (GTK_WIDGET (self->play_again_button));
}

static void
state_changed_cb (TttWindow  *self,
                  GParamSpec *pspec,
                  TttGame    *game)
{
  /* Whether the window is active or not, where its focus would be. */
  gboolean had_focus = gtk_root_get_focus (GTK_ROOT (self)) == GTK_WIDGET (self->play_again_button);

  update_status (self);

  /* Play Again goes away with the end; the focus goes back to the board
   * rather than to nowhere. */
  if (had_focus && ttt_game_get_state (game) != TTT_GAME_STATE_OVER)
    gtk_widget_child_focus (GTK_WIDGET (self->board), GTK_DIR_TAB_FORWARD);
}

static void
players_changed_cb (TttWindow  *self,
                    GParamSpec *pspec,
                    TttGame    *game)
{
  update_subtitle (self);
  update_badges (self);
  update_status (self);
}

static void
scores_changed_cb (TttWindow  *self,
                   GParamSpec *pspec,
                   TttGame    *game)
{
  update_badges (self);
}

static void
news_cb (TttWindow  *self,
         const char *text,
         TttNews    *news)
{
  ttt_announcer_announce (self->announcer, text);
}

/* Actions */

static void
new_game_action (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  TttWindow *self = TTT_WINDOW (widget);

  ttt_news_note_new_game (self->news);
  ttt_game_start_new (self->game);
}

static void
undo_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  TttWindow *self = TTT_WINDOW (widget);

  ttt_news_note_undo (self->news);
  ttt_game_undo (self->game);
}

static void
hint_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  TttWindow *self = TTT_WINDOW (widget);
  int cell = ttt_game_hint (self->game);

  ttt_board_view_show_hint (self->board, cell);
  /* The place for the coach's reason, a translated sentence; none yet. */
  ttt_news_note_hint (self->news, cell, NULL);
}

static void
reset_scores_action (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *parameter)
{
  ttt_game_reset_scores (TTT_WINDOW (widget)->game);
}

/* GObject */

static void
ttt_window_constructed (GObject *object)
{
  TttWindow *self = TTT_WINDOW (object);

  G_OBJECT_CLASS (ttt_window_parent_class)->constructed (object);

  g_return_if_fail (TTT_IS_GAME (self->game));

  g_object_set (self->board, "game", self->game, NULL);

  self->news = ttt_news_new (self->game);
  self->announcer = ttt_announcer_new (GTK_WINDOW (self));
  g_signal_connect_object (self->news, "news", G_CALLBACK (news_cb), self, G_CONNECT_SWAPPED);

  self->sound_player = ttt_sound_player_new (self->game);
  if (self->settings != NULL)
    g_settings_bind (self->settings, "sound", self->sound_player, "enabled", G_SETTINGS_BIND_GET);

  g_signal_connect_object (self->game, "game-over", G_CALLBACK (game_over_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->game, "notify::state", G_CALLBACK (state_changed_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->game, "notify::turn", G_CALLBACK (state_changed_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->game, "notify::can-undo", G_CALLBACK (state_changed_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->game, "notify::human-mark", G_CALLBACK (players_changed_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->game, "notify::current-difficulty", G_CALLBACK (players_changed_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->game, "notify::current-opponent", G_CALLBACK (players_changed_cb), self, G_CONNECT_SWAPPED);
  for (guint i = 0; i < 6; i++)
    {
      static const char *signals[] = {
        "notify::score-human", "notify::score-computer", "notify::score-draws",
        "notify::score-x", "notify::score-o", "notify::score-pair-draws",
      };

      g_signal_connect_object (self->game, signals[i], G_CALLBACK (scores_changed_cb), self, G_CONNECT_SWAPPED);
    }

  if (self->settings != NULL)
    {
      gtk_window_set_default_size (GTK_WINDOW (self),
                                   g_settings_get_int (self->settings, "window-width"),
                                   g_settings_get_int (self->settings, "window-height"));
      if (g_settings_get_boolean (self->settings, "window-maximized"))
        gtk_window_maximize (GTK_WINDOW (self));
    }

  update_all (self);
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
ttt_window_set_property (GObject      *object,
                         guint         prop_id,
                         const GValue *value,
                         GParamSpec   *pspec)
{
  TttWindow *self = TTT_WINDOW (object);

  switch (prop_id)
    {
    case PROP_GAME:
      self->game = g_value_dup_object (value);
      break;

    case PROP_SETTINGS:
      self->settings = g_value_dup_object (value);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ttt_window_get_property (GObject    *object,
                         guint       prop_id,
                         GValue     *value,
                         GParamSpec *pspec)
{
  TttWindow *self = TTT_WINDOW (object);

  switch (prop_id)
    {
    case PROP_GAME:
      g_value_set_object (value, self->game);
      break;

    case PROP_SETTINGS:
      g_value_set_object (value, self->settings);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ttt_window_dispose (GObject *object)
{
  TttWindow *self = TTT_WINDOW (object);

  if (self->game != NULL)
    g_signal_handlers_disconnect_by_data (self->game, self);

  g_clear_object (&self->news);
  g_clear_object (&self->announcer);

  gtk_widget_dispose_template (GTK_WIDGET (self), TTT_TYPE_WINDOW);

  g_clear_object (&self->sound_player);
  g_clear_object (&self->game);
  g_clear_object (&self->settings);

  G_OBJECT_CLASS (ttt_window_parent_class)->dispose (object);
}

static void
ttt_window_class_init (TttWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GtkWindowClass *window_class = GTK_WINDOW_CLASS (klass);

  object_class->constructed = ttt_window_constructed;
  object_class->dispose = ttt_window_dispose;
  object_class->get_property = ttt_window_get_property;
  object_class->set_property = ttt_window_set_property;
  window_class->close_request = ttt_window_close_request;

  properties[PROP_GAME] =
    g_param_spec_object ("game", NULL, NULL,
                         TTT_TYPE_GAME,
                         (G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS));
  properties[PROP_SETTINGS] =
    g_param_spec_object ("settings", NULL, NULL,
                         G_TYPE_SETTINGS,
                         (G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS));
  g_object_class_install_properties (object_class, N_PROPS, properties);

  g_type_ensure (TTT_TYPE_BOARD_VIEW);
  g_type_ensure (TTT_TYPE_PLAYER_BADGE);

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_BASE "/ttt-window.ui");
  gtk_widget_class_bind_template_child (widget_class, TttWindow, toast_overlay);
  gtk_widget_class_bind_template_child (widget_class, TttWindow, notice_bar);
  gtk_widget_class_bind_template_child (widget_class, TttWindow, notice_label);
  gtk_widget_class_bind_template_child (widget_class, TttWindow, notice_close_button);
  gtk_widget_class_bind_template_child (widget_class, TttWindow, window_title);
  gtk_widget_class_bind_template_child (widget_class, TttWindow, badges);
  gtk_widget_class_bind_template_child (widget_class, TttWindow, badge_x);
  gtk_widget_class_bind_template_child (widget_class, TttWindow, badge_o);
  gtk_widget_class_bind_template_child (widget_class, TttWindow, draws_box);
  gtk_widget_class_bind_template_child (widget_class, TttWindow, draws_value);
  gtk_widget_class_bind_template_child (widget_class, TttWindow, board);
  gtk_widget_class_bind_template_child (widget_class, TttWindow, status_stack);
  gtk_widget_class_bind_template_child (widget_class, TttWindow, spinner);
  gtk_widget_class_bind_template_child (widget_class, TttWindow, status_label);
  gtk_widget_class_bind_template_child (widget_class, TttWindow, result_label);
  gtk_widget_class_bind_template_child (widget_class, TttWindow, play_again_button);

  gtk_widget_class_install_action (widget_class, "win.new-game", NULL, new_game_action);
  gtk_widget_class_install_action (widget_class, "win.undo", NULL, undo_action);
  gtk_widget_class_install_action (widget_class, "win.hint", NULL, hint_action);
  gtk_widget_class_install_action (widget_class, "win.reset-scores", NULL, reset_scores_action);
}

static void
notice_close_cb (TttWindow *self)
{
  gtk_widget_set_visible (self->notice_bar, FALSE);
}

static void
ttt_window_init (TttWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  g_signal_connect_swapped (self->notice_close_button, "clicked", G_CALLBACK (notice_close_cb), self);
}

TttWindow *
ttt_window_new (GtkApplication *application,
                TttGame        *game,
                GSettings      *settings)
{
  g_return_val_if_fail (GTK_IS_APPLICATION (application), NULL);
  g_return_val_if_fail (TTT_IS_GAME (game), NULL);
  g_return_val_if_fail (settings == NULL || G_IS_SETTINGS (settings), NULL);

  return g_object_new (TTT_TYPE_WINDOW,
                       "application", application,
                       "game", game,
                       "settings", settings,
                       NULL);
}

TttGame *
ttt_window_get_game (TttWindow *self)
{
  g_return_val_if_fail (TTT_IS_WINDOW (self), NULL);

  return self->game;
}

/* Shows @text above the board until the person dismisses it: for what
 * must not pass unseen, such as scores that cannot be saved. */
void
ttt_window_show_notice (TttWindow  *self,
                        const char *text)
{
  g_return_if_fail (TTT_IS_WINDOW (self));
  g_return_if_fail (text != NULL);

  gtk_label_set_label (self->notice_label, text);
  gtk_widget_set_visible (self->notice_bar, TRUE);
}

const char *
ttt_window_get_notice (TttWindow *self)
{
  g_return_val_if_fail (TTT_IS_WINDOW (self), NULL);

  if (!gtk_widget_get_visible (self->notice_bar))
    return NULL;
  return gtk_label_get_label (self->notice_label);
}

TttBoardView *
ttt_window_get_board (TttWindow *self)
{
  g_return_val_if_fail (TTT_IS_WINDOW (self), NULL);

  return self->board;
}

GtkWidget *
ttt_window_get_cell (TttWindow *self,
                     int        cell)
{
  g_return_val_if_fail (TTT_IS_WINDOW (self), NULL);

  return ttt_board_view_get_cell (self->board, cell);
}

TttSoundPlayer *
ttt_window_get_sound_player (TttWindow *self)
{
  g_return_val_if_fail (TTT_IS_WINDOW (self), NULL);

  return self->sound_player;
}

const char *
ttt_window_get_status (TttWindow *self)
{
  g_return_val_if_fail (TTT_IS_WINDOW (self), NULL);

  if (ttt_game_get_state (self->game) == TTT_GAME_STATE_OVER)
    return gtk_label_get_label (self->result_label);
  return gtk_label_get_label (self->status_label);
}
