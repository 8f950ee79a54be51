/* ttt-avahi-browser.h — others' games, found through Avahi
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A part TttDiscovery owns. It tells its owner what it finds through the
 * callbacks it was made with, and never calls the owner otherwise, so the
 * dependency goes one way: discovery uses the browser.
 */

#pragma once

#include <gio/gio.h>

#include "ttt-discovered-game.h"

G_BEGIN_DECLS

typedef struct _TttAvahiBrowser TttAvahiBrowser;

typedef struct {
  /* Avahi answered: it is there. */
  void (*working) (gpointer                 user_data);
  /* @game is resolved, and kept by the browser until it is lost. */
  void (*found)   (const TttDiscoveredGame *game,
                   gpointer                 user_data);
  /* @game, as it was found, is gone. */
  void (*lost)    (const TttDiscoveredGame *game,
                   gpointer                 user_data);
  /* Avahi is missing or failed: @cause as it came. */
  void (*failed)  (const GError            *cause,
                   gpointer                 user_data);
} TttAvahiBrowserEvents;

/* @events is kept, not copied: a static table. */
TttAvahiBrowser *ttt_avahi_browser_new       (const TttAvahiBrowserEvents *events,
                                              gpointer                     user_data);
/* Stops and lets go; safe from inside a callback. No callback after. */
void             ttt_avahi_browser_free      (TttAvahiBrowser             *self);

/* Browsing starts once there is a bus (at once if there is one). */
void             ttt_avahi_browser_set_bus   (TttAvahiBrowser             *self,
                                              GDBusConnection             *bus);
void             ttt_avahi_browser_start     (TttAvahiBrowser             *self);
/* Forgets the games found, without a "lost" for each. */
void             ttt_avahi_browser_stop      (TttAvahiBrowser             *self);
/* The games found and not lost, in the order found. */
GPtrArray       *ttt_avahi_browser_get_games (TttAvahiBrowser             *self);

G_END_DECLS
