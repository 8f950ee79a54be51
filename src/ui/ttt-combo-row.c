/* ttt-combo-row.c — combo rows that show their value whole and say it
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The Preferences window and the New Game screen both offer levels and
 * first moves in AdwComboRows; libadwaita 1.2 needs the same help with
 * each, so it lives here once.
 */

#include "config.h"

#include <glib/gi18n.h>

#include "ttt-combo-row.h"
#include "ttt-compat.h"
#include "ttt-variants.h"

/* The value a combo row shows beside its title. libadwaita 1.2 ellipsizes
 * it before it wraps the subtitle, so that at 360 px a German row read
 * "Gegner … Comp…". Our values are a word or two: shown whole, they let
 * the subtitle wrap instead. */
static void
setup_value_cb (GtkSignalListItemFactory *factory,
                GtkListItem              *list_item)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (label), 1.0);
  gtk_widget_set_valign (label, GTK_ALIGN_CENTER);
  gtk_list_item_set_child (list_item, label);
}

static void
bind_value_cb (GtkSignalListItemFactory *factory,
               GtkListItem              *list_item)
{
  GtkStringObject *item = gtk_list_item_get_item (list_item);

  gtk_label_set_label (GTK_LABEL (gtk_list_item_get_child (list_item)),
                       gtk_string_object_get_string (item));
}

/* The open list has items of our own: the value, and a check mark on
 * the chosen one, which a screen reader does not see, so the chosen item
 * also says so in its name ("Medium, selected"). The name goes on the
 * list's own row widget, the one that takes the focus.
 *
 * They used to be libadwaita's items with our name added from signals
 * hooked onto its default factory. That holds only where the list makes
 * its items late: GTK 4.12 and later make them as soon as the model is
 * set, while the row is built, before any hook is in place, and setting
 * the same factory again as the list factory makes nothing anew
 * (libadwaita 1.10's open list had no names at all). A factory of our
 * own, set after the row is built, makes every item itself. */
static void
name_popup_item (AdwComboRow *row,
                 GParamSpec  *pspec,
                 GtkListItem *list_item)
{
  GtkStringObject *item = gtk_list_item_get_item (list_item);
  GtkWidget *box = gtk_list_item_get_child (list_item);
  g_autofree char *name = NULL;
  gboolean chosen;

  if (item == NULL || box == NULL)
    return;

  chosen = adw_combo_row_get_selected_item (row) == (gpointer) item;
  gtk_widget_set_opacity (gtk_widget_get_last_child (box), chosen ? 1.0 : 0.0);

  if (chosen)
    /* Translators: a screen reader says it of the chosen value in the
     * open list of a preferences row, as in "Medium, selected". */
    name = g_strdup_printf (C_("open list", "%s, selected"), gtk_string_object_get_string (item));
  else
    name = g_strdup (gtk_string_object_get_string (item));

  ttt_compat_list_item_set_name (list_item, name);
}

static void
setup_popup_item_cb (GtkSignalListItemFactory *factory,
                     GtkListItem              *list_item,
                     AdwComboRow              *row)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);
  GtkWidget *label = gtk_label_new (NULL);
  /* Seen, not read: the name says it. */
  GtkWidget *check = g_object_new (GTK_TYPE_IMAGE,
                                   "icon-name", "object-select-symbolic",
                                   "accessible-role", GTK_ACCESSIBLE_ROLE_PRESENTATION,
                                   NULL);

  gtk_label_set_xalign (GTK_LABEL (label), 0.0);
  gtk_widget_set_valign (label, GTK_ALIGN_CENTER);
  gtk_widget_set_hexpand (label, TRUE);
  gtk_box_append (GTK_BOX (box), label);
  gtk_box_append (GTK_BOX (box), check);
  gtk_list_item_set_child (list_item, box);
}

static void
bind_popup_item_cb (GtkSignalListItemFactory *factory,
                    GtkListItem              *list_item,
                    AdwComboRow              *row)
{
  GtkStringObject *item = gtk_list_item_get_item (list_item);
  GtkWidget *box = gtk_list_item_get_child (list_item);

  gtk_label_set_label (GTK_LABEL (gtk_widget_get_first_child (box)),
                       gtk_string_object_get_string (item));
  g_signal_connect (row, "notify::selected-item", G_CALLBACK (name_popup_item), list_item);
  name_popup_item (row, NULL, list_item);
}

static void
unbind_popup_item_cb (GtkSignalListItemFactory *factory,
                      GtkListItem              *list_item,
                      AdwComboRow              *row)
{
  g_signal_handlers_disconnect_by_func (row, name_popup_item, list_item);
}

static GtkWidget *
find_descendant (GtkWidget *widget,
                 GType      type)
{
  if (G_TYPE_CHECK_INSTANCE_TYPE (widget, type))
    return widget;

  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_descendant (child, type);

      if (found != NULL)
        return found;
    }

  return NULL;
}

