/* ttt-connection.c — a transport and the channel over it
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A TttTransport opens a secured stream and says the code, under the
 * handshake's time limit; then the stream goes to a TttChannel, which
 * carries the messages. Which transport it is matters only here, where
 * one is made: TttLanTransport for ttt_connection_connect() and for each
 * guest of a host, which listens through a TttListener that makes a
 * connection of this kind for each guest and hands over the first to
 * introduce itself. Everything runs on the main loop and nothing blocks it.
 *
 * Asynchronous calls get the connection without a reference and a
 * cancellable that closing or disposing cancels; a cancelled call returns
 * before touching the connection, so a connection that is dropped while a
 * handshake is pending simply goes away.
 */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "ttt-address.h"
#include "ttt-channel.h"
#include "ttt-connection.h"
#include "ttt-lan-transport.h"
#include "ttt-listener.h"

#define DEFAULT_HANDSHAKE_MS  10000
#define DEFAULT_KEEP_ALIVE_MS 10000
#define DEFAULT_SILENCE_MS    30000

struct _TttConnection
{
  GObject             parent_instance;

  TttConnectionRole   role;
  TttConnectionState  state;
  TttMessage         *hello;
  TttMessage         *peer_hello;
  GTlsCertificate    *certificate;
  char               *code;
  GError             *close_reason;

  guint               handshake_ms;
  guint               keep_alive_ms;
  guint               silence_ms;
  guint               handshake_id;

  /* Host: the door, and once a guest has come through it, the guest's own
   * connection, through which this one speaks from then on. */
  TttListener        *listener;
  guint               port;
  TttConnection      *chosen;

  TttTransport       *transport;
  GCancellable       *cancellable;      /* the transport's opening; cancelled on close */

  /* Once the stream is secured: the messages. */
  TttChannel         *channel;
};

G_DEFINE_FINAL_TYPE (TttConnection, ttt_connection, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_STATE,
  PROP_VERIFICATION_CODE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum {
  VERIFICATION_READY,
  MESSAGE_RECEIVED,
  CLOSED,
  GUEST_REFUSED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* State */

static void
set_state (TttConnection      *self,
           TttConnectionState  state)
{
  if (self->state == state)
    return;
  self->state = state;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STATE]);
}

/* Ends the connection with @reason (taken), once. With @goodbye, says
 * goodbye first and closes once it is written. */
static void
finish (TttConnection *self,
        GError        *reason,
        gboolean       goodbye)
{
  g_autoptr(GError) owned = reason;

  if (self->state == TTT_CONNECTION_STATE_CLOSED)
    return;

  g_object_ref (self);

  g_debug ("Connection closed: %s", reason->message);
  g_clear_handle_id (&self->handshake_id, g_source_remove);
  if (self->listener != NULL)
    ttt_listener_stop (self->listener);
  g_cancellable_cancel (self->cancellable);

  if (self->chosen != NULL)
    {
      g_autoptr(TttConnection) chosen = g_steal_pointer (&self->chosen);

      g_signal_handlers_disconnect_by_data (chosen, self);
      if (goodbye)
        ttt_connection_close (chosen);
      else
        finish (chosen, g_error_copy (reason), FALSE);
    }

  if (self->channel != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->channel, self);
      ttt_channel_close (self->channel, reason, goodbye);
    }
  else if (self->transport != NULL)
    ttt_transport_close (self->transport);

  self->close_reason = g_steal_pointer (&owned);
  set_state (self, TTT_CONNECTION_STATE_CLOSED);
  g_signal_emit (self, signals[CLOSED], 0, self->close_reason);

  g_object_unref (self);
}

static void
finish_with (TttConnection      *self,
             TttConnectionError  code,
             const char         *message)
{
  finish (self, g_error_new_literal (TTT_CONNECTION_ERROR, code, message), FALSE);
}

/* Timers */

static void finish_timed_out (TttConnection *self,
                              const char    *format,
                              ...) G_GNUC_PRINTF (2, 3);

static void
finish_timed_out (TttConnection *self,
                  const char    *format,
                  ...)
{
  g_autofree char *text = NULL;
  va_list args;

  va_start (args, format);
  text = g_strdup_vprintf (format, args);
  va_end (args);
  finish_with (self, TTT_CONNECTION_ERROR_TIMED_OUT, text);
}

#define SECONDS(ms) (((ms) + 999) / 1000)

static gboolean
handshake_timeout_cb (gpointer user_data)
{
  TttConnection *self = user_data;
  guint s = SECONDS (self->handshake_ms);

  self->handshake_id = 0;
  finish_timed_out (self, ngettext ("The other side did not answer within %u second.",
                                    "The other side did not answer within %u seconds.", s), s);
  return G_SOURCE_REMOVE;
}

