/* ttt-listener.c — the host's door: waiting for guests and letting one in
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The guests are connections with a reference each, held here until one
 * is chosen (handed over in "guest-chosen") or they fail (refused) or the
 * listener stops (disposed without a word: they never got in).
 */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "ttt-address.h"
#include "ttt-listener.h"

/* A host keeps listening while guests are in their handshake: at most
 * this many at once; more are turned away at the door. */
#define MAX_GUESTS 8

struct _TttListener
{
  GObject             parent_instance;

  TttListenerGuestFunc make_guest;
  gpointer            user_data;        /* not referenced: the host owns this */
  GSocketService     *service;
  char               *address;
  guint               port;
  /* The guests still in their handshake, each a connection of its own;
   * the first to introduce itself is chosen. */
  GPtrArray          *guests;
};

G_DEFINE_FINAL_TYPE (TttListener, ttt_listener, G_TYPE_OBJECT)

enum {
  GUEST_ARRIVED,
  GUEST_REFUSED,
  GUEST_CHOSEN,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
stop_service (TttListener *self)
{
  if (self->service == NULL)
    return;
  g_signal_handlers_disconnect_by_data (self->service, self);
  g_socket_service_stop (self->service);
  g_socket_listener_close (G_SOCKET_LISTENER (self->service));
  g_clear_object (&self->service);
}

/* The guests not chosen go, without a word: they never got in. */
static void
drop_guests (TttListener *self)
{
  g_autoptr(GPtrArray) guests = NULL;

  if (self->guests == NULL || self->guests->len == 0)
    return;
  guests = g_steal_pointer (&self->guests);
  self->guests = g_ptr_array_new_with_free_func (g_object_unref);
  for (guint i = 0; i < guests->len; i++)
    {
      GObject *guest = g_ptr_array_index (guests, i);

      g_signal_handlers_disconnect_by_data (guest, self);
      g_object_run_dispose (G_OBJECT (guest));
    }
}

void
ttt_listener_stop (TttListener *self)
{
  g_return_if_fail (TTT_IS_LISTENER (self));

  stop_service (self);
  drop_guests (self);
}

/* A guest failed before it introduced itself. */
static void
guest_closed_cb (GObject      *guest,
                 const GError *reason,
                 TttListener  *self)
{
  g_signal_handlers_disconnect_by_data (guest, self);
  g_object_ref (guest);
  g_object_ref (self);
  g_ptr_array_remove_fast (self->guests, guest);
  g_signal_emit (self, signals[GUEST_REFUSED], 0, guest, reason);
  g_object_unref (self);
  g_object_unref (guest);
}

/* The first guest to introduce itself gets the game: nobody else is let
 * in. */
static void
guest_ready_cb (GObject     *guest,
                const char  *code,
                TttListener *self)
{
  g_object_ref (self);
  g_object_ref (guest);
  g_signal_handlers_disconnect_by_data (guest, self);
  g_ptr_array_remove_fast (self->guests, guest);
  ttt_listener_stop (self);
  g_signal_emit (self, signals[GUEST_CHOSEN], 0, guest);
  g_object_unref (guest);
  g_object_unref (self);
}

static gboolean
incoming_cb (GSocketService    *service,
             GSocketConnection *tcp,
             GObject           *source,
             gpointer           user_data)
{
  TttListener *self = user_data;
  GObject *guest;

  if (self->service == NULL)
    return FALSE;
  /* A crowd at the door is turned away; those already in their
   * handshake are each bounded by its timeout. */
  if (self->guests->len >= MAX_GUESTS)
    {
      g_debug ("Turning a guest away: %u are already connecting", self->guests->len);
      return FALSE;
    }

  guest = self->make_guest (tcp, self->user_data);
  g_ptr_array_add (self->guests, guest);
  g_signal_connect (guest, "verification-ready", G_CALLBACK (guest_ready_cb), self);
  g_signal_connect (guest, "closed", G_CALLBACK (guest_closed_cb), self);
  g_signal_emit (self, signals[GUEST_ARRIVED], 0);
  return TRUE;
}

static void
set_listen_error (GError     **error,
                  const GError *cause,
                  guint         port)
{
  if (g_error_matches (cause, G_IO_ERROR, G_IO_ERROR_ADDRESS_IN_USE))
    g_set_error (error, TTT_CONNECTION_ERROR, TTT_CONNECTION_ERROR_PORT_IN_USE,
                 _("Port %u is already in use by another program. Choose another port, or let the game pick a free one."),
                 port);
  else if (g_error_matches (cause, G_IO_ERROR, G_IO_ERROR_PERMISSION_DENIED))
    g_set_error (error, TTT_CONNECTION_ERROR, TTT_CONNECTION_ERROR_PORT_IN_USE,
                 _("Port %u is reserved for the system. Choose a port from 1024 to 65535."),
                 port);
  else
    /* Translators: %s is the system's explanation. */
    g_set_error (error, TTT_CONNECTION_ERROR, TTT_CONNECTION_ERROR_FAILED,
                 _("Cannot wait for a guest: %s"), cause->message);
}

gboolean
ttt_listener_start (TttListener  *self,
                    const char   *address,
                    guint         port,
                    GError      **error)
{
  g_autoptr(GSocketService) service = NULL;
  g_autoptr(GError) local_error = NULL;

  g_return_val_if_fail (TTT_IS_LISTENER (self), FALSE);
  g_return_val_if_fail (self->service == NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (port > G_MAXUINT16)
    {
      g_set_error (error, TTT_CONNECTION_ERROR, TTT_CONNECTION_ERROR_BAD_ADDRESS,
                   _("“%u” is not a port: use a number from 1 to 65535"), port);
      return FALSE;
    }

  service = g_socket_service_new ();
  if (address != NULL)
    {
      g_autoptr(GInetAddress) inet = g_inet_address_new_from_string (address);
      g_autoptr(GSocketAddress) socket_address = NULL;
      g_autoptr(GSocketAddress) effective = NULL;

      if (inet == NULL)
        {
          g_set_error (error, TTT_CONNECTION_ERROR, TTT_CONNECTION_ERROR_BAD_ADDRESS,
                       _("“%s” is not an address of this computer"), address);
          return FALSE;
        }
      socket_address = g_inet_socket_address_new (inet, (guint16) port);
      if (!g_socket_listener_add_address (G_SOCKET_LISTENER (service), socket_address,
                                          G_SOCKET_TYPE_STREAM, G_SOCKET_PROTOCOL_TCP,
                                          NULL, &effective, &local_error))
        {
          set_listen_error (error, local_error, port);
          return FALSE;
        }
      self->port = g_inet_socket_address_get_port (G_INET_SOCKET_ADDRESS (effective));
      self->address = g_strdup (address);
    }
  else if (port == 0)
    {
      self->port = g_socket_listener_add_any_inet_port (G_SOCKET_LISTENER (service), NULL, &local_error);
      if (self->port == 0)
        {
          set_listen_error (error, local_error, port);
          return FALSE;
        }
    }
  else
    {
      if (!g_socket_listener_add_inet_port (G_SOCKET_LISTENER (service), (guint16) port, NULL, &local_error))
        {
          set_listen_error (error, local_error, port);
          return FALSE;
        }
      self->port = port;
    }

  self->service = g_steal_pointer (&service);
  g_signal_connect (self->service, "incoming", G_CALLBACK (incoming_cb), self);
  g_socket_service_start (self->service);
  return TRUE;
}

guint
ttt_listener_get_port (TttListener *self)
{
  g_return_val_if_fail (TTT_IS_LISTENER (self), 0);

  return self->port;
}

GStrv
ttt_listener_get_addresses (TttListener *self)
{
  g_return_val_if_fail (TTT_IS_LISTENER (self), NULL);

  return ttt_address_list_local (self->address, self->port);
}

guint
ttt_listener_get_n_guests (TttListener *self)
{
  g_return_val_if_fail (TTT_IS_LISTENER (self), 0);

  return self->guests->len;
}

/* GObject */

TttListener *
ttt_listener_new (TttListenerGuestFunc make_guest,
                  gpointer             user_data)
{
  TttListener *self;

  g_return_val_if_fail (make_guest != NULL, NULL);

  self = g_object_new (TTT_TYPE_LISTENER, NULL);
  self->make_guest = make_guest;
  self->user_data = user_data;
  return self;
}

static void
ttt_listener_dispose (GObject *object)
{
  TttListener *self = TTT_LISTENER (object);

  stop_service (self);
  drop_guests (self);

  G_OBJECT_CLASS (ttt_listener_parent_class)->dispose (object);
}

static void
ttt_listener_finalize (GObject *object)
{
  TttListener *self = TTT_LISTENER (object);

  g_clear_pointer (&self->guests, g_ptr_array_unref);
  g_free (self->address);

  G_OBJECT_CLASS (ttt_listener_parent_class)->finalize (object);
}

static void
ttt_listener_class_init (TttListenerClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = ttt_listener_dispose;
  object_class->finalize = ttt_listener_finalize;

  /* Someone connected and is in their handshake. */
  signals[GUEST_ARRIVED] =
    g_signal_new ("guest-arrived", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  /* A guest closed before it introduced itself, and is gone from the
   * listener: (GObject *guest, const GError *reason). */
  signals[GUEST_REFUSED] =
    g_signal_new ("guest-refused", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 2,
                  G_TYPE_OBJECT, G_TYPE_ERROR | G_SIGNAL_TYPE_STATIC_SCOPE);
  /* The first guest introduced itself; listening has stopped and the
   * others are dropped. The handler takes its own reference:
   * (GObject *guest). */
  signals[GUEST_CHOSEN] =
    g_signal_new ("guest-chosen", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_OBJECT);
}

static void
ttt_listener_init (TttListener *self)
{
  self->guests = g_ptr_array_new_with_free_func (g_object_unref);
}
