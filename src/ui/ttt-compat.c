/* ttt-compat.c — what differs between the toolkits the game runs on
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The rest of the build pins GDK_VERSION_MAX_ALLOWED and
 * ADW_VERSION_MAX_ALLOWED to the oldest releases it supports, so that
 * nothing newer is called by accident. This file alone may call what the
 * toolkit it is built against has: each newer call sits behind a
 * GTK_CHECK_VERSION / ADW_CHECK_VERSION that picks it at build time.
 */

#include "config.h"

#undef GDK_VERSION_MAX_ALLOWED
#undef ADW_VERSION_MAX_ALLOWED

#include "ttt-compat.h"

/* Lists */

/**
 * ttt_compat_list_item_set_name:
 * @list_item: an item of a list view
 * @name: what a screen reader says of it
 *
 * Names the row of a list for a screen reader. GTK 4.12 and later name
 * the row widget from the item's accessible label at every bind, taking
 * off a name set on the widget itself, which GTK 4.8 keeps.
 */
void
ttt_compat_list_item_set_name (GtkListItem *list_item,
                               const char  *name)
{
#if GTK_CHECK_VERSION (4, 12, 0)
  gtk_list_item_set_accessible_label (list_item, name);
#else
  GtkWidget *child = gtk_list_item_get_child (list_item);
  GtkWidget *row = child != NULL ? gtk_widget_get_parent (child) : NULL;

  if (row != NULL)
    gtk_accessible_update_property (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_PROPERTY_LABEL, name, -1);
#endif
}
