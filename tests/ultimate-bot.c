/* ultimate-bot.c — the Ultimate search on stdin/stdout, for engine matches
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Speaks the protocol most open-source Ultimate bots speak (CodinGame's
 * "Tic-Tac-Toe" league): each turn it reads the opponent's last move as
 * "row col" on the 9 × 9 grid ("-1 -1" when it moves first), then the
 * number of legal moves and that many "row col" lines, and answers with
 * one "row col" line. Rows and columns are 0–8 from the top left.
 *
 *   ultimate-bot [--level easy|medium|hard] [--movetime MS] [--seed N]
 *
 * --level picks the budget (hard by default); --movetime MS stops each
 * search after MS milliseconds of wall-clock time instead; --seed makes a
 * game repeat (any 64-bit number, 0 by default; without --movetime the
 * same seed plays the same moves). It keeps its tree between turns. Exit
 * status 0 at the end of input and for --help, 1 for input it cannot
 * follow, 2 for a bad command line.
 *
 * Built with the tests, not installed; README.md says how to pit it
 * against another engine.
 */

#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <inttypes.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "ttt-ultimate.h"

static const char usage[] =
  "usage: ultimate-bot [--level easy|medium|hard] [--movetime MS] [--seed N]\n";

static const char help[] =
  "\n"
  "Plays Ultimate Tic-Tac-Toe on stdin and stdout in CodinGame's protocol.\n"
  "\n"
  "  --level LEVEL    the search's budget: easy, medium or hard (the default)\n"
  "  --movetime MS    stop each search after MS milliseconds instead, 1–3600000\n"
  "  --seed N         repeat a game: 0 (the default) to 18446744073709551615\n"
  "  --help           show this and quit\n";

/* Text quoted from the command line or the input is cut after this many
 * characters, so that a huge line cannot flood the terminal. */
#define QUOTE_MAX_CHARS 40
#define QUOTE_SIZE      (QUOTE_MAX_CHARS * 4 + sizeof "...")

static uint64_t
now_ns (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_MONOTONIC, &ts);

  return (uint64_t) ts.tv_sec * UINT64_C (1000000000) + (uint64_t) ts.tv_nsec;
}

static bool
past_deadline (void *data)
{
  return now_ns () >= *(const uint64_t *) data;
}

/* @length bytes of @text fit for one line of a message: anything but
 * printable ASCII as \xNN (an ESC must not reach the terminal), cut with
 * "..." after QUOTE_MAX_CHARS characters. */
static const char *
quote (const char *text,
       size_t      length,
       char        out[QUOTE_SIZE])
{
  size_t n = 0;

  for (size_t i = 0; i < length; i++)
    {
      unsigned char c = (unsigned char) text[i];

      if (i == QUOTE_MAX_CHARS)
        {
          memcpy (out + n, "...", 3);
          n += 3;
          break;
        }
      if (c >= 0x20 && c < 0x7f)
        out[n++] = (char) c;
      else
        n += (size_t) snprintf (out + n, 5, "\\x%02x", c);
    }
  out[n] = '\0';

  return out;
}

/* A whole non-negative decimal number, or −1. */
static long long
parse_count (const char *text)
{
  char *end;
  long long value;

  if (text == NULL || *text < '0' || *text > '9')
    return -1;
  errno = 0;
  value = strtoll (text, &end, 10);
  if (errno != 0 || *end != '\0')
    return -1;

  return value;
}

/* Any unsigned 64-bit number, in decimal digits alone. */
static bool
parse_seed (const char *text,
            uint64_t   *seed)
{
  char *end;
  unsigned long long value;

  if (*text < '0' || *text > '9')
    return false;
  errno = 0;
  value = strtoull (text, &end, 10);
  if (errno != 0 || *end != '\0')
    return false;
  *seed = (uint64_t) value;

  return true;
}

static bool
read_pair (int *a,
           int *b)
{
  char line[128];

  if (fgets (line, sizeof line, stdin) == NULL)
    return false;

  return sscanf (line, "%d %d", a, b) == 2;
}

static bool
read_count (int *n)
{
  char line[128];

  if (fgets (line, sizeof line, stdin) == NULL)
    return false;

  return sscanf (line, "%d", n) == 1;
}

