/* fuzz-protocol.c — the network message parser under arbitrary bytes
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Whatever another computer sends passes through ttt_protocol_parse(), so
 * it must never crash, never leak, and never accept a line it could not
 * have written itself. The input is split at newlines as the connection
 * splits it, and each line (and the whole input, NULs and all, as one) is
 * parsed; the invariants:
 *
 *   - a message xor an error, and the error has a message and our domain;
 *   - a message accepted is one the writer would write: serialising it
 *     succeeds, and parsing that line gives the same message back;
 *   - lines over TTT_PROTOCOL_MAX_LINE bytes are refused;
 *   - the sequence check agrees with the numbers it was given.
 *
 * A violation aborts, which libFuzzer reports with the input. Built with
 * -DTTT_FUZZ_STANDALONE, main() replays files or folders (the seed corpus
 * in tests/fuzz/corpus-protocol, or a crash) with any compiler, as TAP.
 */

#include <glib.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ttt-protocol.h"

int LLVMFuzzerTestOneInput (const uint8_t *data,
                            size_t         size);

static void fail (const char *what) G_GNUC_NORETURN;

static void
fail (const char *what)
{
  fprintf (stderr, "fuzz-protocol.c: invariant failed: %s\n", what);
  abort ();
}

static gboolean
same_message (const TttMessage *a,
              const TttMessage *b)
{
  return a->type == b->type
         && a->seq == b->seq
         && a->version == b->version
         && g_strcmp0 (a->app_version, b->app_version) == 0
         && g_strcmp0 (a->name, b->name) == 0
         && g_strcmp0 (a->game, b->game) == 0
         && a->x_player == b->x_player
         && a->cell == b->cell
         && a->accepted == b->accepted;
}

static void
check_line (const char          *line,
            gsize                length,
            TttProtocolSequence *sequence)
{
  GError *error = NULL;
  TttMessage *message = ttt_protocol_parse (line, (gssize) length, &error);

  if ((message == NULL) == (error == NULL))
    fail ("a message and an error, or neither");
  if (message == NULL)
    {
      if (error->domain != TTT_PROTOCOL_ERROR || error->message == NULL || error->message[0] == '\0')
        fail ("an error without our domain or a message");
      g_error_free (error);
      return;
    }
  if (length > TTT_PROTOCOL_MAX_LINE)
    fail ("a line over the limit accepted");

  {
    g_autofree char *again = ttt_protocol_serialize (message, message->seq, &error);
    TttMessage *back;
    gsize again_length;

    if (again == NULL)
      fail ("an accepted message cannot be written back");
    again_length = strlen (again);
    if (again_length == 0 || again[again_length - 1] != '\n'
        || memchr (again, '\n', again_length - 1) != NULL)
      fail ("a written message is not one line");
    back = ttt_protocol_parse (again, (gssize) (again_length - 1), &error);
    if (back == NULL)
      fail ("a written message does not parse");
    if (!same_message (message, back))
      fail ("a message changed on its way through the writer");
    ttt_message_free (back);
  }

  {
    guint64 before = sequence->last;
    gboolean in_order = ttt_protocol_sequence_check (sequence, message, NULL);

    if (in_order != (message->seq == before + 1))
      fail ("the sequence check disagrees with the numbers");
    if (sequence->last != (in_order ? message->seq : before))
      fail ("the sequence moved on a refused number");
  }

  ttt_message_free (message);
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  TttProtocolSequence sequence;
  const char *text = (const char *) data;
  size_t start = 0;

  ttt_protocol_sequence_init (&sequence);

  /* The whole input as one line, NULs and newlines included. */
  check_line (text, size, &sequence);

  ttt_protocol_sequence_init (&sequence);
  for (size_t i = 0; i <= size; i++)
    if (i == size || text[i] == '\n')
      {
        check_line (text + start, i - start, &sequence);
        start = i + 1;
      }
  return 0;
}

#ifdef TTT_FUZZ_STANDALONE
#include "fuzz-main.h"
#endif
