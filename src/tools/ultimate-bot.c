/* ultimate-bot.c — the Ultimate search on stdin/stdout, for engine matches
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Speaks the protocol most open-source Ultimate bots speak (CodinGame's
 * "Tic-Tac-Toe" league): each turn it reads the opponent's last move as
 * "row col" on the 9 × 9 grid ("-1 -1" when it moves first), then the
 * number of legal moves and that many "row col" lines, and answers with
 * one "row col" line. Rows and columns are 0–8 from the top left; "-1 -1"
 * is for the first turn alone. Each line holds its numbers and nothing
 * else (blanks aside).
 *
 *   ultimate-bot [--level LEVEL] [--movetime MS] [--first-movetime MS]
 *                [--seed N]
 *
 * --level picks the budget (hard by default, the same as master; any
 * level of the ladder, beginner to master, or easy, medium, hard);
 * --movetime MS stops each search after MS milliseconds of wall-clock
 * time instead; --first-movetime MS does so for the first turn (the
 * --movetime's unless given): CodinGame's league gives the first turn
 * 1,000 ms and the others 100 ms, which --first-movetime 900 --movetime 90
 * keep to with room for the referee; --seed makes a
 * game repeat (any 64-bit number, 0 by default; without --movetime the
 * same seed plays the same moves). It keeps its tree between turns. Exit
 * status 0 at the end of input and for --help, 1 for input it cannot
 * follow (said on stderr with the number of the line at fault), 2 for a
 * bad command line.
 *
 * Built for the suite; -Dengine-tools=true builds and installs it.
 * README.md says how to pit it against another engine.
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
  "usage: ultimate-bot [--level LEVEL] [--movetime MS] [--first-movetime MS] [--seed N]\n";

static const char help[] =
  "\n"
  "Plays Ultimate Tic-Tac-Toe on stdin and stdout in CodinGame's protocol.\n"
  "\n"
  "  --level LEVEL    the search's budget: beginner, casual, club, strong,\n"
  "                   master, or easy, medium, hard (the default, as master)\n"
  "  --movetime MS    stop each search after MS milliseconds instead, 1–3600000\n"
  "  --first-movetime MS\n"
  "                   the same for the first turn (CodinGame: 900, and\n"
  "                   --movetime 90)\n"
  "  --seed N         repeat a game: 0 (the default) to 18446744073709551615\n"
  "  --help           show this and quit\n";

/* Text quoted from the command line or the input is cut after this many
 * characters, so that a huge line cannot flood the terminal. */
#define QUOTE_MAX_CHARS 40
#define QUOTE_SIZE      (QUOTE_MAX_CHARS * 4 + sizeof "...")

static const struct
{
  const char *name;
  TttLevel    level;
} level_names[] = {
  { "easy", TTT_LEVEL_EASY },
  { "medium", TTT_LEVEL_MEDIUM },
  { "hard", TTT_LEVEL_HARD },
  { "beginner", TTT_LEVEL_BEGINNER },
  { "casual", TTT_LEVEL_CASUAL },
  { "club", TTT_LEVEL_CLUB },
  { "strong", TTT_LEVEL_STRONG },
  { "master", TTT_LEVEL_MASTER },
};

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

/* Input */

/* The input, a line at a time, counted for messages. */
typedef struct
{
  FILE         *in;
  unsigned long number;           /* of the line last read */
  char          text[128];        /* without its newline */
  size_t        length;           /* it may hold a NUL byte */
  bool          too_long;         /* and was cut to fit */
} Reader;

/* The next line; false at the end of the input. A line too long for a
 * move or a count is read to its end, so the next read is the next line. */
static bool
read_line (Reader *reader)
{
  int c;

  reader->length = 0;
  reader->too_long = false;
  while ((c = getc (reader->in)) != EOF && c != '\n')
    {
      if (reader->length + 1 < sizeof reader->text)
        reader->text[reader->length++] = (char) c;
      else
        reader->too_long = true;
    }
  reader->text[reader->length] = '\0';
  if (c == EOF && reader->length == 0)
    return false;
  reader->number++;

  return true;
}

static const char *
skip_blanks (const char *p)
{
  /* \r too, for a referee that ends its lines with \r\n. */
  while (*p == ' ' || *p == '\t' || *p == '\r')
    p++;

  return p;
}

/* The line is @n decimal numbers apart by blanks, and nothing else. A
 * number too large for a long reads as LONG_MAX or LONG_MIN, which the
 * caller refuses like any other that is out of range. */
static bool
parse_numbers (const Reader *reader,
               int           n,
               long          values[])
{
  const char *p = skip_blanks (reader->text);

  if (reader->too_long)
    return false;
  for (int i = 0; i < n; i++)
    {
      char *end;

      if (i > 0)
        {
          const char *next = skip_blanks (p);

          if (next == p)
            return false;
          p = next;
        }
      if (!(p[0] >= '0' && p[0] <= '9') && !(p[0] == '-' && p[1] >= '0' && p[1] <= '9'))
        return false;
      values[i] = strtol (p, &end, 10);
      p = end;
    }

  return skip_blanks (p) == reader->text + reader->length;
}

/* The move at @row, @col, or −1 off the grid. */
static int
move_at (long row,
         long col)
{
  if (row < 0 || row > 8 || col < 0 || col > 8)
    return -1;

  return ttt_ultimate_move_at ((int) row, (int) col);
}

