/* ttt-preferences-window.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The rows write the settings. With a setup to show, they show what the
 * next game will play by: a choice made on the command line for this run
 * is shown as the value in effect, and choosing any value in the row
 * ends it.
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
  TttSetup             *setup;
  gboolean              filling_levels;  /* the difficulty row is being refilled */

  AdwComboRow          *game_row;
  AdwComboRow          *opponent_row;
  AdwComboRow          *difficulty_row;
  AdwComboRow          *first_player_row;
  GtkSwitch            *sound_switch;
  AdwActionRow         *sound_row;
  AdwEntryRow          *x_name_row;
  AdwEntryRow          *o_name_row;
};

G_DEFINE_FINAL_TYPE (TttPreferencesWindow, ttt_preferences_window, ttt_compat_preferences_get_type ())

enum {
  PROP_0,
  PROP_SETTINGS,
  PROP_SETUP,
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

/* The game row's position is the game's place in the table of the games;
 * the setting holds its id. */
static gboolean
game_get_mapping (GValue   *value,
                  GVariant *variant,
                  gpointer  user_data)
{
  const TttVariantInfo *info = ttt_variants_lookup (g_variant_get_string (variant, NULL));

  for (guint i = 0; info != NULL && i < ttt_variants_get_n (); i++)
    if (ttt_variants_get_nth (i) == info)
      {
        g_value_set_uint (value, i);
        return TRUE;
      }

  return FALSE;
}

static GVariant *
game_set_mapping (const GValue       *value,
                  const GVariantType *expected_type,
                  gpointer            user_data)
{
  guint position = g_value_get_uint (value);

  if (position >= ttt_variants_get_n ())
    return NULL;

  return g_variant_new_string (ttt_variants_get_nth (position)->id);
}

/* The other rows list each enum's values in their order, so a row's
 * position is the enum value; the setting holds its nick, which the
 * enum's GType knows (@user_data). */
static gboolean
enum_get_mapping (GValue   *value,
                  GVariant *variant,
                  gpointer  user_data)
{
  g_autoptr(GEnumClass) enum_class = g_type_class_ref ((GType) GPOINTER_TO_SIZE (user_data));
  GEnumValue *enum_value = g_enum_get_value_by_nick (enum_class, g_variant_get_string (variant, NULL));

  if (enum_value == NULL)
    return FALSE;

  g_value_set_uint (value, enum_value->value);
  return TRUE;
}

static GVariant *
enum_set_mapping (const GValue       *value,
                  const GVariantType *expected_type,
                  gpointer            user_data)
{
  g_autoptr(GEnumClass) enum_class = g_type_class_ref ((GType) GPOINTER_TO_SIZE (user_data));
  GEnumValue *enum_value = g_enum_get_value (enum_class, g_value_get_uint (value));

  if (enum_value == NULL)
    return NULL;

  return g_variant_new_string (enum_value->value_nick);
}

/* With a setup, the difficulty and first-move rows show its values: the
 * application keeps the setup bound to the settings, so the two differ
 * only by a choice made on the command line for this run.
 *
 * A choice in the row ends that choice: the setup takes the value too,
 * since choosing the value the setting already holds changes no setting.
 * When the row only came to show the setup's value (setup_changed_cb),
 * there is nothing to write: a choice for this run stays out of the
 * settings. */
/* The game whose levels the difficulty row lists: the setup's (the
 * settings', or the command line's for this run), else the settings'. */
static TttVariant
levels_variant (TttPreferencesWindow *self)
{
  if (self->setup != NULL)
    return ttt_setup_get_variant (self->setup);

  return g_settings_get_enum (self->settings, "game");
}

/* The row lists the game's own levels and shows the one it is played at:
 * the setting's level, or its counterpart (Club for Ultimate when the
 * setting says Medium); only a choice in the row writes the setting. */
static gboolean
difficulty_get_mapping (GValue   *value,
                        GVariant *variant,
                        gpointer  user_data)
{
  TttPreferencesWindow *self = user_data;
  TttVariant game = levels_variant (self);
  TttLevel level;

  if (self->setup != NULL)
    level = ttt_setup_get_difficulty (self->setup);
  else
    level = ttt_variants_fit_level (game, g_settings_get_enum (self->settings, "difficulty"));

  g_value_set_uint (value, (guint) MAX (ttt_variants_find_level (game, level), 0));
  return TRUE;
}

static GVariant *
difficulty_set_mapping (const GValue       *value,
                        const GVariantType *expected_type,
                        gpointer            user_data)
{
  TttPreferencesWindow *self = user_data;
  TttVariant game = levels_variant (self);
  guint index = g_value_get_uint (value);
  TttLevel difficulty;

  if (self->filling_levels || index >= ttt_variants_get_n_levels (game))
    return NULL;
  difficulty = ttt_variants_get_level (game, index);

  if (self->setup != NULL)
    {
      if (difficulty == ttt_setup_get_difficulty (self->setup))
        return NULL;
      ttt_setup_set_difficulty (self->setup, difficulty);
    }

  return g_variant_new_string (ttt_variants_get_level_id (difficulty));
}

/* Another game, other levels: the row lists them, writing nothing. */
static void
fill_levels (TttPreferencesWindow *self)
{
  TttVariant game = levels_variant (self);
  TttLevel level;

  if (self->setup != NULL)
    level = ttt_setup_get_difficulty (self->setup);
  else
    level = ttt_variants_fit_level (game, g_settings_get_enum (self->settings, "difficulty"));

  self->filling_levels = TRUE;
  ttt_combo_row_show_levels (self->difficulty_row, game, level);
  self->filling_levels = FALSE;
}

static gboolean
first_player_get_mapping (GValue   *value,
                          GVariant *variant,
                          gpointer  user_data)
{
  TttPreferencesWindow *self = user_data;

  if (self->setup == NULL)
    return enum_get_mapping (value, variant, GSIZE_TO_POINTER (TTT_TYPE_FIRST_PLAYER));

  g_value_set_uint (value, ttt_setup_get_first_player (self->setup));
  return TRUE;
}

static GVariant *
first_player_set_mapping (const GValue       *value,
                          const GVariantType *expected_type,
                          gpointer            user_data)
{
  TttPreferencesWindow *self = user_data;
  guint first_player = g_value_get_uint (value);

  if (first_player > TTT_FIRST_PLAYER_RANDOM)
    return NULL;

  if (self->setup != NULL)
    {
      if (first_player == ttt_setup_get_first_player (self->setup))
        return NULL;
      ttt_setup_set_first_player (self->setup, first_player);
    }

  return enum_set_mapping (value, expected_type, GSIZE_TO_POINTER (TTT_TYPE_FIRST_PLAYER));
}

/* The subtitles say why a row holds what it does, and whether it counts. */
static void
update_subtitles (TttPreferencesWindow *self)
{
  gboolean vs_computer = g_settings_get_enum (self->settings, "opponent") == TTT_OPPONENT_COMPUTER;
  gboolean difficulty_overridden = FALSE;
  gboolean first_player_overridden = FALSE;

  if (self->setup != NULL)
    {
      difficulty_overridden = ttt_setup_get_difficulty (self->setup) !=
                              ttt_variants_fit_level (ttt_setup_get_variant (self->setup),
                                                      g_settings_get_enum (self->settings, "difficulty"));
      first_player_overridden = (int) ttt_setup_get_first_player (self->setup) != g_settings_get_enum (self->settings, "first-player");
    }

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
row_selected_cb (AdwComboRow          *row,
                 GParamSpec           *pspec,
                 TttPreferencesWindow *self)
{
  name_with_value (row);
}

/* The switch follows the setting for as long as the binding lives,
 * which can be past the window's dispose, when its row has gone. */
static void
sound_changed_cb (GtkSwitch            *sound,
                  GParamSpec           *pspec,
                  TttPreferencesWindow *self)
{
  if (self->sound_row == NULL)
    return;
  gtk_accessible_update_state (GTK_ACCESSIBLE (self->sound_row), GTK_ACCESSIBLE_STATE_CHECKED,
                               gtk_switch_get_active (sound)
                               ? GTK_ACCESSIBLE_TRISTATE_TRUE : GTK_ACCESSIBLE_TRISTATE_FALSE,
                               -1);
}

/* The setup's values change without the settings when the command line of
 * a second launch chooses for this run: the rows follow. */
static void
setup_changed_cb (TttPreferencesWindow *self)
{
  fill_levels (self);
  adw_combo_row_set_selected (self->first_player_row, ttt_setup_get_first_player (self->setup));
  update_subtitles (self);
}

static void
ttt_preferences_window_constructed (GObject *object)
{
  TttPreferencesWindow *self = TTT_PREFERENCES_WINDOW (object);

  G_OBJECT_CLASS (ttt_preferences_window_parent_class)->constructed (object);

  g_return_if_fail (G_IS_SETTINGS (self->settings));

  fill_game_row (self);

  /* The rows work even when a key cannot be saved: the game still takes
   * a difficulty or first move for this run. Their sensitivity is the
   * opponent's (update_subtitles). */
  g_settings_bind_with_mapping (self->settings, "game", self->game_row, "selected",
                                G_SETTINGS_BIND_DEFAULT | G_SETTINGS_BIND_NO_SENSITIVITY,
                                game_get_mapping, game_set_mapping, NULL, NULL);
  g_settings_bind_with_mapping (self->settings, "opponent", self->opponent_row, "selected",
                                G_SETTINGS_BIND_DEFAULT | G_SETTINGS_BIND_NO_SENSITIVITY,
                                enum_get_mapping, enum_set_mapping,
                                GSIZE_TO_POINTER (TTT_TYPE_OPPONENT), NULL);
  fill_levels (self);
  g_settings_bind_with_mapping (self->settings, "difficulty", self->difficulty_row, "selected",
                                G_SETTINGS_BIND_DEFAULT | G_SETTINGS_BIND_NO_SENSITIVITY,
                                difficulty_get_mapping, difficulty_set_mapping, self, NULL);
  g_settings_bind_with_mapping (self->settings, "first-player", self->first_player_row, "selected",
                                G_SETTINGS_BIND_DEFAULT | G_SETTINGS_BIND_NO_SENSITIVITY,
                                first_player_get_mapping, first_player_set_mapping, self, NULL);

  /* The switch works even when the key cannot be saved: it then holds
   * for this run (the window says why it is not saved). */
  g_settings_bind (self->settings, "sound", self->sound_switch, "active",
                   G_SETTINGS_BIND_DEFAULT | G_SETTINGS_BIND_NO_SENSITIVITY);
  /* The row is the switch's one stop: it says whether it is on. */
  g_signal_connect_object (self->sound_switch, "notify::active", G_CALLBACK (sound_changed_cb), self, 0);
  sound_changed_cb (self->sound_switch, NULL, self);

  /* Optional: empty names the sides X and O. The game keeps a name
   * trimmed and cut to a badge's width; the row keeps what was typed. */
  g_settings_bind (self->settings, "x-name", self->x_name_row, "text",
                   G_SETTINGS_BIND_DEFAULT | G_SETTINGS_BIND_NO_SENSITIVITY);
  g_settings_bind (self->settings, "o-name", self->o_name_row, "text",
                   G_SETTINGS_BIND_DEFAULT | G_SETTINGS_BIND_NO_SENSITIVITY);

  name_with_value (self->game_row);
  name_with_value (self->opponent_row);
  name_with_value (self->difficulty_row);
  name_with_value (self->first_player_row);
  update_subtitles (self);

  g_signal_connect (self->game_row, "notify::selected", G_CALLBACK (row_selected_cb), self);
  g_signal_connect (self->opponent_row, "notify::selected", G_CALLBACK (row_selected_cb), self);
  g_signal_connect (self->difficulty_row, "notify::selected", G_CALLBACK (row_selected_cb), self);
  g_signal_connect (self->first_player_row, "notify::selected", G_CALLBACK (row_selected_cb), self);

  g_signal_connect_object (self->settings, "changed", G_CALLBACK (update_subtitles), self, G_CONNECT_SWAPPED);
  if (self->setup == NULL)
    g_signal_connect_object (self->settings, "changed::game", G_CALLBACK (fill_levels), self, G_CONNECT_SWAPPED);
  if (self->setup != NULL)
    {
      g_signal_connect_object (self->setup, "notify::difficulty", G_CALLBACK (setup_changed_cb), self, G_CONNECT_SWAPPED);
      g_signal_connect_object (self->setup, "notify::variant", G_CALLBACK (setup_changed_cb), self, G_CONNECT_SWAPPED);
      g_signal_connect_object (self->setup, "notify::first-player", G_CALLBACK (setup_changed_cb), self, G_CONNECT_SWAPPED);
    }
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

    case PROP_SETUP:
      self->setup = g_value_dup_object (value);
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

    case PROP_SETUP:
      g_value_set_object (value, self->setup);
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
  if (self->setup != NULL)
    g_signal_handlers_disconnect_by_data (self->setup, self);
  /* Their mappings read the window, which is going. */
  if (self->difficulty_row != NULL)
    g_settings_unbind (self->difficulty_row, "selected");
  if (self->first_player_row != NULL)
    g_settings_unbind (self->first_player_row, "selected");

  gtk_widget_dispose_template (GTK_WIDGET (self), TTT_TYPE_PREFERENCES_WINDOW);
  g_clear_object (&self->settings);
  g_clear_object (&self->setup);

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
  properties[PROP_SETUP] =
    g_param_spec_object ("setup", NULL, NULL,
                         TTT_TYPE_SETUP,
                         (G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS));
  g_object_class_install_properties (object_class, N_PROPS, properties);

  ttt_compat_preferences_set_template (widget_class, RESOURCE_BASE "/ttt-preferences-window.ui");
  gtk_widget_class_bind_template_child (widget_class, TttPreferencesWindow, game_row);
  gtk_widget_class_bind_template_child (widget_class, TttPreferencesWindow, opponent_row);
  gtk_widget_class_bind_template_child (widget_class, TttPreferencesWindow, difficulty_row);
  gtk_widget_class_bind_template_child (widget_class, TttPreferencesWindow, first_player_row);
  gtk_widget_class_bind_template_child (widget_class, TttPreferencesWindow, sound_switch);
  gtk_widget_class_bind_template_child (widget_class, TttPreferencesWindow, sound_row);
  gtk_widget_class_bind_template_child (widget_class, TttPreferencesWindow, x_name_row);
  gtk_widget_class_bind_template_child (widget_class, TttPreferencesWindow, o_name_row);
}

static GtkWidget *
find_text (GtkWidget *widget)
{
  if (GTK_IS_TEXT (widget))
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *text = find_text (child);

      if (text != NULL)
        return text;
    }

  return NULL;
}

/* The focus goes into an entry row's text, which libadwaita 1.2 leaves
 * without a name: "Name for X" was a silent stop. It is named by its
 * row's title. */
static void
name_entry_text (AdwEntryRow *row)
{
  GtkWidget *text = find_text (GTK_WIDGET (row));

  if (text != NULL)
    gtk_accessible_update_property (GTK_ACCESSIBLE (text), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                    adw_preferences_row_get_title (ADW_PREFERENCES_ROW (row)),
                                    -1);
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
  name_entry_text (self->x_name_row);
  name_entry_text (self->o_name_row);

  /* The window has one page, so its page switchers never show; GTK 4.8
   * still lets the focus start on one, heard as a nameless tab. */
  ttt_accessible_hide_all (GTK_WIDGET (self), ADW_TYPE_VIEW_SWITCHER);
}

/* @setup, if given, is the setup whose values in effect the rows show. */
TttPreferencesWindow *
ttt_preferences_window_new (GSettings *settings,
                            TttSetup  *setup)
{
  g_return_val_if_fail (G_IS_SETTINGS (settings), NULL);
  g_return_val_if_fail (setup == NULL || TTT_IS_SETUP (setup), NULL);

  return g_object_new (TTT_TYPE_PREFERENCES_WINDOW,
                       "settings", settings,
                       "setup", setup,
                       NULL);
}
