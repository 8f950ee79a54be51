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

#include <glib/gi18n.h>

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

/**
 * ttt_compat_button_keep_label_whole:
 * @button: a button with a label
 *
 * Keeps the whole label of @button on show, however narrow its parent.
 * GTK 4.12 lets a button shrink below its label, ellipsized, and
 * libadwaita's toasts use that: at 360 px the Undo of a toast whose
 * title wraps came down to "…" (16 px in Japanese). The title wraps
 * instead, as it does with GTK 4.8's buttons, which never shrink.
 */
void
ttt_compat_button_keep_label_whole (GtkButton *button)
{
#if GTK_CHECK_VERSION (4, 12, 0)
  gtk_button_set_can_shrink (button, FALSE);
#else
  (void) button;
#endif
}

/* ------------------------------------------------------------------ */
/* Style, colours, announcements, links and the title               */
/* ------------------------------------------------------------------ */

/* GTK 4.20 evaluates media queries in a stylesheet, and libadwaita 1.6
 * names its colours as CSS variables: from both on, one stylesheet says
 * the light and the dark colours. Before that, a second one is laid on top
 * of the first while the style is dark, as AdwApplication does with a
 * style-dark.css at the resource base; the game does it by hand, under
 * another name, because libadwaita 1.9 and later warn at every start
 * when they find a style-dark.css. */
#if GTK_CHECK_VERSION (4, 20, 0) && ADW_CHECK_VERSION (1, 6, 0)
# define TTT_MODERN_STYLE 1
#else
# define TTT_MODERN_STYLE 0
#endif

#if TTT_MODERN_STYLE
static void
style_dark_cb (AdwStyleManager *manager,
               GParamSpec      *pspec,
               GtkCssProvider  *provider)
{
  /* A provider of our own does not follow the style by itself. */
  g_object_set (provider, "prefers-color-scheme",
                adw_style_manager_get_dark (manager) ? GTK_INTERFACE_COLOR_SCHEME_DARK
                                                     : GTK_INTERFACE_COLOR_SCHEME_LIGHT,
                NULL);
}
#else
static void
style_dark_cb (AdwStyleManager *manager,
               GParamSpec      *pspec,
               GtkCssProvider  *provider)
{
  /* The default manager has no display of its own: it follows the
   * default display's. */
  GdkDisplay *display = gdk_display_get_default ();

  if (adw_style_manager_get_dark (manager))
    /* Above the light one, so that its colours win. */
    gtk_style_context_add_provider_for_display (display, GTK_STYLE_PROVIDER (provider),
                                                GTK_STYLE_PROVIDER_PRIORITY_APPLICATION + 1);
  else
    gtk_style_context_remove_provider_for_display (display, GTK_STYLE_PROVIDER (provider));
}
#endif

/**
 * ttt_compat_load_styles:
 *
 * Gives the default display the game's stylesheets, following the light
 * and dark style from now on. Call it once, at startup, after libadwaita
 * is set up.
 */
void
ttt_compat_load_styles (void)
{
  static gboolean loaded;
  AdwStyleManager *manager = adw_style_manager_get_default ();
  GdkDisplay *display = gdk_display_get_default ();
  GtkCssProvider *main_style;
  GtkCssProvider *dark_style;

  if (loaded || display == NULL)
    return;
  loaded = TRUE;

  /* Both live as long as the process, as the display does. */
  main_style = gtk_css_provider_new ();
#if TTT_MODERN_STYLE
  gtk_css_provider_load_from_resource (main_style, RESOURCE_BASE "/styles/modern.css");
  dark_style = main_style;
#else
  gtk_css_provider_load_from_resource (main_style, RESOURCE_BASE "/styles/legacy.css");
  dark_style = gtk_css_provider_new ();
  gtk_css_provider_load_from_resource (dark_style, RESOURCE_BASE "/styles/legacy-dark.css");
#endif
  gtk_style_context_add_provider_for_display (display, GTK_STYLE_PROVIDER (main_style),
                                              GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);

  g_signal_connect_object (manager, "notify::dark", G_CALLBACK (style_dark_cb), dark_style, 0);
  style_dark_cb (manager, NULL, dark_style);
}

/* GTK 4.14 has gtk_accessible_announce(), but only the AT-SPI context
 * (and, from 4.18, AccessKit's on other systems) implements it. Without
 * an accessibility bus GTK falls back to its test context, as it does
 * under GTK_A11Y=test, and up to 4.24 at least the call then jumps to a
 * NULL function. Which context a widget has is only known by its type:
 * the ones that can announce are named here, and anything else (a
 * context of a newer GTK, say) gets the description route, which every
 * context carries. */
