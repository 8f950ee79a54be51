/* ttt-player-badge.c — one side of the game: its mark, name and score
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The window sets what a badge shows; the badge only draws it, and tells a
 * screen reader the same in one sentence.
 */

#include "config.h"

#include <glib/gi18n.h>

#include "ttt-names.h"
#include "ttt-mark-paint.h"
#include "ttt-player-badge.h"

struct _TttPlayerBadge
{
  GtkWidget       parent_instance;

  TttMark         mark;
  char           *name;
  guint           score;
  gboolean        active;

  GtkDrawingArea *mark_area;
  GtkLabel       *score_label;
  GtkLabel       *name_label;
};

G_DEFINE_FINAL_TYPE (TttPlayerBadge, ttt_player_badge, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_MARK,
  PROP_NAME,
  PROP_SCORE,
  PROP_ACTIVE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
draw_mark (GtkDrawingArea *area,
           cairo_t        *cr,
           int             width,
           int             height,
           gpointer        user_data)
{
  TttPlayerBadge *self = user_data;
  double size = MIN (width, height);
  GdkRGBA color = ttt_mark_paint_color (GTK_WIDGET (area));

  gdk_cairo_set_source_rgba (cr, &color);
  cairo_set_line_width (cr, size * 0.16);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  ttt_mark_paint_stroke (cr, self->mark, width / 2.0, height / 2.0, size * 0.36, 1.0);
}

static void
update_accessible (TttPlayerBadge *self)
{
  g_autofree char *label = NULL;
  const char *mark = ttt_names_mark (self->mark);

  /* Between two people the name is the mark again: say it once. */
  if (self->name == NULL || *self->name == '\0' || g_str_equal (self->name, mark))
    {
      if (self->active)
        /* Translators: a player badge read by a screen reader when the
         * player has no other name than the mark (two people at one
         * screen): the mark and the games won; e.g. "X, 2 wins, to move". */
        label = g_strdup_printf (ngettext ("%s, %u win, to move", "%s, %u wins, to move", self->score),
                                 mark, self->score);
      else
        /* Translators: as above, for the side that is not to move. */
        label = g_strdup_printf (ngettext ("%s, %u win", "%s, %u wins", self->score),
                                 mark, self->score);
    }
  else if (self->active)
    /* Translators: a player badge read by a screen reader: the mark, the
     * player's name ("You" or "Computer"), and the games won; e.g.
     * "X, You, 2 wins, to move". */
    label = g_strdup_printf (ngettext ("%s, %s, %u win, to move", "%s, %s, %u wins, to move", self->score),
                             mark, self->name, self->score);
  else
    /* Translators: as above, for the side that is not to move. */
    label = g_strdup_printf (ngettext ("%s, %s, %u win", "%s, %s, %u wins", self->score),
                             mark, self->name, self->score);

  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, label,
                                  -1);
}

