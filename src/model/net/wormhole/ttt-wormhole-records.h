/* ttt-wormhole-records.h — the transit's sealed records, byte by byte
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Once two transits have agreed on a connection, everything on it is a
 * record: four bytes of big-endian length, then a secret box whose nonce
 * is a big-endian counter from 0, each direction with its own key
 * (derived from the transit key as "transit_record_sender_key" and
 * "transit_record_receiver_key", magic-wormhole's transit document).
 *
 * A writer seals; a reader is fed the bytes from the other side and only
 * ever asks for what the record under way still lacks, so nothing past
 * one record is held. What comes in is hostile until opened: a length
 * out of bounds, a nonce other than the next one (a record replayed,
 * dropped or reordered) and a box that does not open (tampered, or
 * another key) each fail the reader for good, with an error in
 * TTT_CONNECTION_ERROR a person can read.
 *
 * Plain functions of bytes, no I/O: the stream
 * (ttt-wormhole-transit-stream.h) reads and writes, a fuzz target feeds.
 */

#pragma once

#include <glib.h>

#include "ttt-wormhole-crypto.h"

G_BEGIN_DECLS

/* The most plain text one record carries: what is written at once is
 * cut into records of at most this. */
#define TTT_WORMHOLE_RECORD_MAX_TEXT   (16 * 1024)
/* The most a record from the other side may be, nonce and box: the
 * reference's file transfer sends 16 KiB records, the game far less. */
#define TTT_WORMHOLE_RECORD_MAX_SEALED (64 * 1024)
#define TTT_WORMHOLE_RECORD_HEADER     4

typedef enum {
  TTT_WORMHOLE_RECORD_SENDER,    /* the host: it says "go" */
  TTT_WORMHOLE_RECORD_RECEIVER,
} TttWormholeRecordRole;

typedef struct _TttWormholeRecordWriter TttWormholeRecordWriter;
typedef struct _TttWormholeRecordReader TttWormholeRecordReader;

TttWormholeRecordWriter *ttt_wormhole_record_writer_new   (const guint8             transit_key[TTT_WORMHOLE_KEY_SIZE],
                                                           TttWormholeRecordRole    role);
/* The whole record for @text (at most TTT_WORMHOLE_RECORD_MAX_TEXT
 * bytes): length, nonce, box. */
GBytes                  *ttt_wormhole_record_writer_seal  (TttWormholeRecordWriter *self,
                                                           const guint8            *text,
                                                           gsize                    text_len);
void                     ttt_wormhole_record_writer_free  (TttWormholeRecordWriter *self);

TttWormholeRecordReader *ttt_wormhole_record_reader_new   (const guint8             transit_key[TTT_WORMHOLE_KEY_SIZE],
                                                           TttWormholeRecordRole    role);
/* Where the next bytes go and how many the record under way still lacks
 * (never 0): read at most that many into it, then say how many came. */
guint8                  *ttt_wormhole_record_reader_space (TttWormholeRecordReader *self,
                                                           gsize                   *wanted);
/* @count bytes (at most the wanted) were put in the space. Once a record
 * is whole, its text is set in @text (possibly empty); otherwise @text
 * is left NULL. FALSE with an error, and for good, when the record
 * cannot be taken. */
gboolean                 ttt_wormhole_record_reader_take  (TttWormholeRecordReader *self,
                                                           gsize                    count,
                                                           GBytes                 **text,
                                                           GError                 **error);
/* TRUE between records (nothing of the next one has come yet). */
gboolean                 ttt_wormhole_record_reader_at_boundary (TttWormholeRecordReader *self);
void                     ttt_wormhole_record_reader_free  (TttWormholeRecordReader *self);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (TttWormholeRecordWriter, ttt_wormhole_record_writer_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (TttWormholeRecordReader, ttt_wormhole_record_reader_free)

G_END_DECLS
