/* ttt-wormhole-transit.c — two wormhole sides find a connection
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Each way of reaching the other side is a contender
 * (ttt-wormhole-contender.h): an outbound connection to one of its direct
 * hints or to a relay, or one that came in on the listener. The first
 * contender through wins and the rest are closed: the sender says "go"
 * on the winner, the receiver waits for it. Direct hints get a head
 * start over the relays; at most MAX_INBOUND strangers may be saying who
 * they are at once. The opening is bounded in time (CONNECT_TIMEOUT_MS)
 * from the moment both messages are known; with no listener, it fails as
 * soon as every way has.
 */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <string.h>
#include <sys/socket.h>

#include "ttt-net-error.h"
#include "ttt-wormhole-contender.h"
#include "ttt-wormhole-hints.h"
#include "ttt-wormhole-transit.h"
#include "ttt-wormhole-transit-stream.h"

/* The head start of direct connections over the relays, as magic-wormhole
 * gives them. */
#define RELAY_DELAY_MS       2000
#define CONNECT_TIMEOUT_MS   60000
/* Connections on the listener still saying who they are: a port scanner
 * cannot hold more. */
#define MAX_INBOUND          8

struct _TttWormholeTransit
{
  GObject                 parent_instance;

  TttWormholeRecordRole   role;
  guint8                  key[TTT_WORMHOLE_KEY_SIZE];
  char                   *relay_url;
  gboolean                direct;
  char                   *listen_address;

  char                   *our_handshake;
  char                   *their_handshake;
  char                   *relay_handshake;

  GTask                  *task;              /* the connecting, while under way */
  GCancellable           *cancellable;       /* the listener's, cancelled at the end */
  GCancellable           *caller_cancellable;
  gulong                  cancelled_id;
  GSocketListener        *listener;
  GSocketClient          *client;
  GPtrArray              *contenders;        /* of TttWormholeContender, each referenced */
  GPtrArray              *their_direct;      /* of TttWormholeHint */
  GPtrArray              *relays;            /* of TttWormholeHint: ours, then theirs */
  gboolean                have_message;
  GError                 *message_error;
  gboolean                started;           /* contenders launched */
  guint                   relay_delay_id;
  guint                   timeout_id;
};

G_DEFINE_FINAL_TYPE (TttWormholeTransit, ttt_wormhole_transit, G_TYPE_OBJECT)

