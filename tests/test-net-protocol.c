/* test-net-protocol.c — the network messages: written, read back, refused
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every message type goes out and comes back unchanged; every kind of bad
 * line (too long, not JSON, not UTF-8, wrong types, missing, unknown or
 * out-of-range fields, an unknown type, another version) is refused with
 * the error code that says which, and the sequence check catches a message
 * that comes again or out of order.
 */

#include <string.h>

#include "ttt-protocol.h"

static TttMessage *
round_trip (const TttMessage *message,
            guint64           seq)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *line = ttt_protocol_serialize (message, seq, &error);
  TttMessage *back;
  gsize length;

  g_assert_no_error (error);
  g_assert_nonnull (line);
  length = strlen (line);
  g_assert_cmpuint (length, >, 1);
  g_assert_cmpint (line[length - 1], ==, '\n');
  g_assert_null (memchr (line, '\n', length - 1));

  back = ttt_protocol_parse (line, length - 1, &error);
  g_assert_no_error (error);
  g_assert_nonnull (back);
  g_assert_cmpint (back->type, ==, message->type);
  g_assert_cmpuint (back->seq, ==, seq);
  return back;
}

static void
test_round_trip_all_types (void)
{
  for (guint type = 0; type < TTT_N_MESSAGE_TYPES; type++)
    {
      g_autoptr(TttMessage) message = NULL;
      g_autoptr(TttMessage) back = NULL;

      if (type == TTT_MESSAGE_HELLO)
        message = ttt_message_new_hello ("0.2.0", "Ana", TTT_NET_GAME_CLASSIC, TTT_NET_X_HOST);
      else
        message = ttt_message_new (type);
      back = round_trip (message, type + 1);
      g_assert_cmpstr (ttt_message_type_to_string (back->type), ==, ttt_message_type_to_string (type));
    }
}

static void
test_round_trip_fields (void)
{
  g_autoptr(TttMessage) hello = ttt_message_new_hello ("1.0~beta+2", "Zoë “Z” 井字 \\ \"",
                                                       TTT_NET_GAME_ULTIMATE, TTT_NET_X_GUEST);
  g_autoptr(TttMessage) back = round_trip (hello, 1);

  g_assert_cmpuint (back->version, ==, TTT_PROTOCOL_VERSION);
  g_assert_cmpstr (back->app_version, ==, "1.0~beta+2");
  g_assert_cmpstr (back->name, ==, "Zoë “Z” 井字 \\ \"");
  g_assert_cmpint (back->game, ==, TTT_NET_GAME_ULTIMATE);
  g_assert_cmpint (back->x_player, ==, TTT_NET_X_GUEST);

  for (guint cell = 0; cell < 81; cell++)
    {
      g_autoptr(TttMessage) move = ttt_message_new_move (cell);
      g_autoptr(TttMessage) move_back = round_trip (move, G_MAXINT64 - cell);

      g_assert_cmpuint (move_back->cell, ==, cell);
    }

  for (int accepted = 0; accepted <= 1; accepted++)
    {
      g_autoptr(TttMessage) answer = ttt_message_new_undo_answer (accepted);
      g_autoptr(TttMessage) answer_back = round_trip (answer, 7);

      g_assert_cmpint (answer_back->accepted, ==, accepted);
    }
}

static void
test_serialize_refuses (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TttMessage) move = ttt_message_new_move (81);
  g_autoptr(TttMessage) hello = NULL;
  g_autoptr(TttMessage) nameless = NULL;
  g_autoptr(TttMessage) keep_alive = ttt_message_new (TTT_MESSAGE_KEEP_ALIVE);
  g_autofree char *long_name = g_strnfill (TTT_PROTOCOL_MAX_NAME + 1, 'a');
  char *line;

  line = ttt_protocol_serialize (move, 1, &error);
  g_assert_error (error, TTT_PROTOCOL_ERROR, TTT_PROTOCOL_ERROR_OUT_OF_RANGE);
  g_assert_null (line);
  g_clear_error (&error);

  hello = ttt_message_new_hello ("0.2.0", long_name, TTT_NET_GAME_CLASSIC, TTT_NET_X_HOST);
  line = ttt_protocol_serialize (hello, 1, &error);
  g_assert_error (error, TTT_PROTOCOL_ERROR, TTT_PROTOCOL_ERROR_OUT_OF_RANGE);
  g_assert_null (line);
  g_clear_error (&error);

  nameless = ttt_message_new_hello ("0.2.0", "Ana\nBob", TTT_NET_GAME_CLASSIC, TTT_NET_X_HOST);
  line = ttt_protocol_serialize (nameless, 1, &error);
  g_assert_error (error, TTT_PROTOCOL_ERROR, TTT_PROTOCOL_ERROR_OUT_OF_RANGE);
  g_assert_null (line);
  g_clear_error (&error);

  /* Sequence numbers start at 1. */
  line = ttt_protocol_serialize (keep_alive, 0, &error);
  g_assert_error (error, TTT_PROTOCOL_ERROR, TTT_PROTOCOL_ERROR_OUT_OF_RANGE);
  g_assert_null (line);
}