/* libadwaita 1.2 opens the list with the focus on its first item,
 * whatever is chosen: a screen reader would start at "Easy" when the
 * level is Medium. The focus goes to the chosen item instead. */
static gboolean
focus_chosen_cb (gpointer data)
{
  AdwComboRow *row = data;
  GtkWidget *popover = find_descendant (GTK_WIDGET (row), GTK_TYPE_POPOVER);
  GtkWidget *list = popover != NULL ? find_descendant (popover, GTK_TYPE_LIST_VIEW) : NULL;
  guint selected = adw_combo_row_get_selected (row);
  guint i = 0;

  if (list == NULL || !gtk_widget_get_mapped (list) || selected == GTK_INVALID_LIST_POSITION)
    return G_SOURCE_REMOVE;

  for (GtkWidget *item = gtk_widget_get_first_child (list); item != NULL; item = gtk_widget_get_next_sibling (item))
    if (gtk_widget_get_focusable (item) && i++ == selected)
      {
        gtk_widget_grab_focus (item);
        break;
      }

  return G_SOURCE_REMOVE;
}

/* The list's items exist once it has been laid out, after it maps: the
 * focus moves then, before anything is drawn. */
static void
popup_mapped_cb (GtkWidget   *popover,
                 AdwComboRow *row)
{
  g_idle_add_full (G_PRIORITY_HIGH_IDLE + 20, focus_chosen_cb, g_object_ref (row), g_object_unref);
}

static void
follow_popup (AdwComboRow *row)
{
  GtkWidget *popover = find_descendant (GTK_WIDGET (row), GTK_TYPE_POPOVER);

  if (popover != NULL)
    g_signal_connect_after (popover, "map", G_CALLBACK (popup_mapped_cb), row);
}

/**
 * ttt_combo_row_show_value_whole:
 * @row: a combo row of string items
 *
 * Shows @row's value whole beside its title, and makes its open list say
 * which item is chosen and open on it, for a screen reader. Enter on the
 * row opens the list, in a window or dialog with a default button too.
 */
void
ttt_combo_row_show_value_whole (AdwComboRow *row)
{
  g_autoptr(GtkListItemFactory) value_factory = gtk_signal_list_item_factory_new ();
  g_autoptr(GtkListItemFactory) popup_factory = gtk_signal_list_item_factory_new ();

  g_return_if_fail (ADW_IS_COMBO_ROW (row));

  /* The row owns both factories, so the handlers need no reference. */
  g_signal_connect (popup_factory, "setup", G_CALLBACK (setup_popup_item_cb), row);
  g_signal_connect (popup_factory, "bind", G_CALLBACK (bind_popup_item_cb), row);
  g_signal_connect (popup_factory, "unbind", G_CALLBACK (unbind_popup_item_cb), row);
  adw_combo_row_set_list_factory (row, popup_factory);
  follow_popup (row);
  g_signal_connect (value_factory, "setup", G_CALLBACK (setup_value_cb), NULL);
  g_signal_connect (value_factory, "bind", G_CALLBACK (bind_value_cb), NULL);
  adw_combo_row_set_factory (row, value_factory);

  /* Enter on a focused widget that does not take it goes to the default
   * button: on the New Game screen, Enter on Difficulty pressed Start
   * with the level shown, before the person could change it. A row that
   * "receives the default" is activated instead, which opens its list. */
  gtk_widget_set_receives_default (GTK_WIDGET (row), TRUE);
}

void
ttt_combo_row_show_levels (AdwComboRow *row,
                           TttVariant   variant,
                           TttLevel     level)
{
  GListModel *model;
  const char *names[TTT_VARIANTS_MAX_LEVELS + 1] = { NULL };
  guint n, n_items;
  gboolean same;

  g_return_if_fail (ADW_IS_COMBO_ROW (row));
  g_return_if_fail (GTK_IS_STRING_LIST (adw_combo_row_get_model (row)));

  model = adw_combo_row_get_model (row);
  n = ttt_variants_get_n_levels (variant);
  n_items = g_list_model_get_n_items (model);
  same = n == n_items;
  for (guint i = 0; i < n; i++)
    {
      names[i] = ttt_variants_get_level_name (ttt_variants_get_level (variant, i));
      same = same && g_strcmp0 (gtk_string_list_get_string (GTK_STRING_LIST (model), i), names[i]) == 0;
    }

  if (!same)
    gtk_string_list_splice (GTK_STRING_LIST (model), 0, n_items, names);
  adw_combo_row_set_selected (row, (guint) ttt_variants_find_level (variant, ttt_variants_fit_level (variant, level)));
}

TttLevel
ttt_combo_row_get_level (AdwComboRow *row,
                         TttVariant   variant)
{
  guint selected;

  g_return_val_if_fail (ADW_IS_COMBO_ROW (row), ttt_variants_get (variant)->default_level);

  selected = adw_combo_row_get_selected (row);
  if (selected >= ttt_variants_get_n_levels (variant))
    return ttt_variants_get (variant)->default_level;

  return ttt_variants_get_level (variant, selected);
}