static gboolean
can_announce (GtkAccessible *accessible)
{
#if GTK_CHECK_VERSION (4, 14, 0)
  g_autoptr(GtkATContext) context = gtk_accessible_get_at_context (accessible);
  const char *type;

  if (context == NULL)
    return FALSE;

  type = G_OBJECT_TYPE_NAME (context);
  return g_str_equal (type, "GtkAtSpiContext") || g_str_equal (type, "GtkAccessKitContext");
#else
  return FALSE;
#endif
}

/**
 * ttt_compat_announce:
 * @accessible: where the news is told: the focus, or the window
 * @text: the news
 *
 * Has a screen reader say @text through an announcement, where the stack
 * and the accessible context can make one.
 *
 * Returns: %TRUE if it was announced; %FALSE if the caller is to tell it
 *   another way (TttAnnouncer's description route)
 */
gboolean
ttt_compat_announce (GtkAccessible *accessible,
                     const char    *text)
{
  g_return_val_if_fail (GTK_IS_ACCESSIBLE (accessible), FALSE);
  g_return_val_if_fail (text != NULL, FALSE);

  if (!can_announce (accessible))
    return FALSE;

#if GTK_CHECK_VERSION (4, 14, 0)
  gtk_accessible_announce (accessible, text, GTK_ACCESSIBLE_ANNOUNCEMENT_PRIORITY_MEDIUM);
  return TRUE;
#else
  return FALSE;
#endif
}

#if !GTK_CHECK_VERSION (4, 10, 0)
#define SETTLE_CONTROLLER "ttt-compat-settle-controller"
#define SETTLED           "ttt-compat-settled"

static void
settle_enter_cb (GtkEventControllerFocus *controller)
{
  GtkWidget *widget = gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (controller));

  /* No property at all: only the changes kept are sent. */
  gtk_accessible_update_property (GTK_ACCESSIBLE (widget), (GtkAccessibleProperty) -1);
}

/* Out of the tree the context leaves the bus; back in, it is put on
 * again. */
static void
settle_unrealize_cb (GtkWidget *widget)
{
  g_object_set_data (G_OBJECT (widget), SETTLED, NULL);
}

/* GTK 4.8 puts a context on the bus when a screen reader asks for it
 * or when the widget's platform state changes: its focus, or whether
 * it can take the focus. The latter, changed and changed back, puts it
 * there now, with what it kept. Once per widget in the tree: each time
 * is two events on the bus. */
static void
put_on_bus (GtkWidget *widget)
{
  GtkRoot *root = gtk_widget_get_root (widget);
  gboolean focusable;

  if (root == NULL || gtk_root_get_focus (root) == widget ||
      g_object_get_data (G_OBJECT (widget), SETTLED) != NULL)
    return;

  focusable = gtk_widget_get_focusable (widget);
  gtk_widget_set_focusable (widget, !focusable);
  gtk_widget_set_focusable (widget, focusable);
  g_object_set_data (G_OBJECT (widget), SETTLED, GINT_TO_POINTER (TRUE));
}
#endif

/**
 * ttt_compat_settle_accessible:
 * @widget: a widget whose accessible description was just set
 *
 * GTK 4.8 keeps a change made while a widget's accessible context is not
 * yet on the bus and sends it with the next change after: the focus
 * arriving, which puts the context on the bus. A screen reader then
 * hears the description again a few milliseconds after the focus, as
 * news ("Move 6 of 6", the review's line twice). A widget in a window is
 * put on the bus at once, while it is not the focus, so that what it
 * kept is sent now and a screen reader leaves it unsaid; one that is not
 * in a window yet sends its kept change as the focus enters, before GTK
 * tells of the focus, which is in time where a screen reader has asked
 * for the context by then (a row of a list it has read). Newer GTKs send
 * nothing kept.
 */
void
ttt_compat_settle_accessible (GtkWidget *widget)
{
  g_return_if_fail (GTK_IS_WIDGET (widget));

#if !GTK_CHECK_VERSION (4, 10, 0)
  if (g_object_get_data (G_OBJECT (widget), SETTLE_CONTROLLER) == NULL)
    {
      GtkEventController *controller = gtk_event_controller_focus_new ();

      g_signal_connect (controller, "enter", G_CALLBACK (settle_enter_cb), NULL);
      gtk_widget_add_controller (widget, controller);
      g_object_set_data (G_OBJECT (widget), SETTLE_CONTROLLER, controller);
      g_signal_connect (widget, "unrealize", G_CALLBACK (settle_unrealize_cb), NULL);
    }
  put_on_bus (widget);
#endif
}

/* The launcher's answer, handed on as the task's. Nothing is printed:
 * the caller decides what a missing help viewer means (the game shows
 * its own rules instead), and a warning would be an abort under the
 * tests' G_DEBUG=fatal-warnings. */
