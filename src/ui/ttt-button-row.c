/* ttt-button-row.c — a dialog's buttons, in a row while they fit
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The buttons of a page of the network window stand side by side at the
 * end of the line, as in GNOME's dialogs, as long as they fit at their
 * natural width. A narrower window (360 px, or German's longer labels)
 * stacks them one a line at its full width, as libadwaita's message
 * dialogs do, rather than cut a label or make the window wider. Hidden
 * children take no room; the order, and so the focus order, stays.
 */

#include "config.h"

#include "ttt-button-row.h"

#define SPACING 6

struct _TttButtonRow
{
  GtkWidget parent_instance;
};

G_DEFINE_FINAL_TYPE (TttButtonRow, ttt_button_row, GTK_TYPE_WIDGET)

/* The width the shown children need side by side. */
static int
row_width (TttButtonRow *self)
{
  int total = 0;
  int n = 0;

  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self)); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      int natural;

      if (!gtk_widget_should_layout (child))
        continue;
      gtk_widget_measure (child, GTK_ORIENTATION_HORIZONTAL, -1, NULL, &natural, NULL, NULL);
      total += natural;
      n++;
    }

  return n > 0 ? total + (n - 1) * SPACING : 0;
}

static gboolean
fits (TttButtonRow *self,
      int           width)
{
  return width < 0 || row_width (self) <= width;
}

static void
ttt_button_row_measure (GtkWidget      *widget,
                        GtkOrientation  orientation,
                        int             for_size,
                        int            *minimum,
                        int            *natural,
                        int            *minimum_baseline,
                        int            *natural_baseline)
{
  TttButtonRow *self = TTT_BUTTON_ROW (widget);
  gboolean in_row = orientation == GTK_ORIENTATION_HORIZONTAL || fits (self, for_size);
  int n = 0;

  *minimum = 0;
  *natural = 0;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      int child_minimum, child_natural;

      if (!gtk_widget_should_layout (child))
        continue;
      gtk_widget_measure (child, orientation, in_row ? -1 : for_size, &child_minimum, &child_natural, NULL, NULL);
      if (orientation == GTK_ORIENTATION_HORIZONTAL)
        {
          /* Stacked, the widest button is all it needs; in a row, all. */
          *minimum = MAX (*minimum, child_minimum);
          *natural += child_natural + (n > 0 ? SPACING : 0);
        }
      else if (in_row)
        {
          *minimum = MAX (*minimum, child_minimum);
          *natural = MAX (*natural, child_natural);
        }
      else
        {
          *minimum += child_minimum + (n > 0 ? SPACING : 0);
          *natural += child_natural + (n > 0 ? SPACING : 0);
        }
      n++;
    }
}

static void
ttt_button_row_size_allocate (GtkWidget *widget,
                              int        width,
                              int        height,
                              int        baseline)
{
  TttButtonRow *self = TTT_BUTTON_ROW (widget);
  gboolean rtl = gtk_widget_get_direction (widget) == GTK_TEXT_DIR_RTL;
  gboolean in_row = fits (self, width);
  /* In a row the buttons end at the end of the line. */
  int x = in_row ? width - row_width (self) : 0;
  int y = 0;

  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      int child_width, child_height;

      if (!gtk_widget_should_layout (child))
        continue;
      if (in_row)
        {
          gtk_widget_measure (child, GTK_ORIENTATION_HORIZONTAL, -1, NULL, &child_width, NULL, NULL);
          gtk_widget_size_allocate (child,
                                    &(GtkAllocation) { rtl ? width - x - child_width : x, 0, child_width, height },
                                    -1);
          x += child_width + SPACING;
        }
      else
        {
          gtk_widget_measure (child, GTK_ORIENTATION_VERTICAL, width, NULL, &child_height, NULL, NULL);
          gtk_widget_size_allocate (child, &(GtkAllocation) { 0, y, width, child_height }, -1);
          y += child_height + SPACING;
        }
    }
}

static GtkSizeRequestMode
ttt_button_row_get_request_mode (GtkWidget *widget)
{
  return GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH;
}

static void
ttt_button_row_dispose (GObject *object)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (object))) != NULL)
    gtk_widget_unparent (child);

  G_OBJECT_CLASS (ttt_button_row_parent_class)->dispose (object);
}

static void
ttt_button_row_class_init (TttButtonRowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = ttt_button_row_dispose;
  widget_class->measure = ttt_button_row_measure;
  widget_class->size_allocate = ttt_button_row_size_allocate;
  widget_class->get_request_mode = ttt_button_row_get_request_mode;
  gtk_widget_class_set_css_name (widget_class, "buttonrow");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
ttt_button_row_init (TttButtonRow *self)
{
}

GtkWidget *
ttt_button_row_new (void)
{
  return g_object_new (TTT_TYPE_BUTTON_ROW, NULL);
}

void
ttt_button_row_append (TttButtonRow *self,
                       GtkWidget    *child)
{
  g_return_if_fail (TTT_IS_BUTTON_ROW (self));
  g_return_if_fail (GTK_IS_WIDGET (child));

  gtk_widget_insert_before (child, GTK_WIDGET (self), NULL);
}