int
main (int   argc,
      char *argv[])
{
  TttLevel level = TTT_LEVEL_HARD;
  long long movetime = 0;
  uint64_t rng = 0;
  TttSearch *search;
  TttUltimate pos;
  char quoted[QUOTE_SIZE];
  int status = 0;

  for (int i = 1; i < argc; i++)
    if (strcmp (argv[i], "--help") == 0 || strcmp (argv[i], "-h") == 0)
      {
        printf ("%s%s", usage, help);
        return 0;
      }

  /* Every other option takes a value. */
  for (int i = 1; i < argc; i += 2)
    {
      const char *option = argv[i];
      const char *value = i + 1 < argc ? argv[i + 1] : NULL;

      if (strcmp (option, "--level") != 0 && strcmp (option, "--movetime") != 0 &&
          strcmp (option, "--seed") != 0)
        {
          fprintf (stderr, "ultimate-bot: unknown option \"%s\"\n%s",
                   quote (option, strlen (option), quoted), usage);
          return 2;
        }
      if (value == NULL)
        {
          fprintf (stderr, "ultimate-bot: %s needs a value\n%s", option, usage);
          return 2;
        }
      quote (value, strlen (value), quoted);

      if (strcmp (option, "--level") == 0)
        {
          if (strcmp (value, "easy") == 0)
            level = TTT_LEVEL_EASY;
          else if (strcmp (value, "medium") == 0)
            level = TTT_LEVEL_MEDIUM;
          else if (strcmp (value, "hard") == 0)
            level = TTT_LEVEL_HARD;
          else
            {
              fprintf (stderr, "ultimate-bot: unknown level \"%s\"\n%s", quoted, usage);
              return 2;
            }
        }
      else if (strcmp (option, "--movetime") == 0)
        {
          movetime = parse_count (value);
          if (movetime <= 0 || movetime > 3600000)
            {
              fprintf (stderr, "ultimate-bot: --movetime wants milliseconds, 1–3600000, not \"%s\"\n%s",
                       quoted, usage);
              return 2;
            }
        }
      else if (!parse_seed (value, &rng))
        {
          fprintf (stderr, "ultimate-bot: --seed wants a number from 0 to %" PRIu64 ", not \"%s\"\n%s",
                   UINT64_MAX, quoted, usage);
          return 2;
        }
    }

  search = ttt_search_new (0);
  if (search == NULL)
    {
      fprintf (stderr, "ultimate-bot: out of memory\n");
      return 1;
    }
  ttt_ultimate_clear (&pos);

  for (;;)
    {
      int row, col, n, move, answer = -1;
      bool listed[TTT_ULTIMATE_N_MOVES] = { false };
      uint64_t deadline = 0;
      TttSearchBudget budget = { 0, NULL, NULL };
      TttStatus played;

      if (feof (stdin) || (row = getc (stdin)) == EOF)
        break;  /* the end of the match */
      ungetc (row, stdin);
      if (!read_pair (&row, &col))
        {
          fprintf (stderr, "ultimate-bot: expected the opponent's move as \"row col\"\n");
          status = 1;
          break;
        }

      if (row != -1 || col != -1)
        {
          played = ttt_ultimate_play (&pos, ttt_ultimate_move_at (row, col));
          if (played != TTT_OK)
            {
              fprintf (stderr, "ultimate-bot: the opponent's move %d %d: %s\n", row, col,
                       ttt_status_to_string (played));
              status = 1;
              break;
            }
        }

      if (!read_count (&n) || n < 0 || n > TTT_ULTIMATE_N_MOVES)
        {
          fprintf (stderr, "ultimate-bot: expected the number of legal moves\n");
          status = 1;
          break;
        }

      /* The referee's list is the last word on what is legal. */
      for (int i = 0; i < n; i++)
        {
          int r, c;

          if (!read_pair (&r, &c))
            {
              fprintf (stderr, "ultimate-bot: expected %d legal moves\n", n);
              status = 1;
              goto out;
            }
          if (ttt_ultimate_move_at (r, c) >= 0)
            listed[ttt_ultimate_move_at (r, c)] = true;
          if (answer < 0)
            answer = ttt_ultimate_move_at (r, c);
        }

      if (movetime > 0)
        {
          deadline = now_ns () + (uint64_t) movetime * UINT64_C (1000000);
          budget.iterations = UINT64_MAX;
          budget.should_stop = past_deadline;
          budget.data = &deadline;
        }

      if (ttt_ultimate_choose (search, &pos, level, movetime > 0 ? &budget : NULL, &rng, &move) == TTT_OK &&
          listed[move])
        answer = move;
      else
        fprintf (stderr, "ultimate-bot: the referee disagrees on the legal moves; playing its first\n");

      played = ttt_ultimate_play (&pos, answer);
      if (played != TTT_OK)
        {
          fprintf (stderr, "ultimate-bot: cannot play %d %d: %s\n", ttt_ultimate_move_row (answer),
                   ttt_ultimate_move_col (answer), ttt_status_to_string (played));
          status = 1;
          break;
        }
      printf ("%d %d\n", ttt_ultimate_move_row (answer), ttt_ultimate_move_col (answer));
      fflush (stdout);
    }

out:
  ttt_search_free (search);

  return status;
}
