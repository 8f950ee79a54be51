/* ttt-wormhole.c — a magic-wormhole client: a code, a key, messages
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The steps of the client protocol on the mailbox connection
 * (ttt-wormhole-mailbox.h): bind, allocate (the host) and claim the
 * nameplate, open the mailbox, add our SPAKE2 message as phase "pake";
 * with the other side's, the key; then our "version" sealed with its
 * phase key, and theirs opened with theirs, which is where a wrong code
 * shows (the boxes do not open). After that, messages are phases "0",
 * "1", … each way, each sealed with its own key.
 *
 * What the other side adds to the mailbox, kept, checked and handed on
 * in order, is ttt-wormhole-peer.c's.
 */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <json-glib/json-glib.h>
#include <string.h>

#include "ttt-wormhole-private.h"
#include "ttt-wormhole-words.h"

G_DEFINE_FINAL_TYPE (TttWormhole, ttt_wormhole, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_STATE,
  PROP_CODE,
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
set_state (TttWormhole      *self,
           TttWormholeState  state)
{
  if (self->state == state)
    return;
  self->state = state;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STATE]);
}

static void
set_reconnecting (TttWormhole *self,
                  gboolean     reconnecting)
{
  if (self->reconnecting == reconnecting)
    return;
  self->reconnecting = reconnecting;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RECONNECTING]);
}

/* Ending */

static void
destroy_cancel_source (TttWormhole *self)
{
  if (self->cancel_source == NULL)
    return;
  g_source_destroy (self->cancel_source);
  g_clear_pointer (&self->cancel_source, g_source_unref);
}

/* Says goodbye to the server as far as we got (the nameplate released,
 * the mailbox closed with @mood) and lets go of the connection. */
static void
leave (TttWormhole *self,
       const char  *mood)
{
  g_autoptr(TttWormholeMailbox) mailbox = g_steal_pointer (&self->mailbox);

  destroy_cancel_source (self);
  g_clear_pointer (&self->spake2, ttt_spake2_free);
  g_hash_table_remove_all (self->pending);
  memset (self->key, 0, sizeof self->key);
  if (mailbox == NULL)
    return;
  g_signal_handlers_disconnect_by_data (mailbox, self);
  if (self->claimed && !self->released)
    ttt_wormhole_mailbox_release (mailbox, self->nameplate);
  self->released = TRUE;
  if (self->opened)
    ttt_wormhole_mailbox_close_mailbox (mailbox, self->mailbox_id, mood);
  ttt_wormhole_mailbox_disconnect (mailbox);
}

/* The wormhole ends by itself with @error (taken), the mailbox closed
 * with @mood: the opening fails with it, or "closed" says it, once. */
static void
fail (TttWormhole *self,
      GError      *error,
      const char  *mood)
{
  g_autoptr(GError) owned = error;
  g_autoptr(GTask) task = NULL;

  if (self->state == TTT_WORMHOLE_STATE_CLOSED)
    return;

  g_object_ref (self);
  g_debug ("Wormhole closed: %s", error->message);
  leave (self, mood);
  task = g_steal_pointer (&self->task);
  set_state (self, TTT_WORMHOLE_STATE_CLOSED);
  set_reconnecting (self, FALSE);
  if (task != NULL)
    g_task_return_error (task, g_steal_pointer (&owned));
  else
    g_signal_emit (self, signals[CLOSED], 0, owned);
  g_object_unref (self);
}

void
ttt_wormhole_fail_with (TttWormhole        *self,
                        TttConnectionError  code,
                        const char         *message,
                        const char         *mood)
{
  fail (self, g_error_new_literal (TTT_CONNECTION_ERROR, code, message), mood);
}

void
ttt_wormhole_opened (TttWormhole *self)
{
  g_autoptr(GTask) task = NULL;

  /* The cancellable was the opening's: from now on only close() ends it. */
  destroy_cancel_source (self);
  set_state (self, TTT_WORMHOLE_STATE_OPEN);
  task = g_steal_pointer (&self->task);
  if (task != NULL)
    g_task_return_boolean (task, TRUE);
}

