/* ttt-avahi.c — what the publisher and the browser both say to Avahi
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "ttt-avahi.h"

void
ttt_avahi_call_and_forget (GDBusConnection *bus,
                           const char      *path,
                           const char      *interface,
                           const char      *method)
{
  g_dbus_connection_call (bus, AVAHI_NAME, path, interface, method, NULL, NULL,
                          G_DBUS_CALL_FLAGS_NO_AUTO_START, -1, NULL, NULL, NULL);
}
