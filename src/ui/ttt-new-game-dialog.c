/* ttt-new-game-dialog.c — the New Game screen: which game, against whom,
 * who starts
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * It shows what the game plays by (the preferences, with a choice made on
 * the command line for this run on top) and changes nothing until Start:
 * then it writes its choices to the settings, where the Preferences window
 * reads them too, sets them on the game (so a command-line choice ends as
 * it does in Preferences), and "start" asks for the new game. Cancel or
 * Escape leave everything as it was.
 */

#include "config.h"

#include <glib/gi18n.h>

#include "ttt-combo-row.h"
#include "ttt-new-game-dialog-private.h"
#include "ttt-rules-window.h"
#include "ttt-variants.h"

struct _TttNewGameDialog
{
  TttCompatDialog parent_instance;

  GtkWindow      *parent;     /* weak: the game's window */
  GSettings      *settings;
  TttGame        *game;

  AdwPreferencesGroup *game_group;
  /* One per game of the table (ttt-variants.h), in its order. */
  GPtrArray      *game_checks;
  TttVariant      levels_variant;  /* the game whose levels the row lists */
  GtkButton      *how_to_play_button;
  GtkCheckButton *computer_check;
  GtkCheckButton *person_check;
  AdwExpanderRow *network_row;
  AdwActionRow   *nearby_row;
  AdwActionRow   *invite_row;
  AdwActionRow   *join_row;
  AdwComboRow    *difficulty_row;
  AdwComboRow    *first_player_row;
  GtkButton      *cancel_button;
  GtkButton      *start_button;
};

G_DEFINE_FINAL_TYPE (TttNewGameDialog, ttt_new_game_dialog, ttt_compat_dialog_get_type ())

enum {
  PROP_0,
  PROP_PARENT,
  PROP_SETTINGS,
  PROP_GAME,
  N_PROPS
};

enum {
  START,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

/* Between two people there is no computer to tune, and X starts. */
static void
update_sensitivity (TttNewGameDialog *self)
{
  gboolean vs_computer = gtk_check_button_get_active (self->computer_check);

  gtk_widget_set_sensitive (GTK_WIDGET (self->difficulty_row), vs_computer);
  gtk_widget_set_sensitive (GTK_WIDGET (self->first_player_row), vs_computer);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (self->first_player_row),
                               vs_computer ? _("Who plays X and starts the game")
                                           : _("Between two people, X always moves first"));
}

/* The game whose row is checked. */
static const TttVariantInfo *
chosen_game (TttNewGameDialog *self)
{
  for (guint i = 0; i < self->game_checks->len; i++)
    if (gtk_check_button_get_active (g_ptr_array_index (self->game_checks, i)))
      return ttt_variants_get_nth (i);

  return ttt_variants_get_nth (0);
}

/* How to Play: the rules of the game chosen now, in the game's own
 * window over this screen, whether or not the desktop has a help viewer
 * (F1 opens the manual where it can). */
static void
how_to_play_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  TttNewGameDialog *self = TTT_NEW_GAME_DIALOG (widget);

  ttt_rules_window_show (widget, chosen_game (self)->variant);
}

/* Each game has its own levels: the row lists the chosen game's, at the
 * counterpart of the level it showed (Hard is Master in Ultimate). */
static void
game_toggled_cb (TttNewGameDialog *self)
{
  TttVariant variant = chosen_game (self)->variant;
  TttLevel level;

  if (variant == self->levels_variant)
    return;
  level = ttt_combo_row_get_level (self->difficulty_row, self->levels_variant);
  self->levels_variant = variant;
  ttt_combo_row_show_levels (self->difficulty_row, variant, level);
}

/* A row for each game of the table, its check button in one group. */
static void
add_game_rows (TttNewGameDialog *self)
{
  for (guint i = 0; i < ttt_variants_get_n (); i++)
    {
      const TttVariantInfo *info = ttt_variants_get_nth (i);
      AdwActionRow *row = ADW_ACTION_ROW (adw_action_row_new ());
      GtkWidget *check = gtk_check_button_new ();
      const char *name = ttt_variants_get_name (info->variant);

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), name);
      adw_action_row_set_subtitle (row, ttt_variants_get_description (info->variant));
      gtk_widget_set_valign (check, GTK_ALIGN_CENTER);
      gtk_accessible_update_property (GTK_ACCESSIBLE (check), GTK_ACCESSIBLE_PROPERTY_LABEL, name, -1);
      if (i > 0)
        gtk_check_button_set_group (GTK_CHECK_BUTTON (check), g_ptr_array_index (self->game_checks, 0));
      adw_action_row_add_prefix (row, check);
      adw_action_row_set_activatable_widget (row, check);
      adw_preferences_group_add (self->game_group, GTK_WIDGET (row));
      g_ptr_array_add (self->game_checks, check);
      g_signal_connect_swapped (check, "notify::active", G_CALLBACK (game_toggled_cb), self);
    }
}

