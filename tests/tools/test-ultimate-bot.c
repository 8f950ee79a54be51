/* test-ultimate-bot.c — the bot through pipes, refereed by the reference rules
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The test is the referee of a CodinGame-style match: it starts the bot
 * (TTT_ULTIMATE_BOT, set by meson) as a child, tells it each turn the
 * opponent's last move and the legal moves as reference-ultimate.h finds
 * them, and checks every answer. The opponent is a second bot or moves
 * chosen by the test.
 */

#include <signal.h>
#include <unistd.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>

#include <glib.h>

#include "reference-ultimate.h"

typedef struct
{
  GPid  pid;
  FILE *to;
  FILE *from;
  int   err_fd;
} Bot;

static Bot
bot_start (const char *const *options)
{
  const char *path = g_getenv ("TTT_ULTIMATE_BOT");
  g_autoptr (GPtrArray) args = g_ptr_array_new ();
  g_autoptr (GError) error = NULL;
  int in_fd, out_fd;
  Bot bot;

  g_assert_nonnull (path);
  g_ptr_array_add (args, (gpointer) path);
  for (; options != NULL && *options != NULL; options++)
    g_ptr_array_add (args, (gpointer) *options);
  g_ptr_array_add (args, NULL);

  g_spawn_async_with_pipes (NULL, (char **) args->pdata, NULL, G_SPAWN_DO_NOT_REAP_CHILD, NULL, NULL,
                            &bot.pid, &in_fd, &out_fd, &bot.err_fd, &error);
  g_assert_no_error (error);
  bot.to = fdopen (in_fd, "w");
  bot.from = fdopen (out_fd, "r");
  g_assert_nonnull (bot.to);
  g_assert_nonnull (bot.from);

  return bot;
}

/* Closes its input and waits: its exit status and what it said on stderr. */
static int
bot_finish (Bot   *bot,
            char **err)
{
  GString *text = g_string_new (NULL);
  char buffer[512];
  ssize_t n;
  int status;

  if (bot->to != NULL)
    fclose (bot->to);
  while ((n = read (bot->err_fd, buffer, sizeof buffer)) > 0)
    g_string_append_len (text, buffer, n);
  close (bot->err_fd);
  fclose (bot->from);
  g_assert_cmpint (waitpid (bot->pid, &status, 0), ==, bot->pid);
  g_spawn_close_pid (bot->pid);
  if (err != NULL)
    *err = g_string_free (text, FALSE);
  else
    g_string_free (text, TRUE);

  g_assert_true (WIFEXITED (status));

  return WEXITSTATUS (status);
}

/* Feeds @input whole, then closes the input: the exit status, what the
 * bot answered and what it said on stderr. The bot reads its input as it
 * plays, so a pipe's worth is written at most. */
static int
bot_run (const char *const *options,
         const char        *input,
         gssize             length,
         char             **out,
         char             **err)
{
  Bot bot = bot_start (options);
  GString *text = g_string_new (NULL);
  char buffer[512];
  size_t n;

  if (length < 0)
    length = (gssize) strlen (input);
  g_assert_cmpint (length, <, 4096);
  fwrite (input, 1, (size_t) length, bot.to);
  fclose (bot.to);
  bot.to = NULL;
  while ((n = fread (buffer, 1, sizeof buffer, bot.from)) > 0)
    g_string_append_len (text, buffer, (gssize) n);
  *out = g_string_free (text, FALSE);

  return bot_finish (&bot, err);
}

/* One turn of the protocol: the last move (or −1 −1) and the legal moves
 * of @ref; the answer, checked legal, as row × 9 + col. */
static int
bot_turn (Bot               *bot,
          const RefUltimate *ref,
          int                last)
{
  int moves[81];
  int n = ref_u_legal_moves (ref, moves);
  int row, col;

  fprintf (bot->to, "%d %d\n%d\n", last < 0 ? -1 : last / 9, last < 0 ? -1 : last % 9, n);
  for (int i = 0; i < n; i++)
    fprintf (bot->to, "%d %d\n", moves[i] / 9, moves[i] % 9);
  fflush (bot->to);

  g_assert_cmpint (fscanf (bot->from, "%d %d", &row, &col), ==, 2);
  g_assert_true (ref_u_is_legal (ref, row, col));

  return row * 9 + col;
}

