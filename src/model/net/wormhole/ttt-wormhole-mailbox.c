/* ttt-wormhole-mailbox.c — the WebSocket to a magic-wormhole mailbox server
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * libsoup does the WebSocket; this file bounds it (one message at most
 * TTT_MAILBOX_MAX_MESSAGE bytes, no compression extension, so that a
 * small frame cannot inflate into a large one) and turns what comes
 * through into checked messages or one error. What goes the other way,
 * the client's messages and the count of the server's acks, is
 * ttt-wormhole-mailbox-requests.c's.
 *
 * A WebSocket that breaks once the server has welcomed us (Wi-Fi gone
 * for a moment, the server restarted) is made again after 1, 2, 4, 8,
 * 8… s, and the session asks again for what it had
 * (ttt-wormhole-mailbox-requests.c); only a connection still not made
 * again, or not working (its requests not all acked), when the give-up
 * time is up ends with the error of the first break. The give-up time
 * counts from the first break since the connection last stayed mended
 * that long: a server that acks all and drops us each time is given up
 * on too. A refusal or a broken protocol ends it at once, as before.
 *
 * A WebSocket being closed by us stays referenced by its own "closed"
 * handler until libsoup has sent what was queued and the close frame
 * (libsoup gives up on the server's answer after a few seconds), so the
 * release and close written just before go out even when the caller
 * drops everything at once.
 */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "ttt-wormhole-mailbox-private.h"

G_DEFINE_FINAL_TYPE (TttWormholeMailbox, ttt_wormhole_mailbox, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_RECONNECTING,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum {
  MESSAGE,
  CLOSED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
set_reconnecting (TttWormholeMailbox *self,
                  gboolean            reconnecting)
{
  if (self->reconnecting == reconnecting)
    return;
  self->reconnecting = reconnecting;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RECONNECTING]);
}

/* Ending */

static void
websocket_gone_cb (SoupWebsocketConnection *websocket,
                   gpointer                 user_data)
{
  g_signal_handlers_disconnect_by_func (websocket, websocket_gone_cb, user_data);
  g_object_unref (websocket);
}

/* Lets go of the WebSocket: closes it if it is open, keeping it alive
 * until libsoup is done with it. */
static void
drop_websocket (TttWormholeMailbox *self)
{
  g_autoptr(SoupWebsocketConnection) websocket = g_steal_pointer (&self->websocket);

  if (websocket == NULL)
    return;
  g_signal_handlers_disconnect_by_data (websocket, self);
  if (soup_websocket_connection_get_state (websocket) == SOUP_WEBSOCKET_STATE_CLOSED)
    return;
  g_signal_connect (websocket, "closed", G_CALLBACK (websocket_gone_cb), NULL);
  g_object_ref (websocket);
  if (soup_websocket_connection_get_state (websocket) == SOUP_WEBSOCKET_STATE_OPEN)
    soup_websocket_connection_close (websocket, SOUP_WEBSOCKET_CLOSE_NORMAL, NULL);
}

static void
destroy_cancel_source (TttWormholeMailbox *self)
{
  if (self->cancel_source == NULL)
    return;
  g_source_destroy (self->cancel_source);
  g_clear_pointer (&self->cancel_source, g_source_unref);
}

static void
stop_retrying (TttWormholeMailbox *self)
{
  g_clear_handle_id (&self->retry_id, g_source_remove);
  g_clear_handle_id (&self->give_up_id, g_source_remove);
  if (self->retry_cancellable != NULL)
    g_cancellable_cancel (self->retry_cancellable);
  g_clear_object (&self->retry_cancellable);
}

static void
stop (TttWormholeMailbox *self)
{
  self->finished = TRUE;
  destroy_cancel_source (self);
  stop_retrying (self);
  ttt_wormhole_mailbox_requests_stop (self);
  drop_websocket (self);
}

/* The connection ends with @error (taken): the connecting fails with it,
 * or "closed" says it, once. */