/* The channel */

static void
channel_ready_cb (TttChannel    *channel,
                  TttConnection *self)
{
  g_clear_handle_id (&self->handshake_id, g_source_remove);
  self->peer_hello = ttt_message_copy (ttt_channel_get_peer_hello (channel));
  set_state (self, TTT_CONNECTION_STATE_READY);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_VERIFICATION_CODE]);
  g_signal_emit (self, signals[VERIFICATION_READY], 0, self->code);
}

static void
channel_message_cb (TttChannel       *channel,
                    const TttMessage *message,
                    TttConnection    *self)
{
  g_signal_emit (self, signals[MESSAGE_RECEIVED], 0, message);
}

static void
channel_closed_cb (TttChannel    *channel,
                   const GError  *reason,
                   TttConnection *self)
{
  finish (self, g_error_copy (reason), FALSE);
}

/* The stream is secured and the code made: the hellos, then the game. */
static void
open_channel (TttConnection *self,
              GIOStream     *stream)
{
  self->channel = ttt_channel_new (stream, self->hello, self->keep_alive_ms, self->silence_ms);
  g_signal_connect (self->channel, "ready", G_CALLBACK (channel_ready_cb), self);
  g_signal_connect (self->channel, "message-received", G_CALLBACK (channel_message_cb), self);
  g_signal_connect (self->channel, "closed", G_CALLBACK (channel_closed_cb), self);
}

/* The transport */

static void
open_cb (GObject      *source,
         GAsyncResult *result,
         gpointer      user_data)
{
  TttConnection *self = user_data;
  g_autoptr(GError) error = NULL;
  g_autoptr(GIOStream) stream = ttt_transport_open_finish (TTT_TRANSPORT (source), result, &error);

  if (stream == NULL && g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;
  if (stream == NULL)
    {
      finish (self, g_steal_pointer (&error), FALSE);
      return;
    }
  self->code = g_strdup (ttt_transport_get_code (TTT_TRANSPORT (source)));
  open_channel (self, stream);
}

/* The handshake's time limit covers the transport and the hellos, but
 * not a transport's wait for the other person to come at all (a host's
 * wormhole code, not yet typed by the friend): that lasts as long as the
 * person here is willing to wait, and the clock starts again, whole, once
 * the transport is connecting. */
static void
transport_state_cb (TttTransport  *transport,
                    GParamSpec    *pspec,
                    TttConnection *self)
{
  if (self->state != TTT_CONNECTION_STATE_HANDSHAKE || self->channel != NULL)
    return;

  switch (ttt_transport_get_state (transport))
    {
    case TTT_TRANSPORT_STATE_WAITING:
      g_clear_handle_id (&self->handshake_id, g_source_remove);
      break;
    case TTT_TRANSPORT_STATE_CONNECTING:
      if (self->handshake_id == 0)
        self->handshake_id = g_timeout_add (self->handshake_ms, handshake_timeout_cb, self);
      break;
    case TTT_TRANSPORT_STATE_NEW:
    case TTT_TRANSPORT_STATE_OPEN:
    case TTT_TRANSPORT_STATE_CLOSED:
    default:
      break;
    }
}

static void
open_transport (TttConnection *self,
                TttTransport  *transport)
{
  self->transport = g_object_ref (transport);
  set_state (self, TTT_CONNECTION_STATE_HANDSHAKE);
  self->handshake_id = g_timeout_add (self->handshake_ms, handshake_timeout_cb, self);
  g_signal_connect_object (transport, "notify::state", G_CALLBACK (transport_state_cb), self, 0);
  ttt_transport_open_async (transport, self->cancellable, open_cb, self);
}

void
ttt_connection_open (TttConnection *self,
                     TttTransport  *transport)
{
  g_return_if_fail (TTT_IS_CONNECTION (self));
  g_return_if_fail (TTT_IS_TRANSPORT (transport));
  g_return_if_fail (self->state == TTT_CONNECTION_STATE_NEW);

  open_transport (self, transport);
}

/* Host */

static void
chosen_message_cb (TttConnection    *chosen,
                   const TttMessage *message,
                   TttConnection    *self)
{
  g_signal_emit (self, signals[MESSAGE_RECEIVED], 0, message);
}

static void
chosen_closed_cb (TttConnection *chosen,
                  const GError  *reason,
                  TttConnection *self)
{
  finish (self, g_error_copy (reason), FALSE);
}

/* A guest failed before it introduced itself: a port scan, a browser, a
 * silent or broken peer. Hosting goes on for the others. */
static void
guest_refused_cb (TttListener   *listener,
                  TttConnection *guest,
                  const GError  *reason,
                  TttConnection *self)
{
  g_debug ("A guest from %s did not get in: %s",
           ttt_lan_transport_get_peer_label (TTT_LAN_TRANSPORT (guest->transport)), reason->message);
  /* A game of another version did introduce itself: a person who cannot
   * play with this one, which the person here is told (anyone who gets
   * as far as a hello could take the game anyway). */
  if (g_error_matches (reason, TTT_CONNECTION_ERROR, TTT_CONNECTION_ERROR_VERSION))
    {
      finish (self, g_error_copy (reason), FALSE);
      return;
    }
  g_object_ref (self);
  if (ttt_listener_get_n_guests (listener) == 0 && self->state == TTT_CONNECTION_STATE_HANDSHAKE)
    set_state (self, TTT_CONNECTION_STATE_LISTENING);
  g_signal_emit (self, signals[GUEST_REFUSED], 0, reason);
  g_object_unref (self);
}

/* The first guest to introduce itself gets the game, and this connection
 * is theirs from now on. */
static void
guest_chosen_cb (TttListener   *listener,
                 TttConnection *guest,
                 TttConnection *self)
{
  g_object_ref (self);
  self->chosen = g_object_ref (guest);
  g_signal_connect (self->chosen, "message-received", G_CALLBACK (chosen_message_cb), self);
  g_signal_connect (self->chosen, "closed", G_CALLBACK (chosen_closed_cb), self);
  self->peer_hello = ttt_message_copy (guest->peer_hello);
  self->code = g_strdup (guest->code);

  set_state (self, TTT_CONNECTION_STATE_READY);
  if (self->state == TTT_CONNECTION_STATE_READY)
    {
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_VERIFICATION_CODE]);
      g_signal_emit (self, signals[VERIFICATION_READY], 0, self->code);
    }
  g_object_unref (self);
}

