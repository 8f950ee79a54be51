/* ttt-avahi.h — what the publisher and the browser both say to Avahi
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Avahi's D-Bus names, and a call whose answer nobody waits for. A leaf:
 * TttDiscovery, TttAvahiPublisher and TttAvahiBrowser use it, it uses
 * none of them.
 */

#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

#define AVAHI_NAME         "org.freedesktop.Avahi"
#define AVAHI_SERVER       "org.freedesktop.Avahi.Server"
#define AVAHI_ENTRY_GROUP  "org.freedesktop.Avahi.EntryGroup"
#define AVAHI_BROWSER      "org.freedesktop.Avahi.ServiceBrowser"

#define AVAHI_IF_UNSPEC    (-1)
#define AVAHI_PROTO_UNSPEC (-1)
#define AVAHI_PROTO_INET6  1

/* For freeing what Avahi made for us (a group, a browser): Avahi frees it
 * anyway when the bus connection goes, so its answer changes nothing. */
void ttt_avahi_call_and_forget (GDBusConnection *bus,
                                const char      *path,
                                const char      *interface,
                                const char      *method);

G_END_DECLS