#if GTK_CHECK_VERSION (4, 10, 0)
static void
launch_done_cb (GObject      *object,
                GAsyncResult *result,
                gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  GError *error = NULL;

  /* A chooser the person closed is their answer, not a failure. */
  if (gtk_uri_launcher_launch_finish (GTK_URI_LAUNCHER (object), result, &error) ||
      g_error_matches (error, GTK_DIALOG_ERROR, GTK_DIALOG_ERROR_DISMISSED))
    {
      g_clear_error (&error);
      g_task_return_boolean (task, TRUE);
    }
  else
    g_task_return_error (task, error);
}
#else
static void
launch_done_cb (GObject      *object,
                GAsyncResult *result,
                gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  GError *error = NULL;

  if (gtk_show_uri_full_finish (GTK_WINDOW (object), result, &error))
    g_task_return_boolean (task, TRUE);
  else
    g_task_return_error (task, error);
}
#endif

/**
 * ttt_compat_show_uri_async:
 * @parent: (nullable): the window asking
 * @uri: what to show
 * @cancellable: (nullable): a #GCancellable
 * @callback: called when the desktop has shown @uri or could not
 * @user_data: for @callback
 *
 * Hands @uri to the desktop (through the portal where there is one):
 * GtkUriLauncher from GTK 4.10, which deprecates gtk_show_uri_full().
 * Unlike gtk_show_uri(), neither shows a dialog of its own when nothing
 * can open @uri: the error comes back to ttt_compat_show_uri_finish().
 */
void
ttt_compat_show_uri_async (GtkWindow           *parent,
                           const char          *uri,
                           GCancellable        *cancellable,
                           GAsyncReadyCallback  callback,
                           gpointer             user_data)
{
  GTask *task;

  g_return_if_fail (parent == NULL || GTK_IS_WINDOW (parent));
  g_return_if_fail (uri != NULL);

  task = g_task_new (parent, cancellable, callback, user_data);
  g_task_set_source_tag (task, ttt_compat_show_uri_async);

#if GTK_CHECK_VERSION (4, 10, 0)
  {
    g_autoptr(GtkUriLauncher) launcher = gtk_uri_launcher_new (uri);

    gtk_uri_launcher_launch (launcher, parent, cancellable, launch_done_cb, task);
  }
#else
  gtk_show_uri_full (parent, uri, GDK_CURRENT_TIME, cancellable, launch_done_cb, task);
#endif
}

/**
 * ttt_compat_show_uri_finish:
 * @parent: (nullable): the window given to ttt_compat_show_uri_async()
 * @result: its result
 * @error: where an error goes: nothing could show the URI
 *
 * Returns: %TRUE if the desktop showed it, or offered a choice of
 *   applications the person closed
 */
gboolean
ttt_compat_show_uri_finish (GtkWindow     *parent,
                            GAsyncResult  *result,
                            GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, parent), FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}

/**
 * ttt_compat_widget_get_color:
 * @widget: a widget
 * @color: (out): its foreground colour, as its style says
 *
 * gtk_widget_get_color() from GTK 4.10, which deprecates reading it
 * through the style context.
 */
void
ttt_compat_widget_get_color (GtkWidget *widget,
                             GdkRGBA   *color)
{
  g_return_if_fail (GTK_IS_WIDGET (widget));
  g_return_if_fail (color != NULL);

#if GTK_CHECK_VERSION (4, 10, 0)
  gtk_widget_get_color (widget, color);
#else
  gtk_style_context_get_color (gtk_widget_get_style_context (widget), color);
#endif
}

#if GTK_CHECK_VERSION (4, 10, 0)
/* GTK 4.10 deprecates looking a named colour up, and libadwaita 1.6 and
 * GTK 4.16 turn named colours into CSS variables, which nothing reads
 * back. So a colour is read as the foreground of a hidden child of the
 * widget, styled with it by both stylesheets (.ttt-color-probe): it
 * follows the light and dark style as the widget does, and being hidden
 * it is neither drawn, measured nor seen by a screen reader. */
#define PROBES_KEY "ttt-compat-color-probes"

static void
unparent_probes_cb (GtkWidget *widget,
                    gpointer   user_data)
{
  GHashTable *probes = g_object_get_data (G_OBJECT (widget), PROBES_KEY);
  GHashTableIter iter;
  gpointer probe;

  if (probes == NULL)
    return;

  g_hash_table_iter_init (&iter, probes);
  while (g_hash_table_iter_next (&iter, NULL, &probe))
    gtk_widget_unparent (probe);
  g_object_set_data (G_OBJECT (widget), PROBES_KEY, NULL);
}