static void
ttt_player_badge_get_property (GObject    *object,
                               guint       prop_id,
                               GValue     *value,
                               GParamSpec *pspec)
{
  TttPlayerBadge *self = TTT_PLAYER_BADGE (object);

  switch (prop_id)
    {
    case PROP_MARK:
      g_value_set_enum (value, self->mark);
      break;

    case PROP_NAME:
      g_value_set_string (value, self->name);
      break;

    case PROP_SCORE:
      g_value_set_uint (value, self->score);
      break;

    case PROP_ACTIVE:
      g_value_set_boolean (value, self->active);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ttt_player_badge_set_property (GObject      *object,
                               guint         prop_id,
                               const GValue *value,
                               GParamSpec   *pspec)
{
  TttPlayerBadge *self = TTT_PLAYER_BADGE (object);

  switch (prop_id)
    {
    case PROP_MARK:
      ttt_player_badge_set_mark (self, g_value_get_enum (value));
      break;

    case PROP_NAME:
      ttt_player_badge_set_name (self, g_value_get_string (value));
      break;

    case PROP_SCORE:
      ttt_player_badge_set_score (self, g_value_get_uint (value));
      break;

    case PROP_ACTIVE:
      ttt_player_badge_set_active (self, g_value_get_boolean (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ttt_player_badge_dispose (GObject *object)
{
  GtkWidget *child;

  gtk_widget_dispose_template (GTK_WIDGET (object), TTT_TYPE_PLAYER_BADGE);
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (object))) != NULL)
    gtk_widget_unparent (child);

  G_OBJECT_CLASS (ttt_player_badge_parent_class)->dispose (object);
}

static void
ttt_player_badge_finalize (GObject *object)
{
  TttPlayerBadge *self = TTT_PLAYER_BADGE (object);

  g_free (self->name);

  G_OBJECT_CLASS (ttt_player_badge_parent_class)->finalize (object);
}

static void
ttt_player_badge_class_init (TttPlayerBadgeClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->get_property = ttt_player_badge_get_property;
  object_class->set_property = ttt_player_badge_set_property;
  object_class->dispose = ttt_player_badge_dispose;
  object_class->finalize = ttt_player_badge_finalize;

  properties[PROP_MARK] =
    g_param_spec_enum ("mark", NULL, NULL,
                       TTT_TYPE_MARK, TTT_MARK_X,
                       (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  properties[PROP_NAME] =
    g_param_spec_string ("name", NULL, NULL,
                         NULL,
                         (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  properties[PROP_SCORE] =
    g_param_spec_uint ("score", NULL, NULL,
                       0, G_MAXUINT, 0,
                       (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  properties[PROP_ACTIVE] =
    g_param_spec_boolean ("active", NULL, NULL,
                          FALSE,
                          (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_BASE "/ttt-player-badge.ui");
  gtk_widget_class_bind_template_child (widget_class, TttPlayerBadge, mark_area);
  gtk_widget_class_bind_template_child (widget_class, TttPlayerBadge, score_label);
  gtk_widget_class_bind_template_child (widget_class, TttPlayerBadge, name_label);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "badge");
}

static void
ttt_player_badge_init (TttPlayerBadge *self)
{
  self->mark = TTT_MARK_X;

  gtk_widget_init_template (GTK_WIDGET (self));
  gtk_drawing_area_set_draw_func (self->mark_area, draw_mark, self, NULL);
  gtk_widget_add_css_class (GTK_WIDGET (self), "x");
  update_accessible (self);
}

TttMark
ttt_player_badge_get_mark (TttPlayerBadge *self)
{
  g_return_val_if_fail (TTT_IS_PLAYER_BADGE (self), TTT_MARK_NONE);

  return self->mark;
}

void
ttt_player_badge_set_mark (TttPlayerBadge *self,
                           TttMark         mark)
{
  g_return_if_fail (TTT_IS_PLAYER_BADGE (self));
  g_return_if_fail (mark == TTT_MARK_X || mark == TTT_MARK_O);

  if (self->mark == mark)
    return;

  self->mark = mark;
  gtk_widget_remove_css_class (GTK_WIDGET (self), mark == TTT_MARK_X ? "o" : "x");
  gtk_widget_add_css_class (GTK_WIDGET (self), mark == TTT_MARK_X ? "x" : "o");
  gtk_widget_queue_draw (GTK_WIDGET (self->mark_area));
  update_accessible (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MARK]);
}

const char *
ttt_player_badge_get_name (TttPlayerBadge *self)
{
  g_return_val_if_fail (TTT_IS_PLAYER_BADGE (self), NULL);

  return self->name;
}

void
ttt_player_badge_set_name (TttPlayerBadge *self,
                           const char     *name)
{
  g_return_if_fail (TTT_IS_PLAYER_BADGE (self));

  if (g_strcmp0 (self->name, name) == 0)
    return;

  g_free (self->name);
  self->name = g_strdup (name);
  gtk_label_set_label (self->name_label, name);
  update_accessible (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_NAME]);
}

guint
ttt_player_badge_get_score (TttPlayerBadge *self)
{
  g_return_val_if_fail (TTT_IS_PLAYER_BADGE (self), 0);

  return self->score;
}

void
ttt_player_badge_set_score (TttPlayerBadge *self,
                            guint           score)
{
  char text[16];

  g_return_if_fail (TTT_IS_PLAYER_BADGE (self));

  if (self->score == score)
    return;

  self->score = score;
  g_snprintf (text, sizeof text, "%u", score);
  gtk_label_set_label (self->score_label, text);
  update_accessible (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SCORE]);
}

gboolean
ttt_player_badge_get_active (TttPlayerBadge *self)
{
  g_return_val_if_fail (TTT_IS_PLAYER_BADGE (self), FALSE);

  return self->active;
}

/* The side to move is highlighted, and says so to a screen reader. */
void
ttt_player_badge_set_active (TttPlayerBadge *self,
                             gboolean        active)
{
  g_return_if_fail (TTT_IS_PLAYER_BADGE (self));

  active = !!active;
  if (self->active == active)
    return;

  self->active = active;
  if (active)
    gtk_widget_add_css_class (GTK_WIDGET (self), "active");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self), "active");
  update_accessible (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ACTIVE]);
}
