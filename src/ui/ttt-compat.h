/* ttt-compat.h — what differs between the toolkits the game runs on
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The game builds on GTK 4.8 and libadwaita 1.2 (Debian 12) and on every
 * release since, up to GTK 4.24 and libadwaita 1.10 (Debian sid, and the
 * GNOME runtime Flathub ships). Where a newer release has a better way,
 * or deprecates the old one, the choice is made here, once, at build
 * time; the views call these functions and never test a version.
 */

#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

/* Lists */

void ttt_compat_list_item_set_name (GtkListItem *list_item,
                                    const char  *name);

void ttt_compat_button_keep_label_whole (GtkButton *button);

/* ------------------------------------------------------------------ */
/* Style, colours, announcements, links and the title               */
/* ------------------------------------------------------------------ */

void     ttt_compat_load_styles            (void);

gboolean ttt_compat_announce               (GtkAccessible *accessible,
                                            const char    *text);
void     ttt_compat_settle_accessible      (GtkWidget     *widget);

void     ttt_compat_show_uri_async         (GtkWindow           *parent,
                                            const char          *uri,
                                            GCancellable        *cancellable,
                                            GAsyncReadyCallback  callback,
                                            gpointer             user_data);
gboolean ttt_compat_show_uri_finish        (GtkWindow           *parent,
                                            GAsyncResult        *result,
                                            GError             **error);

void     ttt_compat_widget_get_color       (GtkWidget     *widget,
                                            GdkRGBA       *color);
void     ttt_compat_lookup_color           (GtkWidget     *widget,
                                            const char    *name,
                                            GdkRGBA       *color);

/* ------------------------------------------------------------------ */
/* Media                                                              */
/* ------------------------------------------------------------------ */

void     ttt_compat_prepare_media          (void);

/* ------------------------------------------------------------------ */
/* Drawing                                                            */
/* ------------------------------------------------------------------ */

void     ttt_compat_snapshot_whole         (GtkWidget     *widget,
                                            GtkSnapshot   *snapshot);

/* ------------------------------------------------------------------ */
/* Dialogs                                                            */
/* ------------------------------------------------------------------ */

/* What Preferences is made from: libadwaita 1.5's AdwPreferencesDialog,
 * which becomes a bottom sheet on a narrow window, or the window of
 * libadwaita 1.2. A struct's name is no call: the typedef is safe here. */
#if ADW_CHECK_VERSION (1, 5, 0)
typedef AdwPreferencesDialog      TttCompatPreferences;
typedef AdwPreferencesDialogClass TttCompatPreferencesClass;
#else
typedef AdwPreferencesWindow      TttCompatPreferences;
typedef AdwPreferencesWindowClass TttCompatPreferencesClass;
#endif
/* G_DECLARE_FINAL_TYPE chains g_autoptr() up to its parent's name. */
G_DEFINE_AUTOPTR_CLEANUP_FUNC (TttCompatPreferences, g_object_unref)

GType       ttt_compat_preferences_get_type     (void) G_GNUC_CONST;
void        ttt_compat_preferences_set_template (GtkWidgetClass *widget_class,
                                                 const char     *resource_path);
void        ttt_compat_preferences_init         (GtkWidget      *preferences);

GtkWidget  *ttt_compat_about_new                (void);

/* What the game's other secondary windows (New Game, Statistics, the
 * keyboard shortcuts) are made from: AdwDialog where it exists, else
 * AdwWindow. Their templates say parent="AdwWindow", put their content
 * in a <child>, and set no property only a window has. */
#if ADW_CHECK_VERSION (1, 5, 0)
typedef AdwDialog      TttCompatDialog;
typedef AdwDialogClass TttCompatDialogClass;
#else
typedef AdwWindow      TttCompatDialog;
typedef AdwWindowClass TttCompatDialogClass;
#endif
G_DEFINE_AUTOPTR_CLEANUP_FUNC (TttCompatDialog, g_object_unref)

GType       ttt_compat_dialog_get_type          (void) G_GNUC_CONST;
void        ttt_compat_dialog_set_template      (GtkWidgetClass *widget_class,
                                                 const char     *resource_path);
void        ttt_compat_dialog_init              (GtkWidget      *dialog,
                                                 int             width,
                                                 int             height);
void        ttt_compat_dialog_set_default_widget (GtkWidget     *dialog,
                                                 GtkWidget      *widget);
GtkWindow  *ttt_compat_dialog_get_window        (GtkWidget      *dialog);
GtkWidget  *ttt_compat_dialog_get_focus         (GtkWidget      *dialog);
gboolean    ttt_compat_dialog_close_binding     (GtkWidget      *dialog,
                                                 GVariant       *args,
                                                 gpointer        user_data);

void        ttt_compat_dialog_present           (GtkWidget      *dialog,
                                                 GtkWidget      *parent);
void        ttt_compat_dialog_close             (GtkWidget      *dialog);
void        ttt_compat_dialog_destroy           (GtkWidget      *dialog);
void        ttt_compat_window_drop_dialogs      (GtkWindow      *window);
GtkWidget  *ttt_compat_dialog_get_child         (GtkWidget      *dialog);
const char *ttt_compat_dialog_get_title         (GtkWidget      *dialog);
void        ttt_compat_dialog_focus_on_show     (GtkWidget      *dialog,
                                                 GtkWidget      *focus);
void        ttt_compat_dialog_focus_on_close    (GtkWidget      *dialog,
                                                 GtkWidget      *focus);

/* A question with two answers over @parent's window: Cancel, or
 * @confirm (destructive), which calls @callback. Answered with
 * ttt_compat_question_answer() by tests. */
GtkWidget  *ttt_compat_ask                      (GtkWidget      *parent,
                                                 const char     *heading,
                                                 const char     *body,
                                                 const char     *confirm,
                                                 GCallback       callback,
                                                 gpointer        data);
void        ttt_compat_question_answer          (GtkWidget      *question,
                                                 gboolean        confirm);

G_END_DECLS
