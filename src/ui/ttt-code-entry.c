/* ttt-code-entry.c — typing a friend's code, completed as it is typed
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * GTK 4.8 has no entry completion that is not deprecated, so the
 * suggestions are a list box of the widget's own under the entry, in
 * the keyboard's order: Down from the entry goes into it, the list's own
 * arrows move in it, Enter takes a suggestion and puts the focus back
 * in the entry, with the cursor at the end, ready for the next word.
 * The entry says it completes from a list and which list it controls.
 */

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "ttt-code-entry.h"
#include "ttt-code-invite.h"
#include "ttt-code-widgets-private.h"
#include "ttt-wormhole-transport.h"
#include "ttt-wormhole-words.h"

/* More would not fit a small window; typing narrows them. */
#define MAX_SUGGESTIONS 6

struct _TttCodeEntry
{
  AdwBin      parent_instance;

  GtkWidget  *entry;
  GtkListBox *suggestions;
  GtkLabel   *error;
  GtkWidget  *join;

  char       *code;          /* normalized */
  gboolean    valid;
  GPtrArray  *shown;         /* the suggestions' codes */
};

G_DEFINE_FINAL_TYPE (TttCodeEntry, ttt_code_entry, ADW_TYPE_BIN)

enum {
  PROP_0,
  PROP_CODE,
  PROP_VALID,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum {
  JOIN,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

void
ttt_code_name_button (GtkWidget *button)
{
  const char *label = gtk_button_get_label (GTK_BUTTON (button));
  g_autoptr(GString) name = g_string_new (NULL);

  for (const char *p = label; p != NULL && *p != '\0'; p++)
    {
      /* "__" is an underscore; "_" alone marks the mnemonic. */
      if (*p == '_' && p[1] == '_')
        p++;
      else if (*p == '_')
        continue;
      g_string_append_c (name, *p);
    }
  gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL, name->str, -1);
}

char *
ttt_code_entry_normalize (const char *typed)
{
  g_autofree char *stripped = NULL;
  GString *code;
  gboolean space = FALSE;

  g_return_val_if_fail (typed != NULL, NULL);

  stripped = g_strstrip (g_utf8_strdown (typed, -1));
  code = g_string_new (NULL);
  for (const char *p = stripped; *p != '\0'; p++)
    {
      if (g_ascii_isspace (*p))
        {
          space = TRUE;
          continue;
        }
      if (space && *p != '-' && code->len > 0 && code->str[code->len - 1] != '-')
        g_string_append_c (code, '-');
      space = FALSE;
      g_string_append_c (code, *p);
    }
  return g_string_free (code, FALSE);
}

/* The suggestions for @code: NULL before the nameplate's hyphen, and
 * once the code has all its words. */
static char **
complete (const char *code)
{
  const char *hyphen = strchr (code, '-');
  g_auto(GStrv) words = NULL;
  g_autoptr(GStrvBuilder) builder = NULL;
  guint n_hyphens = 0;

  if (hyphen == NULL || hyphen == code || strspn (code, "0123456789") != (gsize) (hyphen - code))
    return NULL;
  for (const char *p = hyphen; *p != '\0'; p++)
    n_hyphens += *p == '-';
  if (n_hyphens > TTT_WORMHOLE_CODE_WORDS)
    return NULL;

  words = ttt_wormhole_words_complete (hyphen + 1, MAX_SUGGESTIONS + 1);
  builder = g_strv_builder_new ();
  for (guint i = 0; words[i] != NULL && i < MAX_SUGGESTIONS; i++)
    {
      g_autofree char *whole = g_strdup_printf ("%.*s-%s", (int) (hyphen - code), code, words[i]);

      /* What is typed already is no suggestion. */
      if (g_str_equal (whole, code))
        return NULL;
      g_strv_builder_add (builder, whole);
    }
  return g_strv_builder_end (builder);
}

static void
show_suggestions (TttCodeEntry *self)
{
  g_auto(GStrv) found = complete (self->code);
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->suggestions))) != NULL)
    gtk_list_box_remove (self->suggestions, child);
  g_ptr_array_set_size (self->shown, 0);

  for (guint i = 0; found != NULL && found[i] != NULL; i++)
    {
      GtkWidget *row = gtk_list_box_row_new ();
      GtkWidget *label = gtk_label_new (found[i]);
      g_autofree char *spoken = ttt_code_invite_spoken (found[i]);

      gtk_label_set_xalign (GTK_LABEL (label), 0);
      gtk_widget_set_margin_start (label, 12);
      gtk_widget_set_margin_end (label, 12);
      gtk_widget_set_margin_top (label, 6);
      gtk_widget_set_margin_bottom (label, 6);
      gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), label);
      gtk_accessible_update_property (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_PROPERTY_LABEL, spoken, -1);
      gtk_list_box_append (self->suggestions, row);
      g_ptr_array_add (self->shown, g_strdup (found[i]));
    }
  gtk_widget_set_visible (GTK_WIDGET (self->suggestions), self->shown->len > 0);
}

