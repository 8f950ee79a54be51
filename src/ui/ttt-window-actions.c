/* ttt-window-actions.c — what the window's menus, buttons and keys ask for
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The win.* actions, installed on the class, and the review's keys,
 * which work wherever the focus is while a review lasts.
 */

#include "config.h"

#include <glib/gi18n.h>

#include "ttt-compat.h"
#include "ttt-new-game-dialog.h"
#include "ttt-shortcuts-window.h"
#include "ttt-window-private.h"

/**
 * _ttt_window_say:
 * @self: the window
 * @text: a sentence or a few, translated
 *
 * Answers a key the person pressed to ask something (the last move, the
 * turn, the board) or that could do nothing (Ctrl+Z after the end): a
 * screen reader hears @text through the news, and it is shown in a
 * toast. A newer answer takes the place of the one still shown, in the
 * same toast (a second toast rising while the first sinks can crash
 * libadwaita 1.2, see difficulty_changed_cb()).
 */
void
_ttt_window_say (TttWindow  *self,
                 const char *text)
{
  GtkWidget *label;
  AdwToast *toast;

  g_return_if_fail (text != NULL);

  ttt_news_tell (self->news, text);

  if (self->answer_toast != NULL)
    {
      gtk_label_set_label (GTK_LABEL (adw_toast_get_custom_title (self->answer_toast)), text);
      return;
    }

  /* A label of its own, which wraps: a toast's title is one line, cut
   * short at 360 px, and a board's description is several sentences. */
  label = gtk_label_new (text);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_max_width_chars (GTK_LABEL (label), 60);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  toast = adw_toast_new ("");
  adw_toast_set_custom_title (toast, label);
  adw_toast_set_timeout (toast, 6);
  g_set_weak_pointer (&self->answer_toast, toast);
  adw_toast_overlay_add_toast (self->toast_overlay, toast);
}

static void
new_game_action (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  TttWindow *self = TTT_WINDOW (widget);

#ifdef TTT_HAVE_NETWORK
  /* With someone elsewhere: a rematch, offered or accepted. */
  if (_ttt_window_net_play_again (self))
    return;
#endif
  ttt_game_start_new (self->game);
}

static void
new_game_chosen_cb (TttWindow        *self,
                    TttNewGameDialog *dialog)
{
  ttt_game_start_new (self->game);
  /* The game is what the keys are for now, not the header button that
   * opened the screen. */
  ttt_compat_dialog_focus_on_close (GTK_WIDGET (dialog), GTK_WIDGET (self->board));
}

/* The New Game screen (New Game, Ctrl+N, the first start); Play Again
 * repeats the last choice without it. */
static void
choose_game_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  ttt_window_choose_game (TTT_WINDOW (widget));
}

/* The keyboard shortcuts, over the window. */
static void
show_shortcuts_action (GtkWidget  *widget,
                       const char *action_name,
                       GVariant   *parameter)
{
  GtkApplication *application = gtk_window_get_application (GTK_WINDOW (widget));
  TttShortcutsWindow *shortcuts;

  g_return_if_fail (application != NULL);

  shortcuts = ttt_shortcuts_window_new (application);
  ttt_compat_dialog_present (GTK_WIDGET (shortcuts), widget);
}

static void
undo_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  TttWindow *self = TTT_WINDOW (widget);

  ttt_game_undo (self->game);
}

static void
hint_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  ttt_analyst_show_hint (ttt_game_get_analyst (TTT_WINDOW (widget)->game));
}

static void
review_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  _ttt_window_enter_review (TTT_WINDOW (widget));
}

static void
review_step_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  TttWindow *self = TTT_WINDOW (widget);

  if (self->review == NULL)
    return;

  if (g_str_equal (action_name, "win.review-first"))
    ttt_review_cursor_first (self->review);
  else if (g_str_equal (action_name, "win.review-previous"))
    ttt_review_cursor_previous (self->review);
  else if (g_str_equal (action_name, "win.review-next"))
    ttt_review_cursor_next (self->review);
  else if (g_str_equal (action_name, "win.review-last"))
    ttt_review_cursor_last (self->review);
}

static void
review_done_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  _ttt_window_leave_review (TTT_WINDOW (widget));
}

/* The review's keys work wherever the focus is in the window, before the
 * focused widget sees them (the arrows would move the focus), and only
 * while a review lasts: otherwise, or in a menu open over the window,
 * they go on as usual. On the board the arrows are its own: they walk
 * the reviewed position cell by cell. */
