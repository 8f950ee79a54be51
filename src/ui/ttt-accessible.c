/* ttt-accessible.c — what GTK 4.8 does not say for a screen reader
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * GTK 4.8 and libadwaita 1.2 leave much of what a screen reader says to
 * chance: a part with no name is named by its class ("GtkImage push
 * button", "GtkStackPage panel"), a tooltip is read after the description
 * made of it, and the shortcuts window and the menu's keys are never
 * told. These helpers walk a window's widgets once they exist and put
 * that right; the windows call them. None of them changes what is seen.
 */

#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>

#include "ttt-accessible.h"
#include "ttt-compat.h"

static void
hide_stack_pages (GtkStack *stack)
{
  g_autoptr(GListModel) pages = G_LIST_MODEL (gtk_stack_get_pages (stack));

  for (guint i = 0; i < g_list_model_get_n_items (pages); i++)
    {
      g_autoptr(GObject) page = g_list_model_get_item (pages, i);

      if (gtk_stack_page_get_title (GTK_STACK_PAGE (page)) == NULL)
        gtk_accessible_update_property (GTK_ACCESSIBLE (page),
                                        GTK_ACCESSIBLE_PROPERTY_LABEL, "",
                                        -1);
    }
}

/* Gives the parts under @root that GTK would name by their class an
 * empty name, or their tooltip's words for a button that shows only an
 * icon. Run before a window sets names of its own, which it keeps. */
void
ttt_accessible_hide_type_names (GtkWidget *root)
{
  g_return_if_fail (GTK_IS_WIDGET (root));

  switch (gtk_accessible_get_accessible_role (GTK_ACCESSIBLE (root)))
    {
    case GTK_ACCESSIBLE_ROLE_IMG:
    case GTK_ACCESSIBLE_ROLE_LIST:
    case GTK_ACCESSIBLE_ROLE_MENU:
      gtk_accessible_update_property (GTK_ACCESSIBLE (root),
                                      GTK_ACCESSIBLE_PROPERTY_LABEL, "",
                                      -1);
      break;
    default:
      break;
    }
  if (GTK_IS_STACK (root))
    hide_stack_pages (GTK_STACK (root));

  /* GTK 4.8 labels a button that shows only an icon by its image, which
   * is "GtkImage" ("GtkImage New Game push button"); it is named by its
   * tooltip instead, as ours are in their templates. */
  if (GTK_IS_BUTTON (root) && gtk_button_get_label (GTK_BUTTON (root)) == NULL &&
      gtk_button_get_icon_name (GTK_BUTTON (root)) != NULL)
    {
      gtk_accessible_reset_relation (GTK_ACCESSIBLE (root), GTK_ACCESSIBLE_RELATION_LABELLED_BY);
      if (gtk_widget_get_tooltip_text (root) != NULL)
        {
          /* The tooltip is its name: as its description too (GTK makes
           * one of it), Orca would say it again as the focus arrives. */
          gtk_accessible_update_property (GTK_ACCESSIBLE (root),
                                          GTK_ACCESSIBLE_PROPERTY_LABEL, gtk_widget_get_tooltip_text (root),
                                          -1);
          gtk_accessible_reset_property (GTK_ACCESSIBLE (root), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION);
          g_object_set_data (G_OBJECT (root), "ttt-named-by-tooltip", GINT_TO_POINTER (TRUE));
        }
    }

  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    ttt_accessible_hide_type_names (child);
}

/* Takes every widget of @type under @root out of what a screen reader
 * sees: for parts of stock widgets that are never shown but that GTK 4.8
 * still presents. */
void
ttt_accessible_hide_all (GtkWidget *root,
                         GType      type)
{
  g_return_if_fail (GTK_IS_WIDGET (root));

  if (G_TYPE_CHECK_INSTANCE_TYPE (root, type))
    {
      gtk_accessible_update_state (GTK_ACCESSIBLE (root), GTK_ACCESSIBLE_STATE_HIDDEN, TRUE, -1);
      return;
    }

  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    ttt_accessible_hide_all (child, type);
}

static gboolean
query_tooltip_cb (GtkWidget  *widget,
                  int         x,
                  int         y,
                  gboolean    keyboard_mode,
                  GtkTooltip *tooltip,
                  gpointer    user_data)
{
  if (!keyboard_mode)
    return FALSE;

  g_signal_stop_emission_by_name (widget, "query-tooltip");
  return FALSE;
}

