/* ttt-accessible.c — what GTK 4.8 does not say for a screen reader
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "ttt-accessible.h"

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