/* The rows list each enum's values in their order, as the settings
 * schema numbers them; the levels are the game's own. */
static void
show_game (TttNewGameDialog *self)
{
  TttSetup *setup = ttt_game_get_setup (self->game);

  gtk_check_button_set_active (ttt_new_game_dialog_get_game_check (self, ttt_setup_get_variant (setup)), TRUE);
  gtk_check_button_set_active (ttt_setup_get_opponent (setup) == TTT_OPPONENT_HUMAN
                               ? self->person_check : self->computer_check, TRUE);
  self->levels_variant = ttt_setup_get_variant (setup);
  ttt_combo_row_show_levels (self->difficulty_row, self->levels_variant, ttt_setup_get_difficulty (setup));
  adw_combo_row_set_selected (self->first_player_row, ttt_setup_get_first_player (setup));
  update_sensitivity (self);
}

/**
 * ttt_new_game_dialog_get_choice:
 * @self: a #TttNewGameDialog
 * @variant: (out) (optional): the game chosen
 * @opponent: (out) (optional): against whom
 * @difficulty: (out) (optional): the computer's level
 * @first_player: (out) (optional): who moves first against the computer
 *
 * What the screen shows chosen now.
 */
void
ttt_new_game_dialog_get_choice (TttNewGameDialog *self,
                                TttVariant       *variant,
                                TttOpponent      *opponent,
                                TttLevel         *difficulty,
                                TttFirstPlayer   *first_player)
{
  g_return_if_fail (TTT_IS_NEW_GAME_DIALOG (self));

  if (variant != NULL)
    *variant = chosen_game (self)->variant;
  if (opponent != NULL)
    *opponent = gtk_check_button_get_active (self->person_check) ? TTT_OPPONENT_HUMAN
                                                                  : TTT_OPPONENT_COMPUTER;
  if (difficulty != NULL)
    *difficulty = ttt_combo_row_get_level (self->difficulty_row, self->levels_variant);
  if (first_player != NULL)
    *first_player = MIN (adw_combo_row_get_selected (self->first_player_row), TTT_FIRST_PLAYER_RANDOM);
}

static void
start_action (GtkWidget  *widget,
              const char *action_name,
              GVariant   *parameter)
{
  TttNewGameDialog *self = TTT_NEW_GAME_DIALOG (widget);
  TttVariant variant;
  TttOpponent opponent;
  TttLevel difficulty;
  TttFirstPlayer first_player;
  TttSetup *setup;

  ttt_new_game_dialog_get_choice (self, &variant, &opponent, &difficulty, &first_player);

  /* The settings first, so that the setup's bindings bring nothing else
   * back; then the setup itself, which also ends a choice the command line
   * made for this run. A setting that cannot be saved still holds for the
   * game. */
  if (self->settings != NULL)
    {
      g_settings_set_enum (self->settings, "game", variant);
      g_settings_set_enum (self->settings, "opponent", opponent);
      g_settings_set_enum (self->settings, "difficulty", difficulty);
      g_settings_set_enum (self->settings, "first-player", first_player);
    }
  setup = ttt_game_get_setup (self->game);
  ttt_setup_set_variant (setup, variant);
  ttt_setup_set_opponent (setup, opponent);
  ttt_setup_set_difficulty (setup, difficulty);
  ttt_setup_set_first_player (setup, first_player);

  g_object_ref (self);
  g_signal_emit (self, signals[START], 0);
  ttt_compat_dialog_close (GTK_WIDGET (self));
  g_object_unref (self);
}

/* The application whose window this screen belongs to, or NULL. */
static GActionGroup *
parent_application (TttNewGameDialog *self)
{
  GtkApplication *app = self->parent != NULL ? gtk_window_get_application (self->parent) : NULL;

  return app != NULL ? G_ACTION_GROUP (app) : NULL;
}

/* Play with someone elsewhere is the application's "network" action
 * (nearby) and its "host-by-code" and "join-by-code" (anywhere), which a
 * build without the network core does not have: then the row is not
 * offered at all. */
static void
update_network_row (TttNewGameDialog *self)
{
  GActionGroup *app = parent_application (self);

  gtk_widget_set_visible (GTK_WIDGET (self->network_row),
                          app != NULL && g_action_group_has_action (app, "network"));
}