typedef struct {
  const char *line;
  int         code;
} Bad;

static void
test_parse_refuses (void)
{
  static const Bad bad[] = {
    { "", TTT_PROTOCOL_ERROR_MALFORMED },
    { "garbage", TTT_PROTOCOL_ERROR_MALFORMED },
    { "{", TTT_PROTOCOL_ERROR_MALFORMED },
    { "[1,2,3]", TTT_PROTOCOL_ERROR_MALFORMED },
    { "42", TTT_PROTOCOL_ERROR_MALFORMED },
    { "null", TTT_PROTOCOL_ERROR_MALFORMED },
    { "{\"type\":\"move\",\"seq\":1,\"cell\":4}{}", TTT_PROTOCOL_ERROR_MALFORMED },
    { "{\"type\":\"move\",\"seq\":1,\"cell\":4}{\"type\":\"resign\",\"seq\":2}", TTT_PROTOCOL_ERROR_MALFORMED },
    { "{'type':'resign','seq':1}", TTT_PROTOCOL_ERROR_MALFORMED },
    { "{\"type\":\"move\",\"seq\":1,\"cell\":4,\"cell\":5}", TTT_PROTOCOL_ERROR_MALFORMED },
    { "{\"type\":\"move\",\"seq\":1,\"cell\":4,\"c\\u0065ll\":5}", TTT_PROTOCOL_ERROR_MALFORMED },
    { "{\"type\":\"move\",\"seq\":1,\"cell\":4}}", TTT_PROTOCOL_ERROR_MALFORMED },
    { "{\"type\":\"move\",\"seq\":1,\"cell\":[[[[[[[[[[1]]]]]]]]]]}", TTT_PROTOCOL_ERROR_MALFORMED },
    { "{\"type\":\"move\",\"seq\":1,\"cell\":1e999}", TTT_PROTOCOL_ERROR_WRONG_TYPE },
    { "{\"seq\":1}", TTT_PROTOCOL_ERROR_MISSING_FIELD },
    { "{\"type\":7,\"seq\":1}", TTT_PROTOCOL_ERROR_WRONG_TYPE },
    { "{\"type\":null,\"seq\":1}", TTT_PROTOCOL_ERROR_WRONG_TYPE },
    { "{\"type\":\"dance\",\"seq\":1}", TTT_PROTOCOL_ERROR_UNKNOWN_TYPE },
    { "{\"type\":\"MOVE\",\"seq\":1,\"cell\":4}", TTT_PROTOCOL_ERROR_UNKNOWN_TYPE },
    { "{\"type\":\"move\",\"cell\":4}", TTT_PROTOCOL_ERROR_MISSING_FIELD },
    { "{\"type\":\"move\",\"seq\":1}", TTT_PROTOCOL_ERROR_MISSING_FIELD },
    { "{\"type\":\"move\",\"seq\":\"1\",\"cell\":4}", TTT_PROTOCOL_ERROR_WRONG_TYPE },
    { "{\"type\":\"move\",\"seq\":1.5,\"cell\":4}", TTT_PROTOCOL_ERROR_WRONG_TYPE },
    { "{\"type\":\"move\",\"seq\":0,\"cell\":4}", TTT_PROTOCOL_ERROR_OUT_OF_RANGE },
    { "{\"type\":\"move\",\"seq\":-3,\"cell\":4}", TTT_PROTOCOL_ERROR_OUT_OF_RANGE },
    { "{\"type\":\"move\",\"seq\":1,\"cell\":81}", TTT_PROTOCOL_ERROR_OUT_OF_RANGE },
    { "{\"type\":\"move\",\"seq\":1,\"cell\":-1}", TTT_PROTOCOL_ERROR_OUT_OF_RANGE },
    { "{\"type\":\"move\",\"seq\":1,\"cell\":4294967300}", TTT_PROTOCOL_ERROR_OUT_OF_RANGE },
    { "{\"type\":\"move\",\"seq\":1,\"cell\":true}", TTT_PROTOCOL_ERROR_WRONG_TYPE },
    { "{\"type\":\"move\",\"seq\":1,\"cell\":[4]}", TTT_PROTOCOL_ERROR_WRONG_TYPE },
    { "{\"type\":\"move\",\"seq\":1,\"cell\":{}}", TTT_PROTOCOL_ERROR_WRONG_TYPE },
    { "{\"type\":\"move\",\"seq\":1,\"cell\":4,\"extra\":1}", TTT_PROTOCOL_ERROR_UNKNOWN_FIELD },
    { "{\"type\":\"resign\",\"seq\":1,\"cell\":4}", TTT_PROTOCOL_ERROR_UNKNOWN_FIELD },
    { "{\"type\":\"undo-answer\",\"seq\":1}", TTT_PROTOCOL_ERROR_MISSING_FIELD },
    { "{\"type\":\"undo-answer\",\"seq\":1,\"accepted\":1}", TTT_PROTOCOL_ERROR_WRONG_TYPE },
    { "{\"type\":\"undo-answer\",\"seq\":1,\"accepted\":\"yes\"}", TTT_PROTOCOL_ERROR_WRONG_TYPE },
    { "{\"type\":\"hello\",\"seq\":1}", TTT_PROTOCOL_ERROR_MISSING_FIELD },
    { "{\"type\":\"hello\",\"seq\":1,\"version\":1,\"app\":\"0.2\",\"name\":\"A\",\"game\":\"classic\"}",
      TTT_PROTOCOL_ERROR_MISSING_FIELD },
    { "{\"type\":\"hello\",\"seq\":1,\"version\":2,\"app\":\"0.2\",\"name\":\"A\",\"game\":\"classic\",\"x\":\"host\"}",
      TTT_PROTOCOL_ERROR_VERSION },
    { "{\"type\":\"hello\",\"seq\":1,\"version\":0,\"app\":\"0.2\",\"name\":\"A\",\"game\":\"classic\",\"x\":\"host\"}",
      TTT_PROTOCOL_ERROR_VERSION },
    /* A newer version may have fields this one does not know; the
     * version is what the person needs to hear about. */
    { "{\"type\":\"hello\",\"seq\":1,\"version\":1,\"app\":\"0.2\",\"name\":\"A\",\"game\":\"classic\",\"x\":\"host\",\"board\":9}",
      TTT_PROTOCOL_ERROR_UNKNOWN_FIELD },
    { "{\"type\":\"hello\",\"seq\":1,\"version\":\"1\",\"app\":\"0.2\",\"name\":\"A\",\"game\":\"classic\",\"x\":\"host\"}",
      TTT_PROTOCOL_ERROR_WRONG_TYPE },
    { "{\"type\":\"hello\",\"seq\":1,\"version\":1,\"app\":\"0.2\",\"name\":\"\",\"game\":\"classic\",\"x\":\"host\"}",
      TTT_PROTOCOL_ERROR_OUT_OF_RANGE },
    { "{\"type\":\"hello\",\"seq\":1,\"version\":1,\"app\":\"0.2\",\"name\":\"A\\u0007\",\"game\":\"classic\",\"x\":\"host\"}",
      TTT_PROTOCOL_ERROR_OUT_OF_RANGE },
    { "{\"type\":\"hello\",\"seq\":1,\"version\":1,\"app\":\"0.2\",\"name\":\"A\\u202e\",\"game\":\"classic\",\"x\":\"host\"}",
      TTT_PROTOCOL_ERROR_OUT_OF_RANGE },
    { "{\"type\":\"hello\",\"seq\":1,\"version\":1,\"app\":\"0 2\",\"name\":\"A\",\"game\":\"classic\",\"x\":\"host\"}",
      TTT_PROTOCOL_ERROR_OUT_OF_RANGE },
    { "{\"type\":\"hello\",\"seq\":1,\"version\":1,\"app\":\"\",\"name\":\"A\",\"game\":\"classic\",\"x\":\"host\"}",
      TTT_PROTOCOL_ERROR_OUT_OF_RANGE },
    { "{\"type\":\"hello\",\"seq\":1,\"version\":1,\"app\":\"0.2\",\"name\":\"A\",\"game\":\"chess\",\"x\":\"host\"}",
      TTT_PROTOCOL_ERROR_OUT_OF_RANGE },
    { "{\"type\":\"hello\",\"seq\":1,\"version\":1,\"app\":\"0.2\",\"name\":\"A\",\"game\":\"classic\",\"x\":\"both\"}",
      TTT_PROTOCOL_ERROR_OUT_OF_RANGE },
    { "{\"type\":\"hello\",\"seq\":1,\"version\":1,\"app\":\"0.2\",\"name\":7,\"game\":\"classic\",\"x\":\"host\"}",
      TTT_PROTOCOL_ERROR_WRONG_TYPE },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(TttMessage) message = ttt_protocol_parse (bad[i].line, -1, &error);

      g_test_message ("%s", bad[i].line);
      g_assert_null (message);
      g_assert_error (error, TTT_PROTOCOL_ERROR, bad[i].code);
      g_assert_nonnull (error->message);
      g_assert_cmpuint (strlen (error->message), >, 10);
    }
}