/* Someone is connecting (hosting goes on beside). */
static void
guest_arrived_cb (TttListener   *listener,
                  TttConnection *self)
{
  if (self->state == TTT_CONNECTION_STATE_LISTENING)
    set_state (self, TTT_CONNECTION_STATE_HANDSHAKE);
}

TttConnection *
ttt_connection_new_for_guest (TttConnection     *host,
                              GSocketConnection *tcp)
{
  TttConnection *self;
  g_autoptr(TttLanTransport) transport = NULL;

  g_return_val_if_fail (TTT_IS_CONNECTION (host), NULL);
  g_return_val_if_fail (host->role == TTT_CONNECTION_ROLE_HOST, NULL);
  g_return_val_if_fail (G_IS_SOCKET_CONNECTION (tcp), NULL);

  self = ttt_connection_new (TTT_CONNECTION_ROLE_HOST, host->hello);
  if (host->certificate != NULL)
    self->certificate = g_object_ref (host->certificate);
  self->handshake_ms = host->handshake_ms;
  self->keep_alive_ms = host->keep_alive_ms;
  self->silence_ms = host->silence_ms;
  transport = ttt_lan_transport_new_for_guest (tcp, self->certificate);
  open_transport (self, TTT_TRANSPORT (transport));
  return self;
}

/* What the listener calls for each guest at the door. */
static GObject *
make_guest (GSocketConnection *tcp,
            gpointer           user_data)
{
  return G_OBJECT (ttt_connection_new_for_guest (user_data, tcp));
}

