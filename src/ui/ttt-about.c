/* ttt-about.c — the About window and its release notes
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>

#include "ttt-about.h"
#include "ttt-accessible.h"
#include "ttt-compat.h"

/* Release notes for the About window: the newest <release> of the
 * metainfo, which the resource carries, with each paragraph and list item
 * translated by the catalog that translates the metainfo itself. */
typedef struct
{
  GString *notes;
  GString *text;
  char    *version;
  int      depth;      /* inside the newest release's <description>: > 0 */
  gboolean done;
} ReleaseNotes;

static void
notes_start (GMarkupParseContext  *context,
             const char           *element,
             const char          **names,
             const char          **values,
             gpointer              user_data,
             GError              **error)
{
  ReleaseNotes *notes = user_data;

  if (notes->done)
    return;

  if (g_str_equal (element, "release") && notes->version == NULL)
    {
      for (guint i = 0; names[i] != NULL; i++)
        if (g_str_equal (names[i], "version"))
          notes->version = g_strdup (values[i]);
    }
  else if (g_str_equal (element, "description") && notes->version != NULL)
    notes->depth = 1;
  else if (notes->depth > 0)
    {
      notes->depth++;
      g_string_append_printf (notes->notes, "<%s>", element);
      g_string_truncate (notes->text, 0);
    }
}

static void
notes_end (GMarkupParseContext  *context,
           const char           *element,
           gpointer              user_data,
           GError              **error)
{
  ReleaseNotes *notes = user_data;

  if (notes->done || notes->depth == 0)
    return;

  if (--notes->depth == 0)
    {
      notes->done = TRUE;
      return;
    }

  if (g_str_equal (element, "p") || g_str_equal (element, "li"))
    {
      /* The message is the text with its white space collapsed, as the
       * metainfo's translations are extracted. */
      g_auto(GStrv) words = g_strsplit_set (g_strstrip (notes->text->str), " \n\t", -1);
      g_autofree char *joined = NULL;
      g_autofree char *escaped = NULL;
      g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
      g_auto(GStrv) kept = NULL;

      for (guint i = 0; words[i] != NULL; i++)
        if (*words[i] != '\0')
          g_strv_builder_add (builder, words[i]);
      kept = g_strv_builder_end (builder);
      joined = g_strjoinv (" ", kept);
      escaped = g_markup_escape_text (_(joined), -1);
      g_string_append (notes->notes, escaped);
    }
  g_string_append_printf (notes->notes, "</%s>", element);
}

static void
notes_text (GMarkupParseContext  *context,
            const char           *text,
            gsize                 length,
            gpointer              user_data,
            GError              **error)
{
  ReleaseNotes *notes = user_data;

  if (!notes->done && notes->depth > 1)
    g_string_append_len (notes->text, text, length);
}

static char *
read_release_notes (char **version)
{
  static const GMarkupParser parser = { notes_start, notes_end, notes_text, NULL, NULL };
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GMarkupParseContext) context = NULL;
  ReleaseNotes notes = { g_string_new (NULL), g_string_new (NULL), NULL, 0, FALSE };
  gsize size;
  const char *data;

  bytes = g_resources_lookup_data (RESOURCE_BASE "/metainfo.xml", G_RESOURCE_LOOKUP_FLAGS_NONE, NULL);
  if (bytes != NULL)
    {
      data = g_bytes_get_data (bytes, &size);
      context = g_markup_parse_context_new (&parser, G_MARKUP_DEFAULT_FLAGS, &notes, NULL);
      if (!g_markup_parse_context_parse (context, data, size, NULL))
        g_string_truncate (notes.notes, 0);
    }

  g_string_free (notes.text, TRUE);
  *version = notes.version;
  return g_string_free (notes.notes, FALSE);
}

/* Where the focus goes back to once About closes. Opened from the main
 * menu, the focus was on an item of a menu that has closed since: the
 * menu's button stands for it. */
static GtkWidget *
focus_to_return_to (GtkWindow *parent)
{
  GtkWidget *focus = parent != NULL ? gtk_root_get_focus (GTK_ROOT (parent)) : NULL;
  GtkWidget *popover = focus != NULL ? gtk_widget_get_ancestor (focus, GTK_TYPE_POPOVER) : NULL;

  if (popover != NULL)
    focus = gtk_widget_get_parent (popover);

  return focus;
}

static void
weak_ref_free (gpointer data)
{
  g_weak_ref_clear (data);
  g_free (data);
}

static void
weak_ref_notify (gpointer  data,
                 GClosure *closure)
{
  weak_ref_free (data);
}

/* A screen reader hears of the focus only as it changes: put back while
 * the window was inactive, it would be there unheard ("Tic-Tac-Toe
 * frame." and nothing more). So it is put back, or given again, once the
 * window is active. */
static void
parent_active_cb (GtkWindow  *parent,
                  GParamSpec *pspec,
                  GWeakRef   *return_to)
{
  g_autoptr(GtkWidget) focus = NULL;

  if (!gtk_window_is_active (parent))
    return;

  focus = g_weak_ref_get (return_to);
  g_signal_handlers_disconnect_by_func (parent, parent_active_cb, return_to);

  if (focus != NULL && gtk_widget_get_mapped (focus) &&
      gtk_widget_get_root (focus) == GTK_ROOT (parent))
    {
      gtk_window_set_focus (parent, NULL);
      gtk_widget_grab_focus (focus);
    }
}