static void
test_parse_refuses_bytes (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *huge = NULL;
  g_autofree char *padded = NULL;
  TttMessage *message;
  static const char nul[] = "{\"type\":\"resign\",\"seq\":1}\0{}";
  static const char latin1[] = "{\"type\":\"hello\",\"seq\":1,\"version\":1,\"app\":\"0.2\",\"name\":\"Zo\xeb\",\"game\":\"classic\",\"x\":\"host\"}";

  /* One byte over the limit, however valid. */
  padded = g_strdup_printf ("{\"type\":\"resign\",\"seq\":1}%*s", TTT_PROTOCOL_MAX_LINE, "");
  message = ttt_protocol_parse (padded, TTT_PROTOCOL_MAX_LINE + 1, &error);
  g_assert_error (error, TTT_PROTOCOL_ERROR, TTT_PROTOCOL_ERROR_TOO_LONG);
  g_assert_null (message);
  g_clear_error (&error);
  /* At the limit, trailing spaces are fine. */
  message = ttt_protocol_parse (padded, TTT_PROTOCOL_MAX_LINE, &error);
  g_assert_no_error (error);
  ttt_message_free (message);

  huge = g_strnfill (1 << 20, '[');
  message = ttt_protocol_parse (huge, -1, &error);
  g_assert_error (error, TTT_PROTOCOL_ERROR, TTT_PROTOCOL_ERROR_TOO_LONG);
  g_assert_null (message);
  g_clear_error (&error);

  /* Deep nesting within the limit. */
  message = ttt_protocol_parse (huge, TTT_PROTOCOL_MAX_LINE, &error);
  g_assert_error (error, TTT_PROTOCOL_ERROR, TTT_PROTOCOL_ERROR_MALFORMED);
  g_assert_null (message);
  g_clear_error (&error);

  message = ttt_protocol_parse (nul, sizeof nul - 1, &error);
  g_assert_error (error, TTT_PROTOCOL_ERROR, TTT_PROTOCOL_ERROR_MALFORMED);
  g_assert_null (message);
  g_clear_error (&error);

  message = ttt_protocol_parse (latin1, -1, &error);
  g_assert_error (error, TTT_PROTOCOL_ERROR, TTT_PROTOCOL_ERROR_MALFORMED);
  g_assert_null (message);
}

