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
        message = ttt_message_new_hello ("0.2.0", "Ana", "classic", TTT_NET_X_HOST);
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
                                                       "ultimate", TTT_NET_X_GUEST);
  g_autoptr(TttMessage) back = round_trip (hello, 1);

  g_assert_cmpuint (back->version, ==, TTT_PROTOCOL_VERSION);
  g_assert_cmpstr (back->app_version, ==, "1.0~beta+2");
  g_assert_cmpstr (back->name, ==, "Zoë “Z” 井字 \\ \"");
  g_assert_cmpstr (back->game, ==, "ultimate");
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

  hello = ttt_message_new_hello ("0.2.0", long_name, "classic", TTT_NET_X_HOST);
  line = ttt_protocol_serialize (hello, 1, &error);
  g_assert_error (error, TTT_PROTOCOL_ERROR, TTT_PROTOCOL_ERROR_OUT_OF_RANGE);
  g_assert_null (line);
  g_clear_error (&error);

  nameless = ttt_message_new_hello ("0.2.0", "Ana\nBob", "classic", TTT_NET_X_HOST);
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
    /* A game is named by an id of the game's own: lower-case letters,
     * digits and '-', 1 to 16 of them. Whether it is one this version
     * knows is the session's to say. */
    { "{\"type\":\"hello\",\"seq\":1,\"version\":1,\"app\":\"0.2\",\"name\":\"A\",\"game\":\"Chess\",\"x\":\"host\"}",
      TTT_PROTOCOL_ERROR_OUT_OF_RANGE },
    { "{\"type\":\"hello\",\"seq\":1,\"version\":1,\"app\":\"0.2\",\"name\":\"A\",\"game\":\"\",\"x\":\"host\"}",
      TTT_PROTOCOL_ERROR_OUT_OF_RANGE },
    { "{\"type\":\"hello\",\"seq\":1,\"version\":1,\"app\":\"0.2\",\"name\":\"A\",\"game\":\"tic tac\",\"x\":\"host\"}",
      TTT_PROTOCOL_ERROR_OUT_OF_RANGE },
    { "{\"type\":\"hello\",\"seq\":1,\"version\":1,\"app\":\"0.2\",\"name\":\"A\",\"game\":\"abcdefghijklmnopq\",\"x\":\"host\"}",
      TTT_PROTOCOL_ERROR_OUT_OF_RANGE },
    { "{\"type\":\"hello\",\"seq\":1,\"version\":1,\"app\":\"0.2\",\"name\":\"A\",\"game\":\"mis\u00e8re\",\"x\":\"host\"}",
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

/* A hello as a peer may write it, @name put in as it is (it may hold
 * JSON escapes). */
static char *
hello_line (const char *name)
{
  return g_strdup_printf ("{\"type\":\"hello\",\"seq\":1,\"version\":1,\"app\":\"1.0\","
                          "\"name\":\"%s\",\"game\":\"classic\",\"x\":\"host\"}", name);
}

/* Issue 32, D4: a name is one line and cannot rearrange the text it is
 * shown in. Under "Compare the Code With %s", a U+2028 in the other
 * side's name put a heading of its own ("The code is 000 000") above the
 * real code. */
static void
test_names_one_line (void)
{
  static const char *const refused[] = {
    "Ana\xe2\x80\xa8The code is 000 000",   /* LINE SEPARATOR */
    "Ana\xe2\x80\xa9The code is 000 000",   /* PARAGRAPH SEPARATOR */
    "Ana\xc2\x85" "Bob",                    /* NEXT LINE */
    "\xe2\x80\xae" "anA",                   /* RIGHT-TO-LEFT OVERRIDE */
    "Ana\xe2\x81\xa6" "Bob\xe2\x81\xa9",    /* LEFT-TO-RIGHT ISOLATE … POP */
    "Ana\xe2\x80\x8d" "Bob",                /* ZERO WIDTH JOINER */
    "Ana\xe2\x80\x8b" "Bob",                /* ZERO WIDTH SPACE */
  };

  for (guint i = 0; i < G_N_ELEMENTS (refused); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(TttMessage) hello = ttt_message_new_hello ("0.2.0", refused[i], "classic",
                                                           TTT_NET_X_HOST);
      g_autofree char *line = NULL;
      g_autofree char *raw = NULL;

      g_test_message ("name %u", i);
      g_assert_false (ttt_protocol_check_name (refused[i], &error));
      g_assert_error (error, TTT_PROTOCOL_ERROR, TTT_PROTOCOL_ERROR_OUT_OF_RANGE);
      g_clear_error (&error);

      /* Neither written nor read. */
      line = ttt_protocol_serialize (hello, 1, &error);
      g_assert_null (line);
      g_assert_error (error, TTT_PROTOCOL_ERROR, TTT_PROTOCOL_ERROR_OUT_OF_RANGE);
      g_clear_error (&error);
      raw = hello_line (refused[i]);
      g_assert_null (ttt_protocol_parse (raw, -1, &error));
      g_assert_error (error, TTT_PROTOCOL_ERROR, TTT_PROTOCOL_ERROR_OUT_OF_RANGE);
    }
}

/* The same characters escaped in the JSON: json-glib decodes them before
 * the name is checked. */
static void
test_names_escaped (void)
{
  static const char *const refused[] = {
    "Ana\\u2028The code is 000 000",
    "Ana\\u2029",
    "Ana\\u202eBob",
    "Ana\\n",
  };

  for (guint i = 0; i < G_N_ELEMENTS (refused); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autofree char *raw = hello_line (refused[i]);

      g_test_message ("name %u", i);
      g_assert_null (ttt_protocol_parse (raw, -1, &error));
      g_assert_error (error, TTT_PROTOCOL_ERROR, TTT_PROTOCOL_ERROR_OUT_OF_RANGE);
    }
}

/* Issue 32, D17: json-glib turns \u0000 into a NUL that cut the name
 * short without a word ("Ana"). The message is refused, and says why. */
static void
test_names_nul (void)
{
  static const char *const refused[] = { "Ana\\u0000Bob", "Ana\\u0000", "\\u0000Ana" };
  g_autoptr(GError) error = NULL;
  g_autofree char *plain = hello_line ("Ana\\\\u0000Bob");
  g_autoptr(TttMessage) hello = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (refused); i++)
    {
      g_autofree char *raw = hello_line (refused[i]);
      TttMessage *message;

      g_test_message ("name %u", i);
      message = ttt_protocol_parse (raw, -1, &error);
      if (message != NULL)
        g_error ("“%s” read as the name “%s”", refused[i], message->name);
      g_assert_error (error, TTT_PROTOCOL_ERROR, TTT_PROTOCOL_ERROR_MALFORMED);
      g_assert_nonnull (strstr (error->message, "null character"));
      g_clear_error (&error);
    }

  /* An escaped backslash before "u0000" is six plain characters. */
  hello = ttt_protocol_parse (plain, -1, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (hello->name, ==, "Ana\\u0000Bob");
}

/* Issue 32, D4 and D12: whatever this side would send or publish (a
 * real name over 64 characters, an empty one, one with a line
 * separator), one function makes it a name the other side takes. */
static void
test_names_sanitized (void)
{
  static const struct {
    const char *in;
    const char *out;
  } cases[] = {
    { "Ana", "Ana" },
    { "Zoë “Z” 井字", "Zoë “Z” 井字" },
    { "Ana\xe2\x80\xa8The code is 000 000", "Ana The code is 000 000" },
    { "  Ana \t\n Bob  ", "Ana Bob" },
    { "\xe2\x80\xae" "anA", "anA" },
    { "Ana\xe2\x80\x8d" "Bob", "AnaBob" },
    { "", "Player" },
    { "\xe2\x80\xa9 \t", "Player" },
  };
  g_autofree char *long_name = g_strnfill (TTT_PROTOCOL_MAX_NAME + 6, 'x');
  g_autofree char *longest = g_strnfill (TTT_PROTOCOL_MAX_NAME, 'x');
  g_autofree char *spaced = g_strconcat (longest + 1, " yz", NULL);
  g_autofree char *cut = NULL;
  g_autofree char *spaced_cut = NULL;
  g_autofree char *broken = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *out = ttt_protocol_sanitize_name (cases[i].in);

      g_assert_cmpstr (out, ==, cases[i].out);
      g_assert_true (ttt_protocol_check_name (out, NULL));
    }

  cut = ttt_protocol_sanitize_name (long_name);
  g_assert_cmpstr (cut, ==, longest);
  /* Cut where a space would end it: no space at the end. */
  spaced_cut = ttt_protocol_sanitize_name (spaced);
  g_assert_cmpstr (spaced_cut, ==, longest + 1);
  broken = ttt_protocol_sanitize_name ("\xff" "Ana");
  g_assert_true (ttt_protocol_check_name (broken, NULL));
  g_assert_nonnull (strstr (broken, "Ana"));
}

/* A name is shown in quotation marks, its direction isolated. */
static void
test_names_quoted (void)
{
  g_autofree char *quoted = ttt_protocol_quote_name ("Ana");

  g_assert_cmpstr (quoted, ==, "“\xe2\x81\xa8" "Ana\xe2\x81\xa9”");
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
  g_test_add_func ("/net/protocol/names/one-line", test_names_one_line);
  g_test_add_func ("/net/protocol/names/escaped", test_names_escaped);
  g_test_add_func ("/net/protocol/names/nul", test_names_nul);
  g_test_add_func ("/net/protocol/names/sanitized", test_names_sanitized);
  g_test_add_func ("/net/protocol/names/quoted", test_names_quoted);

  return g_test_run ();
}