static GtkWidget *
color_probe (GtkWidget  *widget,
             const char *name)
{
  GHashTable *probes = g_object_get_data (G_OBJECT (widget), PROBES_KEY);
  GtkWidget *probe;

  if (probes == NULL)
    {
      probes = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
      g_object_set_data_full (G_OBJECT (widget), PROBES_KEY, probes,
                              (GDestroyNotify) g_hash_table_unref);
      /* A child left on a widget at finalization is a warning. */
      g_signal_connect (widget, "destroy", G_CALLBACK (unparent_probes_cb), NULL);
    }

  probe = g_hash_table_lookup (probes, name);
  if (probe == NULL)
    {
      probe = gtk_image_new ();
      gtk_widget_set_visible (probe, FALSE);
      gtk_widget_add_css_class (probe, "ttt-color-probe");
      gtk_widget_add_css_class (probe, name);
      gtk_widget_set_parent (probe, widget);
      g_hash_table_insert (probes, g_strdup (name), probe);
    }

  return probe;
}
#endif

/**
 * ttt_compat_lookup_color:
 * @widget: a widget the colour is for
 * @name: one of the named colours the stylesheets give a
 *   .ttt-color-probe class for: libadwaita's "window_fg_color",
 *   "window_bg_color", "success_color", "warning_color", "error_color",
 *   and the marks' "ttt_x_color" and "ttt_o_color"
 * @color: (out): the colour, in @widget's style now
 *
 * A named colour, for drawing code. @widget gets hidden children the
 * first time on GTK 4.10 and later: not a container whose children are
 * counted.
 */
void
ttt_compat_lookup_color (GtkWidget  *widget,
                         const char *name,
                         GdkRGBA    *color)
{
  g_return_if_fail (GTK_IS_WIDGET (widget));
  g_return_if_fail (name != NULL);
  g_return_if_fail (color != NULL);

#if GTK_CHECK_VERSION (4, 10, 0)
  gtk_widget_get_color (color_probe (widget, name), color);
#else
  if (!gtk_style_context_lookup_color (gtk_widget_get_style_context (widget), name, color))
    *color = (GdkRGBA) { 0.5, 0.5, 0.5, 1.0 };
#endif
}

/* ------------------------------------------------------------------ */
/* Media                                                              */
/* ------------------------------------------------------------------ */

/**
 * ttt_compat_prepare_media:
 *
 * GTK 4.14 and later find the display's dmabuf formats on first use, from
 * whichever thread asks, and GTK's GStreamer sink asks from GStreamer's
 * streaming thread when a sound starts. That runs GDK's Vulkan and GL
 * set-up off the main thread, beside the main thread's own; in trixie's
 * GTK 4.18 it set an error twice, and GLib's warning of that, fatal in a
 * test, ended a test program at its first sound (one run in ten). Asked
 * here, on the main thread, before any stream exists, the formats are
 * found once and the sink only reads them. Older GTKs have no dmabufs.
 */
void
ttt_compat_prepare_media (void)
{
#if GTK_CHECK_VERSION (4, 14, 0)
  GdkDisplay *display = gdk_display_get_default ();

  if (display != NULL)
    gdk_display_get_dmabuf_formats (display);
#endif
}

/* ------------------------------------------------------------------ */
/* Drawing                                                            */
/* ------------------------------------------------------------------ */

/**
 * ttt_compat_snapshot_whole:
 * @widget: a widget drawing itself
 * @snapshot: where it draws
 *
 * Has all of @widget repainted whenever it is drawn again, called first
 * in its snapshot. GTK repaints only what differs from the last frame,
 * and on GTK 4.24 text that changed left dots of the old text where
 * Noto CJK's glyphs reach past its bounds ("正在与“Ana”对局" after
 * "正在等待“Ana”确认代码…"; "第一步之前。" in a review); they went only
 * when the window was resized. An empty cairo node as large as @widget,
 * which GTK cannot compare with the last frame's, has it all repainted.
 * Only for small widgets whose text changes: a large one so drawn again
 * at every frame would cost its whole area each time.
 */
void
ttt_compat_snapshot_whole (GtkWidget   *widget,
                           GtkSnapshot *snapshot)
{
  graphene_rect_t bounds = GRAPHENE_RECT_INIT (0, 0, gtk_widget_get_width (widget), gtk_widget_get_height (widget));

  cairo_destroy (gtk_snapshot_append_cairo (snapshot, &bounds));
}

/* ------------------------------------------------------------------ */
/* Dialogs                                                            */
/* ------------------------------------------------------------------ */

/* libadwaita 1.5 made the secondary windows dialogs (AdwDialog): drawn
 * inside the window they belong to, a bottom sheet when it is narrow, and
 * 1.6 deprecated AdwPreferencesWindow and AdwAboutWindow. Where the
 * dialogs exist the game uses them; on libadwaita 1.2 the windows stay.
 * Callers hold either as a GtkWidget and go through the functions below
 * to show, close and look into them. */

/* Sets @resource_path as @widget_class's template, its parent @window
 * renamed @dialog where the class derives from the dialog. */