static void
end (TttWormholeMailbox *self,
     GError             *error)
{
  g_autoptr(GError) owned = error;
  g_autoptr(GTask) task = NULL;

  if (self->finished)
    return;

  g_object_ref (self);
  g_debug ("Mailbox connection ended: %s", error->message);
  stop (self);
  /* Given up: what was tried again is over, and "closed" says why. */
  set_reconnecting (self, FALSE);
  task = g_steal_pointer (&self->task);
  if (task != NULL)
    g_task_return_error (task, g_steal_pointer (&owned));
  else if (self->welcomed)
    g_signal_emit (self, signals[CLOSED], 0, owned);
  g_object_unref (self);
}

/* Connecting again */

static void start_connecting (TttWormholeMailbox *self,
                              GCancellable       *cancellable);

static gboolean
retry_cb (gpointer user_data)
{
  TttWormholeMailbox *self = user_data;

  self->retry_id = 0;
  g_clear_object (&self->retry_cancellable);
  self->retry_cancellable = g_cancellable_new ();
  g_debug ("Mailbox connection: connecting again");
  start_connecting (self, self->retry_cancellable);
  return G_SOURCE_REMOVE;
}

static void
schedule_retry (TttWormholeMailbox *self)
{
  g_clear_handle_id (&self->retry_id, g_source_remove);
  self->retry_id = g_timeout_add (self->retry_ms, retry_cb, self);
  self->retry_ms = MIN (self->retry_ms * 2, self->first_retry_ms * TTT_MAILBOX_MAX_BACKOFF);
}

static gboolean
give_up_cb (gpointer user_data)
{
  TttWormholeMailbox *self = user_data;

  self->give_up_id = 0;
  end (self, g_error_copy (self->lost_error));
  return G_SOURCE_REMOVE;
}

/* The WebSocket broke with @error (taken) after the welcome: it is let
 * go, and another made after a wait. "reconnecting" is notified once,
 * as the trouble begins, not again on each try. */
static void
lose (TttWormholeMailbox *self,
      GError             *error)
{
  g_debug ("Mailbox connection lost: %s", error->message);
  self->connected = FALSE;
  ttt_wormhole_mailbox_requests_stop (self);
  drop_websocket (self);
  g_clear_error (&self->websocket_error);
  if (self->lost_error == NULL)
    {
      gint64 now = g_get_monotonic_time ();
      gint64 budget = (gint64) self->give_up_ms * G_TIME_SPAN_MILLISECOND;

      if (self->lost_since == 0 || now - self->mended_at >= budget)
        self->lost_since = now;
      self->lost_error = error;
      self->retry_ms = self->first_retry_ms;
      self->give_up_id = g_timeout_add ((guint) (MAX (self->lost_since + budget - now, 0) / G_TIME_SPAN_MILLISECOND),
                                        give_up_cb, self);
    }
  else
    g_error_free (error);
  schedule_retry (self);
  set_reconnecting (self, TRUE);
}

/* The new connection works: the server acked all it was asked again. */
static void
mended (TttWormholeMailbox *self)
{
  g_debug ("Mailbox connection made again");
  g_clear_error (&self->lost_error);
  self->mended_at = g_get_monotonic_time ();
  stop_retrying (self);
  set_reconnecting (self, FALSE);
}

/* The connection breaks with @error (taken): for good, or, once the
 * session has begun, to be made again if only the WebSocket broke. */
static void
finish (TttWormholeMailbox *self,
        GError             *error)
{
  if (!self->finished && self->task == NULL && self->welcomed
      && (g_error_matches (error, TTT_CONNECTION_ERROR, TTT_CONNECTION_ERROR_LOST)
          || g_error_matches (error, TTT_CONNECTION_ERROR, TTT_CONNECTION_ERROR_TIMED_OUT)))
    lose (self, error);
  else
    end (self, error);
}

