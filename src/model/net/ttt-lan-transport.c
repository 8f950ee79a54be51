/* ttt-lan-transport.c — the transport on one network: TCP, TLS and a code
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Connecting (a guest) or waiting for the first byte (a host), then TLS,
 * whose rules and failures in words are ttt-tls.c's. The connection above
 * bounds the whole of it in time; this file only takes the steps.
 *
 * The steps carry the opening's GTask, and through it a reference to the
 * transport; the cancellable is the caller's, so a connection that is
 * dropped cancels the steps and is never called back.
 */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/socket.h>

#include "ttt-address.h"
#include "ttt-lan-transport.h"
#include "ttt-tls.h"

struct _TttLanTransport
{
  GObject             parent_instance;

  TttTransportState   state;
  gboolean            is_host;
  char               *host;              /* guest: where to */
  guint16             port;
  GTlsCertificate    *certificate;
  char               *peer_label;

  GTask              *task;              /* the opening, while under way */
  GSocketClient      *client;
  GSocketConnection  *tcp;
  GSource            *first_byte;        /* host: waiting to see TLS begin */
  GIOStream          *tls;
  char               *code;
  const char         *binding_type;
};

static void ttt_lan_transport_iface_init (TttTransportInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (TttLanTransport, ttt_lan_transport, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (TTT_TYPE_TRANSPORT,
                                                      ttt_lan_transport_iface_init))

enum {
  PROP_0,
  PROP_STATE,
  PROP_RECONNECTING,
  N_PROPS
};

static void
set_state (TttLanTransport   *self,
           TttTransportState  state)
{
  if (self->state == state)
    return;
  self->state = state;
  g_object_notify (G_OBJECT (self), "state");
}

static void
destroy_first_byte (TttLanTransport *self)
{
  if (self->first_byte == NULL)
    return;
  g_source_destroy (self->first_byte);
  g_clear_pointer (&self->first_byte, g_source_unref);
}

/* The opening ends: with the stream, or with @error (taken). */
static void
open_done (TttLanTransport *self,
           GError          *error)
{
  g_autoptr(GTask) task = g_steal_pointer (&self->task);

  if (task == NULL)
    {
      g_clear_error (&error);
      return;
    }
  g_clear_object (&self->client);
  if (error != NULL)
    {
      set_state (self, TTT_TRANSPORT_STATE_CLOSED);
      g_task_return_error (task, error);
      return;
    }
  set_state (self, TTT_TRANSPORT_STATE_OPEN);
  g_task_return_pointer (task, g_object_ref (self->tls), g_object_unref);
}

static void
handshake_cb (GObject      *source,
              GAsyncResult *result,
              gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  TttLanTransport *self = g_task_get_source_object (task);
  GError *error = NULL;
  const char *binding_type = NULL;
  char *code;

  code = ttt_tls_handshake_finish (G_IO_STREAM (source), result, &binding_type, &error);
  if (task != self->task)
    {
      /* Closed meanwhile: the opening was answered then. */
      g_free (code);
      g_clear_error (&error);
      return;
    }
  self->binding_type = binding_type;
  self->code = code;
  open_done (self, error);
}

static void
start_tls (TttLanTransport *self)
{
  GError *error = NULL;
  g_autoptr(GSocketAddress) remote = NULL;

  g_socket_set_option (g_socket_connection_get_socket (self->tcp), IPPROTO_TCP, TCP_NODELAY, 1, NULL);

  remote = g_socket_connection_get_remote_address (self->tcp, NULL);
  if (remote != NULL && G_IS_INET_SOCKET_ADDRESS (remote))
    {
      g_free (self->peer_label);
      self->peer_label = g_inet_address_to_string (g_inet_socket_address_get_address (G_INET_SOCKET_ADDRESS (remote)));
    }

  self->tls = ttt_tls_new (self->tcp, self->is_host, self->certificate, &error);
  if (self->tls == NULL)
    {
      open_done (self, error);
      return;
    }
  g_tls_connection_handshake_async (G_TLS_CONNECTION (self->tls), G_PRIORITY_DEFAULT,
                                    g_task_get_cancellable (self->task), handshake_cb,
                                    g_object_ref (self->task));
}

/* Host: the guest has sent its first byte, or gone. */
static gboolean
first_byte_cb (GSocket      *socket,
               GIOCondition  condition,
               gpointer      user_data)
{
  TttLanTransport *self = user_data;
  GError *error = NULL;

  g_clear_pointer (&self->first_byte, g_source_unref);
  if (g_cancellable_set_error_if_cancelled (g_task_get_cancellable (self->task), &error))
    open_done (self, error);
  else if (ttt_tls_check_first_byte (socket, &error))
    start_tls (self);
  else
    open_done (self, error);
  return G_SOURCE_REMOVE;
}

/* Guest: connected, or not. */
static void
connect_cb (GObject      *source,
            GAsyncResult *result,
            gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  TttLanTransport *self = g_task_get_source_object (task);
  g_autoptr(GError) error = NULL;
  GSocketConnection *tcp;

  tcp = g_socket_client_connect_finish (G_SOCKET_CLIENT (source), result, &error);
  if (task != self->task)
    {
      if (tcp != NULL)
        g_io_stream_close (G_IO_STREAM (tcp), NULL, NULL);
      g_clear_object (&tcp);
      return;
    }
  if (tcp == NULL)
    {
      if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        {
          open_done (self, g_steal_pointer (&error));
          return;
        }
      g_debug ("Connecting to %s failed: %s", self->peer_label, error->message);
      open_done (self, ttt_address_connect_error (self->peer_label, self->port, error));
      return;
    }
  self->tcp = tcp;
  start_tls (self);
}

static void
ttt_lan_transport_open_async (TttTransport        *transport,
                              GCancellable        *cancellable,
                              GAsyncReadyCallback  callback,
                              gpointer             user_data)
{
  TttLanTransport *self = TTT_LAN_TRANSPORT (transport);
  g_autoptr(GTask) task = g_task_new (self, cancellable, callback, user_data);

  g_task_set_source_tag (task, ttt_lan_transport_open_async);
  if (self->state != TTT_TRANSPORT_STATE_NEW)
    {
      g_task_return_new_error (task, TTT_CONNECTION_ERROR, TTT_CONNECTION_ERROR_FAILED,
                               "%s", _("The connection was closed."));
      return;
    }
  self->task = g_object_ref (task);
  set_state (self, TTT_TRANSPORT_STATE_CONNECTING);

  if (self->is_host)
    {
      self->first_byte = g_socket_create_source (g_socket_connection_get_socket (self->tcp),
                                                 G_IO_IN | G_IO_HUP | G_IO_ERR, cancellable);
      g_source_set_callback (self->first_byte, G_SOURCE_FUNC (first_byte_cb), self, NULL);
      g_source_attach (self->first_byte, NULL);
      return;
    }

  {
    g_autoptr(GSocketConnectable) connectable = g_network_address_new (self->host, self->port);

    self->client = g_socket_client_new ();
    g_socket_client_connect_async (self->client, connectable, cancellable, connect_cb,
                                   g_object_ref (task));
  }
}

static GIOStream *
ttt_lan_transport_open_finish (TttTransport  *transport,
                               GAsyncResult  *result,
                               GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, transport), NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}