enum {
  SEND,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* Contenders */

/* Stops it and lets it go. */
static void
drop (TttWormholeTransit   *self,
      TttWormholeContender *contender)
{
  ttt_wormhole_contender_drop (contender);
  g_ptr_array_remove (self->contenders, contender);   /* drops its reference */
}

/* The end */

static void
stop_everything (TttWormholeTransit *self)
{
  g_clear_handle_id (&self->relay_delay_id, g_source_remove);
  g_clear_handle_id (&self->timeout_id, g_source_remove);
  if (self->cancelled_id != 0)
    g_signal_handler_disconnect (self->caller_cancellable, self->cancelled_id);
  self->cancelled_id = 0;
  g_clear_object (&self->caller_cancellable);
  if (self->cancellable != NULL)
    g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  if (self->listener != NULL)
    {
      g_socket_listener_close (self->listener);
      g_clear_object (&self->listener);
    }
  g_clear_object (&self->client);
  while (self->contenders->len > 0)
    drop (self, g_ptr_array_index (self->contenders, self->contenders->len - 1));
}

static void
finish (TttWormholeTransit *self,
        GIOStream          *stream,
        GError             *error)
{
  g_autoptr(GTask) task = g_steal_pointer (&self->task);

  stop_everything (self);
  if (task == NULL)
    {
      g_clear_object (&stream);
      g_clear_error (&error);
      return;
    }
  if (stream != NULL)
    g_task_return_pointer (task, stream, g_object_unref);
  else
    g_task_return_error (task, error);
}

static void
fail_unreachable (TttWormholeTransit *self)
{
  finish (self, NULL, g_error_new_literal (TTT_CONNECTION_ERROR, TTT_CONNECTION_ERROR_UNREACHABLE,
                                           _("The other side could not be reached, directly or "
                                             "through the relay.")));
}

static gboolean
timeout_cb (gpointer user_data)
{
  TttWormholeTransit *self = user_data;

  self->timeout_id = 0;
  finish (self, NULL, g_error_new_literal (TTT_CONNECTION_ERROR, TTT_CONNECTION_ERROR_TIMED_OUT,
                                           _("The other side could not be reached in time, "
                                             "directly or through the relay.")));
  return G_SOURCE_REMOVE;
}

/* With nobody able to come in and nothing left to try, it is over. */
static void
check_all_failed (TttWormholeTransit *self)
{
  if (self->task == NULL || !self->started || self->listener != NULL)
    return;
  if (self->contenders->len > 0 || self->relay_delay_id != 0)
    return;
  fail_unreachable (self);
}

/* What contenders tell */

static void
won_cb (TttWormholeContender *contender,
        gpointer              user_data)
{
  TttWormholeTransit *self = user_data;
  GSocketConnection *connection = ttt_wormhole_contender_steal_connection (contender);
  GSocket *socket = g_socket_connection_get_socket (connection);
  GIOStream *stream;

  g_debug ("Transit by %s", ttt_wormhole_contender_get_label (contender));
  g_socket_set_option (socket, IPPROTO_TCP, TCP_NODELAY, 1, NULL);
  /* The client's time limit was for connecting: a game may be quiet
   * longer, and the channel above keeps its own watch. */
  g_socket_set_timeout (socket, 0);
  stream = ttt_wormhole_transit_stream_new (G_IO_STREAM (connection), self->key, self->role);
  g_object_unref (connection);
  finish (self, stream, NULL);
}

/* A sender's contender heard the other side: it is the one. */
static void
heard_cb (TttWormholeContender *contender,
          gpointer              user_data)
{
  TttWormholeTransit *self = user_data;

  /* Every other is turned away by closing it, which the other side
   * takes as "nevermind". */
  for (guint i = self->contenders->len; i > 0; i--)
    {
      TttWormholeContender *other = g_ptr_array_index (self->contenders, i - 1);

      if (other != contender)
        drop (self, other);
    }
  g_clear_handle_id (&self->relay_delay_id, g_source_remove);
  ttt_wormhole_contender_say_go (contender);
}

static void
failed_cb (TttWormholeContender *contender,
           const char           *why,
           gpointer              user_data)
{
  TttWormholeTransit *self = user_data;

  g_debug ("Transit by %s: %s", ttt_wormhole_contender_get_label (contender), why);
  drop (self, contender);
  check_all_failed (self);
}

static const TttWormholeContenderEvents contender_events = {
  .heard = heard_cb,
  .won = won_cb,
  .failed = failed_cb,
};

static TttWormholeContender *
contender_new (TttWormholeTransit *self,
               const char         *label,
               gboolean            relay)
{
  TttWormholeContender *contender;

  contender = ttt_wormhole_contender_new (label, self->role, relay ? self->relay_handshake : NULL,
                                          self->our_handshake, self->their_handshake,
                                          &contender_events, self);
  g_ptr_array_add (self->contenders, contender);
  return contender;
}

/* Outbound */

static void
connect_to (TttWormholeTransit    *self,
            const TttWormholeHint *hint,
            gboolean               relay)
{
  g_autofree char *label = g_strdup_printf ("%s %s port %u", relay ? "the relay at" : "direct to",
                                            hint->host, hint->port);
  g_autoptr(GSocketConnectable) address = g_network_address_new (hint->host, hint->port);

  ttt_wormhole_contender_connect (contender_new (self, label, relay), self->client, address);
}

static void
connect_relays (TttWormholeTransit *self)
{
  for (guint i = 0; i < self->relays->len; i++)
    connect_to (self, g_ptr_array_index (self->relays, i), TRUE);
}

static gboolean
relay_delay_cb (gpointer user_data)
{
  TttWormholeTransit *self = user_data;

  self->relay_delay_id = 0;
  connect_relays (self);
  check_all_failed (self);
  return G_SOURCE_REMOVE;
}

/* Once both the connecting and the other side's message are under way. */
static void
start_contenders (TttWormholeTransit *self)
{
  guint n_direct = 0;

  if (self->task == NULL || !self->have_message || self->started)
    return;
  if (self->message_error != NULL)
    {
      finish (self, NULL, g_steal_pointer (&self->message_error));
      return;
    }
  self->started = TRUE;
  self->timeout_id = g_timeout_add (CONNECT_TIMEOUT_MS, timeout_cb, self);

  if (self->direct)
    for (guint i = 0; i < self->their_direct->len; i++, n_direct++)
      connect_to (self, g_ptr_array_index (self->their_direct, i), FALSE);
  if (n_direct > 0 && self->relays->len > 0)
    self->relay_delay_id = g_timeout_add (RELAY_DELAY_MS, relay_delay_cb, self);
  else
    connect_relays (self);
  check_all_failed (self);
}

/* Inbound */

static void
accept_cb (GObject      *source,
           GAsyncResult *result,
           gpointer      user_data)
{
  g_autoptr(TttWormholeTransit) self = user_data;
  g_autoptr(GError) error = NULL;
  GSocketConnection *connection;
  guint n_inbound = 0;

  connection = g_socket_listener_accept_finish (G_SOCKET_LISTENER (source), result, NULL, &error);
  if (connection == NULL)
    return;   /* closed, or cancelled: the connecting is over */
  if (self->task == NULL || self->listener == NULL)
    {
      g_io_stream_close (G_IO_STREAM (connection), NULL, NULL);
      g_object_unref (connection);
      return;
    }

  for (guint i = 0; i < self->contenders->len; i++)
    if (ttt_wormhole_contender_is_inbound (g_ptr_array_index (self->contenders, i)))
      n_inbound++;
  if (n_inbound >= MAX_INBOUND)
    {
      g_debug ("Transit: too many connections saying who they are; one more is closed");
      g_io_stream_close (G_IO_STREAM (connection), NULL, NULL);
      g_object_unref (connection);
    }
  else
    ttt_wormhole_contender_accept (contender_new (self, "a connection from the other side", FALSE), connection);

  g_socket_listener_accept_async (self->listener, self->cancellable, accept_cb, g_object_ref (self));
}

/* Listens, and gives the direct hints (NULL when not listening). */
static GPtrArray *
start_listening (TttWormholeTransit  *self,
                 guint16             *port)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) addresses = NULL;

  if (!self->direct)
    return NULL;

  self->listener = g_socket_listener_new ();
  if (self->listen_address != NULL)
    {
      g_autoptr(GInetAddress) inet = g_inet_address_new_from_string (self->listen_address);
      g_autoptr(GSocketAddress) wanted = NULL;
      g_autoptr(GSocketAddress) effective = NULL;

      if (inet != NULL)
        {
          wanted = g_inet_socket_address_new (inet, 0);
          if (g_socket_listener_add_address (self->listener, wanted, G_SOCKET_TYPE_STREAM,
                                             G_SOCKET_PROTOCOL_TCP, NULL, &effective, &error))
            *port = g_inet_socket_address_get_port (G_INET_SOCKET_ADDRESS (effective));
        }
      addresses = g_ptr_array_new_with_free_func (g_free);
      g_ptr_array_add (addresses, g_strdup (self->listen_address));
    }
  else
    {
      *port = g_socket_listener_add_any_inet_port (self->listener, NULL, &error);
      addresses = ttt_wormhole_local_addresses ();
    }
  if (*port == 0)
    {
      /* Only the relay then: not a reason to fail. */
      g_debug ("Transit: cannot listen: %s", error != NULL ? error->message : "no address");
      g_clear_object (&self->listener);
      return NULL;
    }
  g_socket_listener_accept_async (self->listener, self->cancellable, accept_cb, g_object_ref (self));
  return g_steal_pointer (&addresses);
}