static void
test_version_message (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TttMessage) message = NULL;

  /* Fields this version does not know do not hide the version. */
  message = ttt_protocol_parse ("{\"type\":\"hello\",\"seq\":1,\"version\":9,\"future\":[1]}", -1, &error);
  g_assert_error (error, TTT_PROTOCOL_ERROR, TTT_PROTOCOL_ERROR_VERSION);
  g_clear_error (&error);

  message = ttt_protocol_parse ("{\"type\":\"hello\",\"seq\":1,\"version\":9}", -1, &error);
  g_assert_error (error, TTT_PROTOCOL_ERROR, TTT_PROTOCOL_ERROR_VERSION);
  g_assert_nonnull (strstr (error->message, "newer"));
  g_clear_error (&error);

  message = ttt_protocol_parse ("{\"type\":\"hello\",\"seq\":1,\"version\":0}", -1, &error);
  g_assert_error (error, TTT_PROTOCOL_ERROR, TTT_PROTOCOL_ERROR_VERSION);
  g_assert_nonnull (strstr (error->message, "older"));
}

static void
test_sequence (void)
{
  TttProtocolSequence sequence;
  g_autoptr(GError) error = NULL;
  g_autoptr(TttMessage) message = ttt_message_new (TTT_MESSAGE_RESIGN);

  ttt_protocol_sequence_init (&sequence);
  for (guint64 seq = 1; seq <= 5; seq++)
    {
      message->seq = seq;
      g_assert_true (ttt_protocol_sequence_check (&sequence, message, &error));
      g_assert_no_error (error);
    }

  message->seq = 5;
  g_assert_false (ttt_protocol_sequence_check (&sequence, message, &error));
  g_assert_error (error, TTT_PROTOCOL_ERROR, TTT_PROTOCOL_ERROR_SEQUENCE);
  g_assert_nonnull (strstr (error->message, "again"));
  g_clear_error (&error);

  message->seq = 2;
  g_assert_false (ttt_protocol_sequence_check (&sequence, message, &error));
  g_assert_error (error, TTT_PROTOCOL_ERROR, TTT_PROTOCOL_ERROR_SEQUENCE);
  g_clear_error (&error);

  message->seq = 7;
  g_assert_false (ttt_protocol_sequence_check (&sequence, message, &error));
  g_assert_error (error, TTT_PROTOCOL_ERROR, TTT_PROTOCOL_ERROR_SEQUENCE);
  g_assert_nonnull (strstr (error->message, "order"));
  g_clear_error (&error);

  /* A refused number leaves the count where it was. */
  message->seq = 6;
  g_assert_true (ttt_protocol_sequence_check (&sequence, message, &error));
  g_assert_no_error (error);
}

