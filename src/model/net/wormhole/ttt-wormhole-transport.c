/* ttt-wormhole-transport.c — play by a code: a wormhole and its transit
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The steps: the wormhole opens (the host's code is made and shown while
 * the friend has not come), its key gives the transit key, the two
 * transit messages cross the wormhole (the first message each way; the
 * game sends nothing else there), the transit finds a connection and the
 * record stream over it is what opening gives. The wormhole has done its
 * work then and is closed, "happy".
 *
 * The steps carry the opening's GTask, and through it a reference to the
 * transport; a step that finds another task (or none) was overtaken by
 * close() and does nothing. The wormhole and the transit share one
 * cancellable of the transport's own, cancelled by close() and by the
 * caller's.
 *
 * While the wormhole's mailbox connection is made again after a break
 * (ttt-wormhole-mailbox.h), "reconnecting" says so, for the person
 * waiting; once the transport is open the mailbox is let go, so a game
 * under way never reconnects here.
 */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "ttt-wormhole.h"
#include "ttt-wormhole-transit.h"
#include "ttt-wormhole-transport.h"

struct _TttWormholeTransport
{
  GObject             parent_instance;

  TttTransportState   state;
  gboolean            reconnecting;      /* the wormhole's, while opening */
  gboolean            is_host;
  char               *mailbox_url;
  char               *relay_url;
  char               *code;
  gboolean            direct;
  char               *listen_address;

  GTask              *task;              /* the opening, while under way */
  GCancellable       *cancellable;       /* the steps' */
  GCancellable       *caller_cancellable;
  gulong              caller_cancelled_id;
  TttWormhole        *wormhole;
  TttWormholeTransit *transit;
  GBytes             *their_message;     /* came before the transit was made */
  gboolean            heard;
  GIOStream          *stream;
};

static void ttt_wormhole_transport_iface_init (TttTransportInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (TttWormholeTransport, ttt_wormhole_transport, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (TTT_TYPE_TRANSPORT,
                                                      ttt_wormhole_transport_iface_init))

enum {
  PROP_0,
  PROP_STATE,
  PROP_RECONNECTING,
  PROP_WORMHOLE_CODE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
set_state (TttWormholeTransport *self,
           TttTransportState     state)
{
  if (self->state == state)
    return;
  self->state = state;
  g_object_notify (G_OBJECT (self), "state");
}

static void
set_reconnecting (TttWormholeTransport *self,
                  gboolean              reconnecting)
{
  if (self->reconnecting == reconnecting)
    return;
  self->reconnecting = reconnecting;
  g_object_notify (G_OBJECT (self), "reconnecting");
}

/* Lets the wormhole go, saying how it went. */
static void
drop_wormhole (TttWormholeTransport *self,
               const char           *mood)
{
  if (self->wormhole == NULL)
    return;
  g_signal_handlers_disconnect_by_data (self->wormhole, self);
  ttt_wormhole_close (self->wormhole, mood);
  g_clear_object (&self->wormhole);
}

static void
drop_transit (TttWormholeTransport *self)
{
  if (self->transit == NULL)
    return;
  g_signal_handlers_disconnect_by_data (self->transit, self);
  g_clear_object (&self->transit);
}

/* The opening ends: with the stream, or with @error (taken). */
static void
open_done (TttWormholeTransport *self,
           GError               *error)
{
  g_autoptr(GTask) task = g_steal_pointer (&self->task);

  if (task == NULL)
    {
      g_clear_error (&error);
      return;
    }
  g_clear_pointer (&self->their_message, g_bytes_unref);
  if (error != NULL)
    {
      /* The steps under way stop, and find the opening answered. */
      g_cancellable_cancel (self->cancellable);
      drop_wormhole (self, "errory");
      drop_transit (self);
      /* Closed first: whoever watches sees the reconnecting end with it. */
      set_state (self, TTT_TRANSPORT_STATE_CLOSED);
      set_reconnecting (self, FALSE);
      g_task_return_error (task, error);
      return;
    }
  drop_wormhole (self, "happy");
  drop_transit (self);
  set_state (self, TTT_TRANSPORT_STATE_OPEN);
  set_reconnecting (self, FALSE);
  g_task_return_pointer (task, g_object_ref (self->stream), g_object_unref);
}

/* The transit */

static void
transit_send_cb (TttWormholeTransit *transit,
                 GBytes             *message,
                 gpointer            user_data)
{
  TttWormholeTransport *self = user_data;

  if (self->wormhole != NULL)
    ttt_wormhole_send (self->wormhole, message);
}

static void
transit_cb (GObject      *source,
            GAsyncResult *result,
            gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  TttWormholeTransport *self = g_task_get_source_object (task);
  GError *error = NULL;
  GIOStream *stream;

  stream = ttt_wormhole_transit_connect_finish (TTT_WORMHOLE_TRANSIT (source), result, &error);
  if (task != self->task)
    {
      if (stream != NULL)
        g_io_stream_close (stream, NULL, NULL);
      g_clear_object (&stream);
      g_clear_error (&error);
      return;
    }
  self->stream = stream;
  open_done (self, error);
}

/* The wormhole */

static void
wormhole_message_cb (TttWormhole *wormhole,
                     GBytes      *message,
                     gpointer     user_data)
{
  TttWormholeTransport *self = user_data;

  /* The first is the transit message; the game sends nothing after it,
   * and whatever a peer adds is not listened to. */
  if (self->heard)
    return;
  self->heard = TRUE;
  if (self->transit != NULL)
    ttt_wormhole_transit_receive (self->transit, message);
  else
    self->their_message = g_bytes_ref (message);
}

static void
wormhole_closed_cb (TttWormhole  *wormhole,
                    const GError *error,
                    gpointer      user_data)
{
  TttWormholeTransport *self = user_data;

  if (error != NULL)
    open_done (self, g_error_copy (error));
  else
    open_done (self, g_error_new_literal (TTT_CONNECTION_ERROR, TTT_CONNECTION_ERROR_LOST,
                                          _("The connection to the mailbox server broke.")));
}

static void
wormhole_notify_cb (TttWormhole *wormhole,
                    GParamSpec  *pspec,
                    gpointer     user_data)
{
  TttWormholeTransport *self = user_data;

  if (g_strcmp0 (ttt_wormhole_get_code (wormhole), self->code) != 0)
    {
      g_free (self->code);
      self->code = g_strdup (ttt_wormhole_get_code (wormhole));
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_WORMHOLE_CODE]);
    }
  if (self->task != NULL && ttt_wormhole_get_state (wormhole) == TTT_WORMHOLE_STATE_WAITING)
    set_state (self, TTT_TRANSPORT_STATE_WAITING);
}