gboolean
ttt_connection_listen (TttConnection  *self,
                       const char     *address,
                       guint           port,
                       GError        **error)
{
  g_autoptr(TttListener) listener = NULL;

  g_return_val_if_fail (TTT_IS_CONNECTION (self), FALSE);
  g_return_val_if_fail (self->role == TTT_CONNECTION_ROLE_HOST, FALSE);
  g_return_val_if_fail (self->state == TTT_CONNECTION_STATE_NEW, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  listener = ttt_listener_new (make_guest, self);
  if (!ttt_listener_start (listener, address, port, error))
    return FALSE;

  self->listener = g_steal_pointer (&listener);
  self->port = ttt_listener_get_port (self->listener);
  g_signal_connect (self->listener, "guest-arrived", G_CALLBACK (guest_arrived_cb), self);
  g_signal_connect (self->listener, "guest-refused", G_CALLBACK (guest_refused_cb), self);
  g_signal_connect (self->listener, "guest-chosen", G_CALLBACK (guest_chosen_cb), self);
  set_state (self, TTT_CONNECTION_STATE_LISTENING);
  return TRUE;
}

guint
ttt_connection_get_port (TttConnection *self)
{
  g_return_val_if_fail (TTT_IS_CONNECTION (self), 0);

  return self->port;
}

GStrv
ttt_connection_get_addresses (TttConnection *self)
{
  g_return_val_if_fail (TTT_IS_CONNECTION (self), NULL);

  if (self->listener != NULL)
    return ttt_listener_get_addresses (self->listener);
  return ttt_address_list_local (NULL, self->port);
}

/* Guest */

gboolean
ttt_connection_connect (TttConnection  *self,
                        const char     *address,
                        GError        **error)
{
  g_autofree char *host = NULL;
  g_autoptr(TttLanTransport) transport = NULL;
  guint16 port;

  g_return_val_if_fail (TTT_IS_CONNECTION (self), FALSE);
  g_return_val_if_fail (self->role == TTT_CONNECTION_ROLE_GUEST, FALSE);
  g_return_val_if_fail (self->state == TTT_CONNECTION_STATE_NEW, FALSE);
  g_return_val_if_fail (address != NULL, FALSE);

  if (!ttt_address_parse (address, TTT_CONNECTION_DEFAULT_PORT, &host, &port, error))
    return FALSE;

  self->port = port;
  transport = ttt_lan_transport_new_guest (host, port, self->certificate);
  open_transport (self, TTT_TRANSPORT (transport));
  return TRUE;
}

/* Sending and closing */

gboolean
ttt_connection_send (TttConnection     *self,
                     const TttMessage  *message,
                     GError           **error)
{
  g_return_val_if_fail (TTT_IS_CONNECTION (self), FALSE);
  g_return_val_if_fail (message != NULL, FALSE);
  g_return_val_if_fail (message->type != TTT_MESSAGE_HELLO
                        && message->type != TTT_MESSAGE_KEEP_ALIVE
                        && message->type != TTT_MESSAGE_GOODBYE, FALSE);

  if (self->state != TTT_CONNECTION_STATE_READY)
    {
      g_set_error_literal (error, TTT_CONNECTION_ERROR, TTT_CONNECTION_ERROR_CLOSED,
                           _("Not connected to the other side."));
      return FALSE;
    }
  if (self->chosen != NULL)
    return ttt_connection_send (self->chosen, message, error);
  ttt_channel_send (self->channel, message);
  return TRUE;
}

void
ttt_connection_close (TttConnection *self)
{
  g_return_if_fail (TTT_IS_CONNECTION (self));

  finish (self, g_error_new_literal (TTT_CONNECTION_ERROR, TTT_CONNECTION_ERROR_CLOSED,
                                     _("The connection was closed.")),
          TRUE);
}

/* Getters */

TttConnectionRole
ttt_connection_get_role (TttConnection *self)
{
  g_return_val_if_fail (TTT_IS_CONNECTION (self), TTT_CONNECTION_ROLE_HOST);

  return self->role;
}

TttConnectionState
ttt_connection_get_state (TttConnection *self)
{
  g_return_val_if_fail (TTT_IS_CONNECTION (self), TTT_CONNECTION_STATE_CLOSED);

  return self->state;
}

const TttMessage *
ttt_connection_get_peer_hello (TttConnection *self)
{
  g_return_val_if_fail (TTT_IS_CONNECTION (self), NULL);

  return self->peer_hello;
}

const char *
ttt_connection_get_verification_code (TttConnection *self)
{
  g_return_val_if_fail (TTT_IS_CONNECTION (self), NULL);

  return self->peer_hello != NULL ? self->code : NULL;
}

const char *
ttt_connection_get_channel_binding (TttConnection *self)
{
  g_return_val_if_fail (TTT_IS_CONNECTION (self), NULL);

  if (self->chosen != NULL)
    return ttt_connection_get_channel_binding (self->chosen);
  if (TTT_IS_LAN_TRANSPORT (self->transport))
    return ttt_lan_transport_get_channel_binding (TTT_LAN_TRANSPORT (self->transport));
  return NULL;
}

const GError *
ttt_connection_get_close_reason (TttConnection *self)
{
  g_return_val_if_fail (TTT_IS_CONNECTION (self), NULL);

  return self->close_reason;
}

void
ttt_connection_set_certificate (TttConnection   *self,
                                GTlsCertificate *certificate)
{
  g_return_if_fail (TTT_IS_CONNECTION (self));
  g_return_if_fail (G_IS_TLS_CERTIFICATE (certificate));

  g_set_object (&self->certificate, certificate);
}

void
ttt_connection_set_timeouts (TttConnection *self,
                             guint          handshake,
                             guint          keep_alive,
                             guint          silence)
{
  g_return_if_fail (TTT_IS_CONNECTION (self));
  g_return_if_fail (handshake > 0 && keep_alive > 0 && silence > 0);

  self->handshake_ms = handshake;
  self->keep_alive_ms = keep_alive;
  self->silence_ms = silence;
}

/* GObject */

TttConnection *
ttt_connection_new (TttConnectionRole  role,
                    const TttMessage  *hello)
{
  TttConnection *self;

  g_return_val_if_fail (hello != NULL && hello->type == TTT_MESSAGE_HELLO, NULL);

  self = g_object_new (TTT_TYPE_CONNECTION, NULL);
  self->role = role;
  self->hello = ttt_message_copy (hello);
  return self;
}

static void
ttt_connection_dispose (GObject *object)
{
  TttConnection *self = TTT_CONNECTION (object);

  g_clear_handle_id (&self->handshake_id, g_source_remove);
  if (self->listener != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->listener, self);
      ttt_listener_stop (self->listener);
      g_clear_object (&self->listener);
    }
  if (self->chosen != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->chosen, self);
      g_object_run_dispose (G_OBJECT (self->chosen));
      g_clear_object (&self->chosen);
    }
  g_cancellable_cancel (self->cancellable);
  if (self->channel != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->channel, self);
      g_object_run_dispose (G_OBJECT (self->channel));
      g_clear_object (&self->channel);
    }
  /* Dropped without a goodbye: the stream closes at once rather than wait
   * on the other side. */
  if (self->transport != NULL)
    ttt_transport_close (self->transport);
  g_clear_object (&self->transport);
  g_clear_object (&self->certificate);

  G_OBJECT_CLASS (ttt_connection_parent_class)->dispose (object);
}