static gboolean
cancelled_idle_cb (gpointer user_data)
{
  g_autoptr(TttWormholeTransit) self = user_data;

  if (self->task != NULL)
    finish (self, NULL, g_error_new_literal (G_IO_ERROR, G_IO_ERROR_CANCELLED,
                                             "The operation was cancelled"));
  return G_SOURCE_REMOVE;
}

static void
cancelled_cb (GCancellable *cancellable,
              gpointer      user_data)
{
  TttWormholeTransit *self = user_data;

  /* Not from inside the cancellable's own signal. */
  g_idle_add_full (G_PRIORITY_DEFAULT, cancelled_idle_cb, g_object_ref (self), NULL);
}

/* API */

static void
ttt_wormhole_transit_dispose (GObject *object)
{
  TttWormholeTransit *self = TTT_WORMHOLE_TRANSIT (object);

  g_clear_object (&self->task);
  stop_everything (self);

  G_OBJECT_CLASS (ttt_wormhole_transit_parent_class)->dispose (object);
}

static void
ttt_wormhole_transit_finalize (GObject *object)
{
  TttWormholeTransit *self = TTT_WORMHOLE_TRANSIT (object);

  memset (self->key, 0, sizeof self->key);
  g_free (self->relay_url);
  g_free (self->listen_address);
  g_free (self->our_handshake);
  g_free (self->their_handshake);
  g_free (self->relay_handshake);
  g_ptr_array_unref (self->contenders);
  g_ptr_array_unref (self->their_direct);
  g_ptr_array_unref (self->relays);
  g_clear_error (&self->message_error);

  G_OBJECT_CLASS (ttt_wormhole_transit_parent_class)->finalize (object);
}