static void
wormhole_reconnecting_cb (TttWormhole *wormhole,
                          GParamSpec  *pspec,
                          gpointer     user_data)
{
  TttWormholeTransport *self = user_data;

  set_reconnecting (self, ttt_wormhole_get_reconnecting (wormhole));
}

static void
wormhole_open_cb (GObject      *source,
                  GAsyncResult *result,
                  gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  TttWormholeTransport *self = g_task_get_source_object (task);
  GError *error = NULL;
  guint8 key[TTT_WORMHOLE_KEY_SIZE];

  if (!ttt_wormhole_open_finish (TTT_WORMHOLE (source), result, &error))
    {
      if (task == self->task)
        open_done (self, error);
      else
        g_clear_error (&error);
      return;
    }
  if (task != self->task)
    return;

  set_state (self, TTT_TRANSPORT_STATE_CONNECTING);
  ttt_wormhole_derive_shared_key (self->wormhole, TTT_WORMHOLE_APPID "/transit-key", key);
  self->transit = ttt_wormhole_transit_new (self->is_host ? TTT_WORMHOLE_RECORD_SENDER
                                                          : TTT_WORMHOLE_RECORD_RECEIVER,
                                            key, self->relay_url);
  memset (key, 0, sizeof key);
  ttt_wormhole_transit_set_direct (self->transit, self->direct);
  ttt_wormhole_transit_set_listen_address (self->transit, self->listen_address);
  g_signal_connect (self->transit, "send", G_CALLBACK (transit_send_cb), self);
  if (self->their_message != NULL)
    {
      g_autoptr(GBytes) message = g_steal_pointer (&self->their_message);

      ttt_wormhole_transit_receive (self->transit, message);
    }
  ttt_wormhole_transit_connect_async (self->transit, self->cancellable, transit_cb, g_object_ref (task));
}

/* TttTransport */

static void
chain_cancel (GCancellable *cancellable,
              gpointer      user_data)
{
  g_cancellable_cancel (user_data);
}

