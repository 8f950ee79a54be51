/* ttt-avahi-publisher.h — this host's game, published through Avahi
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A part TttDiscovery owns. It tells its owner what happens through the
 * callbacks it was made with, and never calls the owner otherwise, so the
 * dependency goes one way: discovery uses the publisher.
 */

#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

typedef struct _TttAvahiPublisher TttAvahiPublisher;

typedef struct {
  /* Avahi answered: it is there. */
  void (*working)   (gpointer      user_data);
  /* The game is on the network under @name. */
  void (*published) (const char   *name,
                     gpointer      user_data);
  /* Avahi is missing or failed: @cause as it came. */
  void (*failed)    (const GError *cause,
                     gpointer      user_data);
} TttAvahiPublisherEvents;

/* @events is kept, not copied: a static table. */
TttAvahiPublisher *ttt_avahi_publisher_new       (const TttAvahiPublisherEvents *events,
                                                  gpointer                       user_data);
/* Cancels what is under way and frees the group; no callback after. */
void               ttt_avahi_publisher_free      (TttAvahiPublisher             *self);

/* Publishing starts once there is a bus (at once if there is one). */
void               ttt_avahi_publisher_set_bus   (TttAvahiPublisher             *self,
                                                  GDBusConnection               *bus);
void               ttt_avahi_publisher_publish   (TttAvahiPublisher             *self,
                                                  const char                    *player_name,
                                                  const char                    *game,
                                                  guint                          port);
void               ttt_avahi_publisher_unpublish (TttAvahiPublisher             *self);

G_END_DECLS
