/* ttt-code-invite.c — the host's code, large, to tell a friend
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The code is a label a person can select with the mouse as well as press
 * Copy, but not a Tab stop: focused, it showed a text cursor and said
 * nothing Copy does not. Copy takes the focus and is described by the
 * code, whose accessible name is the heading and the code as words,
 * since a screen reader would spell "7-guitarist-revenge" with its
 * hyphens or run it together. Nothing spins while the
 * friend has not come: the sentence under Copy says what happens next.
 */

#include "config.h"

#include <glib/gi18n.h>

#include "ttt-code-invite.h"
#include "ttt-code-widgets-private.h"

struct _TttCodeInvite
{
  AdwBin     parent_instance;

  GtkLabel  *heading;
  GtkLabel  *code;
  GtkWidget *copy;
  GtkLabel  *note;
  GtkWidget *cancel;

  char      *text;
};

G_DEFINE_FINAL_TYPE (TttCodeInvite, ttt_code_invite, ADW_TYPE_BIN)

enum {
  PROP_0,
  PROP_CODE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum {
  CANCELLED,
  COPIED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

char *
ttt_code_invite_spoken (const char *code)
{
  g_auto(GStrv) parts = NULL;

  g_return_val_if_fail (code != NULL, NULL);

  parts = g_strsplit (code, "-", -1);
  return g_strjoinv (", ", parts);
}

static void
update (TttCodeInvite *self)
{
  gboolean has_code = self->text != NULL && *self->text != '\0';

  gtk_widget_set_visible (GTK_WIDGET (self->heading), has_code);
  gtk_widget_set_visible (GTK_WIDGET (self->code), has_code);
  gtk_widget_set_sensitive (self->copy, has_code);
  gtk_widget_set_visible (self->copy, has_code);
  if (has_code)
    {
      g_autofree char *spoken = ttt_code_invite_spoken (self->text);
      /* Translators: what a screen reader says of the code; %s is the
       * code as words, "7, guitarist, revenge". */
      g_autofree char *name = g_strdup_printf (_("Tell your friend this code: %s"), spoken);

      gtk_label_set_text (self->code, self->text);
      gtk_accessible_update_property (GTK_ACCESSIBLE (self->code),
                                      GTK_ACCESSIBLE_PROPERTY_LABEL, name,
                                      -1);
      gtk_label_set_text (self->note,
                          _("When your friend types it in their game, yours begins. "
                            "The code works once."));
    }
  else
    {
      gtk_label_set_text (self->code, "");
      gtk_label_set_text (self->note, _("Getting a code from the mailbox server…"));
    }
}

static void
copy_cb (TttCodeInvite *self)
{
  if (self->text == NULL)
    return;
  gdk_clipboard_set_text (gtk_widget_get_clipboard (GTK_WIDGET (self)), self->text);
  g_signal_emit (self, signals[COPIED], 0);
}

static void
cancel_cb (TttCodeInvite *self)
{
  g_signal_emit (self, signals[CANCELLED], 0);
}

GtkWidget *
ttt_code_invite_new (void)
{
  return g_object_new (TTT_TYPE_CODE_INVITE, NULL);
}

void
ttt_code_invite_set_code (TttCodeInvite *self,
                          const char    *code)
{
  g_return_if_fail (TTT_IS_CODE_INVITE (self));

  if (g_strcmp0 (self->text, code) == 0)
    return;
  g_free (self->text);
  self->text = g_strdup (code);
  update (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CODE]);
}

const char *
ttt_code_invite_get_code (TttCodeInvite *self)
{
  g_return_val_if_fail (TTT_IS_CODE_INVITE (self), NULL);

  return self->text;
}

gboolean
ttt_code_invite_focus (TttCodeInvite *self)
{
  g_return_val_if_fail (TTT_IS_CODE_INVITE (self), FALSE);

  if (gtk_widget_get_visible (self->copy))
    return gtk_widget_grab_focus (self->copy);
  return gtk_widget_grab_focus (self->cancel);
}

/* GObject */

static void
ttt_code_invite_finalize (GObject *object)
{
  TttCodeInvite *self = TTT_CODE_INVITE (object);

  g_free (self->text);

  G_OBJECT_CLASS (ttt_code_invite_parent_class)->finalize (object);
}

static void
ttt_code_invite_dispose (GObject *object)
{
  gtk_widget_dispose_template (GTK_WIDGET (object), TTT_TYPE_CODE_INVITE);

  G_OBJECT_CLASS (ttt_code_invite_parent_class)->dispose (object);
}

static void
ttt_code_invite_get_property (GObject    *object,
                              guint       prop_id,
                              GValue     *value,
                              GParamSpec *pspec)
{
  TttCodeInvite *self = TTT_CODE_INVITE (object);

  switch (prop_id)
    {
    case PROP_CODE:
      g_value_set_string (value, self->text);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ttt_code_invite_set_property (GObject      *object,
                              guint         prop_id,
                              const GValue *value,
                              GParamSpec   *pspec)
{
  TttCodeInvite *self = TTT_CODE_INVITE (object);

  switch (prop_id)
    {
    case PROP_CODE:
      ttt_code_invite_set_code (self, g_value_get_string (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ttt_code_invite_class_init (TttCodeInviteClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->finalize = ttt_code_invite_finalize;
  object_class->dispose = ttt_code_invite_dispose;
  object_class->get_property = ttt_code_invite_get_property;
  object_class->set_property = ttt_code_invite_set_property;

  properties[PROP_CODE] =
    g_param_spec_string ("code", NULL, NULL,
                         NULL,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  signals[CANCELLED] =
    g_signal_new ("cancelled", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  /* The code went to the clipboard: a toast or an announcement may say so. */
  signals[COPIED] =
    g_signal_new ("copied", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_BASE "/ttt-code-invite.ui");
  gtk_widget_class_bind_template_child (widget_class, TttCodeInvite, heading);
  gtk_widget_class_bind_template_child (widget_class, TttCodeInvite, code);
  gtk_widget_class_bind_template_child (widget_class, TttCodeInvite, copy);
  gtk_widget_class_bind_template_child (widget_class, TttCodeInvite, note);
  gtk_widget_class_bind_template_child (widget_class, TttCodeInvite, cancel);
  gtk_widget_class_bind_template_callback (widget_class, copy_cb);
  gtk_widget_class_bind_template_callback (widget_class, cancel_cb);
}

gboolean
ttt_code_invite_says_code (TttCodeInvite *self,
                           GtkWidget     *widget)
{
  g_return_val_if_fail (TTT_IS_CODE_INVITE (self), FALSE);

  return widget != NULL && widget == self->copy && gtk_widget_get_visible (self->copy);
}

static void
ttt_code_invite_init (TttCodeInvite *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  ttt_code_name_button (self->copy);
  ttt_code_name_button (self->cancel);
  /* The heading is in the code's accessible name; said twice otherwise. */
  gtk_accessible_update_state (GTK_ACCESSIBLE (self->heading), GTK_ACCESSIBLE_STATE_HIDDEN, TRUE, -1);
  /* On Copy, a screen reader says what is copied. */
  gtk_accessible_update_relation (GTK_ACCESSIBLE (self->copy),
                                  GTK_ACCESSIBLE_RELATION_DESCRIBED_BY, self->code, NULL,
                                  -1);
  update (self);
}