/* GTK shows a widget's tooltip as the keyboard focus lands on it, and a
 * screen reader reads it then, after the name and the description GTK
 * made of the same text: heard twice. Under @root, tooltips show for the
 * pointer only; the description still says them. */
void
ttt_accessible_quiet_tooltips (GtkWidget *root)
{
  g_return_if_fail (GTK_IS_WIDGET (root));

  if (gtk_widget_get_tooltip_text (root) != NULL &&
      g_object_get_data (G_OBJECT (root), "ttt-quiet-tooltip") == NULL)
    {
      g_object_set_data (G_OBJECT (root), "ttt-quiet-tooltip", GINT_TO_POINTER (TRUE));
      g_signal_connect (root, "query-tooltip", G_CALLBACK (query_tooltip_cb), NULL);
    }

  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    ttt_accessible_quiet_tooltips (child);
}

/* "Left Page_Up", "1...9", "KP_7 KP_8 KP_9" as a screen reader says
 * them: each key's own label, as GTK shows it. */
static char *
describe_accelerator (const char *accelerator)
{
  g_auto(GStrv) keys = g_strsplit (accelerator, " ", -1);
  g_autoptr(GString) said = g_string_new (NULL);

  for (guint i = 0; keys[i] != NULL; i++)
    {
      g_auto(GStrv) range = g_strsplit (keys[i], "...", 2);

      for (guint k = 0; range[k] != NULL; k++)
        {
          guint keyval = 0;
          GdkModifierType mods = 0;
          g_autofree char *label = NULL;

          if (*range[k] == '\0')
            continue;
          if (gtk_accelerator_parse (range[k], &keyval, &mods))
            label = gtk_accelerator_get_label (keyval, mods);
          else
            label = g_strdup (range[k]);

          if (said->len > 0)
            /* Translators: between two keys of a range, as in "1 to 9". */
            g_string_append (said, k > 0 ? C_("keys", " to ")
                                         /* Translators: between the keys that do the same thing. */
                                         : C_("keys", ", "));
          g_string_append (said, label);
        }
    }

  return g_string_free (g_steal_pointer (&said), FALSE);
}

static GtkWidget *
find_first (GtkWidget *widget,
            GType      type)
{
  if (G_TYPE_CHECK_INSTANCE_TYPE (widget, type))
    return widget;

  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_first (child, type);

      if (found != NULL)
        return found;
    }

  return NULL;
}

static void
name_shortcuts (GtkWidget  *widget,
                GtkWidget **first)
{
  GtkWidget *keys = ADW_IS_ACTION_ROW (widget) ? find_first (widget, GTK_TYPE_SHORTCUT_LABEL) : NULL;

  if (keys != NULL)
    {
      const char *accelerator = gtk_shortcut_label_get_accelerator (GTK_SHORTCUT_LABEL (keys));
      const char *title = adw_preferences_row_get_title (ADW_PREFERENCES_ROW (widget));
      const char *subtitle = adw_action_row_get_subtitle (ADW_ACTION_ROW (widget));
      GtkWidget *grid = gtk_widget_get_ancestor (keys, GTK_TYPE_GRID);
      g_autofree char *range = NULL;
      g_autofree char *said = NULL;

      /* Keys drawn as a picture, one keycap each (the keypad), are said
       * as a range from the first to the last. */
      if (grid != NULL && gtk_widget_is_ancestor (grid, widget))
        {
          GtkWidget *last = gtk_widget_get_last_child (grid);

          if (GTK_IS_SHORTCUT_LABEL (last) && last != keys)
            {
              range = g_strconcat (accelerator, "...",
                                   gtk_shortcut_label_get_accelerator (GTK_SHORTCUT_LABEL (last)),
                                   NULL);
              accelerator = range;
            }
        }
      said = describe_accelerator (accelerator != NULL ? accelerator : "");
      /* Translators: a line of the keyboard shortcuts as a screen reader
       * says it: what the keys do, then the keys, as in "New game: Ctrl+N". */
      g_autofree char *name = g_strdup_printf (C_("shortcut", "%1$s: %2$s"), title != NULL ? title : "", said);

      /* GTK would name it by its title label alone: the keys, drawn as
       * keycaps, are no text it reads. */
      gtk_accessible_reset_relation (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_RELATION_LABELLED_BY);
      gtk_accessible_reset_relation (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_RELATION_DESCRIBED_BY);
      gtk_accessible_update_property (GTK_ACCESSIBLE (widget),
                                      GTK_ACCESSIBLE_PROPERTY_LABEL, name,
                                      -1);
      if (subtitle != NULL && *subtitle != '\0')
        gtk_accessible_update_property (GTK_ACCESSIBLE (widget),
                                        GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, subtitle,
                                        -1);
      ttt_compat_settle_accessible (widget);
      /* Its parts say nothing more. */
      gtk_accessible_update_state (GTK_ACCESSIBLE (gtk_list_box_row_get_child (GTK_LIST_BOX_ROW (widget))),
                                   GTK_ACCESSIBLE_STATE_HIDDEN, TRUE,
                                   -1);

      if (*first == NULL && gtk_widget_get_mapped (widget))
        *first = widget;
      return;
    }

  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    name_shortcuts (child, first);
}

