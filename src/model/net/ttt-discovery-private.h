/* ttt-discovery-private.h — what the three parts of TttDiscovery share
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * TttDiscovery is three files: ttt-discovery.c (the object, the bus, the
 * games found and "unavailable" said once), ttt-discovery-publish.c (this
 * host's game in an Avahi entry group) and ttt-discovery-browse.c (others'
 * games from an Avahi service browser, each resolved). They share the
 * struct and the few functions below.
 */

#pragma once

#include "ttt-discovery.h"

G_BEGIN_DECLS

#define AVAHI_NAME         "org.freedesktop.Avahi"
#define AVAHI_SERVER       "org.freedesktop.Avahi.Server"
#define AVAHI_ENTRY_GROUP  "org.freedesktop.Avahi.EntryGroup"
#define AVAHI_BROWSER      "org.freedesktop.Avahi.ServiceBrowser"

#define AVAHI_IF_UNSPEC    (-1)
#define AVAHI_PROTO_UNSPEC (-1)
#define AVAHI_PROTO_INET6  1

struct _TttDiscovery
{
  GObject          parent_instance;

  GDBusConnection *bus;
  gboolean         getting_bus;
  GCancellable    *cancellable;
  gboolean         available;
  gboolean         said_unavailable;

  /* Publishing */
  gboolean         want_publish;
  char            *player_name;
  char            *service_name;
  char            *game;
  guint            port;
  guint            renames;
  char            *group_path;
  gboolean         group_pending;
  guint            group_state_id;

  /* Browsing */
  gboolean         want_browse;
  char            *browser_path;
  gboolean         browser_pending;
  guint            browser_signal_id;
  GPtrArray       *early_signals;    /* (path, name, parameters) while pending */
  GHashTable      *resolving;        /* key → nothing, while resolving */
  GHashTable      *found;            /* key → TttDiscoveredGame */
  GPtrArray       *games;            /* the found ones, in order */
};

/* ttt-discovery.c */

/* Whether the bus is there; if not, fetches it (publishing or browsing
 * starts when it comes, as wanted) and FALSE. */
gboolean ttt_discovery_have_bus             (TttDiscovery            *self);
void     ttt_discovery_call_and_forget      (TttDiscovery            *self,
                                             const char              *path,
                                             const char              *interface,
                                             const char              *method);
/* Avahi is not there, or failed: "unavailable", said once. */
void     ttt_discovery_say_unavailable      (TttDiscovery            *self,
                                             const GError            *cause);
void     ttt_discovery_emit_published       (TttDiscovery            *self);
void     ttt_discovery_emit_game_found      (TttDiscovery            *self,
                                             const TttDiscoveredGame *game);
void     ttt_discovery_emit_game_lost       (TttDiscovery            *self,
                                             const TttDiscoveredGame *game);

/* ttt-discovery-publish.c */

void     ttt_discovery_start_publishing     (TttDiscovery            *self);
void     ttt_discovery_free_group           (TttDiscovery            *self);

/* ttt-discovery-browse.c */

void     ttt_discovery_init_browsing        (TttDiscovery            *self);
void     ttt_discovery_start_browsing       (TttDiscovery            *self);
void     ttt_discovery_free_browser         (TttDiscovery            *self);
void     ttt_discovery_finalize_browsing    (TttDiscovery            *self);

G_END_DECLS
