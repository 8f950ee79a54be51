/* ttt-wormhole-peer.c — the other side's messages through the mailbox
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The half of TttWormhole (ttt-wormhole-private.h) that takes what the
 * other side adds to the mailbox: its SPAKE2 message (phase "pake"),
 * which with ours gives the key; its "version" sealed with its phase
 * key, which is where a wrong code shows (the box does not open); then
 * its phases "0", "1", … each sealed with its own key.
 *
 * The server may hand on the other side's messages in any order and more
 * than once (a reopened mailbox gives everything again), so they are
 * kept by phase until they can be used — the version once there is a key,
 * each numbered phase once the one before it was delivered — and a phase
 * already handled is passed by. What is kept is bounded: at most
 * MAX_PENDING phases, none further than MAX_PENDING ahead of the next.
 * Our own messages come back from the server too and are passed by, and
 * so is any third side once the other side is known; so a mailbox
 * connection made again (ttt-wormhole-mailbox.h) may give all again.
 */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "ttt-wormhole-phases.h"
#include "ttt-wormhole-private.h"

/* The other side's phases kept before they can be used. */
#define MAX_PENDING  64

static void
fail_wrong_code (TttWormhole *self)
{
  ttt_wormhole_fail_with (self, TTT_CONNECTION_ERROR_REFUSED,
                          _("The code is wrong, or someone else tried it first. Ask your friend for a new code."),
                          "scary");
}

static void
deliver_numbered (TttWormhole *self)
{
  g_object_ref (self);
  while (self->state == TTT_WORMHOLE_STATE_OPEN)
    {
      g_autofree char *phase = g_strdup_printf ("%" G_GUINT64_FORMAT, self->next_in);
      g_autofree char *key = NULL;
      g_autoptr(GBytes) sealed = NULL;
      g_autoptr(GBytes) plain = NULL;
      guint8 phase_key[TTT_WORMHOLE_KEY_SIZE];
      const guint8 *data;
      gsize size;

      if (!g_hash_table_steal_extended (self->pending, phase, (gpointer *) &key, (gpointer *) &sealed))
        break;
      self->next_in++;
      ttt_wormhole_derive_phase_key (self->key, self->peer_side, phase, phase_key);
      data = g_bytes_get_data (sealed, &size);
      plain = ttt_wormhole_open (phase_key, data, size, NULL, NULL);
      memset (phase_key, 0, sizeof phase_key);
      if (plain == NULL)
        {
          ttt_wormhole_fail_with (self, TTT_CONNECTION_ERROR_PROTOCOL,
                                  _("A message from the other side was changed on the way."), "scary");
          break;
        }
      ttt_wormhole_emit_message (self, plain);
    }
  g_object_unref (self);
}

/* The other side's version, once there is a key: the boxes open only if
 * both typed the same code. */
static void
use_version (TttWormhole *self)
{
  g_autofree char *phase = NULL;
  g_autoptr(GBytes) sealed = NULL;
  g_autoptr(GBytes) plain = NULL;
  g_autoptr(GError) error = NULL;
  guint8 phase_key[TTT_WORMHOLE_KEY_SIZE];
  const guint8 *data;
  gsize size;

  if (!self->have_key || self->have_version
      || !g_hash_table_steal_extended (self->pending, "version", (gpointer *) &phase, (gpointer *) &sealed))
    return;
  self->have_version = TRUE;

  ttt_wormhole_derive_phase_key (self->key, self->peer_side, "version", phase_key);
  data = g_bytes_get_data (sealed, &size);
  plain = ttt_wormhole_open (phase_key, data, size, NULL, NULL);
  memset (phase_key, 0, sizeof phase_key);
  if (plain == NULL)
    {
      fail_wrong_code (self);
      return;
    }

  self->peer_versions = ttt_wormhole_phase_parse_version (plain, &error);
  if (self->peer_versions == NULL)
    {
      ttt_wormhole_fail_with (self, TTT_CONNECTION_ERROR_PROTOCOL, error->message, "errory");
      return;
    }

  ttt_wormhole_opened (self);
}

