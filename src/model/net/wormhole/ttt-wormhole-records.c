/* ttt-wormhole-records.c — the transit's sealed records, byte by byte
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The nonce is checked before the box is opened: a record out of order
 * fails on its first 28 bytes, whatever its box, and an attacker learns
 * nothing from which check refused it since both end the stream alike.
 */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "ttt-net-error.h"
#include "ttt-wormhole-records.h"

#define SENDER_KEY_PURPOSE   "transit_record_sender_key"
#define RECEIVER_KEY_PURPOSE "transit_record_receiver_key"

struct _TttWormholeRecordWriter
{
  guint8   key[TTT_WORMHOLE_KEY_SIZE];
  guint8   nonce[TTT_WORMHOLE_NONCE_SIZE];
};

struct _TttWormholeRecordReader
{
  guint8   key[TTT_WORMHOLE_KEY_SIZE];
  guint8   nonce[TTT_WORMHOLE_NONCE_SIZE];   /* the next one expected */
  guint8   header[TTT_WORMHOLE_RECORD_HEADER];
  guint8  *body;                             /* TTT_WORMHOLE_RECORD_MAX_SEALED */
  gsize    have;                             /* of the header, then of the body */
  gsize    body_len;                         /* 0 while reading the header */
  gboolean failed;
};

/* A big-endian counter: the next nonce. */
static void
nonce_increment (guint8 nonce[TTT_WORMHOLE_NONCE_SIZE])
{
  for (int i = TTT_WORMHOLE_NONCE_SIZE - 1; i >= 0; i--)
    if (++nonce[i] != 0)
      break;
}

/* Each side seals with its own role's key and opens with the other's. */
static void
derive_record_key (const guint8           transit_key[TTT_WORMHOLE_KEY_SIZE],
                   TttWormholeRecordRole  role,
                   gboolean               sealing,
                   guint8                 out[TTT_WORMHOLE_KEY_SIZE])
{
  gboolean sender_key = (role == TTT_WORMHOLE_RECORD_SENDER) == sealing;

  ttt_wormhole_derive_key (transit_key, sender_key ? SENDER_KEY_PURPOSE : RECEIVER_KEY_PURPOSE, out);
}

/* Writer */

TttWormholeRecordWriter *
ttt_wormhole_record_writer_new (const guint8          transit_key[TTT_WORMHOLE_KEY_SIZE],
                                TttWormholeRecordRole role)
{
  TttWormholeRecordWriter *self;

  g_return_val_if_fail (transit_key != NULL, NULL);

  self = g_new0 (TttWormholeRecordWriter, 1);
  derive_record_key (transit_key, role, TRUE, self->key);
  return self;
}

GBytes *
ttt_wormhole_record_writer_seal (TttWormholeRecordWriter *self,
                                 const guint8            *text,
                                 gsize                    text_len)
{
  g_autoptr(GBytes) sealed = NULL;
  const guint8 *data;
  gsize size;
  guint8 *record;

  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (text != NULL || text_len == 0, NULL);
  g_return_val_if_fail (text_len <= TTT_WORMHOLE_RECORD_MAX_TEXT, NULL);

  sealed = ttt_wormhole_seal (self->key, self->nonce, text != NULL ? text : (const guint8 *) "", text_len);
  nonce_increment (self->nonce);
  data = g_bytes_get_data (sealed, &size);

  record = g_malloc (TTT_WORMHOLE_RECORD_HEADER + size);
  record[0] = (guint8) (size >> 24);
  record[1] = (guint8) (size >> 16);
  record[2] = (guint8) (size >> 8);
  record[3] = (guint8) size;
  memcpy (record + TTT_WORMHOLE_RECORD_HEADER, data, size);
  return g_bytes_new_take (record, TTT_WORMHOLE_RECORD_HEADER + size);
}

void
ttt_wormhole_record_writer_free (TttWormholeRecordWriter *self)
{
  if (self == NULL)
    return;
  memset (self->key, 0, sizeof self->key);
  g_free (self);
}

/* Reader */