void
ttt_wormhole_mailbox_fail (TttWormholeMailbox *self,
                           TttConnectionError  code,
                           const char         *format,
                           ...)
{
  va_list args;
  GError *error;

  va_start (args, format);
  error = g_error_new_valist (TTT_CONNECTION_ERROR, code, format, args);
  va_end (args);
  finish (self, error);
}

/* Receiving */

/* The server's refusal in words: the two a person can act on, and the
 * server's own for the rest. */
static void
got_error (TttWormholeMailbox      *self,
           const TttMailboxMessage *message)
{
  if (g_strcmp0 (message->error, "crowded") == 0)
    ttt_wormhole_mailbox_fail (self, TTT_CONNECTION_ERROR_REFUSED,
                               _("Someone else is already using this code. Ask your friend for a new code."));
  else if (g_strcmp0 (message->error, "reclaimed") == 0)
    ttt_wormhole_mailbox_fail (self, TTT_CONNECTION_ERROR_REFUSED,
                               _("This code has been used already. Ask your friend for a new code."));
  else
    ttt_wormhole_mailbox_fail (self, TTT_CONNECTION_ERROR_REFUSED,
                               _("The mailbox server refused: “%s”."), message->error);
}

static void
got_welcome (TttWormholeMailbox      *self,
             const TttMailboxMessage *message)
{
  g_autoptr(GTask) task = NULL;

  if (message->welcome_error != NULL)
    {
      ttt_wormhole_mailbox_fail (self, TTT_CONNECTION_ERROR_REFUSED,
                                 _("The mailbox server turned us away: “%s”."), message->welcome_error);
      return;
    }
  g_free (self->motd);
  self->motd = g_strdup (message->motd);
  if (self->motd != NULL)
    g_debug ("Mailbox server's message of the day: %s", self->motd);

  self->connected = TRUE;
  self->welcomed = TRUE;
  destroy_cancel_source (self);
  ttt_wormhole_mailbox_requests_start (self);
  task = g_steal_pointer (&self->task);
  if (task != NULL)
    g_task_return_boolean (task, TRUE);
  else
    ttt_wormhole_mailbox_requests_replay (self);
}

static void
websocket_message_cb (SoupWebsocketConnection *websocket,
                      gint                     type,
                      GBytes                  *bytes,
                      TttWormholeMailbox      *self)
{
  g_autoptr(TttMailboxMessage) message = NULL;
  GError *error = NULL;
  const char *data;
  gsize size;

  if (type != SOUP_WEBSOCKET_DATA_TEXT)
    {
      ttt_wormhole_mailbox_fail (self, TTT_CONNECTION_ERROR_PROTOCOL,
                                 _("The mailbox server sent a message that is not text."));
      return;
    }
  data = g_bytes_get_data (bytes, &size);
  message = ttt_mailbox_message_parse (data != NULL ? data : "", (gssize) size, &error);
  if (message == NULL)
    {
      finish (self, error);
      return;
    }

  if (!self->connected)
    {
      if (message->type != TTT_MAILBOX_MESSAGE_WELCOME)
        ttt_wormhole_mailbox_fail (self, TTT_CONNECTION_ERROR_PROTOCOL,
                                   _("The mailbox server did not begin with its welcome."));
      else
        got_welcome (self, message);
      return;
    }

  switch (message->type)
    {
    case TTT_MAILBOX_MESSAGE_ACK:
      ttt_wormhole_mailbox_requests_got_ack (self, message->id);
      if (self->lost_error != NULL && g_queue_is_empty (&self->unacked))
        mended (self);
      break;
    case TTT_MAILBOX_MESSAGE_ERROR:
      got_error (self, message);
      break;
    case TTT_MAILBOX_MESSAGE_WELCOME:
      ttt_wormhole_mailbox_fail (self, TTT_CONNECTION_ERROR_PROTOCOL,
                                 _("The mailbox server welcomed us twice."));
      break;
    case TTT_MAILBOX_MESSAGE_PONG:
    case TTT_MAILBOX_MESSAGE_NAMEPLATES:
      break;
    case TTT_MAILBOX_MESSAGE_UNKNOWN:
      g_debug ("Mailbox server sent a message of an unknown type, %s", message->type_name);
      break;
    case TTT_MAILBOX_MESSAGE_ALLOCATED:
    case TTT_MAILBOX_MESSAGE_CLAIMED:
    case TTT_MAILBOX_MESSAGE_RELEASED:
    case TTT_MAILBOX_MESSAGE_MESSAGE:
    case TTT_MAILBOX_MESSAGE_CLOSED:
    case TTT_N_MAILBOX_MESSAGE_TYPES:
    default:
      ttt_wormhole_mailbox_requests_seen (self, message);
      g_signal_emit (self, signals[MESSAGE], 0, message);
      break;
    }
}