void
ttt_wormhole_emit_message (TttWormhole *self,
                           GBytes      *message)
{
  g_signal_emit (self, signals[MESSAGE], 0, message);
}

/* The mailbox connection */

static void
claim (TttWormhole *self)
{
  ttt_wormhole_mailbox_claim (self->mailbox, self->nameplate);
  self->claimed = TRUE;
}

static void
got_claimed (TttWormhole *self,
             const char  *mailbox_id)
{
  guint8 pake[TTT_SPAKE2_MESSAGE_SIZE];
  g_autofree char *hex = NULL;
  g_autofree char *text = NULL;
  g_autoptr(GBytes) body = NULL;

  if (self->mailbox_id != NULL)
    return;
  self->mailbox_id = g_strdup (mailbox_id);
  ttt_wormhole_mailbox_open (self->mailbox, self->mailbox_id);
  self->opened = TRUE;

  self->spake2 = ttt_spake2_new ((const guint8 *) self->code, strlen (self->code),
                                 (const guint8 *) self->appid, strlen (self->appid));
  ttt_spake2_get_message (self->spake2, pake);
  hex = ttt_wormhole_hex (pake, sizeof pake);
  text = g_strdup_printf ("{\"pake_v1\":\"%s\"}", hex);
  body = g_bytes_new (text, strlen (text));
  ttt_wormhole_mailbox_add (self->mailbox, "pake", body);
  set_state (self, TTT_WORMHOLE_STATE_WAITING);
}

static void
got_allocated (TttWormhole *self,
               const char  *nameplate)
{
  g_autofree char *words = NULL;

  if (self->n_words == 0 || self->nameplate != NULL)
    {
      ttt_wormhole_fail_with (self, TTT_CONNECTION_ERROR_PROTOCOL,
                                  _("The mailbox server allocated a nameplate nobody asked for."), "errory");
      return;
    }
  words = ttt_wormhole_words_choose (self->n_words);
  self->nameplate = g_strdup (nameplate);
  self->code = g_strdup_printf ("%s-%s", nameplate, words);
  claim (self);
  set_state (self, TTT_WORMHOLE_STATE_WAITING);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CODE]);
}

/* Whoever holds the wormhole may let it go when told it failed or
 * opened (its task answered), in the middle of a message: it stays until
 * the message is handled. */
static void
mailbox_message_cb (TttWormholeMailbox      *mailbox,
                    const TttMailboxMessage *message,
                    TttWormhole             *self)
{
  g_object_ref (self);
  switch (message->type)
    {
    case TTT_MAILBOX_MESSAGE_ALLOCATED:
      got_allocated (self, message->nameplate);
      break;
    case TTT_MAILBOX_MESSAGE_CLAIMED:
      if (self->claimed)
        got_claimed (self, message->mailbox);
      break;
    case TTT_MAILBOX_MESSAGE_MESSAGE:
      if (self->opened)
        ttt_wormhole_peer_got_message (self, message);
      break;
    case TTT_MAILBOX_MESSAGE_RELEASED:
    case TTT_MAILBOX_MESSAGE_CLOSED:
    case TTT_MAILBOX_MESSAGE_UNKNOWN:
    case TTT_MAILBOX_MESSAGE_WELCOME:
    case TTT_MAILBOX_MESSAGE_ACK:
    case TTT_MAILBOX_MESSAGE_PONG:
    case TTT_MAILBOX_MESSAGE_NAMEPLATES:
    case TTT_MAILBOX_MESSAGE_ERROR:
    case TTT_N_MAILBOX_MESSAGE_TYPES:
    default:
      break;
    }
  g_object_unref (self);
}

static void
mailbox_closed_cb (TttWormholeMailbox *mailbox,
                   const GError       *error,
                   TttWormhole        *self)
{
  /* The connection is gone: nothing can be said to the server. */
  g_object_ref (self);
  g_signal_handlers_disconnect_by_data (mailbox, self);
  self->opened = FALSE;
  self->claimed = FALSE;
  fail (self, g_error_copy (error), "errory");
  g_object_unref (self);
}

