/* ttt-announcer.h — passes a piece of news on to a screen reader
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define TTT_TYPE_ANNOUNCER (ttt_announcer_get_type ())
G_DECLARE_FINAL_TYPE (TttAnnouncer, ttt_announcer, TTT, ANNOUNCER, GObject)

TttAnnouncer *ttt_announcer_new      (GtkWidget    *window);
void          ttt_announcer_announce (TttAnnouncer *self,
                                      const char   *text);
void          ttt_announcer_drop_held (TttAnnouncer *self);
void          ttt_announcer_describe (GtkWidget    *widget,
                                      const char   *description);
void          ttt_announcer_describe_full (GtkWidget  *widget,
                                           const char *description,
                                           gboolean    after_news);
void          ttt_announcer_describe_said (GtkWidget  *widget,
                                           const char *description);
void          ttt_announcer_prepare_focus (GtkWidget  *widget);
void          ttt_announcer_hold_description (GtkWidget *widget);
void          ttt_announcer_set_next_focus (GtkWidget *root,
                                            GtkWidget *widget);

G_END_DECLS