static gboolean
review_key_cb (GtkWidget *widget,
               GVariant  *args,
               gpointer   user_data)
{
  TttWindow *self = TTT_WINDOW (widget);
  GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (self));
  const char *action;
  gboolean arrow;

  if (self->review == NULL)
    return FALSE;
  if (focus != NULL && gtk_widget_get_native (focus) != GTK_NATIVE (self))
    return FALSE;

  g_variant_get (args, "(&sb)", &action, &arrow);
  if (arrow && focus != NULL && gtk_widget_is_ancestor (focus, GTK_WIDGET (self->board)))
    return FALSE;

  /* Left and Right go the way the buttons point. */
  if (arrow && gtk_widget_get_direction (widget) == GTK_TEXT_DIR_RTL)
    action = g_str_equal (action, "win.review-next") ? "win.review-previous" : "win.review-next";

  /* At either end a step does nothing: said, rather than silence. */
  if (!g_str_equal (action, "win.review-done"))
    {
      gboolean back = g_str_equal (action, "win.review-previous") || g_str_equal (action, "win.review-first");

      if (back ? ttt_review_cursor_get_has_previous (self->review) : ttt_review_cursor_get_has_next (self->review))
        {
          gtk_widget_activate_action (widget, action, NULL);
          return TRUE;
        }
      ttt_announcer_announce (self->announcer,
                              /* Translators: a screen reader says it when the review
                               * can go no further back, or no further on. */
                              back ? _("Already at the start.") : _("Already at the last move."));
      return TRUE;
    }

  gtk_widget_activate_action (widget, action, NULL);
  return TRUE;
}

void
_ttt_window_add_review_keys (TttWindow *self)
{
  static const struct {
    guint       keyval;
    const char *action;
    gboolean    arrow;
  } keys[] = {
    { GDK_KEY_Left, "win.review-previous", TRUE },
    { GDK_KEY_KP_Left, "win.review-previous", TRUE },
    { GDK_KEY_Right, "win.review-next", TRUE },
    { GDK_KEY_KP_Right, "win.review-next", TRUE },
    { GDK_KEY_Page_Up, "win.review-previous", FALSE },
    { GDK_KEY_KP_Page_Up, "win.review-previous", FALSE },
    { GDK_KEY_Page_Down, "win.review-next", FALSE },
    { GDK_KEY_KP_Page_Down, "win.review-next", FALSE },
    { GDK_KEY_Home, "win.review-first", FALSE },
    { GDK_KEY_KP_Home, "win.review-first", FALSE },
    { GDK_KEY_End, "win.review-last", FALSE },
    { GDK_KEY_KP_End, "win.review-last", FALSE },
    { GDK_KEY_Escape, "win.review-done", FALSE },
  };
  GtkEventController *controller = gtk_shortcut_controller_new ();

  gtk_event_controller_set_propagation_phase (controller, GTK_PHASE_CAPTURE);
  for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
    {
      GtkShortcut *shortcut = gtk_shortcut_new (gtk_keyval_trigger_new (keys[i].keyval, 0),
                                                gtk_callback_action_new (review_key_cb, NULL, NULL));

      gtk_shortcut_set_arguments (shortcut, g_variant_new ("(sb)", keys[i].action, keys[i].arrow));
      gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (controller), shortcut);
    }

  gtk_widget_add_controller (GTK_WIDGET (self), controller);
}

/* Alt+L, Alt+T and Alt+B ask for the last move, the turn (and in
 * Ultimate where to play) and the board: above all for a screen reader,
 * which heard them once as news and may have missed them; shown too. */
static void
say_action (GtkWidget  *widget,
            const char *action_name,
            GVariant   *parameter)
{
  TttWindow *self = TTT_WINDOW (widget);
  g_autofree char *text = NULL;

  if (g_str_equal (action_name, "win.say-last-move"))
    text = ttt_news_dup_last_move (self->news);
  else if (g_str_equal (action_name, "win.say-turn"))
    text = ttt_news_dup_turn (self->news);
  else
    text = ttt_news_dup_board (self->news);

  if (text != NULL && *text != '\0')
    _ttt_window_say (self, text);
}

/* Ctrl+Z and Ctrl+H where they can do nothing: why, rather than silence.
 * The application's accelerators take the keys while their actions are
 * on; in the states below they are off (_ttt_window_update_status()). */