static void
mailbox_reconnecting_cb (TttWormholeMailbox *mailbox,
                         GParamSpec         *pspec,
                         TttWormhole        *self)
{
  set_reconnecting (self, ttt_wormhole_mailbox_get_reconnecting (mailbox));
}

static void
connect_cb (GObject      *source,
            GAsyncResult *result,
            gpointer      user_data)
{
  g_autoptr(TttWormhole) self = user_data;
  g_autoptr(GError) error = NULL;

  if (!ttt_wormhole_mailbox_connect_finish (TTT_WORMHOLE_MAILBOX (source), result, &error))
    {
      if (self->mailbox == TTT_WORMHOLE_MAILBOX (source))
        fail (self, g_steal_pointer (&error), "errory");
      return;
    }
  if (self->mailbox != TTT_WORMHOLE_MAILBOX (source))
    return;

  ttt_wormhole_mailbox_bind (self->mailbox, self->appid, self->side);
  if (self->n_words > 0)
    ttt_wormhole_mailbox_allocate (self->mailbox);
  else
    claim (self);
}

static gboolean
cancelled_cb (GCancellable *cancellable,
              gpointer      user_data)
{
  TttWormhole *self = user_data;

  fail (self, g_error_new_literal (G_IO_ERROR, G_IO_ERROR_CANCELLED,
                                   _("Opening the wormhole was cancelled.")), "lonely");
  return G_SOURCE_REMOVE;
}

/* Public */

TttWormhole *
ttt_wormhole_new (const char *mailbox_url,
                  const char *appid)
{
  TttWormhole *self;

  g_return_val_if_fail (mailbox_url != NULL, NULL);
  g_return_val_if_fail (appid != NULL && *appid != '\0', NULL);

  self = g_object_new (TTT_TYPE_WORMHOLE, NULL);
  self->url = g_strdup (mailbox_url);
  self->appid = g_strdup (appid);
  return self;
}

void
ttt_wormhole_allocate_code (TttWormhole *self,
                            guint        n_words)
{
  g_return_if_fail (TTT_IS_WORMHOLE (self));
  g_return_if_fail (n_words > 0);
  g_return_if_fail (self->state == TTT_WORMHOLE_STATE_NEW);
  g_return_if_fail (self->code == NULL && self->n_words == 0);

  self->n_words = n_words;
}

void
ttt_wormhole_set_code (TttWormhole *self,
                       const char  *code)
{
  g_return_if_fail (TTT_IS_WORMHOLE (self));
  g_return_if_fail (code != NULL && ttt_wormhole_code_is_valid (code));
  g_return_if_fail (self->state == TTT_WORMHOLE_STATE_NEW);
  g_return_if_fail (self->code == NULL && self->n_words == 0);

  self->code = g_strdup (code);
  self->nameplate = g_strndup (code, strchr (code, '-') - code);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CODE]);
}

const char *
ttt_wormhole_get_code (TttWormhole *self)
{
  g_return_val_if_fail (TTT_IS_WORMHOLE (self), NULL);

  return self->code;
}

const char *
ttt_wormhole_get_side (TttWormhole *self)
{
  g_return_val_if_fail (TTT_IS_WORMHOLE (self), NULL);

  return self->side;
}