static void
websocket_error_cb (SoupWebsocketConnection *websocket,
                    GError                  *error,
                    TttWormholeMailbox      *self)
{
  g_debug ("Mailbox WebSocket: %s", error->message);
  if (self->websocket_error == NULL)
    self->websocket_error = g_error_copy (error);
}

static void
websocket_closed_cb (SoupWebsocketConnection *websocket,
                     TttWormholeMailbox      *self)
{
  /* libsoup refuses an over-long message with an error whose code is
   * the close code it sends, "too big". */
  if (g_error_matches (self->websocket_error, SOUP_WEBSOCKET_ERROR, SOUP_WEBSOCKET_CLOSE_TOO_BIG))
    ttt_wormhole_mailbox_fail (self, TTT_CONNECTION_ERROR_PROTOCOL,
                               _("The mailbox server sent a message longer than %d bytes."),
                               TTT_MAILBOX_MAX_MESSAGE);
  else if (self->websocket_error != NULL && self->websocket_error->domain == SOUP_WEBSOCKET_ERROR)
    ttt_wormhole_mailbox_fail (self, TTT_CONNECTION_ERROR_PROTOCOL,
                               _("The mailbox server broke the WebSocket protocol."));
  /* Else the connection itself failed (libsoup 3.6 says so with an error
   * when the server is gone without closing, 3.2 does not): lost. */
  else
    ttt_wormhole_mailbox_fail (self, TTT_CONNECTION_ERROR_LOST,
                               _("The connection to the mailbox server broke."));
}

/* Connecting */

static GError *
connect_error (GError *error)
{
  GError *out;

  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return g_error_copy (error);
  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CONNECTION_REFUSED))
    out = g_error_new_literal (TTT_CONNECTION_ERROR, TTT_CONNECTION_ERROR_REFUSED,
                               _("The mailbox server does not answer at its address."));
  else if (error->domain == G_RESOLVER_ERROR)
    out = g_error_new_literal (TTT_CONNECTION_ERROR, TTT_CONNECTION_ERROR_NOT_FOUND,
                               _("The mailbox server’s name cannot be found."));
  else if (error->domain == SOUP_WEBSOCKET_ERROR)
    out = g_error_new_literal (TTT_CONNECTION_ERROR, TTT_CONNECTION_ERROR_PROTOCOL,
                               _("The mailbox server’s address is not a mailbox server’s."));
  else if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_TIMED_OUT))
    out = g_error_new_literal (TTT_CONNECTION_ERROR, TTT_CONNECTION_ERROR_TIMED_OUT,
                               _("The mailbox server did not answer in time."));
  else
    out = g_error_new (TTT_CONNECTION_ERROR, TTT_CONNECTION_ERROR_UNREACHABLE,
                       _("The mailbox server cannot be reached: %s"), error->message);
  return out;
}