static void
send_version (TttWormhole *self)
{
  g_autofree char *text = NULL;
  g_autoptr(GBytes) sealed = NULL;
  guint8 phase_key[TTT_WORMHOLE_KEY_SIZE];

  text = g_strdup_printf ("{\"app_versions\":%s}", self->app_versions);
  ttt_wormhole_derive_phase_key (self->key, self->side, "version", phase_key);
  sealed = ttt_wormhole_seal (phase_key, NULL, (const guint8 *) text, strlen (text));
  memset (phase_key, 0, sizeof phase_key);
  ttt_wormhole_mailbox_add (self->mailbox, "version", sealed);
}

/* The other side's SPAKE2 message: {"pake_v1": hex}. */
static void
use_pake (TttWormhole *self,
          const char  *side,
          GBytes      *body)
{
  g_autoptr(GBytes) inbound = ttt_wormhole_phase_parse_pake (body);
  g_autoptr(GError) error = NULL;

  if (inbound == NULL)
    {
      ttt_wormhole_fail_with (self, TTT_CONNECTION_ERROR_PROTOCOL,
                              _("The other side’s key exchange message is not one."), "scary");
      return;
    }
  if (!ttt_spake2_finish (self->spake2, g_bytes_get_data (inbound, NULL), g_bytes_get_size (inbound),
                          self->key, &error))
    {
      g_debug ("SPAKE2 refused the other side's message: %s", error->message);
      fail_wrong_code (self);
      return;
    }
  g_clear_pointer (&self->spake2, ttt_spake2_free);
  self->have_key = TRUE;
  self->peer_side = g_strdup (side);

  send_version (self);
  /* Both sides are in the mailbox: the nameplate can go to the next. */
  if (self->claimed && !self->released)
    {
      ttt_wormhole_mailbox_release (self->mailbox, self->nameplate);
      self->released = TRUE;
    }
}

void
ttt_wormhole_peer_got_message (TttWormhole             *self,
                               const TttMailboxMessage *message)
{
  g_autoptr(GBytes) body = NULL;
  guint64 number = 0;

  if (strcmp (message->side, self->side) == 0)
    return;   /* our own, echoed */
  if (self->peer_side != NULL && strcmp (message->side, self->peer_side) != 0)
    {
      g_debug ("Wormhole: a message from a third side, %s, passed by", message->side);
      return;
    }

  body = ttt_wormhole_unhex (message->body);
  g_return_if_fail (body != NULL);   /* the parser checked the hex */

  if (strcmp (message->phase, "pake") == 0)
    {
      if (self->spake2 != NULL)
        use_pake (self, message->side, body);
      return;
    }

  if (strcmp (message->phase, "version") == 0)
    {
      if (self->have_version || g_hash_table_contains (self->pending, "version"))
        return;
    }
  else if (ttt_wormhole_phase_parse_number (message->phase, &number))
    {
      if (number < self->next_in || g_hash_table_contains (self->pending, message->phase))
        return;   /* delivered or kept already */
      if (number - self->next_in >= MAX_PENDING)
        {
          ttt_wormhole_fail_with (self, TTT_CONNECTION_ERROR_PROTOCOL,
                                  _("The other side sent messages too far out of order."), "errory");
          return;
        }
    }
  else
    {
      g_debug ("Wormhole: phase %s passed by", message->phase);
      return;
    }

  if (g_hash_table_size (self->pending) >= MAX_PENDING)
    {
      ttt_wormhole_fail_with (self, TTT_CONNECTION_ERROR_PROTOCOL,
                              _("The other side sent too many messages at once."), "errory");
      return;
    }
  g_hash_table_insert (self->pending, g_strdup (message->phase), g_steal_pointer (&body));

  /* Before the key, a message from a side that has not sent its pake
   * yet is kept without knowing whose it is: the pake decides. */
  use_version (self);
  if (self->state == TTT_WORMHOLE_STATE_OPEN)
    deliver_numbered (self);
}