static void
set_template_of_parent (GtkWidgetClass *widget_class,
                        const char     *resource_path,
                        const char     *window,
                        const char     *dialog)
{
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *parent = g_strdup_printf ("parent=\"%s\"", window);

  bytes = g_resources_lookup_data (resource_path, G_RESOURCE_LOOKUP_FLAGS_NONE, &error);
  if (bytes == NULL)
    g_error ("The template %s is not in the resources: %s", resource_path, error->message);
  if (g_strstr_len (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes), parent) == NULL)
    g_error ("The template %s does not derive from %s", resource_path, window);

#if ADW_CHECK_VERSION (1, 5, 0)
  {
    GString *text = g_string_new_len (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes));
    g_autofree char *renamed = g_strdup_printf ("parent=\"%s\"", dialog);

    g_string_replace (text, parent, renamed, 1);
    g_bytes_unref (bytes);
    bytes = g_string_free_to_bytes (text);
  }
#endif

  gtk_widget_class_set_template (widget_class, bytes);
}

/**
 * ttt_compat_preferences_get_type:
 *
 * Returns: the type TttPreferencesWindow derives from.
 */
GType
ttt_compat_preferences_get_type (void)
{
#if ADW_CHECK_VERSION (1, 5, 0)
  return ADW_TYPE_PREFERENCES_DIALOG;
#else
  return ADW_TYPE_PREFERENCES_WINDOW;
#endif
}

/**
 * ttt_compat_preferences_set_template:
 * @widget_class: the class of a type derived from
 *   ttt_compat_preferences_get_type()
 * @resource_path: its template, written with parent="AdwPreferencesWindow"
 *
 * GtkBuilder insists that a template names its class's real parent. The
 * one template says AdwPreferencesWindow, and sets nothing only a window
 * has; where the parent is the dialog the name is changed as it loads.
 */
void
ttt_compat_preferences_set_template (GtkWidgetClass *widget_class,
                                     const char     *resource_path)
{
  set_template_of_parent (widget_class, resource_path,
                          "AdwPreferencesWindow", "AdwPreferencesDialog");
}

/**
 * ttt_compat_preferences_init:
 * @preferences: a new instance of a type derived from
 *   ttt_compat_preferences_get_type()
 *
 * Gives it the size and the bonds to its parent that only a window has
 * properties for: modal, 480 × 680 px, destroyed with its parent. A
 * dialog is all of that by nature, and asks only for its size.
 */
void
ttt_compat_preferences_init (GtkWidget *preferences)
{
#if ADW_CHECK_VERSION (1, 5, 0)
  adw_dialog_set_content_width (ADW_DIALOG (preferences), 480);
  adw_dialog_set_content_height (ADW_DIALOG (preferences), 680);
#else
  gtk_window_set_modal (GTK_WINDOW (preferences), TRUE);
  gtk_window_set_default_size (GTK_WINDOW (preferences), 480, 680);
  gtk_window_set_destroy_with_parent (GTK_WINDOW (preferences), TRUE);
#endif
}

/**
 * ttt_compat_about_new:
 *
 * Returns: (transfer floating): an About dialog, or window, not yet shown.
 *   Its properties have the same names on both.
 */
GtkWidget *
ttt_compat_about_new (void)
{
#if ADW_CHECK_VERSION (1, 5, 0)
  return GTK_WIDGET (adw_about_dialog_new ());
#else
  return g_object_new (ADW_TYPE_ABOUT_WINDOW, "modal", TRUE, NULL);
#endif
}

/**
 * ttt_compat_dialog_get_type:
 *
 * Returns: the type New Game, Statistics and the keyboard shortcuts
 *   derive from: AdwDialog, or AdwWindow on libadwaita 1.2.
 */
GType
ttt_compat_dialog_get_type (void)
{
#if ADW_CHECK_VERSION (1, 5, 0)
  return ADW_TYPE_DIALOG;
#else
  return ADW_TYPE_WINDOW;
#endif
}

/**
 * ttt_compat_dialog_set_template:
 * @widget_class: the class of a type derived from
 *   ttt_compat_dialog_get_type()
 * @resource_path: its template, written with parent="AdwWindow" and its
 *   content as a <child>, which both take
 *
 * As ttt_compat_preferences_set_template(), for the plain dialog.
 */
void
ttt_compat_dialog_set_template (GtkWidgetClass *widget_class,
                                const char     *resource_path)
{
  set_template_of_parent (widget_class, resource_path, "AdwWindow", "AdwDialog");
}

/**
 * ttt_compat_dialog_init:
 * @dialog: a new instance of a type derived from
 *   ttt_compat_dialog_get_type()
 * @width: the width it opens at
 * @height: the height it opens at
 *
 * Gives it its size and, as a window, what a dialog is by nature: modal,
 * destroyed with its parent, never narrower nor lower than the game's
 * window can be (360 px).
 */