static void
ttt_wormhole_transport_open_async (TttTransport        *transport,
                                   GCancellable        *cancellable,
                                   GAsyncReadyCallback  callback,
                                   gpointer             user_data)
{
  TttWormholeTransport *self = TTT_WORMHOLE_TRANSPORT (transport);
  g_autoptr(GTask) task = g_task_new (self, cancellable, callback, user_data);

  g_task_set_source_tag (task, ttt_wormhole_transport_open_async);
  if (self->state != TTT_TRANSPORT_STATE_NEW)
    {
      g_task_return_new_error (task, TTT_CONNECTION_ERROR, TTT_CONNECTION_ERROR_FAILED,
                               "%s", _("The connection was closed."));
      return;
    }
  self->task = g_object_ref (task);
  self->cancellable = g_cancellable_new ();
  if (cancellable != NULL)
    {
      self->caller_cancellable = g_object_ref (cancellable);
      self->caller_cancelled_id = g_cancellable_connect (cancellable, G_CALLBACK (chain_cancel),
                                                         g_object_ref (self->cancellable),
                                                         g_object_unref);
    }
  set_state (self, TTT_TRANSPORT_STATE_CONNECTING);

  self->wormhole = ttt_wormhole_new (self->mailbox_url, TTT_WORMHOLE_APPID);
  g_signal_connect (self->wormhole, "notify::code", G_CALLBACK (wormhole_notify_cb), self);
  g_signal_connect (self->wormhole, "notify::state", G_CALLBACK (wormhole_notify_cb), self);
  g_signal_connect (self->wormhole, "notify::reconnecting", G_CALLBACK (wormhole_reconnecting_cb), self);
  g_signal_connect (self->wormhole, "message", G_CALLBACK (wormhole_message_cb), self);
  g_signal_connect (self->wormhole, "closed", G_CALLBACK (wormhole_closed_cb), self);
  if (self->is_host)
    ttt_wormhole_allocate_code (self->wormhole, TTT_WORMHOLE_CODE_WORDS);
  else
    ttt_wormhole_set_code (self->wormhole, self->code);
  ttt_wormhole_open_async (self->wormhole, NULL, self->cancellable, wormhole_open_cb, g_object_ref (task));
}

static GIOStream *
ttt_wormhole_transport_open_finish (TttTransport  *transport,
                                    GAsyncResult  *result,
                                    GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, transport), NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}

static TttTransportState
ttt_wormhole_transport_get_state (TttTransport *transport)
{
  return TTT_WORMHOLE_TRANSPORT (transport)->state;
}

static gboolean
ttt_wormhole_transport_get_reconnecting (TttTransport *transport)
{
  return TTT_WORMHOLE_TRANSPORT (transport)->reconnecting;
}

/* The typed code was the proof: nothing to compare. */
static const char *
ttt_wormhole_transport_get_code (TttTransport *transport)
{
  return NULL;
}

static void
ttt_wormhole_transport_close (TttTransport *transport)
{
  TttWormholeTransport *self = TTT_WORMHOLE_TRANSPORT (transport);

  /* Whatever step is under way finds the opening answered. */
  open_done (self, g_error_new_literal (TTT_CONNECTION_ERROR, TTT_CONNECTION_ERROR_CLOSED,
                                        _("The connection was closed.")));
  drop_wormhole (self, "lonely");
  drop_transit (self);
  if (self->stream != NULL)
    g_io_stream_close (self->stream, NULL, NULL);
  g_clear_object (&self->stream);
  set_state (self, TTT_TRANSPORT_STATE_CLOSED);
  set_reconnecting (self, FALSE);
}

static void
ttt_wormhole_transport_iface_init (TttTransportInterface *iface)
{
  iface->open_async = ttt_wormhole_transport_open_async;
  iface->open_finish = ttt_wormhole_transport_open_finish;
  iface->get_state = ttt_wormhole_transport_get_state;
  iface->get_code = ttt_wormhole_transport_get_code;
  iface->close = ttt_wormhole_transport_close;
  iface->get_reconnecting = ttt_wormhole_transport_get_reconnecting;
}

/* API */