static void
ttt_connection_finalize (GObject *object)
{
  TttConnection *self = TTT_CONNECTION (object);

  g_clear_object (&self->channel);
  g_clear_object (&self->cancellable);
  g_clear_pointer (&self->hello, ttt_message_free);
  g_clear_pointer (&self->peer_hello, ttt_message_free);
  g_clear_error (&self->close_reason);
  g_free (self->code);

  G_OBJECT_CLASS (ttt_connection_parent_class)->finalize (object);
}

static void
ttt_connection_get_property (GObject    *object,
                             guint       prop_id,
                             GValue     *value,
                             GParamSpec *pspec)
{
  TttConnection *self = TTT_CONNECTION (object);

  switch (prop_id)
    {
    case PROP_STATE:
      g_value_set_int (value, self->state);
      break;
    case PROP_VERIFICATION_CODE:
      g_value_set_string (value, ttt_connection_get_verification_code (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ttt_connection_class_init (TttConnectionClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = ttt_connection_dispose;
  object_class->finalize = ttt_connection_finalize;
  object_class->get_property = ttt_connection_get_property;

  /* A TttConnectionState. */
  properties[PROP_STATE] =
    g_param_spec_int ("state", NULL, NULL,
                      TTT_CONNECTION_STATE_NEW, TTT_CONNECTION_STATE_CLOSED, TTT_CONNECTION_STATE_NEW,
                      G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_VERIFICATION_CODE] =
    g_param_spec_string ("verification-code", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* The TLS connection is up and the other side's hello has come:
   * (const char *code). */
  signals[VERIFICATION_READY] =
    g_signal_new ("verification-ready", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);
  /* A game message from the other side, its sequence checked:
   * (const TttMessage *message). */
  signals[MESSAGE_RECEIVED] =
    g_signal_new ("message-received", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1,
                  TTT_TYPE_MESSAGE | G_SIGNAL_TYPE_STATIC_SCOPE);
  /* Once, at the end: (const GError *reason), TTT_CONNECTION_ERROR. */
  signals[CLOSED] =
    g_signal_new ("closed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1,
                  G_TYPE_ERROR | G_SIGNAL_TYPE_STATIC_SCOPE);
  /* Host: someone connected and was let go before introducing itself
   * (a port scan, a browser, a silent or broken peer), while hosting
   * goes on: (const GError *reason), TTT_CONNECTION_ERROR. */
  signals[GUEST_REFUSED] =
    g_signal_new ("guest-refused", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1,
                  G_TYPE_ERROR | G_SIGNAL_TYPE_STATIC_SCOPE);
}

static void
ttt_connection_init (TttConnection *self)
{
  self->handshake_ms = DEFAULT_HANDSHAKE_MS;
  self->keep_alive_ms = DEFAULT_KEEP_ALIVE_MS;
  self->silence_ms = DEFAULT_SILENCE_MS;
  self->cancellable = g_cancellable_new ();
}