int
main (int   argc,
      char *argv[])
{
  TttLevel level = TTT_LEVEL_HARD;
  long long movetime = 0;
  long long first_movetime = 0;
  bool first_turn = true;
  uint64_t rng = 0;
  TttSearch *search;
  TttUltimate pos;
  Reader reader = { stdin, 0, { 0 }, 0, false };
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
          strcmp (option, "--first-movetime") != 0 && strcmp (option, "--seed") != 0)
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
          size_t k = 0;

          while (k < sizeof level_names / sizeof level_names[0] &&
                 strcmp (value, level_names[k].name) != 0)
            k++;
          if (k < sizeof level_names / sizeof level_names[0])
            level = level_names[k].level;
          else
            {
              fprintf (stderr, "ultimate-bot: unknown level \"%s\"\n%s", quoted, usage);
              return 2;
            }
        }
      else if (strcmp (option, "--movetime") == 0 || strcmp (option, "--first-movetime") == 0)
        {
          long long ms = parse_count (value);

          if (ms <= 0 || ms > 3600000)
            {
              fprintf (stderr, "ultimate-bot: %s wants milliseconds, 1–3600000, not \"%s\"\n%s",
                       option, quoted, usage);
              return 2;
            }
          if (strcmp (option, "--movetime") == 0)
            movetime = ms;
          else
            first_movetime = ms;
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
      long numbers[2];
      long n;
      int move, answer = -1;
      unsigned long first_listed;
      bool listed[TTT_ULTIMATE_N_MOVES] = { false };
      uint64_t deadline = 0;
      long long turn_ms;
      TttSearchBudget budget = { 0, NULL, NULL };
      TttStatus played;

      if (!read_line (&reader))
        break;  /* the end of the match */
      if (!parse_numbers (&reader, 2, numbers))
        {
          fprintf (stderr, "ultimate-bot: line %lu: expected the opponent's move as \"row col\", not \"%s\"\n",
                   reader.number, quote (reader.text, reader.length, quoted));
          status = 1;
          break;
        }

      /* "-1 -1" is no move: the bot opens the game. Later it would have
       * the bot play its opponent's side. */
      if (numbers[0] == -1 && numbers[1] == -1)
        {
          if (ttt_ultimate_n_moves (&pos) != 0)
            {
              fprintf (stderr, "ultimate-bot: line %lu: \"-1 -1\" (no move yet) belongs to the first turn "
                       "only; %d moves have been played\n", reader.number, ttt_ultimate_n_moves (&pos));
              status = 1;
              break;
            }
        }
      else
        {
          move = move_at (numbers[0], numbers[1]);
          played = move < 0 ? TTT_ERROR_OUT_OF_RANGE : ttt_ultimate_play (&pos, move);
          if (played != TTT_OK)
            {
              fprintf (stderr, "ultimate-bot: line %lu: the opponent's move \"%s\": %s\n", reader.number,
                       quote (reader.text, reader.length, quoted), ttt_status_to_string (played));
              status = 1;
              break;
            }
        }

      if (!read_line (&reader))
        {
          fprintf (stderr, "ultimate-bot: expected the number of legal moves; the input ended\n");
          status = 1;
          break;
        }
      if (!parse_numbers (&reader, 1, &n) || n < 0 || n > TTT_ULTIMATE_N_MOVES)
        {
          fprintf (stderr, "ultimate-bot: line %lu: expected the number of legal moves (0–%d), not \"%s\"\n",
                   reader.number, TTT_ULTIMATE_N_MOVES, quote (reader.text, reader.length, quoted));
          status = 1;
          break;
        }
      if (n == 0)
        {
          fprintf (stderr, "ultimate-bot: line %lu: no legal moves listed; there is nothing to play\n",
                   reader.number);
          status = 1;
          break;
        }

      /* The referee's list is the last word on what is legal; the first
       * of its moves the rules allow is played if the search's is not
       * among them. */
      first_listed = reader.number + 1;
      for (long i = 0; i < n; i++)
        {
          if (!read_line (&reader))
            {
              fprintf (stderr, "ultimate-bot: expected %ld legal moves; the input ended after %ld\n", n, i);
              status = 1;
              goto out;
            }
          if (!parse_numbers (&reader, 2, numbers))
            {
              fprintf (stderr, "ultimate-bot: line %lu: expected legal move %ld of %ld as \"row col\", "
                       "not \"%s\"\n", reader.number, i + 1, n, quote (reader.text, reader.length, quoted));
              status = 1;
              goto out;
            }
          move = move_at (numbers[0], numbers[1]);
          if (move < 0)
            {
              fprintf (stderr, "ultimate-bot: line %lu: legal move %ld of %ld \"%s\": %s\n", reader.number,
                       i + 1, n, quote (reader.text, reader.length, quoted),
                       ttt_status_to_string (TTT_ERROR_OUT_OF_RANGE));
              status = 1;
              goto out;
            }
          listed[move] = true;
          if (answer < 0 && ttt_ultimate_is_legal (&pos, move))
            answer = move;
        }
      if (answer < 0)
        {
          fprintf (stderr, "ultimate-bot: none of the %ld legal moves listed on lines %lu–%lu can be "
                   "played here\n", n, first_listed, reader.number);
          status = 1;
          break;
        }

      /* The clock starts when the turn's input is read, as the
       * referee's does when it has sent it. */
      turn_ms = first_turn && first_movetime > 0 ? first_movetime : movetime;
      first_turn = false;
      if (turn_ms > 0)
        {
          deadline = now_ns () + (uint64_t) turn_ms * UINT64_C (1000000);
          budget.iterations = UINT64_MAX;
          budget.should_stop = past_deadline;
          budget.data = &deadline;
        }

      if (ttt_ultimate_choose (search, &pos, level, turn_ms > 0 ? &budget : NULL, &rng, &move) == TTT_OK &&
          listed[move])
        answer = move;
      else
        fprintf (stderr, "ultimate-bot: the referee disagrees on the legal moves; playing its first\n");

      played = ttt_ultimate_play (&pos, answer);
      if (played != TTT_OK)
        {
          /* Checked legal above: not reached. */
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