/* The window has become active: the focus is given again, after the
 * window's activation has been told.
 *
 * The focus was set as the window showed, before it was active, so GTK
 * tells a screen reader of the focused line and of the window's activation
 * together as the window becomes active, in an order Orca does not always
 * keep: when it handles the activation last, it says "Keyboard Shortcuts
 * frame" and then nothing, and the first line is never heard. Given again
 * now, the focus comes after the activation for certain. A reader that had
 * already presented the line does not present it again (it is already
 * where the reader's focus is). */
static gboolean
refocus_cb (gpointer data)
{
  GtkWindow *window = data;
  GtkWidget *focus = gtk_window_get_focus (window);

  if (focus != NULL && gtk_window_is_active (window))
    {
      g_object_ref (focus);
      gtk_window_set_focus (window, NULL);
      gtk_widget_grab_focus (focus);
      g_object_unref (focus);
    }

  return G_SOURCE_REMOVE;
}

static void
shortcuts_active_cb (GtkWindow  *window,
                     GParamSpec *pspec,
                     gpointer    user_data)
{
  if (!gtk_window_is_active (window))
    return;

  g_signal_handlers_disconnect_by_func (window, shortcuts_active_cb, user_data);
  g_idle_add_full (G_PRIORITY_LOW, refocus_cb, g_object_ref (window), g_object_unref);
}

/* A dialog's rows, named again as it shows: libadwaita's rows set their
 * own names as they are made ready. */
static void
shortcuts_dialog_mapped_cb (GtkWidget *dialog)
{
  GtkWidget *first = NULL;

  name_shortcuts (dialog, &first);
  ttt_accessible_hide_type_names (dialog);
}

static void
shortcuts_mapped_cb (GtkWidget *window)
{
  GtkWidget *first = NULL;

  name_shortcuts (window, &first);
  ttt_accessible_hide_type_names (window);
  if (first == NULL)
    return;

  gtk_widget_grab_focus (first);
  if (gtk_window_is_active (GTK_WINDOW (window)))
    shortcuts_active_cb (GTK_WINDOW (window), NULL, NULL);
  else
    g_signal_connect (window, "notify::is-active", G_CALLBACK (shortcuts_active_cb), NULL);
}

/* In a window (or dialog) of shortcuts, each a row that shows its keys
 * in a GtkShortcutLabel, each row is named by what it does and its keys,
 * and the focus starts on the first. A window makes the names as it
 * shows, once its keys are set; a dialog, which is activated with the
 * window it is drawn in and chooses its focus as it is presented, at
 * once: its keys are set before this is called. */
void
ttt_accessible_speak_shortcuts (GtkWidget *window)
{
  GtkWidget *first = NULL;

  g_return_if_fail (GTK_IS_WIDGET (window));

  if (GTK_IS_WINDOW (window))
    {
      g_signal_connect_after (window, "map", G_CALLBACK (shortcuts_mapped_cb), NULL);
      return;
    }

  name_shortcuts (window, &first);
  if (first != NULL)
    ttt_compat_dialog_focus_on_show (window, first);
  g_signal_connect_after (window, "map", G_CALLBACK (shortcuts_dialog_mapped_cb), NULL);
}