void
ttt_compat_dialog_init (GtkWidget *dialog,
                        int        width,
                        int        height)
{
#if ADW_CHECK_VERSION (1, 5, 0)
  adw_dialog_set_content_width (ADW_DIALOG (dialog), width);
  adw_dialog_set_content_height (ADW_DIALOG (dialog), height);
#else
  gtk_window_set_modal (GTK_WINDOW (dialog), TRUE);
  gtk_window_set_default_size (GTK_WINDOW (dialog), width, height);
  gtk_window_set_destroy_with_parent (GTK_WINDOW (dialog), TRUE);
  gtk_widget_set_size_request (dialog, 360, 360);
#endif
}

/**
 * ttt_compat_dialog_set_default_widget:
 * @dialog: a dialog, or a window
 * @widget: (nullable): the button Enter presses
 */
void
ttt_compat_dialog_set_default_widget (GtkWidget *dialog,
                                      GtkWidget *widget)
{
#if ADW_CHECK_VERSION (1, 5, 0)
  if (ADW_IS_DIALOG (dialog))
    {
      adw_dialog_set_default_widget (ADW_DIALOG (dialog), widget);
      return;
    }
#endif
  gtk_window_set_default_widget (GTK_WINDOW (dialog), widget);
}

/**
 * ttt_compat_dialog_get_window:
 * @dialog: a dialog, or a window
 *
 * Returns: (transfer none) (nullable): the window @dialog is shown over:
 *   the one it is drawn in, or the one it is transient for.
 */
GtkWindow *
ttt_compat_dialog_get_window (GtkWidget *dialog)
{
#if ADW_CHECK_VERSION (1, 5, 0)
  if (ADW_IS_DIALOG (dialog))
    {
      GtkRoot *root = gtk_widget_get_root (dialog);

      return GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL;
    }
#endif
  return gtk_window_get_transient_for (GTK_WINDOW (dialog));
}

#if ADW_CHECK_VERSION (1, 5, 0)
static gboolean
is_dialog (GtkWidget *widget)
{
  return ADW_IS_DIALOG (widget);
}
#endif

#if ADW_CHECK_VERSION (1, 5, 0)
/* Set on a dialog once it has closed (or begun to: it is drawn going
 * away): closed again, libadwaita says it "is not presented". */
#define CLOSED_KEY "ttt-compat-closed"

static void
dialog_closed_cb (GtkWidget *dialog)
{
  g_object_set_data (G_OBJECT (dialog), CLOSED_KEY, GINT_TO_POINTER (TRUE));
}
#endif

/**
 * ttt_compat_dialog_present:
 * @dialog: a dialog, or a window
 * @parent: (nullable): a widget of the window it belongs to
 *
 * Shows @dialog over @parent's window.
 */
void
ttt_compat_dialog_present (GtkWidget *dialog,
                           GtkWidget *parent)
{
  GtkRoot *root = parent != NULL ? gtk_widget_get_root (parent) : NULL;

#if ADW_CHECK_VERSION (1, 5, 0)
  if (is_dialog (dialog))
    {
      g_object_set_data (G_OBJECT (dialog), CLOSED_KEY, NULL);
      if (g_signal_handler_find (dialog, G_SIGNAL_MATCH_FUNC, 0, 0, NULL, (gpointer) dialog_closed_cb, NULL) == 0)
        g_signal_connect (dialog, "closed", G_CALLBACK (dialog_closed_cb), NULL);
      adw_dialog_present (ADW_DIALOG (dialog), root != NULL ? GTK_WIDGET (root) : parent);
      return;
    }
#endif

  if (root != NULL && GTK_IS_WINDOW (root))
    {
      int width, height, parent_width;

      gtk_window_set_transient_for (GTK_WINDOW (dialog), GTK_WINDOW (root));
      /* A window beside a narrow one, on what may be a phone's 360 px
       * screen, opens no wider than it; never below the 360 px a dialog
       * needs. */
      gtk_window_get_default_size (GTK_WINDOW (dialog), &width, &height);
      parent_width = gtk_widget_get_width (GTK_WIDGET (root));
      if (parent_width > 0 && width > MAX (parent_width, 360))
        gtk_window_set_default_size (GTK_WINDOW (dialog), MAX (parent_width, 360), height);
    }
  gtk_window_present (GTK_WINDOW (dialog));
}

/**
 * ttt_compat_dialog_close:
 * @dialog: a dialog, or a window
 *
 * Closes @dialog as its close button would.
 */
void
ttt_compat_dialog_close (GtkWidget *dialog)
{
#if ADW_CHECK_VERSION (1, 5, 0)
  if (is_dialog (dialog))
    {
      /* Closed already, or never shown: nothing to do. */
      if (gtk_widget_get_parent (dialog) != NULL &&
          g_object_get_data (G_OBJECT (dialog), CLOSED_KEY) == NULL)
        adw_dialog_close (ADW_DIALOG (dialog));
      return;
    }
#endif
  gtk_window_close (GTK_WINDOW (dialog));
}

