/* fuzz-wormhole-transit.c — the transit's parsers under arbitrary bytes
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * What the other side of a wormhole sends the transit passes through two
 * parsers: its transit message (JSON, through the wormhole) and the
 * records on the connection. Neither may crash, leak or take what it
 * should refuse. The first byte of the input picks what the rest is:
 *
 *   0: a transit message — checked, or refused with an error in our
 *      domain; never more hints than the bounds; never one over the
 *      message's bound accepted;
 *   1: bytes on the connection, fed to a record reader the way the
 *      stream feeds it (never more than it asks for) — every record it
 *      takes opens with the key, no more text comes out than went in,
 *      and once it refuses it refuses for good;
 *   2: text sealed into records and read back — the same text comes out;
 *      then with one byte of them changed, chosen by the text, the
 *      record it is in is never taken.
 *
 * A violation aborts, which libFuzzer reports with the input. Built with
 * -DTTT_FUZZ_STANDALONE, main() replays files or folders (the seed corpus
 * in tests/fuzz/corpus-wormhole-transit) with any compiler, as TAP.
 */

#include <glib.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ttt-net-error.h"
#include "ttt-wormhole-crypto.h"
#include "ttt-wormhole-records.h"
#include "ttt-wormhole-hints.h"
#include "ttt-wormhole-transit.h"

int LLVMFuzzerTestOneInput (const uint8_t *data,
                            size_t         size);

#ifndef TTT_FUZZ_STANDALONE
/* The transit is compiled into the fuzzer without the channel that
 * defines the domain for the rest of the network core. */
G_DEFINE_QUARK (ttt-connection-error-quark, ttt_connection_error)
#endif

static const guint8 fuzz_key[TTT_WORMHOLE_KEY_SIZE] = "the transit key of the fuzzer..";

static void fail (const char *what) G_GNUC_NORETURN;

static void
fail (const char *what)
{
  fprintf (stderr, "fuzz-wormhole-transit.c: invariant failed: %s\n", what);
  abort ();
}

static void
check_error (GError *error)
{
  if (error == NULL || error->domain != TTT_CONNECTION_ERROR
      || error->message == NULL || error->message[0] == '\0')
    fail ("a refusal without an error in our domain");
  g_error_free (error);
}

static void
fuzz_message (const uint8_t *data,
              size_t         size)
{
  GError *error = NULL;
  guint n_direct = G_MAXUINT, n_relays = G_MAXUINT;

  if (ttt_wormhole_hints_check ((const char *) data, size, &n_direct, &n_relays, &error))
    {
      if (error != NULL)
        fail ("taken with an error");
      if (size > TTT_WORMHOLE_TRANSIT_MAX_MESSAGE)
        fail ("a message over the bound taken");
      if (n_direct > TTT_WORMHOLE_TRANSIT_MAX_DIRECT || n_relays > TTT_WORMHOLE_TRANSIT_MAX_RELAYS)
        fail ("more hints than the bounds");
    }
  else
    check_error (error);
}

/* Feeds @data the way the stream does; returns the text taken, and
 * counts the records in @n_records. */
static gsize
feed (TttWormholeRecordReader *reader,
      const uint8_t           *data,
      size_t                   size,
      guint                   *n_records,
      gboolean                *refused)
{
  gsize offset = 0, text = 0;

  *n_records = 0;
  *refused = FALSE;
  while (offset < size)
    {
      GError *error = NULL;
      GBytes *record = NULL;
      gsize wanted;
      guint8 *space = ttt_wormhole_record_reader_space (reader, &wanted);
      gsize n = MIN (wanted, size - offset);

      if (wanted == 0)
        fail ("a reader that wants nothing");
      memcpy (space, data + offset, n);
      offset += n;
      if (!ttt_wormhole_record_reader_take (reader, n, &record, &error))
        {
          if (record != NULL)
            fail ("a record and a refusal");
          check_error (error);
          *refused = TRUE;
          break;
        }
      if (record != NULL)
        {
          if (g_bytes_get_size (record) > TTT_WORMHOLE_RECORD_MAX_SEALED)
            fail ("a record over the bound");
          text += g_bytes_get_size (record);
          (*n_records)++;
          g_bytes_unref (record);
        }
    }
  if (text > size)
    fail ("more text than bytes");

  if (*refused)
    {
      /* For good. */
      GError *error = NULL;
      GBytes *record = NULL;
      gsize wanted;

      ttt_wormhole_record_reader_space (reader, &wanted);
      if (ttt_wormhole_record_reader_take (reader, 0, &record, &error))
        fail ("a reader that refused took more");
      check_error (error);
    }
  return text;
}

static void
fuzz_records (const uint8_t *data,
              size_t         size)
{
  g_autoptr(TttWormholeRecordReader) reader = ttt_wormhole_record_reader_new (fuzz_key, TTT_WORMHOLE_RECORD_RECEIVER);
  gboolean refused;
  guint n_records;

  feed (reader, data, size, &n_records, &refused);
}

static void
fuzz_round_trip (const uint8_t *data,
                 size_t         size)
{
  g_autoptr(TttWormholeRecordWriter) writer = ttt_wormhole_record_writer_new (fuzz_key, TTT_WORMHOLE_RECORD_SENDER);
  g_autoptr(TttWormholeRecordReader) reader = ttt_wormhole_record_reader_new (fuzz_key, TTT_WORMHOLE_RECORD_RECEIVER);
  g_autoptr(TttWormholeRecordReader) second = ttt_wormhole_record_reader_new (fuzz_key, TTT_WORMHOLE_RECORD_RECEIVER);
  g_autoptr(GByteArray) wire = g_byte_array_new ();
  gboolean refused;
  guint hash = 0, n_sealed = 0, n_records;
  gsize text, offset = 0;

  do
    {
      gsize n = MIN (size - offset, TTT_WORMHOLE_RECORD_MAX_TEXT);
      g_autoptr(GBytes) record = ttt_wormhole_record_writer_seal (writer, data + offset, n);
      gsize record_size;
      const guint8 *bytes = g_bytes_get_data (record, &record_size);

      g_byte_array_append (wire, bytes, (guint) record_size);
      offset += n;
      n_sealed++;
    }
  while (offset < size);

  text = feed (reader, wire->data, wire->len, &n_records, &refused);
  if (refused || text != size || n_records != n_sealed)
    fail ("sealed text that does not read back");

  for (gsize i = 0; i < size; i++)
    hash = hash * 31 + data[i];
  /* The changed record is refused, or (a length made longer) still
   * awaited: never taken, nor any after it. */
  wire->data[hash % wire->len] ^= (guint8) (1 + hash % 255);
  feed (second, wire->data, wire->len, &n_records, &refused);
  if (n_records >= n_sealed)
    fail ("a changed record taken");
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  static gboolean ready = FALSE;

  if (!ready)
    {
      if (!ttt_wormhole_crypto_init ())
        fail ("libsodium cannot work here");
      ready = TRUE;
    }
  if (size == 0)
    return 0;
  switch (data[0] % 3)
    {
    case 0:
      fuzz_message (data + 1, size - 1);
      break;
    case 1:
      fuzz_records (data + 1, size - 1);
      break;
    default:
      fuzz_round_trip (data + 1, size - 1);
      break;
    }
  return 0;
}

#ifdef TTT_FUZZ_STANDALONE
#include "fuzz-main.h"
#endif