/* Cancel, and Escape: nothing chosen here is kept. */
static void
cancel_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  ttt_compat_dialog_close (widget);
}

/* A game over the network is set up in its own window: this screen
 * closes first, so that window opens on the game's window, not on a
 * modal screen about to go. Nothing chosen here is kept. */
static void
network_way_activated (TttNewGameDialog *self,
                       AdwActionRow     *row)
{
  GActionGroup *app = parent_application (self);
  const char *action = row == self->invite_row ? "host-by-code"
                       : row == self->join_row ? "join-by-code"
                                               : "network";

  if (app == NULL || !g_action_group_has_action (app, action))
    return;
  /* Closing may free this screen (and drop its parent's last ref). */
  g_object_ref (app);
  ttt_compat_dialog_close (GTK_WIDGET (self));
  g_action_group_activate_action (app, action, NULL);
  g_object_unref (app);
}

static void
ttt_new_game_dialog_constructed (GObject *object)
{
  TttNewGameDialog *self = TTT_NEW_GAME_DIALOG (object);

  G_OBJECT_CLASS (ttt_new_game_dialog_parent_class)->constructed (object);

  g_return_if_fail (TTT_IS_GAME (self->game));

  ttt_combo_row_show_value_whole (self->difficulty_row);
  ttt_combo_row_show_value_whole (self->first_player_row);
  add_game_rows (self);
  show_game (self);
  g_signal_connect_swapped (self->computer_check, "notify::active", G_CALLBACK (update_sensitivity), self);
  g_signal_connect_swapped (self->nearby_row, "activated", G_CALLBACK (network_way_activated), self);
  g_signal_connect_swapped (self->invite_row, "activated", G_CALLBACK (network_way_activated), self);
  g_signal_connect_swapped (self->join_row, "activated", G_CALLBACK (network_way_activated), self);
  /* As a window, this screen is not one of the application's windows,
   * so the "app." actions its buttons name (How to Play's app.help-page)
   * are found through its parent's application; without it they were
   * insensitive. */
  gtk_widget_insert_action_group (GTK_WIDGET (self), "app", parent_application (self));
  update_network_row (self);

  ttt_compat_dialog_init (GTK_WIDGET (self), 420, 600);
  ttt_compat_dialog_set_default_widget (GTK_WIDGET (self), GTK_WIDGET (self->start_button));
  ttt_compat_dialog_focus_on_show (GTK_WIDGET (self), GTK_WIDGET (self->start_button));
}

static void
ttt_new_game_dialog_dispose (GObject *object)
{
  TttNewGameDialog *self = TTT_NEW_GAME_DIALOG (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), TTT_TYPE_NEW_GAME_DIALOG);
  g_clear_pointer (&self->game_checks, g_ptr_array_unref);
  g_clear_weak_pointer (&self->parent);
  g_clear_object (&self->settings);
  g_clear_object (&self->game);

  G_OBJECT_CLASS (ttt_new_game_dialog_parent_class)->dispose (object);
}