/* A whole game; the moves in @record (81 at most), their number returned.
 * @opponent NULL: the test plays the other side at random from @seed. */
static int
play_match (Bot      *bot,
            Bot      *opponent,
            gboolean  bot_first,
            uint64_t  seed,
            int       record[81])
{
  RefUltimate ref;
  int last = -1, n = 0;
  gboolean bots_turn = bot_first;

  ref_u_clear (&ref);
  while (ref_u_game_state (&ref) == REF_U_OPEN)
    {
      int move;

      if (bots_turn)
        move = bot_turn (bot, &ref, last);
      else if (opponent != NULL)
        move = bot_turn (opponent, &ref, last);
      else
        move = ref_u_random_move (&ref, &seed);

      ref_u_play (&ref, move / 9, move % 9);
      record[n++] = move;
      last = move;
      bots_turn = !bots_turn;
    }

  return n;
}

static void
test_self_play (void)
{
  const char *const a_options[] = { "--level", "easy", "--seed", "1", NULL };
  const char *const b_options[] = { "--level", "medium", "--seed", "2", NULL };
  Bot a = bot_start (a_options);
  Bot b = bot_start (b_options);
  int record[81];
  int n = play_match (&a, &b, TRUE, 0, record);

  g_assert_cmpint (n, >=, 17);
  g_assert_cmpint (bot_finish (&a, NULL), ==, 0);
  g_assert_cmpint (bot_finish (&b, NULL), ==, 0);
}

/* Against moves of the test's, as either side; the same seed plays the
 * same game again. */
static void
test_scripted (void)
{
  const char *const options[] = { "--level", "medium", "--seed", "5", NULL };

  for (int first = 0; first < 2; first++)
    {
      int records[2][81];
      int lengths[2];

      for (int run = 0; run < 2; run++)
        {
          Bot bot = bot_start (options);

          lengths[run] = play_match (&bot, NULL, first, 3, records[run]);
          g_assert_cmpint (bot_finish (&bot, NULL), ==, 0);
        }
      g_assert_cmpint (lengths[0], ==, lengths[1]);
      g_assert_true (memcmp (records[0], records[1], sizeof records[0][0] * (size_t) lengths[0]) == 0);
    }
}

/* --movetime bounds each move by the clock: a game still ends legally. */
static void
test_movetime (void)
{
  const char *const options[] = { "--movetime", "20", NULL };
  Bot bot = bot_start (options);
  int record[81];

  play_match (&bot, NULL, FALSE, 4, record);
  g_assert_cmpint (bot_finish (&bot, NULL), ==, 0);
}

/* CodinGame's league: 1,000 ms for the first turn, 100 ms for each other.
 * The bot takes the first turn's time (it does not stop short on the
 * opening, which no search proves) and then the short one: the lower
 * bounds are the deadlines it keeps by the clock; the upper ones leave a
 * loaded machine's scheduling room and still tell 90 ms from 900. */
static void
test_codingame_times (void)
{
  const char *const options[] = { "--first-movetime", "900", "--movetime", "90", "--seed", "3", NULL };
  Bot bot = bot_start (options);
  RefUltimate ref;
  uint64_t seed = 11;
  gint64 start;
  double first_s;
  double later_s[8];
  int last = -1;

  ref_u_clear (&ref);
  start = g_get_monotonic_time ();
  last = bot_turn (&bot, &ref, last);
  first_s = (g_get_monotonic_time () - start) / 1e6;
  ref_u_play (&ref, last / 9, last % 9);
  g_test_message ("first turn %.3f s", first_s);
  g_assert_cmpfloat (first_s, >=, 0.9);

  for (int i = 0; i < (int) G_N_ELEMENTS (later_s) && ref_u_game_state (&ref) == REF_U_OPEN; i++)
    {
      int reply = ref_u_random_move (&ref, &seed);

      ref_u_play (&ref, reply / 9, reply % 9);
      if (ref_u_game_state (&ref) != REF_U_OPEN)
        break;
      start = g_get_monotonic_time ();
      last = bot_turn (&bot, &ref, reply);
      later_s[i] = (g_get_monotonic_time () - start) / 1e6;
      ref_u_play (&ref, last / 9, last % 9);
      g_test_message ("turn %d %.3f s", i + 2, later_s[i]);
      g_assert_cmpfloat (later_s[i], >=, 0.09);
      g_assert_cmpfloat (later_s[i], <, 0.6);
    }

  g_assert_cmpint (bot_finish (&bot, NULL), ==, 0);
}