/**
 * ttt_compat_dialog_close_binding:
 * @dialog: a dialog, or a window
 * @args: (nullable): unused
 * @user_data: unused
 *
 * A key binding (a GtkShortcutFunc) that closes @dialog: Escape's. The
 * window's "window.close" action would, from a dialog drawn inside the
 * game's window, close the game.
 *
 * Returns: %TRUE, the key taken
 */
gboolean
ttt_compat_dialog_close_binding (GtkWidget *dialog,
                                 GVariant  *args,
                                 gpointer   user_data)
{
  ttt_compat_dialog_close (dialog);
  return TRUE;
}

/**
 * ttt_compat_dialog_destroy:
 * @dialog: a dialog, or a window
 *
 * Takes @dialog away at once, without asking it, shown or not.
 */
void
ttt_compat_dialog_destroy (GtkWidget *dialog)
{
#if ADW_CHECK_VERSION (1, 5, 0)
  if (is_dialog (dialog))
    {
      /* Never presented, it is only a floating reference. */
      if (gtk_widget_get_parent (dialog) == NULL)
        g_object_unref (g_object_ref_sink (dialog));
      else if (g_object_get_data (G_OBJECT (dialog), CLOSED_KEY) == NULL)
        adw_dialog_force_close (ADW_DIALOG (dialog));
      return;
    }
#endif
  gtk_window_destroy (GTK_WINDOW (dialog));
}

/**
 * ttt_compat_window_drop_dialogs:
 * @window: a window of the game's
 *
 * Takes away at once every dialog shown inside @window, so that closing
 * the window then closes it: from libadwaita 1.5, closing a window that
 * shows a dialog closes only the dialog. Before, dialogs are windows of
 * their own, closed with the others.
 */
void
ttt_compat_window_drop_dialogs (GtkWindow *window)
{
#if ADW_CHECK_VERSION (1, 5, 0)
  /* A dialog stops being the visible one as it begins to close; the
   * bound is for one that refuses all the same. */
  for (guint i = 0; i < 16; i++)
    {
      AdwDialog *dialog = NULL;

      if (ADW_IS_APPLICATION_WINDOW (window))
        dialog = adw_application_window_get_visible_dialog (ADW_APPLICATION_WINDOW (window));
      else if (ADW_IS_WINDOW (window))
        dialog = adw_window_get_visible_dialog (ADW_WINDOW (window));
      if (dialog == NULL)
        return;
      ttt_compat_dialog_destroy (GTK_WIDGET (dialog));
    }
#endif
}

/**
 * ttt_compat_dialog_get_child:
 * @dialog: a dialog, or a window
 *
 * Returns: (transfer none) (nullable): what it shows inside its frame.
 */
GtkWidget *
ttt_compat_dialog_get_child (GtkWidget *dialog)
{
#if ADW_CHECK_VERSION (1, 5, 0)
  if (is_dialog (dialog))
    return adw_dialog_get_child (ADW_DIALOG (dialog));
#endif
  if (ADW_IS_WINDOW (dialog))
    return adw_window_get_content (ADW_WINDOW (dialog));
  return gtk_window_get_child (GTK_WINDOW (dialog));
}

/**
 * ttt_compat_dialog_get_title:
 * @dialog: a dialog, or a window
 *
 * Returns: (transfer none) (nullable): its title.
 */
const char *
ttt_compat_dialog_get_title (GtkWidget *dialog)
{
#if ADW_CHECK_VERSION (1, 5, 0)
  if (is_dialog (dialog))
    return adw_dialog_get_title (ADW_DIALOG (dialog));
#endif
  return gtk_window_get_title (GTK_WINDOW (dialog));
}

/**
 * ttt_compat_dialog_get_focus:
 * @dialog: a dialog, or a window
 *
 * Returns: (transfer none) (nullable): the widget inside it that has, or
 *   would have, the keyboard focus.
 */
GtkWidget *
ttt_compat_dialog_get_focus (GtkWidget *dialog)
{
#if ADW_CHECK_VERSION (1, 5, 0)
  if (is_dialog (dialog))
    return adw_dialog_get_focus (ADW_DIALOG (dialog));
#endif
  return gtk_window_get_focus (GTK_WINDOW (dialog));
}

static void
focus_on_map_cb (GtkWidget *dialog,
                 GtkWidget *focus)
{
  gtk_widget_grab_focus (focus);
}

/**
 * ttt_compat_dialog_focus_on_show:
 * @dialog: a dialog, or a window, not yet shown
 * @focus: a widget inside it
 *
 * Gives @focus the keyboard focus whenever @dialog shows. A dialog
 * chooses its focus itself as it is presented, after it is mapped: a
 * focus given at map was taken back, and a screen reader heard nothing
 * at all as Preferences opened.
 */