static void
about_destroyed_cb (GtkWidget *about,
                    GWeakRef  *return_to)
{
  g_autoptr(GtkWidget) focus = g_weak_ref_get (return_to);
  GtkRoot *root = focus != NULL ? gtk_widget_get_root (focus) : NULL;
  GWeakRef *later;

  if (root == NULL || !GTK_IS_WINDOW (root))
    return;

  later = g_new0 (GWeakRef, 1);
  g_weak_ref_init (later, focus);
  g_signal_connect_data (root, "notify::is-active", G_CALLBACK (parent_active_cb), later,
                         weak_ref_notify, 0);
  parent_active_cb (GTK_WINDOW (root), NULL, later);
}

/* libadwaita 1.2's version, a button that copies it, shows it in a label
 * of its own, and GTK 4.8 names such a button by its class ("GtkButton
 * push button"). */
static void
name_version_button (GtkWidget *widget)
{
  if (GTK_IS_BUTTON (widget) && gtk_widget_has_css_class (widget, "app-version"))
    {
      /* Translators: the About window's version button, for a screen
       * reader; %s is a version such as 0.3.0. */
      g_autofree char *name = g_strdup_printf (_("Version %s"), PACKAGE_VERSION);

      gtk_accessible_update_property (GTK_ACCESSIBLE (widget),
                                      GTK_ACCESSIBLE_PROPERTY_LABEL, name,
                                      -1);
      return;
    }

  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    name_version_button (child);
}

/* The title of the page @widget is on: the window title of the header
 * bar before it or before one of its ancestors, as libadwaita 1.2's About
 * pages have it. NULL where there is none. */
static const char *
page_title (GtkWidget *widget)
{
  for (GtkWidget *up = widget; up != NULL; up = gtk_widget_get_parent (up))
    for (GtkWidget *before = gtk_widget_get_prev_sibling (up); before != NULL;
         before = gtk_widget_get_prev_sibling (before))
      if (GTK_IS_HEADER_BAR (before))
        {
          GtkWidget *title = gtk_header_bar_get_title_widget (GTK_HEADER_BAR (before));

          return ADW_IS_WINDOW_TITLE (title) ? adw_window_title_get_title (ADW_WINDOW_TITLE (title)) : NULL;
        }

  return NULL;
}

/* libadwaita 1.2 leaves the text of What's New unnamed, and GTK 4.8
 * names it by its class: a screen reader said "GtkTextView read only
 * text". It is named by its page's title, as later libadwaita does by a
 * relation to the page (where the header bar is libadwaita's own and no
 * title is found here, so nothing changes). */
static void
name_text_views (GtkWidget *widget)
{
  if (GTK_IS_TEXT_VIEW (widget))
    {
      const char *title = page_title (widget);

      if (title != NULL && *title != '\0')
        gtk_accessible_update_property (GTK_ACCESSIBLE (widget),
                                        GTK_ACCESSIBLE_PROPERTY_LABEL, title,
                                        -1);
      return;
    }

  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    name_text_views (child);
}

/**
 * ttt_about_present:
 * @parent: (nullable): the window it belongs to
 *
 * Shows About (a dialog on libadwaita 1.5 and later), with the newest
 * release's notes.
 */
void
ttt_about_present (GtkWindow *parent)
{
  /* Translators: the authors of the game, as the About window and the
   * software centre name them. */
  const char *team = _("The Tic-Tac-Toe developers");
  const char *developers[] = { team, NULL };
  g_autofree char *notes_version = NULL;
  g_autofree char *notes = read_release_notes (&notes_version);
  GtkWidget *about;

  about = ttt_compat_about_new ();
  g_object_set (about,
                "application-name", _("Tic-Tac-Toe"),
                "application-icon", APPLICATION_ID,
                "version", PACKAGE_VERSION,
                "developer-name", team,
                "developers", developers,
                /* Translators: the tagline, as the desktop file and the
                 * metainfo say it. */
                "comments", _("Line up three before your opponent"),
                "website", PACKAGE_WEBSITE,
                "issue-url", PACKAGE_WEBSITE "/issues",
                /* Translators: the About window's copyright line. */
                "copyright", _("© 2026 The Tic-Tac-Toe developers"),
                "license-type", GTK_LICENSE_GPL_3_0,
                /* Translators: your names, one per line. */
                "translator-credits", _("translator-credits"),
                "release-notes-version", notes_version,
                "release-notes", notes,
                NULL);

  {
    /* Translators: what a screen reader says as the About window opens:
     * the game's name, its version and who made it. */
    g_autofree char *said = g_strdup_printf (_("%1$s, version %2$s, by %3$s"),
                                             _("Tic-Tac-Toe"), PACKAGE_VERSION, team);

    /* libadwaita 1.2 names the window "About" and nothing more. */
    gtk_accessible_update_property (GTK_ACCESSIBLE (about),
                                    GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, said,
                                    -1);
    ttt_accessible_hide_type_names (about);
    name_version_button (about);
    name_text_views (about);

    /* A dialog gives the focus back itself as it closes; a window of
     * libadwaita 1.2 needs the help. */
    if (GTK_IS_WINDOW (about))
      {
        GWeakRef *return_to = g_new0 (GWeakRef, 1);

        ttt_accessible_focus_once_active (GTK_WINDOW (about));
        g_weak_ref_init (return_to, focus_to_return_to (parent));
        g_object_set_data_full (G_OBJECT (about), "ttt-return-focus", return_to, weak_ref_free);
        g_signal_connect (about, "destroy", G_CALLBACK (about_destroyed_cb), return_to);
      }
  }

  ttt_compat_dialog_present (about, parent != NULL ? GTK_WIDGET (parent) : NULL);
}