static void
test_bad_options (void)
{
  static const char *const cases[][4] = {
    { "--level", "impossible", NULL },
    { "--level", NULL },
    { "--movetime", "0", NULL },
    { "--movetime", "-5", NULL },
    { "--movetime", "12ms", NULL },
    { "--first-movetime", "0", NULL },
    { "--level", "grandmaster", NULL },
    { "--seed", "x", NULL },
    { "--seed", "-1", NULL },
    { "--depth", "3", NULL },
  };

  for (size_t i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      Bot bot = bot_start (cases[i]);
      g_autofree char *err = NULL;

      g_assert_cmpint (bot_finish (&bot, &err), ==, 2);
      g_assert_nonnull (strstr (err, "usage: ultimate-bot"));
    }
}

/* An occupied cell, a cell outside the board in play, nonsense: the bot
 * says what it cannot follow and stops with status 1. */
static void
test_bad_input (void)
{
  static const char *const inputs[] = {
    "-1 -1\n81\n",                   /* fewer moves than announced */
    "4 4\n8\n3 3\n3 4\n3 5\n4 3\n4 5\n5 3\n5 4\n5 5\n",  /* legal, then… */
    "hello\n",
    "9 9\n0\n",
    "4 4\nmany\n",
  };
  static const char *const messages[] = {
    "expected 81 legal moves",
    "cell occupied",
    "expected the opponent's move",
    "out of range",
    "number of legal moves",
  };

  for (size_t i = 0; i < G_N_ELEMENTS (inputs); i++)
    {
      const char *const options[] = { "--level", "easy", NULL };
      Bot bot = bot_start (options);
      g_autofree char *err = NULL;

      fputs (inputs[i], bot.to);
      if (i == 1)
        {
          int row, col;

          /* X in the centre sent O to the centre board; the answer is
           * there, then X plays the same cell again. */
          fflush (bot.to);
          g_assert_cmpint (fscanf (bot.from, "%d %d", &row, &col), ==, 2);
          g_assert_cmpint (row / 3, ==, 1);
          g_assert_cmpint (col / 3, ==, 1);
          fprintf (bot.to, "%d %d\n0\n", row, col);
        }
      g_assert_cmpint (bot_finish (&bot, &err), ==, 1);
      g_assert_nonnull (strstr (err, messages[i]));
    }
}

/* --help is an answer, not a mistake; a missing value is named as such. */
static void
test_help (void)
{
  static const char *const help[] = { "--help", NULL };
  static const char *const cases[][3] = {
    { "--level", NULL },
    { "--movetime", NULL },
    { "--seed", NULL },
  };
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;

  g_assert_cmpint (bot_run (help, "", -1, &out, &err), ==, 0);
  g_assert_true (g_str_has_prefix (out, "usage: ultimate-bot"));
  g_assert_cmpstr (err, ==, "");

  for (size_t i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *message = g_strdup_printf ("ultimate-bot: %s needs a value\n", cases[i][0]);
      g_autofree char *answer = NULL;
      g_autofree char *said = NULL;

      g_assert_cmpint (bot_run (cases[i], "", -1, &answer, &said), ==, 2);
      g_assert_true (g_str_has_prefix (said, message));
      g_assert_null (strstr (said, "unknown option"));
    }
}