static void
ttt_wormhole_transit_class_init (TttWormholeTransitClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = ttt_wormhole_transit_dispose;
  object_class->finalize = ttt_wormhole_transit_finalize;

  ttt_wormhole_crypto_init ();

  signals[SEND] =
    g_signal_new ("send",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_BYTES);
}

static void
ttt_wormhole_transit_init (TttWormholeTransit *self)
{
  self->direct = TRUE;
  self->contenders = g_ptr_array_new_with_free_func ((GDestroyNotify) ttt_wormhole_contender_unref);
  self->their_direct = g_ptr_array_new_with_free_func ((GDestroyNotify) ttt_wormhole_hint_free);
  self->relays = g_ptr_array_new_with_free_func ((GDestroyNotify) ttt_wormhole_hint_free);
}

static char *
derive_hex (const guint8  key[TTT_WORMHOLE_KEY_SIZE],
            const char   *purpose)
{
  guint8 derived[TTT_WORMHOLE_KEY_SIZE];
  char *hex;

  ttt_wormhole_derive_key (key, purpose, derived);
  hex = ttt_wormhole_hex (derived, sizeof derived);
  memset (derived, 0, sizeof derived);
  return hex;
}

TttWormholeTransit *
ttt_wormhole_transit_new (TttWormholeRecordRole  role,
                          const guint8           transit_key[TTT_WORMHOLE_KEY_SIZE],
                          const char            *relay_url)
{
  TttWormholeTransit *self;
  g_autofree char *sender = NULL;
  g_autofree char *receiver = NULL;
  g_autofree char *token = NULL;
  g_autofree char *side = NULL;

  g_return_val_if_fail (transit_key != NULL, NULL);

  self = g_object_new (TTT_TYPE_WORMHOLE_TRANSIT, NULL);
  self->role = role;
  memcpy (self->key, transit_key, sizeof self->key);
  self->relay_url = g_strdup (relay_url);

  sender = derive_hex (transit_key, "transit_sender");
  receiver = derive_hex (transit_key, "transit_receiver");
  token = derive_hex (transit_key, "transit_relay_token");
  /* The relay pairs two connections with the same token and different
   * sides; the side is no secret. */
  side = g_strdup_printf ("%08x%08x", g_random_int (), g_random_int ());
  if (role == TTT_WORMHOLE_RECORD_SENDER)
    {
      self->our_handshake = g_strdup_printf ("transit sender %s ready\n\n", sender);
      self->their_handshake = g_strdup_printf ("transit receiver %s ready\n\n", receiver);
    }
  else
    {
      self->our_handshake = g_strdup_printf ("transit receiver %s ready\n\n", receiver);
      self->their_handshake = g_strdup_printf ("transit sender %s ready\n\n", sender);
    }
  self->relay_handshake = g_strdup_printf ("please relay %s for side %s\n", token, side);
  return self;
}

