/* fuzz-wormhole-mailbox.c — the mailbox server's message parser under arbitrary bytes
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every WebSocket message from a magic-wormhole mailbox server passes
 * through ttt_mailbox_message_parse(), so it must never crash, never
 * leak, and never hand on a value it did not check. The input is one
 * WebSocket message (a server's are not split at newlines), parsed
 * whole, and then each line of it too, for more messages per input; the
 * invariants:
 *
 *   - a message xor an error, and the error is TTT_CONNECTION_ERROR_PROTOCOL
 *     with a message;
 *   - nothing over TTT_MAILBOX_MAX_MESSAGE bytes is accepted;
 *   - an accepted message has what its type needs, each value within
 *     its bounds (names, digits, even lower-case hex, text for people
 *     valid UTF-8 and cut);
 *   - a known type written back parses to the same message.
 *
 * A violation aborts, which libFuzzer reports with the input. Built with
 * -DTTT_FUZZ_STANDALONE, main() replays files or folders (the seed corpus
 * in tests/fuzz/corpus-wormhole-mailbox, or a crash) with any compiler,
 * as TAP.
 */

#include <glib.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ttt-net-error.h"
#include "ttt-protocol.h"
#include "ttt-wormhole-mailbox-message.h"

int LLVMFuzzerTestOneInput (const uint8_t *data,
                            size_t         size);

#ifndef TTT_FUZZ_STANDALONE
/* The parser and the shape check alone are compiled into the fuzzer,
 * without the channel and the game's parser that define their domains
 * for the rest of the network core. */
G_DEFINE_QUARK (ttt-connection-error-quark, ttt_connection_error)
G_DEFINE_QUARK (ttt-protocol-error-quark, ttt_protocol_error)
#endif

static void fail (const char *what) G_GNUC_NORETURN;

static void
fail (const char *what)
{
  fprintf (stderr, "fuzz-wormhole-mailbox.c: invariant failed: %s\n", what);
  abort ();
}

static void
check_text (const char *text)
{
  if (text == NULL)
    return;
  if (!g_utf8_validate (text, -1, NULL))
    fail ("text for people is not UTF-8");
  if (g_utf8_strlen (text, -1) > TTT_MAILBOX_MAX_TEXT)
    fail ("text for people is not cut");
  for (const char *p = text; *p != '\0'; p = g_utf8_next_char (p))
    if (g_unichar_iscntrl (g_utf8_get_char (p)))
      fail ("text for people has a control character");
}

static void
check_name (const char *name,
            gboolean    required)
{
  if (name == NULL)
    {
      if (required)
        fail ("a required name is missing");
      return;
    }
  if (!ttt_mailbox_name_check (name))
    fail ("a name out of bounds");
}

static void
check_values (const TttMailboxMessage *message)
{
  if (message->type_name == NULL || !ttt_mailbox_name_check (message->type_name))
    fail ("a type name out of bounds");
  check_text (message->motd);
  check_text (message->welcome_error);
  check_text (message->error);
  check_name (message->mailbox, message->type == TTT_MAILBOX_MESSAGE_CLAIMED);
  check_name (message->side, message->type == TTT_MAILBOX_MESSAGE_MESSAGE);
  check_name (message->phase, message->type == TTT_MAILBOX_MESSAGE_MESSAGE);
  check_name (message->id, FALSE);
  check_name (message->orig_type, FALSE);

  if (message->type == TTT_MAILBOX_MESSAGE_ALLOCATED)
    {
      gsize n = message->nameplate != NULL ? strlen (message->nameplate) : 0;

      if (n == 0 || n > TTT_MAILBOX_MAX_NAMEPLATE)
        fail ("a nameplate out of bounds");
      for (gsize i = 0; i < n; i++)
        if (!g_ascii_isdigit (message->nameplate[i]))
          fail ("a nameplate not of digits");
    }
  if (message->type == TTT_MAILBOX_MESSAGE_MESSAGE)
    {
      gsize n;

      if (message->body == NULL)
        fail ("a message without its body");
      n = strlen (message->body);
      if (n % 2 != 0)
        fail ("a body of an odd number of digits");
      for (gsize i = 0; i < n; i++)
        if (!g_ascii_isxdigit (message->body[i]) || g_ascii_isupper (message->body[i]))
          fail ("a body not of lower-case hex");
    }
  if (message->type == TTT_MAILBOX_MESSAGE_ERROR && message->error == NULL)
    fail ("an error without its words");
}

static void
check_message (const char *text,
               gsize       length)
{
  GError *error = NULL;
  TttMailboxMessage *message = ttt_mailbox_message_parse (text, (gssize) length, &error);

  if ((message == NULL) == (error == NULL))
    fail ("a message and an error, or neither");
  if (message == NULL)
    {
      if (!g_error_matches (error, TTT_CONNECTION_ERROR, TTT_CONNECTION_ERROR_PROTOCOL)
          || error->message == NULL || error->message[0] == '\0')
        fail ("an error without our domain, code or a message");
      g_error_free (error);
      return;
    }
  if (length > TTT_MAILBOX_MAX_MESSAGE)
    fail ("a message over the limit accepted");
  if ((guint) message->type >= TTT_N_MAILBOX_MESSAGE_TYPES)
    fail ("a type out of range");
  check_values (message);

  if (message->type != TTT_MAILBOX_MESSAGE_UNKNOWN)
    {
      g_autofree char *again = ttt_mailbox_message_write (message);
      TttMailboxMessage *back;

      if (again == NULL)
        fail ("an accepted message cannot be written back");
      back = ttt_mailbox_message_parse (again, -1, &error);
      if (back == NULL)
        fail ("a written message does not parse");
      if (!ttt_mailbox_message_equal (message, back))
        fail ("a message changed on its way through the writer");
      ttt_mailbox_message_free (back);
    }
  ttt_mailbox_message_free (message);
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  const char *text = (const char *) data;
  size_t start = 0;

  check_message (text, size);
  for (size_t i = 0; i <= size; i++)
    if (i == size || text[i] == '\n')
      {
        if (start > 0 || i < size)
          check_message (text + start, i - start);
        start = i + 1;
      }
  return 0;
}

#ifdef TTT_FUZZ_STANDALONE
#include "fuzz-main.h"
#endif