static void
test_names (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *longest = g_strnfill (TTT_PROTOCOL_MAX_NAME, 'x');
  g_autoptr(GString) wide = g_string_new (NULL);

  g_assert_true (ttt_protocol_check_name ("Ana", &error));
  g_assert_true (ttt_protocol_check_name (longest, &error));
  for (guint i = 0; i < TTT_PROTOCOL_MAX_NAME; i++)
    g_string_append (wide, "井");
  /* Characters, not bytes. */
  g_assert_true (ttt_protocol_check_name (wide->str, &error));
  g_assert_no_error (error);
  g_string_append (wide, "井");
  g_assert_false (ttt_protocol_check_name (wide->str, &error));
  g_assert_error (error, TTT_PROTOCOL_ERROR, TTT_PROTOCOL_ERROR_OUT_OF_RANGE);
  g_clear_error (&error);
  g_assert_false (ttt_protocol_check_name ("tab\there", &error));
  g_assert_error (error, TTT_PROTOCOL_ERROR, TTT_PROTOCOL_ERROR_OUT_OF_RANGE);
  g_clear_error (&error);
  g_assert_false (ttt_protocol_check_name (NULL, &error));
  g_assert_error (error, TTT_PROTOCOL_ERROR, TTT_PROTOCOL_ERROR_OUT_OF_RANGE);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/net/protocol/round-trip/types", test_round_trip_all_types);
  g_test_add_func ("/net/protocol/round-trip/fields", test_round_trip_fields);
  g_test_add_func ("/net/protocol/serialize/refuses", test_serialize_refuses);
  g_test_add_func ("/net/protocol/parse/refuses", test_parse_refuses);
  g_test_add_func ("/net/protocol/parse/refuses-bytes", test_parse_refuses_bytes);
  g_test_add_func ("/net/protocol/parse/version", test_version_message);
  g_test_add_func ("/net/protocol/sequence", test_sequence);
  g_test_add_func ("/net/protocol/names", test_names);

  return g_test_run ();
}