void
ttt_wormhole_transit_set_direct (TttWormholeTransit *self,
                                 gboolean            direct)
{
  g_return_if_fail (TTT_IS_WORMHOLE_TRANSIT (self));

  self->direct = direct;
}

void
ttt_wormhole_transit_set_listen_address (TttWormholeTransit *self,
                                         const char         *address)
{
  g_return_if_fail (TTT_IS_WORMHOLE_TRANSIT (self));

  g_free (self->listen_address);
  self->listen_address = g_strdup (address);
}

void
ttt_wormhole_transit_connect_async (TttWormholeTransit  *self,
                                    GCancellable        *cancellable,
                                    GAsyncReadyCallback  callback,
                                    gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;
  g_autoptr(GPtrArray) addresses = NULL;
  g_autoptr(GBytes) message = NULL;
  TttWormholeHint *relay = NULL;
  guint16 port = 0;

  g_return_if_fail (TTT_IS_WORMHOLE_TRANSIT (self));
  g_return_if_fail (self->task == NULL && self->client == NULL);

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, ttt_wormhole_transit_connect_async);
  if (g_task_return_error_if_cancelled (task))
    return;

  if (self->relay_url != NULL)
    {
      relay = g_new0 (TttWormholeHint, 1);
      if (!ttt_wormhole_hints_parse_url (self->relay_url, &relay->host, &relay->port))
        {
          ttt_wormhole_hint_free (relay);
          g_task_return_new_error (task, TTT_CONNECTION_ERROR, TTT_CONNECTION_ERROR_BAD_ADDRESS,
                                   /* Translators: %s is what was given, "tcp:host:port" expected. */
                                   _("The transit relay “%s” is not an address this game can use."),
                                   self->relay_url);
          return;
        }
      /* Ours first: the other side's (known already, or later) may only
       * add to it. */
      if (!ttt_wormhole_hints_contain (self->relays, relay))
        {
          TttWormholeHint *copy = g_new0 (TttWormholeHint, 1);

          copy->host = g_strdup (relay->host);
          copy->port = relay->port;
          g_ptr_array_insert (self->relays, 0, copy);
        }
    }

  self->task = g_steal_pointer (&task);
  self->cancellable = g_cancellable_new ();
  if (cancellable != NULL)
    {
      self->caller_cancellable = g_object_ref (cancellable);
      self->cancelled_id = g_signal_connect (cancellable, "cancelled", G_CALLBACK (cancelled_cb), self);
    }
  self->client = g_socket_client_new ();
  g_socket_client_set_timeout (self->client, CONNECT_TIMEOUT_MS / 1000);

  addresses = start_listening (self, &port);
  message = ttt_wormhole_hints_build (addresses, port, relay);
  g_clear_pointer (&relay, ttt_wormhole_hint_free);
  g_signal_emit (self, signals[SEND], 0, message);
  start_contenders (self);
}

GIOStream *
ttt_wormhole_transit_connect_finish (TttWormholeTransit  *self,
                                     GAsyncResult        *result,
                                     GError             **error)
{
  g_return_val_if_fail (TTT_IS_WORMHOLE_TRANSIT (self), NULL);
  g_return_val_if_fail (g_task_is_valid (result, self), NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}

void
ttt_wormhole_transit_receive (TttWormholeTransit *self,
                              GBytes             *message)
{
  g_autoptr(GPtrArray) relays = NULL;
  const char *text;
  gsize length;

  g_return_if_fail (TTT_IS_WORMHOLE_TRANSIT (self));
  g_return_if_fail (message != NULL);

  if (self->have_message)
    return;   /* one is all magic-wormhole sends; another changes nothing */
  self->have_message = TRUE;
  text = g_bytes_get_data (message, &length);
  relays = g_ptr_array_new_with_free_func ((GDestroyNotify) ttt_wormhole_hint_free);
  if (ttt_wormhole_hints_parse (text, length, self->their_direct, relays, &self->message_error))
    while (relays->len > 0)
      ttt_wormhole_hints_add (self->relays, g_ptr_array_steal_index (relays, 0), TTT_WORMHOLE_TRANSIT_MAX_RELAYS + 1);
  start_contenders (self);
}