static void
changed_cb (TttCodeEntry *self)
{
  g_autofree char *code = ttt_code_entry_normalize (gtk_editable_get_text (GTK_EDITABLE (self->entry)));
  gboolean valid = ttt_wormhole_code_is_valid (code);

  ttt_code_entry_set_error (self, NULL);
  if (g_strcmp0 (code, self->code) != 0)
    {
      g_free (self->code);
      self->code = g_steal_pointer (&code);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CODE]);
    }
  show_suggestions (self);
  gtk_widget_set_sensitive (self->join, valid);
  if (valid != self->valid)
    {
      self->valid = valid;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_VALID]);
    }
}

static void
join_cb (TttCodeEntry *self)
{
  if (self->valid)
    g_signal_emit (self, signals[JOIN], 0, self->code);
}

static void
activate_cb (TttCodeEntry *self)
{
  join_cb (self);
}

static void
row_activated_cb (TttCodeEntry  *self,
                  GtkListBoxRow *row)
{
  int index = gtk_list_box_row_get_index (row);
  g_autofree char *text = NULL;
  guint n_hyphens = 0;

  if (index < 0 || (guint) index >= self->shown->len)
    return;
  text = g_strdup (g_ptr_array_index (self->shown, index));
  for (const char *p = text; *p != '\0'; p++)
    n_hyphens += *p == '-';
  /* A word short of the whole code: the hyphen for the next comes too. */
  if (n_hyphens < TTT_WORMHOLE_CODE_WORDS)
    {
      char *longer = g_strconcat (text, "-", NULL);

      g_free (text);
      text = longer;
    }
  gtk_editable_set_text (GTK_EDITABLE (self->entry), text);
  gtk_widget_grab_focus (self->entry);
  gtk_editable_set_position (GTK_EDITABLE (self->entry), -1);
}

/* Down in the entry: into the suggestions. */
static gboolean
down_cb (GtkWidget *widget,
         GVariant  *args,
         gpointer   user_data)
{
  TttCodeEntry *self = user_data;
  GtkListBoxRow *first;

  if (!gtk_widget_get_visible (GTK_WIDGET (self->suggestions)))
    return FALSE;
  first = gtk_list_box_get_row_at_index (self->suggestions, 0);
  if (first == NULL)
    return FALSE;
  gtk_list_box_select_row (self->suggestions, first);
  return gtk_widget_grab_focus (GTK_WIDGET (first));
}

static void
back_to_entry (TttCodeEntry *self)
{
  gtk_widget_grab_focus (self->entry);
  gtk_editable_set_position (GTK_EDITABLE (self->entry), -1);
}

/* Escape in the suggestions: back to the entry. */
static gboolean
escape_cb (GtkWidget *widget,
           GVariant  *args,
           gpointer   user_data)
{
  back_to_entry (user_data);
  return TRUE;
}

/* Up on the first suggestion: back to the entry; elsewhere the list's own. */
static gboolean
up_cb (GtkWidget *widget,
       GVariant  *args,
       gpointer   user_data)
{
  TttCodeEntry *self = user_data;
  GtkWidget *focus = gtk_root_get_focus (gtk_widget_get_root (GTK_WIDGET (self)));

  if (focus == NULL || focus != GTK_WIDGET (gtk_list_box_get_row_at_index (self->suggestions, 0)))
    return FALSE;
  back_to_entry (self);
  return TRUE;
}

static void
add_key (GtkWidget           *widget,
         guint                keyval,
         GtkShortcutFunc      callback,
         TttCodeEntry        *self)
{
  GtkEventController *controller = gtk_shortcut_controller_new ();

  gtk_event_controller_set_propagation_phase (controller, GTK_PHASE_CAPTURE);
  gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (controller),
                                        gtk_shortcut_new (gtk_keyval_trigger_new (keyval, 0),
                                                          gtk_callback_action_new (callback, self, NULL)));
  gtk_widget_add_controller (widget, controller);
}

GtkWidget *
ttt_code_entry_new (void)
{
  return g_object_new (TTT_TYPE_CODE_ENTRY, NULL);
}

const char *
ttt_code_entry_get_code (TttCodeEntry *self)
{
  g_return_val_if_fail (TTT_IS_CODE_ENTRY (self), NULL);

  return self->code;
}

void
ttt_code_entry_set_code (TttCodeEntry *self,
                         const char   *code)
{
  g_return_if_fail (TTT_IS_CODE_ENTRY (self));

  gtk_editable_set_text (GTK_EDITABLE (self->entry), code != NULL ? code : "");
  gtk_editable_set_position (GTK_EDITABLE (self->entry), -1);
}

gboolean
ttt_code_entry_get_valid (TttCodeEntry *self)
{
  g_return_val_if_fail (TTT_IS_CODE_ENTRY (self), FALSE);

  return self->valid;
}