static TttTransportState
ttt_lan_transport_get_state (TttTransport *transport)
{
  return TTT_LAN_TRANSPORT (transport)->state;
}

static const char *
ttt_lan_transport_get_code (TttTransport *transport)
{
  TttLanTransport *self = TTT_LAN_TRANSPORT (transport);

  return self->state == TTT_TRANSPORT_STATE_OPEN ? self->code : NULL;
}

static void
ttt_lan_transport_close (TttTransport *transport)
{
  TttLanTransport *self = TTT_LAN_TRANSPORT (transport);

  destroy_first_byte (self);
  /* Whatever step is under way finds the opening answered. */
  open_done (self, g_error_new_literal (TTT_CONNECTION_ERROR, TTT_CONNECTION_ERROR_CLOSED,
                                        _("The connection was closed.")));
  /* At once, rather than wait on a TLS close the peer may never read. */
  if (self->tcp != NULL)
    g_socket_close (g_socket_connection_get_socket (self->tcp), NULL);
  g_clear_object (&self->tls);
  g_clear_object (&self->tcp);
  set_state (self, TTT_TRANSPORT_STATE_CLOSED);
}

static void
ttt_lan_transport_iface_init (TttTransportInterface *iface)
{
  iface->open_async = ttt_lan_transport_open_async;
  iface->open_finish = ttt_lan_transport_open_finish;
  iface->get_state = ttt_lan_transport_get_state;
  iface->get_code = ttt_lan_transport_get_code;
  iface->close = ttt_lan_transport_close;
}