void
ttt_wormhole_open_async (TttWormhole         *self,
                         const char          *app_versions,
                         GCancellable        *cancellable,
                         GAsyncReadyCallback  callback,
                         gpointer             user_data)
{
  g_autoptr(JsonParser) parser = NULL;
  JsonNode *root;

  g_return_if_fail (TTT_IS_WORMHOLE (self));
  g_return_if_fail (self->state == TTT_WORMHOLE_STATE_NEW);
  g_return_if_fail (self->code != NULL || self->n_words > 0);

  /* Ours go out as they are, so they must be an object. */
  parser = json_parser_new_immutable ();
  if (app_versions == NULL)
    app_versions = "{}";
  g_return_if_fail (json_parser_load_from_data (parser, app_versions, -1, NULL)
                    && (root = json_parser_get_root (parser)) != NULL
                    && JSON_NODE_HOLDS_OBJECT (root));
  self->app_versions = json_to_string (root, FALSE);

  if (!ttt_wormhole_crypto_init ())
    {
      g_task_report_new_error (self, callback, user_data, ttt_wormhole_open_async,
                               TTT_CONNECTION_ERROR, TTT_CONNECTION_ERROR_FAILED,
                               _("The encryption library cannot work on this computer."));
      return;
    }

  self->task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (self->task, ttt_wormhole_open_async);
  if (cancellable != NULL)
    {
      self->cancel_source = g_cancellable_source_new (cancellable);
      g_source_set_callback (self->cancel_source, G_SOURCE_FUNC (cancelled_cb), self, NULL);
      g_source_attach (self->cancel_source, NULL);
    }

  set_state (self, TTT_WORMHOLE_STATE_CONNECTING);
  self->mailbox = ttt_wormhole_mailbox_new (self->url);
  if (self->reconnect_ms[0] > 0)
    ttt_wormhole_mailbox_set_reconnect (self->mailbox, self->reconnect_ms[0], self->reconnect_ms[1]);
  g_signal_connect (self->mailbox, "message", G_CALLBACK (mailbox_message_cb), self);
  g_signal_connect (self->mailbox, "closed", G_CALLBACK (mailbox_closed_cb), self);
  g_signal_connect (self->mailbox, "notify::reconnecting", G_CALLBACK (mailbox_reconnecting_cb), self);
  ttt_wormhole_mailbox_connect_async (self->mailbox, NULL, connect_cb, g_object_ref (self));
}

gboolean
ttt_wormhole_open_finish (TttWormhole   *self,
                          GAsyncResult  *result,
                          GError       **error)
{
  g_return_val_if_fail (TTT_IS_WORMHOLE (self), FALSE);
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}

const char *
ttt_wormhole_get_peer_versions (TttWormhole *self)
{
  g_return_val_if_fail (TTT_IS_WORMHOLE (self), NULL);

  return self->peer_versions;
}

void
ttt_wormhole_send (TttWormhole *self,
                   GBytes      *message)
{
  g_autofree char *phase = NULL;
  g_autoptr(GBytes) sealed = NULL;
  guint8 phase_key[TTT_WORMHOLE_KEY_SIZE];
  const guint8 *data;
  gsize size;

  g_return_if_fail (TTT_IS_WORMHOLE (self));
  g_return_if_fail (message != NULL);
  g_return_if_fail (self->state == TTT_WORMHOLE_STATE_OPEN || self->state == TTT_WORMHOLE_STATE_CLOSED);

  if (self->state != TTT_WORMHOLE_STATE_OPEN)
    return;

  phase = g_strdup_printf ("%" G_GUINT64_FORMAT, self->next_out++);
  ttt_wormhole_derive_phase_key (self->key, self->side, phase, phase_key);
  data = g_bytes_get_data (message, &size);
  sealed = ttt_wormhole_seal (phase_key, NULL, data, size);
  memset (phase_key, 0, sizeof phase_key);
  ttt_wormhole_mailbox_add (self->mailbox, phase, sealed);
}

void
ttt_wormhole_derive_shared_key (TttWormhole *self,
                                const char  *purpose,
                                guint8       out[TTT_WORMHOLE_KEY_SIZE])
{
  g_return_if_fail (TTT_IS_WORMHOLE (self));
  g_return_if_fail (purpose != NULL);
  g_return_if_fail (self->state == TTT_WORMHOLE_STATE_OPEN);

  ttt_wormhole_derive_key (self->key, purpose, out);
}