TttWormholeRecordReader *
ttt_wormhole_record_reader_new (const guint8          transit_key[TTT_WORMHOLE_KEY_SIZE],
                                TttWormholeRecordRole role)
{
  TttWormholeRecordReader *self;

  g_return_val_if_fail (transit_key != NULL, NULL);

  self = g_new0 (TttWormholeRecordReader, 1);
  derive_record_key (transit_key, role, FALSE, self->key);
  return self;
}

guint8 *
ttt_wormhole_record_reader_space (TttWormholeRecordReader *self,
                                  gsize                   *wanted)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (wanted != NULL, NULL);

  if (self->body_len == 0)
    {
      *wanted = TTT_WORMHOLE_RECORD_HEADER - self->have;
      return self->header + self->have;
    }
  if (self->body == NULL)
    self->body = g_malloc (TTT_WORMHOLE_RECORD_MAX_SEALED);
  *wanted = self->body_len - self->have;
  return self->body + self->have;
}

static gboolean
fail (TttWormholeRecordReader  *self,
      GError                  **error,
      const char               *message)
{
  self->failed = TRUE;
  g_set_error_literal (error, TTT_CONNECTION_ERROR, TTT_CONNECTION_ERROR_PROTOCOL, message);
  return FALSE;
}

static gboolean
take_header (TttWormholeRecordReader  *self,
             GError                  **error)
{
  guint32 length = ((guint32) self->header[0] << 24) | ((guint32) self->header[1] << 16)
                   | ((guint32) self->header[2] << 8) | (guint32) self->header[3];

  if (length > TTT_WORMHOLE_RECORD_MAX_SEALED)
    {
      self->failed = TRUE;
      g_set_error (error, TTT_CONNECTION_ERROR, TTT_CONNECTION_ERROR_PROTOCOL,
                   /* Translators: both are numbers of bytes. */
                   _("The other side sent a record of %u bytes, more than the %u this game takes."),
                   (guint) length, (guint) TTT_WORMHOLE_RECORD_MAX_SEALED);
      return FALSE;
    }
  if (length < TTT_WORMHOLE_NONCE_SIZE + TTT_WORMHOLE_MAC_SIZE)
    return fail (self, error, _("The other side sent a record too short to be sealed."));
  self->body_len = length;
  self->have = 0;
  return TRUE;
}

static gboolean
take_body (TttWormholeRecordReader  *self,
           GBytes                  **text,
           GError                  **error)
{
  g_autoptr(GError) local_error = NULL;
  GBytes *opened;

  if (memcmp (self->body, self->nonce, TTT_WORMHOLE_NONCE_SIZE) != 0)
    return fail (self, error, _("The other side sent a record out of order: one was repeated, "
                                "left out or moved on the way."));
  opened = ttt_wormhole_open (self->key, self->body, self->body_len, NULL, &local_error);
  if (opened == NULL)
    {
      g_debug ("A record did not open: %s", local_error->message);
      return fail (self, error, _("A record from the other side was changed on the way, "
                                  "or sealed with another key."));
    }
  nonce_increment (self->nonce);
  self->body_len = 0;
  self->have = 0;
  *text = opened;
  return TRUE;
}

gboolean
ttt_wormhole_record_reader_take (TttWormholeRecordReader  *self,
                                 gsize                     count,
                                 GBytes                  **text,
                                 GError                  **error)
{
  gsize wanted;

  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (text != NULL && *text == NULL, FALSE);

  if (self->failed)
    return fail (self, error, _("The stream from the other side failed already."));
  ttt_wormhole_record_reader_space (self, &wanted);
  g_return_val_if_fail (count <= wanted, FALSE);

  self->have += count;
  if (self->body_len == 0)
    {
      if (self->have < TTT_WORMHOLE_RECORD_HEADER)
        return TRUE;
      return take_header (self, error);
    }
  if (self->have < self->body_len)
    return TRUE;
  return take_body (self, text, error);
}

gboolean
ttt_wormhole_record_reader_at_boundary (TttWormholeRecordReader *self)
{
  g_return_val_if_fail (self != NULL, FALSE);

  return self->body_len == 0 && self->have == 0;
}

void
ttt_wormhole_record_reader_free (TttWormholeRecordReader *self)
{
  if (self == NULL)
    return;
  memset (self->key, 0, sizeof self->key);
  g_free (self->body);
  g_free (self);
}