static void
describe_menu_items (GtkWidget *widget)
{
  GParamSpec *accel = g_object_class_find_property (G_OBJECT_GET_CLASS (widget), "accel");

  if (accel != NULL && G_PARAM_SPEC_VALUE_TYPE (accel) == G_TYPE_STRING &&
      gtk_accessible_get_accessible_role (GTK_ACCESSIBLE (widget)) != GTK_ACCESSIBLE_ROLE_GENERIC)
    {
      g_autofree char *keys = NULL;
      guint keyval = 0;
      GdkModifierType mods = 0;

      g_autofree char *text = NULL;

      g_object_get (widget, "accel", &keys, "text", &text, NULL);
      if (keys != NULL && text != NULL && gtk_accelerator_parse (keys, &keyval, &mods))
        {
          g_autofree char *label = gtk_accelerator_get_label (keyval, mods);
          g_autofree char *name = NULL;
          char *out = text;

          /* The item's text without its mnemonic's underscore. */
          for (const char *in = text; *in != '\0'; in++)
            if (*in != '_' || in[1] == '_')
              *out++ = *in;
            else if (in[1] == '_')
              in++;
          *out = '\0';

          /* In the name, not a description, which GTK 4.8 sends again as
           * the focus reaches the item and Orca then says twice. */
          name = g_strdup_printf (C_("shortcut", "%1$s: %2$s"), text, label);
          /* Orca names a menu item by its label widget first. */
          gtk_accessible_reset_relation (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_RELATION_LABELLED_BY);
          gtk_accessible_update_property (GTK_ACCESSIBLE (widget),
                                          GTK_ACCESSIBLE_PROPERTY_LABEL, name,
                                          -1);
        }
    }

  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    describe_menu_items (child);
}

static void
menu_mapped_cb (GtkWidget *popover)
{
  describe_menu_items (popover);
}

/* GTK 4.8's menu items show their shortcuts, but a screen reader is not
 * told them: each item is described by its keys ("Ctrl+I") as the menu
 * opens, once its items know them. */
void
ttt_accessible_menu_shortcuts (GtkPopover *popover)
{
  g_return_if_fail (GTK_IS_POPOVER (popover));

  g_signal_connect_after (popover, "map", G_CALLBACK (menu_mapped_cb), NULL);
}

/* The window is active: its focus may go in now, to the first control. */
static gboolean
give_held_focus_cb (gpointer data)
{
  GtkWindow *window = data;

  gtk_widget_set_can_focus (GTK_WIDGET (window), TRUE);
  if (gtk_widget_get_mapped (GTK_WIDGET (window)) && gtk_window_get_focus (window) == NULL)
    gtk_widget_child_focus (GTK_WIDGET (window), GTK_DIR_TAB_FORWARD);

  return G_SOURCE_REMOVE;
}

static void
held_focus_active_cb (GtkWindow  *window,
                      GParamSpec *pspec,
                      gpointer    user_data)
{
  if (!gtk_window_is_active (window))
    return;

  g_signal_handlers_disconnect_by_func (window, held_focus_active_cb, user_data);
  g_idle_add_full (G_PRIORITY_LOW, give_held_focus_cb, g_object_ref (window), g_object_unref);
}

/**
 * ttt_accessible_focus_once_active:
 * @window: a window about to be shown
 *
 * Keeps the focus out of @window until it is the active window. GTK 4.8
 * tells a screen reader of the window's activation and of its focus
 * together, in an order Orca 43 does not always keep: handling the focus
 * first, it says the window's title alone and skips the window's own
 * description (seen with About: "About", then the focused button, and
 * never its name and version). With no focus at activation the window is
 * presented whole, then the focus after it.
 *
 * A focus taken back as the window maps came too late on a busy machine:
 * GTK had already told of it, and Orca, reading its events late, still
 * followed it. So none is given at all until then.
 */
void
ttt_accessible_focus_once_active (GtkWindow *window)
{
  g_return_if_fail (GTK_IS_WINDOW (window));

  gtk_widget_set_can_focus (GTK_WIDGET (window), FALSE);
  if (gtk_window_is_active (window))
    held_focus_active_cb (window, NULL, NULL);
  else
    g_signal_connect (window, "notify::is-active", G_CALLBACK (held_focus_active_cb), NULL);
}