void
ttt_wormhole_set_reconnect (TttWormhole *self,
                            guint        first_ms,
                            guint        give_up_ms)
{
  g_return_if_fail (TTT_IS_WORMHOLE (self) && first_ms > 0 && give_up_ms > 0);

  self->reconnect_ms[0] = first_ms;
  self->reconnect_ms[1] = give_up_ms;
}

gboolean
ttt_wormhole_get_reconnecting (TttWormhole *self)
{
  g_return_val_if_fail (TTT_IS_WORMHOLE (self), FALSE);

  return self->reconnecting;
}

TttWormholeState
ttt_wormhole_get_state (TttWormhole *self)
{
  g_return_val_if_fail (TTT_IS_WORMHOLE (self), TTT_WORMHOLE_STATE_CLOSED);

  return self->state;
}

void
ttt_wormhole_close (TttWormhole *self,
                    const char  *mood)
{
  g_autoptr(GTask) task = NULL;

  g_return_if_fail (TTT_IS_WORMHOLE (self));
  g_return_if_fail (mood != NULL);

  if (self->state == TTT_WORMHOLE_STATE_CLOSED)
    return;
  g_object_ref (self);
  leave (self, mood);
  task = g_steal_pointer (&self->task);
  set_state (self, TTT_WORMHOLE_STATE_CLOSED);
  set_reconnecting (self, FALSE);
  if (task != NULL)
    g_task_return_new_error (task, TTT_CONNECTION_ERROR, TTT_CONNECTION_ERROR_CLOSED,
                             "%s", _("The wormhole was closed."));
  g_object_unref (self);
}

/* GObject */

static void
ttt_wormhole_dispose (GObject *object)
{
  TttWormhole *self = TTT_WORMHOLE (object);

  if (self->state != TTT_WORMHOLE_STATE_CLOSED)
    leave (self, "lonely");

  G_OBJECT_CLASS (ttt_wormhole_parent_class)->dispose (object);
}

static void
ttt_wormhole_finalize (GObject *object)
{
  TttWormhole *self = TTT_WORMHOLE (object);

  g_free (self->url);
  g_free (self->appid);
  g_free (self->side);
  g_free (self->code);
  g_free (self->nameplate);
  g_free (self->mailbox_id);
  g_free (self->app_versions);
  g_free (self->peer_versions);
  g_free (self->peer_side);
  g_hash_table_unref (self->pending);

  G_OBJECT_CLASS (ttt_wormhole_parent_class)->finalize (object);
}

static void
ttt_wormhole_get_property (GObject    *object,
                           guint       prop_id,
                           GValue     *value,
                           GParamSpec *pspec)
{
  TttWormhole *self = TTT_WORMHOLE (object);

  switch (prop_id)
    {
    case PROP_STATE:
      g_value_set_int (value, self->state);
      break;
    case PROP_CODE:
      g_value_set_string (value, self->code);
      break;
    case PROP_RECONNECTING:
      g_value_set_boolean (value, self->reconnecting);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ttt_wormhole_class_init (TttWormholeClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = ttt_wormhole_dispose;
  object_class->finalize = ttt_wormhole_finalize;
  object_class->get_property = ttt_wormhole_get_property;

  properties[PROP_STATE] =
    g_param_spec_int ("state", NULL, NULL,
                      TTT_WORMHOLE_STATE_NEW, TTT_WORMHOLE_STATE_CLOSED, TTT_WORMHOLE_STATE_NEW,
                      G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_CODE] =
    g_param_spec_string ("code", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_RECONNECTING] =
    g_param_spec_boolean ("reconnecting", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  signals[MESSAGE] = g_signal_new ("message", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                   0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_BYTES);
  signals[CLOSED] = g_signal_new ("closed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_ERROR);
}

static void
ttt_wormhole_init (TttWormhole *self)
{
  guint8 side[8];

  /* The side only tells our messages from theirs: random, not secret. */
  for (gsize i = 0; i < sizeof side; i++)
    side[i] = (guint8) g_random_int_range (0, 256);
  self->side = ttt_wormhole_hex (side, sizeof side);
  self->pending = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, (GDestroyNotify) g_bytes_unref);
}
