/* ttt-preferences-window.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The rows write the settings. With a game to show, they show what that
 * game plays by: a choice made on the command line for this run is shown
 * as the value in effect, and choosing any value in the row ends it.
 */

#include "config.h"

#include <glib/gi18n.h>

#include "ttt-accessible.h"
#include "ttt-combo-row.h"
#include "ttt-preferences-window.h"
#include "ttt-variants.h"

struct _TttPreferencesWindow
{
  TttCompatPreferences  parent_instance;

  GSettings            *settings;
  TttGame              *game;

  /* Set while the rows are being brought in line with the settings, so
   * that doing so writes nothing back. */
  gboolean              syncing;

  AdwComboRow          *game_row;
  AdwComboRow          *opponent_row;
  AdwComboRow          *difficulty_row;
  AdwComboRow          *first_player_row;
  GtkSwitch            *sound_switch;
  AdwEntryRow          *x_name_row;
  AdwEntryRow          *o_name_row;
};

G_DEFINE_FINAL_TYPE (TttPreferencesWindow, ttt_preferences_window, ttt_compat_preferences_get_type ())

enum {
  PROP_0,
  PROP_SETTINGS,
  PROP_GAME,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* libadwaita 1.2 names a combo row by its title alone: a screen reader
 * would never say what is chosen. The row's name says both. */
static void
name_with_value (AdwComboRow *row)
{
  GtkStringObject *item = adw_combo_row_get_selected_item (row);
  const char *title = adw_preferences_row_get_title (ADW_PREFERENCES_ROW (row));
  g_autofree char *name = NULL;

  if (item == NULL)
    return;

  /* Translators: how a screen reader names a row of the preferences: the
   * setting, then its value, as in "Difficulty: Medium". */
  name = g_strdup_printf (C_("setting and value", "%1$s: %2$s"),
                          title, gtk_string_object_get_string (item));
  /* GTK 4.8 adds the title label's text, which libadwaita names the row
   * by, after the name: said once is enough. */
  gtk_accessible_reset_relation (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_RELATION_LABELLED_BY);
  gtk_accessible_update_property (GTK_ACCESSIBLE (row),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, name,
                                  -1);
}

/* The game row lists the games of the table, in its order. */
static void
fill_game_row (TttPreferencesWindow *self)
{
  g_autoptr(GtkStringList) names = gtk_string_list_new (NULL);

  for (guint i = 0; i < ttt_variants_get_n (); i++)
    gtk_string_list_append (names, ttt_variants_get_name (ttt_variants_get_nth (i)->variant));
  adw_combo_row_set_model (self->game_row, G_LIST_MODEL (names));
}

static guint
game_position (TttVariant variant)
{
  for (guint i = 0; i < ttt_variants_get_n (); i++)
    if (ttt_variants_get_nth (i)->variant == variant)
      return i;

  return 0;
}

/* The other rows list each enum's values in their order, so a row's
 * position is the enum value, as the settings schema numbers them too. */
static void
sync_rows (TttPreferencesWindow *self)
{
  int opponent = g_settings_get_enum (self->settings, "opponent");
  gboolean vs_computer = opponent == TTT_OPPONENT_COMPUTER;
  int difficulty = g_settings_get_enum (self->settings, "difficulty");
  int first_player = g_settings_get_enum (self->settings, "first-player");
  gboolean difficulty_overridden = FALSE;
  gboolean first_player_overridden = FALSE;

  if (self->game != NULL)
    {
      difficulty_overridden = (int) ttt_game_get_difficulty (self->game) != difficulty;
      first_player_overridden = (int) ttt_game_get_first_player (self->game) != first_player;
      difficulty = ttt_game_get_difficulty (self->game);
      first_player = ttt_game_get_first_player (self->game);
    }

  self->syncing = TRUE;
  adw_combo_row_set_selected (self->game_row, game_position (g_settings_get_enum (self->settings, "game")));
  adw_combo_row_set_selected (self->opponent_row, opponent);
  adw_combo_row_set_selected (self->difficulty_row, difficulty);
  adw_combo_row_set_selected (self->first_player_row, first_player);
  self->syncing = FALSE;

  name_with_value (self->opponent_row);
  name_with_value (self->difficulty_row);
  name_with_value (self->first_player_row);

  /* Between two people there is no computer to tune, and X starts. */
  gtk_widget_set_sensitive (GTK_WIDGET (self->difficulty_row), vs_computer);
  gtk_widget_set_sensitive (GTK_WIDGET (self->first_player_row), vs_computer);

  if (!vs_computer)
    adw_action_row_set_subtitle (ADW_ACTION_ROW (self->difficulty_row),
                                 _("Only used against the computer"));
  else if (difficulty_overridden)
    adw_action_row_set_subtitle (ADW_ACTION_ROW (self->difficulty_row),
                                 _("Chosen on the command line for this run"));
  else
    adw_action_row_set_subtitle (ADW_ACTION_ROW (self->difficulty_row),
                                 _("How strong the computer plays"));

  if (!vs_computer)
    adw_action_row_set_subtitle (ADW_ACTION_ROW (self->first_player_row),
                                 _("Between two people, X always moves first"));
  else if (first_player_overridden)
    adw_action_row_set_subtitle (ADW_ACTION_ROW (self->first_player_row),
                                 _("Chosen on the command line for this run"));
  else
    adw_action_row_set_subtitle (ADW_ACTION_ROW (self->first_player_row),
                                 _("Who plays X and starts the game"));
}

static void
settings_changed_cb (TttPreferencesWindow *self)
{
  sync_rows (self);
}

static void
row_selected_cb (TttPreferencesWindow *self,
                 GParamSpec           *pspec,
                 AdwComboRow          *row)
{
  int value = adw_combo_row_get_selected (row);

  if (self->syncing || value < 0)
    return;

  if (row == self->opponent_row)
    {
      g_settings_set_enum (self->settings, "opponent", value);
      return;
    }
  if (row == self->game_row)
    {
      if ((guint) value < ttt_variants_get_n ())
        g_settings_set_enum (self->settings, "game", ttt_variants_get_nth (value)->variant);
      return;
    }

  /* The game is set too: choosing the value the setting already holds
   * changes no setting, but must still end a command-line override. */
  if (row == self->difficulty_row)
    {
      g_settings_set_enum (self->settings, "difficulty", value);
      if (self->game != NULL)
        ttt_game_set_difficulty (self->game, value);
    }
  else if (row == self->first_player_row)
    {
      g_settings_set_enum (self->settings, "first-player", value);
      if (self->game != NULL)
        ttt_game_set_first_player (self->game, value);
    }

  sync_rows (self);
}

static void
ttt_preferences_window_constructed (GObject *object)
{
  TttPreferencesWindow *self = TTT_PREFERENCES_WINDOW (object);

  G_OBJECT_CLASS (ttt_preferences_window_parent_class)->constructed (object);

  g_return_if_fail (G_IS_SETTINGS (self->settings));

  fill_game_row (self);
  sync_rows (self);

  /* The switch works even when the key cannot be saved: it then holds
   * for this run (the window says why it is not saved). */
  g_settings_bind (self->settings, "sound", self->sound_switch, "active",
                   G_SETTINGS_BIND_DEFAULT | G_SETTINGS_BIND_NO_SENSITIVITY);

  /* Optional: empty names the sides X and O. The game keeps a name
   * trimmed and cut to a badge's width; the row keeps what was typed. */
  g_settings_bind (self->settings, "x-name", self->x_name_row, "text",
                   G_SETTINGS_BIND_DEFAULT | G_SETTINGS_BIND_NO_SENSITIVITY);
  g_settings_bind (self->settings, "o-name", self->o_name_row, "text",
                   G_SETTINGS_BIND_DEFAULT | G_SETTINGS_BIND_NO_SENSITIVITY);

  g_signal_connect_object (self->settings, "changed", G_CALLBACK (settings_changed_cb), self, G_CONNECT_SWAPPED);
  if (self->game != NULL)
    {
      g_signal_connect_object (self->game, "notify::difficulty", G_CALLBACK (settings_changed_cb), self, G_CONNECT_SWAPPED);
      g_signal_connect_object (self->game, "notify::first-player", G_CALLBACK (settings_changed_cb), self, G_CONNECT_SWAPPED);
    }

  g_signal_connect_swapped (self->game_row, "notify::selected", G_CALLBACK (row_selected_cb), self);
  g_signal_connect_swapped (self->opponent_row, "notify::selected", G_CALLBACK (row_selected_cb), self);
  g_signal_connect_swapped (self->difficulty_row, "notify::selected", G_CALLBACK (row_selected_cb), self);
  g_signal_connect_swapped (self->first_player_row, "notify::selected", G_CALLBACK (row_selected_cb), self);
}

static void
ttt_preferences_window_set_property (GObject      *object,
                                     guint         prop_id,
                                     const GValue *value,
                                     GParamSpec   *pspec)
{
  TttPreferencesWindow *self = TTT_PREFERENCES_WINDOW (object);

  switch (prop_id)
    {
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
ttt_preferences_window_get_property (GObject    *object,
                                     guint       prop_id,
                                     GValue     *value,
                                     GParamSpec *pspec)
{
  TttPreferencesWindow *self = TTT_PREFERENCES_WINDOW (object);

  switch (prop_id)
    {
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
ttt_preferences_window_dispose (GObject *object)
{
  TttPreferencesWindow *self = TTT_PREFERENCES_WINDOW (object);

  if (self->settings != NULL)
    g_signal_handlers_disconnect_by_data (self->settings, self);
  if (self->game != NULL)
    g_signal_handlers_disconnect_by_data (self->game, self);

  gtk_widget_dispose_template (GTK_WIDGET (self), TTT_TYPE_PREFERENCES_WINDOW);
  g_clear_object (&self->settings);
  g_clear_object (&self->game);

  G_OBJECT_CLASS (ttt_preferences_window_parent_class)->dispose (object);
}

static void
ttt_preferences_window_class_init (TttPreferencesWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->constructed = ttt_preferences_window_constructed;
  object_class->dispose = ttt_preferences_window_dispose;
  object_class->get_property = ttt_preferences_window_get_property;
  object_class->set_property = ttt_preferences_window_set_property;

  properties[PROP_SETTINGS] =
    g_param_spec_object ("settings", NULL, NULL,
                         G_TYPE_SETTINGS,
                         (G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS));
  properties[PROP_GAME] =
    g_param_spec_object ("game", NULL, NULL,
                         TTT_TYPE_GAME,
                         (G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS));
  g_object_class_install_properties (object_class, N_PROPS, properties);

  ttt_compat_preferences_set_template (widget_class, RESOURCE_BASE "/ttt-preferences-window.ui");
  gtk_widget_class_bind_template_child (widget_class, TttPreferencesWindow, game_row);
  gtk_widget_class_bind_template_child (widget_class, TttPreferencesWindow, opponent_row);
  gtk_widget_class_bind_template_child (widget_class, TttPreferencesWindow, difficulty_row);
  gtk_widget_class_bind_template_child (widget_class, TttPreferencesWindow, first_player_row);
  gtk_widget_class_bind_template_child (widget_class, TttPreferencesWindow, sound_switch);
  gtk_widget_class_bind_template_child (widget_class, TttPreferencesWindow, x_name_row);
  gtk_widget_class_bind_template_child (widget_class, TttPreferencesWindow, o_name_row);
}

static void
ttt_preferences_window_init (TttPreferencesWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  ttt_compat_preferences_init (GTK_WIDGET (self));
  /* GTK 4.8 may start the focus on a page switcher that never shows:
   * the first row has it instead. */
  ttt_compat_dialog_focus_on_show (GTK_WIDGET (self), GTK_WIDGET (self->opponent_row));

  ttt_combo_row_show_value_whole (self->game_row);
  ttt_combo_row_show_value_whole (self->opponent_row);
  ttt_combo_row_show_value_whole (self->difficulty_row);
  ttt_combo_row_show_value_whole (self->first_player_row);
  ttt_accessible_hide_type_names (GTK_WIDGET (self));

  /* The window has one page, so its page switchers never show; GTK 4.8
   * still lets the focus start on one, heard as a nameless tab. */
  ttt_accessible_hide_all (GTK_WIDGET (self), ADW_TYPE_VIEW_SWITCHER);
}

/* @game, if given, is the game whose values in effect the rows show. */
TttPreferencesWindow *
ttt_preferences_window_new (GSettings *settings,
                            TttGame   *game)
{
  g_return_val_if_fail (G_IS_SETTINGS (settings), NULL);
  g_return_val_if_fail (game == NULL || TTT_IS_GAME (game), NULL);

  return g_object_new (TTT_TYPE_PREFERENCES_WINDOW,
                       "settings", settings,
                       "game", game,
                       NULL);
}