void
ttt_code_entry_set_error (TttCodeEntry *self,
                          const char   *error)
{
  g_return_if_fail (TTT_IS_CODE_ENTRY (self));

  gtk_label_set_text (self->error, error != NULL ? error : "");
  gtk_widget_set_visible (GTK_WIDGET (self->error), error != NULL);
  if (error != NULL)
    gtk_accessible_update_property (GTK_ACCESSIBLE (self->entry),
                                    GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, error, -1);
  else
    gtk_accessible_reset_property (GTK_ACCESSIBLE (self->entry), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION);
}

char **
ttt_code_entry_get_suggestions (TttCodeEntry *self)
{
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();

  g_return_val_if_fail (TTT_IS_CODE_ENTRY (self), NULL);

  for (guint i = 0; i < self->shown->len; i++)
    g_strv_builder_add (builder, g_ptr_array_index (self->shown, i));
  return g_strv_builder_end (builder);
}

gboolean
ttt_code_entry_focus (TttCodeEntry *self)
{
  g_return_val_if_fail (TTT_IS_CODE_ENTRY (self), FALSE);

  return gtk_widget_grab_focus (self->entry);
}

/* GObject */

static void
ttt_code_entry_dispose (GObject *object)
{
  gtk_widget_dispose_template (GTK_WIDGET (object), TTT_TYPE_CODE_ENTRY);

  G_OBJECT_CLASS (ttt_code_entry_parent_class)->dispose (object);
}

static void
ttt_code_entry_finalize (GObject *object)
{
  TttCodeEntry *self = TTT_CODE_ENTRY (object);

  g_free (self->code);
  g_ptr_array_unref (self->shown);

  G_OBJECT_CLASS (ttt_code_entry_parent_class)->finalize (object);
}

static void
ttt_code_entry_get_property (GObject    *object,
                             guint       prop_id,
                             GValue     *value,
                             GParamSpec *pspec)
{
  TttCodeEntry *self = TTT_CODE_ENTRY (object);

  switch (prop_id)
    {
    case PROP_CODE:
      g_value_set_string (value, self->code);
      break;
    case PROP_VALID:
      g_value_set_boolean (value, self->valid);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ttt_code_entry_set_property (GObject      *object,
                             guint         prop_id,
                             const GValue *value,
                             GParamSpec   *pspec)
{
  switch (prop_id)
    {
    case PROP_CODE:
      ttt_code_entry_set_code (TTT_CODE_ENTRY (object), g_value_get_string (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ttt_code_entry_class_init (TttCodeEntryClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = ttt_code_entry_dispose;
  object_class->finalize = ttt_code_entry_finalize;
  object_class->get_property = ttt_code_entry_get_property;
  object_class->set_property = ttt_code_entry_set_property;

  properties[PROP_CODE] =
    g_param_spec_string ("code", NULL, NULL,
                         "",
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_VALID] =
    g_param_spec_boolean ("valid", NULL, NULL,
                          FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* Join pressed with a code that can be one: the code, normalized. */
  signals[JOIN] =
    g_signal_new ("join", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_BASE "/ttt-code-entry.ui");
  gtk_widget_class_bind_template_child (widget_class, TttCodeEntry, entry);
  gtk_widget_class_bind_template_child (widget_class, TttCodeEntry, suggestions);
  gtk_widget_class_bind_template_child (widget_class, TttCodeEntry, error);
  gtk_widget_class_bind_template_child (widget_class, TttCodeEntry, join);
  gtk_widget_class_bind_template_callback (widget_class, changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, activate_cb);
  gtk_widget_class_bind_template_callback (widget_class, row_activated_cb);
  gtk_widget_class_bind_template_callback (widget_class, join_cb);
}

static void
ttt_code_entry_init (TttCodeEntry *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->code = g_strdup ("");
  self->shown = g_ptr_array_new_with_free_func (g_free);
  ttt_code_name_button (self->join);

  add_key (self->entry, GDK_KEY_Down, down_cb, self);
  add_key (self->entry, GDK_KEY_KP_Down, down_cb, self);
  add_key (GTK_WIDGET (self->suggestions), GDK_KEY_Escape, escape_cb, self);
  add_key (GTK_WIDGET (self->suggestions), GDK_KEY_Up, up_cb, self);
  add_key (GTK_WIDGET (self->suggestions), GDK_KEY_KP_Up, up_cb, self);

  gtk_accessible_update_property (GTK_ACCESSIBLE (self->entry),
                                  GTK_ACCESSIBLE_PROPERTY_AUTOCOMPLETE, GTK_ACCESSIBLE_AUTOCOMPLETE_LIST,
                                  -1);
  gtk_accessible_update_relation (GTK_ACCESSIBLE (self->entry),
                                  GTK_ACCESSIBLE_RELATION_CONTROLS, self->suggestions, NULL,
                                  -1);
}