static void
ttt_new_game_dialog_set_property (GObject      *object,
                                  guint         prop_id,
                                  const GValue *value,
                                  GParamSpec   *pspec)
{
  TttNewGameDialog *self = TTT_NEW_GAME_DIALOG (object);

  switch (prop_id)
    {
    case PROP_PARENT:
      g_set_weak_pointer (&self->parent, g_value_get_object (value));
      break;

    case PROP_SETTINGS:
      self->settings = g_value_dup_object (value);
      break;

    case PROP_GAME:
      self->game = g_value_dup_object (value);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ttt_new_game_dialog_get_property (GObject    *object,
                                  guint       prop_id,
                                  GValue     *value,
                                  GParamSpec *pspec)
{
  TttNewGameDialog *self = TTT_NEW_GAME_DIALOG (object);

  switch (prop_id)
    {
    case PROP_PARENT:
      g_value_set_object (value, self->parent);
      break;

    case PROP_SETTINGS:
      g_value_set_object (value, self->settings);
      break;

    case PROP_GAME:
      g_value_set_object (value, self->game);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ttt_new_game_dialog_class_init (TttNewGameDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->constructed = ttt_new_game_dialog_constructed;
  object_class->dispose = ttt_new_game_dialog_dispose;
  object_class->set_property = ttt_new_game_dialog_set_property;
  object_class->get_property = ttt_new_game_dialog_get_property;

  /**
   * TttNewGameDialog:parent:
   *
   * The game's window, whose application's actions the screen offers.
   */
  properties[PROP_PARENT] =
    g_param_spec_object ("parent", NULL, NULL,
                         GTK_TYPE_WINDOW,
                         (G_PARAM_READWRITE |
                          G_PARAM_CONSTRUCT_ONLY |
                          G_PARAM_STATIC_STRINGS));

  /**
   * TttNewGameDialog:settings:
   *
   * Where Start writes the choices (may be %NULL: then the game alone
   * takes them).
   */
  properties[PROP_SETTINGS] =
    g_param_spec_object ("settings", NULL, NULL,
                         G_TYPE_SETTINGS,
                         (G_PARAM_READWRITE |
                          G_PARAM_CONSTRUCT_ONLY |
                          G_PARAM_STATIC_STRINGS));

  properties[PROP_GAME] =
    g_param_spec_object ("game", NULL, NULL,
                         TTT_TYPE_GAME,
                         (G_PARAM_READWRITE |
                          G_PARAM_CONSTRUCT_ONLY |
                          G_PARAM_STATIC_STRINGS));

  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * TttNewGameDialog::start:
   * @self: a #TttNewGameDialog
   *
   * Start was pressed: the choices are on the game (and in the settings);
   * the handler begins the new game. The screen closes after.
   */
  signals[START] =
    g_signal_new ("start",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0,
                  NULL, NULL,
                  NULL,
                  G_TYPE_NONE, 0);

  ttt_compat_dialog_set_template (widget_class, "/io/github/jingzi/TicTacToe/ttt-new-game-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, TttNewGameDialog, game_group);
  gtk_widget_class_bind_template_child (widget_class, TttNewGameDialog, how_to_play_button);
  gtk_widget_class_bind_template_child (widget_class, TttNewGameDialog, computer_check);
  gtk_widget_class_bind_template_child (widget_class, TttNewGameDialog, person_check);
  gtk_widget_class_bind_template_child (widget_class, TttNewGameDialog, network_row);
  gtk_widget_class_bind_template_child (widget_class, TttNewGameDialog, nearby_row);
  gtk_widget_class_bind_template_child (widget_class, TttNewGameDialog, invite_row);
  gtk_widget_class_bind_template_child (widget_class, TttNewGameDialog, join_row);
  gtk_widget_class_bind_template_child (widget_class, TttNewGameDialog, difficulty_row);
  gtk_widget_class_bind_template_child (widget_class, TttNewGameDialog, first_player_row);
  gtk_widget_class_bind_template_child (widget_class, TttNewGameDialog, cancel_button);
  gtk_widget_class_bind_template_child (widget_class, TttNewGameDialog, start_button);

  gtk_widget_class_install_action (widget_class, "new-game.start", NULL, start_action);
  gtk_widget_class_install_action (widget_class, "new-game.cancel", NULL, cancel_action);
  gtk_widget_class_install_action (widget_class, "new-game.how-to-play", NULL, how_to_play_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "new-game.cancel", NULL);
  /* At the first start this screen is all there is to see, and on
   * libadwaita 1.2 it is a window of its own, which the application's
   * accelerators do not reach: the keys that leave the game and ask for
   * help are its own too. */
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_q, GDK_CONTROL_MASK, "app.quit", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_F1, 0, "app.help", NULL);
}

static void
ttt_new_game_dialog_init (TttNewGameDialog *self)
{
  self->game_checks = g_ptr_array_new ();
  gtk_widget_init_template (GTK_WIDGET (self));
}

/**
 * ttt_new_game_dialog_new:
 * @parent: the game's window
 * @game: the game to set up
 * @settings: (nullable): the settings Start writes
 *
 * Returns: (transfer floating): a new #TttNewGameDialog, not yet shown:
 *   show it with ttt_compat_dialog_present()
 */
TttNewGameDialog *
ttt_new_game_dialog_new (GtkWindow *parent,
                         TttGame   *game,
                         GSettings *settings)
{
  g_return_val_if_fail (GTK_IS_WINDOW (parent), NULL);
  g_return_val_if_fail (TTT_IS_GAME (game), NULL);

  return g_object_new (TTT_TYPE_NEW_GAME_DIALOG,
                       "parent", parent,
                       "game", game,
                       "settings", settings,
                       NULL);
}

/* The check button of @variant's row. */
GtkCheckButton *
ttt_new_game_dialog_get_game_check (TttNewGameDialog *self,
                                    TttVariant        variant)
{
  g_return_val_if_fail (TTT_IS_NEW_GAME_DIALOG (self), NULL);

  for (guint i = 0; i < self->game_checks->len; i++)
    if (ttt_variants_get_nth (i)->variant == variant)
      return g_ptr_array_index (self->game_checks, i);

  g_return_val_if_reached (NULL);
}