static TttWormholeTransport *
transport_new (const char *mailbox_url,
               const char *relay_url)
{
  TttWormholeTransport *self = g_object_new (TTT_TYPE_WORMHOLE_TRANSPORT, NULL);

  self->mailbox_url = g_strdup (mailbox_url);
  self->relay_url = g_strdup (relay_url);
  return self;
}

TttWormholeTransport *
ttt_wormhole_transport_new_host (const char *mailbox_url,
                                 const char *relay_url)
{
  TttWormholeTransport *self;

  g_return_val_if_fail (mailbox_url != NULL, NULL);

  self = transport_new (mailbox_url, relay_url);
  self->is_host = TRUE;
  return self;
}

TttWormholeTransport *
ttt_wormhole_transport_new_guest (const char *mailbox_url,
                                  const char *relay_url,
                                  const char *code)
{
  TttWormholeTransport *self;

  g_return_val_if_fail (mailbox_url != NULL, NULL);
  g_return_val_if_fail (code != NULL, NULL);

  self = transport_new (mailbox_url, relay_url);
  self->code = g_strdup (code);
  return self;
}

const char *
ttt_wormhole_transport_get_wormhole_code (TttWormholeTransport *self)
{
  g_return_val_if_fail (TTT_IS_WORMHOLE_TRANSPORT (self), NULL);

  return self->code;
}

void
ttt_wormhole_transport_set_direct (TttWormholeTransport *self,
                                   gboolean              direct)
{
  g_return_if_fail (TTT_IS_WORMHOLE_TRANSPORT (self));

  self->direct = direct;
}

void
ttt_wormhole_transport_set_listen_address (TttWormholeTransport *self,
                                           const char           *address)
{
  g_return_if_fail (TTT_IS_WORMHOLE_TRANSPORT (self));

  g_free (self->listen_address);
  self->listen_address = g_strdup (address);
}

/* GObject */

static void
ttt_wormhole_transport_dispose (GObject *object)
{
  TttWormholeTransport *self = TTT_WORMHOLE_TRANSPORT (object);

  /* The opening holds a reference while under way: nothing is pending. */
  if (self->caller_cancelled_id != 0)
    g_cancellable_disconnect (self->caller_cancellable, self->caller_cancelled_id);
  self->caller_cancelled_id = 0;
  g_clear_object (&self->caller_cancellable);
  drop_wormhole (self, "lonely");
  drop_transit (self);
  if (self->stream != NULL)
    g_io_stream_close (self->stream, NULL, NULL);
  g_clear_object (&self->stream);
  g_clear_object (&self->cancellable);
  g_clear_pointer (&self->their_message, g_bytes_unref);

  G_OBJECT_CLASS (ttt_wormhole_transport_parent_class)->dispose (object);
}

static void
ttt_wormhole_transport_finalize (GObject *object)
{
  TttWormholeTransport *self = TTT_WORMHOLE_TRANSPORT (object);

  g_free (self->mailbox_url);
  g_free (self->relay_url);
  g_free (self->code);
  g_free (self->listen_address);

  G_OBJECT_CLASS (ttt_wormhole_transport_parent_class)->finalize (object);
}

static void
ttt_wormhole_transport_get_property (GObject    *object,
                                     guint       prop_id,
                                     GValue     *value,
                                     GParamSpec *pspec)
{
  TttWormholeTransport *self = TTT_WORMHOLE_TRANSPORT (object);

  switch (prop_id)
    {
    case PROP_STATE:
      g_value_set_int (value, self->state);
      break;
    case PROP_RECONNECTING:
      g_value_set_boolean (value, self->reconnecting);
      break;
    case PROP_WORMHOLE_CODE:
      g_value_set_string (value, self->code);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ttt_wormhole_transport_class_init (TttWormholeTransportClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = ttt_wormhole_transport_dispose;
  object_class->finalize = ttt_wormhole_transport_finalize;
  object_class->get_property = ttt_wormhole_transport_get_property;

  g_object_class_override_property (object_class, PROP_STATE, "state");
  g_object_class_override_property (object_class, PROP_RECONNECTING, "reconnecting");
  properties[PROP_WORMHOLE_CODE] =
    g_param_spec_string ("wormhole-code", NULL, NULL,
                         NULL,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_property (object_class, PROP_WORMHOLE_CODE, properties[PROP_WORMHOLE_CODE]);
}

static void
ttt_wormhole_transport_init (TttWormholeTransport *self)
{
  self->direct = TRUE;
}