/* The seed is 64 bits: all of them are accepted, and no more. */
static void
test_seed_range (void)
{
  static const char *const accepted[] = {
    "0", "9223372036854775807", "9223372036854775808", "18446744073709551615",
  };
  static const char *const refused[] = {
    "18446744073709551616", "99999999999999999999999", "+5", " 5", "5 ",
  };

  g_autoptr(GString) opening = g_string_new ("-1 -1\n81\n");

  for (int move = 0; move < 81; move++)
    g_string_append_printf (opening, "%d %d\n", move / 9, move % 9);

  for (size_t i = 0; i < G_N_ELEMENTS (accepted); i++)
    {
      const char *const options[] = { "--level", "easy", "--seed", accepted[i], NULL };
      g_autofree char *out = NULL;
      g_autofree char *err = NULL;
      int row = -1, col = -1;

      g_test_message ("--seed %s", accepted[i]);
      g_assert_cmpint (bot_run (options, opening->str, -1, &out, &err), ==, 0);
      g_assert_cmpint (sscanf (out, "%d %d", &row, &col), ==, 2);
      g_assert_cmpint (row, >=, 0);
      g_assert_cmpint (col, >=, 0);
      g_assert_cmpstr (err, ==, "");
    }
  for (size_t i = 0; i < G_N_ELEMENTS (refused); i++)
    {
      const char *const options[] = { "--seed", refused[i], NULL };
      g_autofree char *out = NULL;
      g_autofree char *err = NULL;

      g_test_message ("--seed “%s”", refused[i]);
      g_assert_cmpint (bot_run (options, "", -1, &out, &err), ==, 2);
      g_assert_nonnull (strstr (err, "--seed wants a number from 0 to 18446744073709551615"));
    }
}

/* "-1 -1" says the bot opens the game; later it is no move at all, and
 * the bot must not answer it by playing its opponent's side. */
static void
test_no_move_mid_game (void)
{
  const char *const options[] = { "--level", "easy", NULL };
  Bot bot = bot_start (options);
  g_autofree char *err = NULL;
  RefUltimate ref;
  int move, more;

  ref_u_clear (&ref);
  move = bot_turn (&bot, &ref, -1);
  ref_u_play (&ref, move / 9, move % 9);
  {
    int moves[81];
    int n = ref_u_legal_moves (&ref, moves);

    /* The opponent's moves, as a referee that lost track would list. */
    fprintf (bot.to, "-1 -1\n%d\n", n);
    for (int i = 0; i < n; i++)
      fprintf (bot.to, "%d %d\n", moves[i] / 9, moves[i] % 9);
  }
  fclose (bot.to);
  bot.to = NULL;
  /* Nothing more from it. */
  g_assert_cmpint (fscanf (bot.from, "%d", &more), ==, EOF);

  g_assert_cmpint (bot_finish (&bot, &err), ==, 1);
  g_assert_nonnull (strstr (err, "line 84: \"-1 -1\""));
  g_assert_nonnull (strstr (err, "first turn"));
}

/* Each refusal names the line at fault and quotes it as it was given:
 * numbers too large as typed, and bytes that would steer a terminal
 * escaped; a line is a number, or a move, and nothing after. */