/* API */

TttLanTransport *
ttt_lan_transport_new_guest (const char      *host,
                             guint16          port,
                             GTlsCertificate *certificate)
{
  TttLanTransport *self;

  g_return_val_if_fail (host != NULL, NULL);
  g_return_val_if_fail (certificate == NULL || G_IS_TLS_CERTIFICATE (certificate), NULL);

  self = g_object_new (TTT_TYPE_LAN_TRANSPORT, NULL);
  self->host = g_strdup (host);
  self->port = port;
  g_free (self->peer_label);
  self->peer_label = g_strdup (host);
  if (certificate != NULL)
    self->certificate = g_object_ref (certificate);
  return self;
}

TttLanTransport *
ttt_lan_transport_new_for_guest (GSocketConnection *tcp,
                                 GTlsCertificate   *certificate)
{
  TttLanTransport *self;

  g_return_val_if_fail (G_IS_SOCKET_CONNECTION (tcp), NULL);
  g_return_val_if_fail (certificate == NULL || G_IS_TLS_CERTIFICATE (certificate), NULL);

  self = g_object_new (TTT_TYPE_LAN_TRANSPORT, NULL);
  self->is_host = TRUE;
  self->tcp = g_object_ref (tcp);
  if (certificate != NULL)
    self->certificate = g_object_ref (certificate);
  return self;
}

const char *
ttt_lan_transport_get_channel_binding (TttLanTransport *self)
{
  g_return_val_if_fail (TTT_IS_LAN_TRANSPORT (self), NULL);

  return self->binding_type;
}

const char *
ttt_lan_transport_get_peer_label (TttLanTransport *self)
{
  g_return_val_if_fail (TTT_IS_LAN_TRANSPORT (self), NULL);

  return self->peer_label;
}

/* GObject */

static void
ttt_lan_transport_dispose (GObject *object)
{
  TttLanTransport *self = TTT_LAN_TRANSPORT (object);

  /* The opening holds a reference while under way: nothing is pending. */
  destroy_first_byte (self);
  if (self->tcp != NULL)
    g_socket_close (g_socket_connection_get_socket (self->tcp), NULL);
  g_clear_object (&self->tls);
  g_clear_object (&self->tcp);
  g_clear_object (&self->client);
  g_clear_object (&self->certificate);

  G_OBJECT_CLASS (ttt_lan_transport_parent_class)->dispose (object);
}

static void
ttt_lan_transport_finalize (GObject *object)
{
  TttLanTransport *self = TTT_LAN_TRANSPORT (object);

  g_free (self->host);
  g_free (self->peer_label);
  g_free (self->code);

  G_OBJECT_CLASS (ttt_lan_transport_parent_class)->finalize (object);
}

static void
ttt_lan_transport_get_property (GObject    *object,
                                guint       prop_id,
                                GValue     *value,
                                GParamSpec *pspec)
{
  TttLanTransport *self = TTT_LAN_TRANSPORT (object);

  switch (prop_id)
    {
    case PROP_STATE:
      g_value_set_int (value, self->state);
      break;
    case PROP_RECONNECTING:
      /* A broken TCP connection is the game's end, never made again. */
      g_value_set_boolean (value, FALSE);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ttt_lan_transport_class_init (TttLanTransportClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = ttt_lan_transport_dispose;
  object_class->finalize = ttt_lan_transport_finalize;
  object_class->get_property = ttt_lan_transport_get_property;

  g_object_class_override_property (object_class, PROP_STATE, "state");
  g_object_class_override_property (object_class, PROP_RECONNECTING, "reconnecting");
}

static void
ttt_lan_transport_init (TttLanTransport *self)
{
  self->peer_label = g_strdup ("");
}