void
ttt_compat_dialog_focus_on_show (GtkWidget *dialog,
                                 GtkWidget *focus)
{
#if ADW_CHECK_VERSION (1, 5, 0)
  if (is_dialog (dialog))
    {
      adw_dialog_set_focus (ADW_DIALOG (dialog), focus);
      return;
    }
#endif
  g_signal_connect_object (dialog, "map", G_CALLBACK (focus_on_map_cb), focus, G_CONNECT_AFTER);
}

static void
focus_on_close_cb (GtkWidget *dialog,
                   GtkWidget *focus)
{
  /* Into @focus: a board takes it on its cell. */
  if (gtk_widget_get_root (focus) != NULL && !gtk_widget_grab_focus (focus))
    gtk_widget_child_focus (focus, GTK_DIR_TAB_FORWARD);
}

/**
 * ttt_compat_dialog_focus_on_close:
 * @dialog: a dialog, or a window, shown
 * @focus: a widget of the window @dialog is over
 *
 * Gives @focus (or, if it takes none itself, the first widget inside it
 * that does) the keyboard focus once @dialog has closed. A dialog gives
 * the focus back where it was when it opened, after its "closed" signal's
 * handlers; a window leaves its parent's focus as it was. Either way a
 * focus given before it closes would not last.
 */
void
ttt_compat_dialog_focus_on_close (GtkWidget *dialog,
                                  GtkWidget *focus)
{
#if ADW_CHECK_VERSION (1, 5, 0)
  if (is_dialog (dialog))
    {
      g_signal_connect_object (dialog, "closed", G_CALLBACK (focus_on_close_cb), focus, G_CONNECT_AFTER);
      return;
    }
#endif
  g_signal_connect_object (dialog, "unmap", G_CALLBACK (focus_on_close_cb), focus, G_CONNECT_AFTER);
}

static void
question_response_cb (GtkWidget  *question,
                      const char *response,
                      gpointer    data)
{
  GCallback callback = (GCallback) g_object_get_data (G_OBJECT (question), "ttt-callback");

  if (g_strcmp0 (response, "confirm") == 0 && callback != NULL)
    ((void (*) (gpointer)) callback) (data);
}

/**
 * ttt_compat_ask:
 * @parent: a widget of the window the question is about
 * @heading: the question
 * @body: (nullable): what the answer does
 * @confirm: the label of the button that does it
 * @callback: (scope forever): a `void (*) (gpointer data)` called if
 *   @confirm is chosen
 * @data: for @callback; it outlives the question (the window)
 *
 * Asks before something that cannot be taken back (leaving a game with
 * someone elsewhere, resigning): an alert dialog where libadwaita has
 * them (1.5), a message dialog before. Cancel is the default, as Escape.
 *
 * Returns: (transfer none): the question, shown
 */
GtkWidget *
ttt_compat_ask (GtkWidget  *parent,
                const char *heading,
                const char *body,
                const char *confirm,
                GCallback   callback,
                gpointer    data)
{
  GtkWidget *question;

#if ADW_CHECK_VERSION (1, 5, 0)
  question = GTK_WIDGET (adw_alert_dialog_new (heading, body));
  adw_alert_dialog_add_responses (ADW_ALERT_DIALOG (question),
                                  "cancel", _("_Cancel"),
                                  "confirm", confirm,
                                  NULL);
  adw_alert_dialog_set_response_appearance (ADW_ALERT_DIALOG (question), "confirm",
                                            ADW_RESPONSE_DESTRUCTIVE);
  adw_alert_dialog_set_default_response (ADW_ALERT_DIALOG (question), "cancel");
  adw_alert_dialog_set_close_response (ADW_ALERT_DIALOG (question), "cancel");
#else
  question = adw_message_dialog_new (NULL, heading, body);
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (question),
                                    "cancel", _("_Cancel"),
                                    "confirm", confirm,
                                    NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (question), "confirm",
                                              ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (question), "cancel");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (question), "cancel");
  gtk_window_set_modal (GTK_WINDOW (question), TRUE);
#endif
  g_object_set_data (G_OBJECT (question), "ttt-callback", (gpointer) callback);
  g_signal_connect (question, "response", G_CALLBACK (question_response_cb), data);
  ttt_compat_dialog_present (question, parent);
  return question;
}

/**
 * ttt_compat_question_answer:
 * @question: from ttt_compat_ask()
 * @confirm: whether to choose its destructive answer
 *
 * Answers @question as its buttons do, and closes it.
 */
void
ttt_compat_question_answer (GtkWidget *question,
                            gboolean   confirm)
{
  const char *response = confirm ? "confirm" : "cancel";

#if ADW_CHECK_VERSION (1, 5, 0)
  g_signal_emit_by_name (question, "response", response);
  adw_dialog_force_close (ADW_DIALOG (question));
#else
  adw_message_dialog_response (ADW_MESSAGE_DIALOG (question), response);
  gtk_window_close (GTK_WINDOW (question));
#endif
}