static gboolean
refused_key_cb (GtkWidget *widget,
                GVariant  *args,
                gpointer   user_data)
{
  TttWindow *self = TTT_WINDOW (widget);
  const char *action = g_variant_get_string (args, NULL);
  gboolean over = ttt_game_get_state (self->game) == TTT_GAME_STATE_OVER;
  const char *why = NULL;

  if (g_str_equal (action, "win.undo"))
    {
#ifdef TTT_HAVE_NETWORK
      /* Off in a network game: the other person is asked instead. */
      if (!over && _ttt_window_net_ask_undo (self))
        return TRUE;
#endif
      if (over)
        /* Translators: said and shown after Ctrl+Z once the game has
         * ended: a result is final. */
        why = _("The game is over: its moves can no longer be taken back");
      else if (ttt_game_get_n_moves (self->game) == 0)
        /* Translators: said and shown after Ctrl+Z on an empty board. */
        why = _("There is no move to take back");
    }
  else if (over)
    /* Translators: said and shown after Ctrl+H once the game has ended. */
    why = _("The game is over: there is no move to hint");
  else if (ttt_game_get_state (self->game) == TTT_GAME_STATE_WAITING)
    /* Translators: said and shown after Ctrl+H while the other side is to
     * move. */
    why = _("A hint is for your own turn");

  if (why == NULL)
    return FALSE;
  _ttt_window_say (self, why);
  return TRUE;
}

void
_ttt_window_add_refusal_keys (TttWindow *self)
{
  static const struct {
    guint       keyval;
    const char *action;
  } keys[] = {
    { GDK_KEY_z, "win.undo" },
    { GDK_KEY_h, "win.hint" },
  };
  GtkEventController *controller = gtk_shortcut_controller_new ();

  gtk_event_controller_set_propagation_phase (controller, GTK_PHASE_BUBBLE);
  for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
    {
      GtkShortcut *shortcut = gtk_shortcut_new (gtk_keyval_trigger_new (keys[i].keyval, GDK_CONTROL_MASK),
                                                gtk_callback_action_new (refused_key_cb, NULL, NULL));

      gtk_shortcut_set_arguments (shortcut, g_variant_new_string (keys[i].action));
      gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (controller), shortcut);
    }

  gtk_widget_add_controller (GTK_WIDGET (self), controller);
}

void
_ttt_window_class_actions_init (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "win.new-game", NULL, new_game_action);
  gtk_widget_class_install_action (widget_class, "win.choose-game", NULL, choose_game_action);
  gtk_widget_class_install_action (widget_class, "win.undo", NULL, undo_action);
  gtk_widget_class_install_action (widget_class, "win.hint", NULL, hint_action);
  gtk_widget_class_install_property_action (widget_class, "win.show-analysis", "show-analysis");
  gtk_widget_class_install_action (widget_class, "win.review", NULL, review_action);
  gtk_widget_class_install_action (widget_class, "win.review-first", NULL, review_step_action);
  gtk_widget_class_install_action (widget_class, "win.review-previous", NULL, review_step_action);
  gtk_widget_class_install_action (widget_class, "win.review-next", NULL, review_step_action);
  gtk_widget_class_install_action (widget_class, "win.review-last", NULL, review_step_action);
  gtk_widget_class_install_action (widget_class, "win.review-done", NULL, review_done_action);
  gtk_widget_class_install_action (widget_class, "win.say-last-move", NULL, say_action);
  gtk_widget_class_install_action (widget_class, "win.say-turn", NULL, say_action);
  gtk_widget_class_install_action (widget_class, "win.say-board", NULL, say_action);
  /* The name GtkApplicationWindow gives its own shortcuts window's. */
  gtk_widget_class_install_action (widget_class, "win.show-help-overlay", NULL, show_shortcuts_action);
}

/**
 * ttt_window_choose_game:
 * @self: a #TttWindow
 *
 * Shows the New Game screen over the window: the game, the opponent and
 * who moves first; Start begins that game.
 *
 * Returns: (transfer none): the screen, shown
 */
GtkWidget *
ttt_window_choose_game (TttWindow *self)
{
  TttNewGameDialog *dialog;

  g_return_val_if_fail (TTT_IS_WINDOW (self), NULL);

#ifdef TTT_HAVE_NETWORK
  /* Not away from a game with someone elsewhere, unasked: the question
   * comes first, and the screen after it. */
  if (_ttt_window_net_ask_before_new_game (self))
    return self->question;
#endif

  dialog = ttt_new_game_dialog_new (GTK_WINDOW (self), self->game, self->settings);
  g_signal_connect_object (dialog, "start", G_CALLBACK (new_game_chosen_cb), self, G_CONNECT_SWAPPED);
  ttt_compat_dialog_present (GTK_WIDGET (dialog), GTK_WIDGET (self));

  return GTK_WIDGET (dialog);
}
