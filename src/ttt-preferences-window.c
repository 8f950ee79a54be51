/* ttt-preferences-window.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>

#include "ttt-game.h"
#include "ttt-preferences-window.h"

struct _TttPreferencesWindow
{
  GtkWindow    parent_instance;

  GSettings   *settings;

  GtkDropDown *difficulty_dropdown;
  GtkDropDown *first_player_dropdown;
  GtkDropDown *opponent_dropdown;
};

G_DEFINE_FINAL_TYPE (TttPreferencesWindow, ttt_preferences_window, GTK_TYPE_WINDOW)

enum {
  PROP_0,
  PROP_SETTINGS,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* A drop-down lists an enum's values in their order, so the selected
 * position is the enum value; the setting stores its nick. The enum's GType
 * comes in as user data. */
static gboolean
nick_to_position (GValue   *value,
                  GVariant *variant,
                  gpointer  user_data)
{
  g_autoptr(GEnumClass) klass = g_type_class_ref ((GType) GPOINTER_TO_SIZE (user_data));
  GEnumValue *found = g_enum_get_value_by_nick (klass, g_variant_get_string (variant, NULL));

  if (found == NULL)
    return FALSE;

  g_value_set_uint (value, (guint) found->value);
  return TRUE;
}

static GVariant *
position_to_nick (const GValue       *value,
                  const GVariantType *expected_type,
                  gpointer            user_data)
{
  g_autoptr(GEnumClass) klass = g_type_class_ref ((GType) GPOINTER_TO_SIZE (user_data));
  GEnumValue *found = g_enum_get_value (klass, (int) g_value_get_uint (value));

  if (found == NULL)
    return NULL;

  return g_variant_new_string (found->value_nick);
}

static void
bind_dropdown (TttPreferencesWindow *self,
               const char           *key,
               GtkDropDown          *dropdown,
               GType                 enum_type)
{
  g_settings_bind_with_mapping (self->settings, key,
                                dropdown, "selected",
                                G_SETTINGS_BIND_DEFAULT,
                                nick_to_position, position_to_nick,
                                GSIZE_TO_POINTER ((gsize) enum_type), NULL);
}

static void
ttt_preferences_window_constructed (GObject *object)
{
  TttPreferencesWindow *self = TTT_PREFERENCES_WINDOW (object);

  G_OBJECT_CLASS (ttt_preferences_window_parent_class)->constructed (object);

  bind_dropdown (self, "difficulty", self->difficulty_dropdown, TTT_TYPE_LEVEL);
  bind_dropdown (self, "first-player", self->first_player_dropdown, TTT_TYPE_FIRST_PLAYER);
  bind_dropdown (self, "opponent", self->opponent_dropdown, TTT_TYPE_OPPONENT);
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

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ttt_preferences_window_dispose (GObject *object)
{
  TttPreferencesWindow *self = TTT_PREFERENCES_WINDOW (object);

  if (self->difficulty_dropdown != NULL)
    {
      g_settings_unbind (self->difficulty_dropdown, "selected");
      g_settings_unbind (self->first_player_dropdown, "selected");
      g_settings_unbind (self->opponent_dropdown, "selected");
    }

  gtk_widget_dispose_template (GTK_WIDGET (self), TTT_TYPE_PREFERENCES_WINDOW);
  g_clear_object (&self->settings);

  G_OBJECT_CLASS (ttt_preferences_window_parent_class)->dispose (object);
}

static gboolean
close_cb (GtkWidget *widget,
          GVariant  *args,
          gpointer   user_data)
{
  gtk_window_close (GTK_WINDOW (widget));
  return TRUE;
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
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_BASE "/ttt-preferences-window.ui");
  gtk_widget_class_bind_template_child (widget_class, TttPreferencesWindow, difficulty_dropdown);
  gtk_widget_class_bind_template_child (widget_class, TttPreferencesWindow, first_player_dropdown);
  gtk_widget_class_bind_template_child (widget_class, TttPreferencesWindow, opponent_dropdown);

  gtk_widget_class_add_binding (widget_class, GDK_KEY_Escape, 0, close_cb, NULL);
}

static void
ttt_preferences_window_init (TttPreferencesWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

TttPreferencesWindow *
ttt_preferences_window_new (GSettings *settings)
{
  g_return_val_if_fail (G_IS_SETTINGS (settings), NULL);

  return g_object_new (TTT_TYPE_PREFERENCES_WINDOW,
                       "settings", settings,
                       NULL);
}

/* For tests: the drop-down that edits @key. */
GtkDropDown *
ttt_preferences_window_get_dropdown (TttPreferencesWindow *self,
                                     const char           *key)
{
  g_return_val_if_fail (TTT_IS_PREFERENCES_WINDOW (self), NULL);
  g_return_val_if_fail (key != NULL, NULL);

  if (g_str_equal (key, "difficulty"))
    return self->difficulty_dropdown;
  if (g_str_equal (key, "first-player"))
    return self->first_player_dropdown;
  if (g_str_equal (key, "opponent"))
    return self->opponent_dropdown;

  return NULL;
}