static void
test_bad_lines (void)
{
  static const struct {
    const char *input;
    gssize      length;
    const char *message;
  } cases[] = {
    /* Nothing anyone could play. */
    { "-1 -1\n0\n", -1, "ultimate-bot: line 2: no legal moves listed; there is nothing to play\n" },
    { "4 4\n2\n4 4\n0 0\n", -1,
      "ultimate-bot: none of the 2 legal moves listed on lines 3–4 can be played here\n" },
    /* Out of range as typed, not wrapped. */
    { "99999999999 0\n0\n", -1,
      "ultimate-bot: line 1: the opponent's move \"99999999999 0\": cell out of range\n" },
    { "-1 -1\n1\n4294967300 4\n", -1,
      "ultimate-bot: line 3: legal move 1 of 1 \"4294967300 4\": cell out of range\n" },
    /* The line at fault, not the count before it. */
    { "-1 -1\n2\n0 0\nx y\n", -1,
      "ultimate-bot: line 4: expected legal move 2 of 2 as \"row col\", not \"x y\"\n" },
    { "-1 -1\n2\n0 0\n", -1, "ultimate-bot: expected 2 legal moves; the input ended after 1\n" },
    { "-1 -1\n", -1, "ultimate-bot: expected the number of legal moves; the input ended\n" },
    /* Trailing junk. */
    { "-1 -1 junk\n1\n4 4\n", -1,
      "ultimate-bot: line 1: expected the opponent's move as \"row col\", not \"-1 -1 junk\"\n" },
    { "-1 -1\n1 x\n4 4\n", -1,
      "ultimate-bot: line 2: expected the number of legal moves (0–81), not \"1 x\"\n" },
    { "-1 -1\n1\n4 4 4\n", -1,
      "ultimate-bot: line 3: expected legal move 1 of 1 as \"row col\", not \"4 4 4\"\n" },
    { "-1 -1\n1\n4-4\n", -1,
      "ultimate-bot: line 3: expected legal move 1 of 1 as \"row col\", not \"4-4\"\n" },
    /* What a terminal would obey. */
    { "\033[2J\n", -1,
      "ultimate-bot: line 1: expected the opponent's move as \"row col\", not \"\\x1b[2J\"\n" },
    { "4 4\n7\0junk\n", 11,
      "ultimate-bot: line 2: expected the number of legal moves (0–81), not \"7\\x00junk\"\n" },
  };

  for (size_t i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      const char *const options[] = { "--level", "easy", NULL };
      g_autofree char *out = NULL;
      g_autofree char *err = NULL;

      g_test_message ("case %zu", i);
      g_assert_cmpint (bot_run (options, cases[i].input, cases[i].length, &out, &err), ==, 1);
      g_assert_cmpstr (err, ==, cases[i].message);
    }

  /* A listed move the bot finds illegal is passed over for the next. */
  {
    const char *const options[] = { "--level", "easy", NULL };
    g_autofree char *out = NULL;
    g_autofree char *err = NULL;

    g_assert_cmpint (bot_run (options, "4 4\n2\n4 4\n3 3\n", -1, &out, &err), ==, 0);
    g_assert_cmpstr (out, ==, "3 3\n");
  }

  /* A line too long to be a move is refused whole, and cut when quoted. */
  {
    const char *const options[] = { "--level", "easy", NULL };
    g_autofree char *spaces = g_strnfill (200, ' ');
    g_autofree char *input = g_strconcat ("4 4", spaces, "\n0\n", NULL);
    g_autofree char *out = NULL;
    g_autofree char *err = NULL;

    g_assert_cmpint (bot_run (options, input, -1, &out, &err), ==, 1);
    g_assert_true (g_str_has_prefix (err, "ultimate-bot: line 1: expected the opponent's move as \"row col\", not \"4 4 "));
    g_assert_true (g_str_has_suffix (err, "...\"\n"));
    g_assert_cmpuint (strlen (err), <, 160);
  }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  /* A bot that dies must fail the test, not kill it by a write. */
  signal (SIGPIPE, SIG_IGN);

  g_test_add_func ("/ultimate/bot/self-play", test_self_play);
  g_test_add_func ("/ultimate/bot/scripted", test_scripted);
  g_test_add_func ("/ultimate/bot/movetime", test_movetime);
  g_test_add_func ("/ultimate/bot/codingame-times", test_codingame_times);
  g_test_add_func ("/ultimate/bot/bad-options", test_bad_options);
  g_test_add_func ("/ultimate/bot/bad-input", test_bad_input);
  g_test_add_func ("/ultimate/bot/help", test_help);
  g_test_add_func ("/ultimate/bot/seed-range", test_seed_range);
  g_test_add_func ("/ultimate/bot/no-move-mid-game", test_no_move_mid_game);
  g_test_add_func ("/ultimate/bot/bad-lines", test_bad_lines);

  return g_test_run ();
}