static void
websocket_connect_cb (GObject      *source,
                      GAsyncResult *result,
                      gpointer      user_data)
{
  g_autoptr(TttWormholeMailbox) self = user_data;
  g_autoptr(GError) error = NULL;
  SoupWebsocketConnection *websocket;

  websocket = soup_session_websocket_connect_finish (SOUP_SESSION (source), result, &error);
  if (self->finished)
    {
      /* Disconnected meanwhile; the task was answered then. */
      if (websocket != NULL)
        {
          self->websocket = websocket;
          drop_websocket (self);
        }
      return;
    }
  if (websocket == NULL)
    {
      /* Connecting again fails until the give-up time. */
      if (self->lost_error != NULL)
        {
          g_debug ("Mailbox connection not made again: %s", error->message);
          schedule_retry (self);
        }
      else
        finish (self, connect_error (error));
      return;
    }

  self->websocket = websocket;
  /* libsoup refuses a payload of the bound itself. */
  soup_websocket_connection_set_max_incoming_payload_size (websocket, TTT_MAILBOX_MAX_MESSAGE + 1);
  /* libsoup's own pings would only be answered, never checked: ours,
   * acked, are. */
  soup_websocket_connection_set_keepalive_interval (websocket, 0);
  g_signal_connect (websocket, "message", G_CALLBACK (websocket_message_cb), self);
  g_signal_connect (websocket, "error", G_CALLBACK (websocket_error_cb), self);
  g_signal_connect (websocket, "closed", G_CALLBACK (websocket_closed_cb), self);
}

static gboolean
cancelled_cb (GCancellable *cancellable,
              gpointer      user_data)
{
  TttWormholeMailbox *self = user_data;

  finish (self, g_error_new_literal (G_IO_ERROR, G_IO_ERROR_CANCELLED,
                                     _("The connection to the mailbox server was cancelled.")));
  return G_SOURCE_REMOVE;
}

static void
start_connecting (TttWormholeMailbox *self,
                  GCancellable       *cancellable)
{
  g_autoptr(SoupMessage) message = NULL;

  message = soup_message_new (SOUP_METHOD_GET, self->url);
  if (message == NULL)
    {
      ttt_wormhole_mailbox_fail (self, TTT_CONNECTION_ERROR_BAD_ADDRESS,
                                 _("The mailbox server’s address cannot be one: %s"), self->url);
      return;
    }
  if (self->session == NULL)
    {
      self->session = soup_session_new ();
      /* permessage-deflate would let a few bytes become many past the bound. */
      soup_session_remove_feature_by_type (self->session, SOUP_TYPE_WEBSOCKET_EXTENSION_MANAGER);
    }
  soup_session_websocket_connect_async (self->session, message, NULL, NULL, G_PRIORITY_DEFAULT,
                                        cancellable, websocket_connect_cb, g_object_ref (self));
}

void
ttt_wormhole_mailbox_connect_async (TttWormholeMailbox  *self,
                                    GCancellable        *cancellable,
                                    GAsyncReadyCallback  callback,
                                    gpointer             user_data)
{
  g_return_if_fail (TTT_IS_WORMHOLE_MAILBOX (self));
  g_return_if_fail (self->task == NULL && !self->welcomed && !self->finished);

  self->task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (self->task, ttt_wormhole_mailbox_connect_async);

  /* libsoup watches the cancellable while it connects, this while the
   * welcome is awaited. */
  if (cancellable != NULL)
    {
      self->cancel_source = g_cancellable_source_new (cancellable);
      g_source_set_callback (self->cancel_source, G_SOURCE_FUNC (cancelled_cb), self, NULL);
      g_source_attach (self->cancel_source, NULL);
    }

  start_connecting (self, cancellable);
}

gboolean
ttt_wormhole_mailbox_connect_finish (TttWormholeMailbox  *self,
                                     GAsyncResult        *result,
                                     GError             **error)
{
  g_return_val_if_fail (TTT_IS_WORMHOLE_MAILBOX (self), FALSE);
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}

void
ttt_wormhole_mailbox_set_reconnect (TttWormholeMailbox *self,
                                    guint               first_ms,
                                    guint               give_up_ms)
{
  g_return_if_fail (TTT_IS_WORMHOLE_MAILBOX (self));
  g_return_if_fail (first_ms > 0 && give_up_ms > 0);

  self->first_retry_ms = first_ms;
  self->give_up_ms = give_up_ms;
}

gboolean
ttt_wormhole_mailbox_get_reconnecting (TttWormholeMailbox *self)
{
  g_return_val_if_fail (TTT_IS_WORMHOLE_MAILBOX (self), FALSE);

  return self->reconnecting;
}

const char *
ttt_wormhole_mailbox_get_motd (TttWormholeMailbox *self)
{
  g_return_val_if_fail (TTT_IS_WORMHOLE_MAILBOX (self), NULL);

  return self->motd;
}

void
ttt_wormhole_mailbox_disconnect (TttWormholeMailbox *self)
{
  g_autoptr(GTask) task = NULL;

  g_return_if_fail (TTT_IS_WORMHOLE_MAILBOX (self));

  if (self->finished)
    return;
  stop (self);
  /* Not notified: nothing is emitted after this. */
  self->reconnecting = FALSE;
  task = g_steal_pointer (&self->task);
  if (task != NULL)
    g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_CANCELLED,
                             "%s", _("The connection to the mailbox server was closed."));
}

/* GObject */

TttWormholeMailbox *
ttt_wormhole_mailbox_new (const char *url)
{
  TttWormholeMailbox *self;

  g_return_val_if_fail (url != NULL, NULL);

  self = g_object_new (TTT_TYPE_WORMHOLE_MAILBOX, NULL);
  self->url = g_strdup (url);
  return self;
}

static void
ttt_wormhole_mailbox_dispose (GObject *object)
{
  TttWormholeMailbox *self = TTT_WORMHOLE_MAILBOX (object);

  if (!self->finished)
    stop (self);
  g_clear_object (&self->session);

  G_OBJECT_CLASS (ttt_wormhole_mailbox_parent_class)->dispose (object);
}

static void
ttt_wormhole_mailbox_finalize (GObject *object)
{
  TttWormholeMailbox *self = TTT_WORMHOLE_MAILBOX (object);

  g_free (self->url);
  g_free (self->motd);
  g_clear_error (&self->websocket_error);
  g_clear_error (&self->lost_error);
  ttt_wormhole_mailbox_requests_clear (self);

  G_OBJECT_CLASS (ttt_wormhole_mailbox_parent_class)->finalize (object);
}

static void
ttt_wormhole_mailbox_get_property (GObject    *object,
                                   guint       prop_id,
                                   GValue     *value,
                                   GParamSpec *pspec)
{
  TttWormholeMailbox *self = TTT_WORMHOLE_MAILBOX (object);

  switch (prop_id)
    {
    case PROP_RECONNECTING:
      g_value_set_boolean (value, self->reconnecting);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ttt_wormhole_mailbox_class_init (TttWormholeMailboxClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = ttt_wormhole_mailbox_dispose;
  object_class->finalize = ttt_wormhole_mailbox_finalize;
  object_class->get_property = ttt_wormhole_mailbox_get_property;

  properties[PROP_RECONNECTING] =
    g_param_spec_boolean ("reconnecting", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  signals[MESSAGE] = g_signal_new ("message", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                   0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_POINTER);
  signals[CLOSED] = g_signal_new ("closed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_ERROR);
}

static void
ttt_wormhole_mailbox_init (TttWormholeMailbox *self)
{
  g_queue_init (&self->unacked);
  g_queue_init (&self->added);
  self->first_retry_ms = TTT_MAILBOX_DEFAULT_RETRY_MS;
  self->give_up_ms = TTT_MAILBOX_DEFAULT_GIVE_UP_MS;
  self->ack_ms = TTT_MAILBOX_DEFAULT_ACK_MS;
  self->ping_ms = TTT_MAILBOX_DEFAULT_PING_MS;
}
