/* fuzz-ultimate.c — the Ultimate rules, notation and search under arbitrary input
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The notation is what the bot, the tests and later saved games hand the
 * engine, and the struct is public, so neither may crash it or make it
 * contradict itself. The input is read as a script. The first byte
 * chooses the starting position:
 *
 *   0  the empty board
 *   1  the text up to the first newline, given to ttt_ultimate_parse()
 *   2  the next sizeof (TttUltimate) bytes copied into the struct, so that
 *      positions whose fields disagree get in too
 *   3  the empty board and N random moves (N the next byte) of the
 *      reference's own, from an 8-byte seed
 *
 * then each further byte is an operation; its low 3 bits say which, its
 * high 5 bits are a small argument (zeros past the end):
 *
 *   0  play the next byte as a signed move (−128–127)
 *   1  play any 32-bit int
 *   2  search 1 + 8 × arg iterations, 8-byte seed; play the move
 *   3  choose at level arg % 10 (8, 9 unknown), 50 iterations; play it
 *   4  parse the next N bytes as text (N from the next byte)
 *   5  clear
 *   6  a random legal move of the reference's, from the next byte
 *   7  set byte (next byte) % sizeof of the struct to the byte after
 *
 * After every operation the engine must agree with reference-ultimate.h
 * on any position it calls consistent, refuse everything on any other, and
 * leave a position unchanged whenever it returns an error.
 *
 * Built with -DTTT_FUZZ_STANDALONE, fuzz-main.h replays files (the seed
 * corpus, or a crash file) with any compiler.
 */

#include <limits.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz-script.h"
#include "reference-ultimate.h"
#include "ttt-ultimate.h"

int LLVMFuzzerTestOneInput (const uint8_t *data,
                            size_t         size);

#define MAX_TEXT 200

static void fail (int         line,
                  const char *what) __attribute__ ((noreturn));

static void
fail (int         line,
      const char *what)
{
  fprintf (stderr, "fuzz-ultimate.c:%d: invariant failed: %s\n", line, what);
  abort ();
}

#define CHECK(cond) \
  do { if (!(cond)) fail (__LINE__, #cond); } while (0)

static bool
same (const TttUltimate *a,
      const TttUltimate *b)
{
  return memcmp (a, b, sizeof *a) == 0;
}

static int
grid_move (int row,
           int col)
{
  return ((row / 3) * 3 + col / 3) * 9 + (row % 3) * 3 + col % 3;
}

/* Every answer of the engine about @pos, against the reference. */
static void
check_position (const TttUltimate *pos)
{
  TttUltimate copy = *pos;
  TttUltimateMoves moves;
  char text[TTT_ULTIMATE_TEXT_SIZE];
  bool consistent = ttt_ultimate_is_consistent (pos);

  if (!consistent)
    {
      CHECK (ttt_ultimate_legal_moves (pos, &moves) == -1);
      CHECK (ttt_ultimate_outcome (pos) == TTT_OUTCOME_INVALID);
      CHECK (ttt_ultimate_n_moves (pos) == -1);
      CHECK (ttt_ultimate_format (pos, text) == TTT_ERROR_INVALID_ARGUMENT && text[0] == '\0');
      for (int m = -1; m <= 81; m++)
        CHECK (ttt_ultimate_play (&copy, m) == TTT_ERROR_INVALID_ARGUMENT);
      CHECK (same (&copy, pos));
      return;
    }

  {
    RefUltimate ref = ref_u_from_engine (pos);
    int ref_moves[81];
    int n = ref_u_legal_moves (&ref, ref_moves);
    bool legal[81] = { false };
    TttUltimate parsed;

    CHECK (ttt_ultimate_legal_moves (pos, &moves) == n);
    for (int i = 0; i < n; i++)
      legal[grid_move (ref_moves[i] / 9, ref_moves[i] % 9)] = true;
    for (int m = 0; m < 81; m++)
      CHECK (!!(moves.cells[m / 9] & (1u << (m % 9))) == legal[m]);
    CHECK (ttt_ultimate_outcome (pos) == ref_u_outcome (&ref));
    for (int b = 0; b < 9; b++)
      CHECK (!!(pos->closed & (1u << b)) == (ref_u_board_state (&ref, b) != REF_U_OPEN));

    CHECK (ttt_ultimate_format (pos, text) == TTT_OK);
    if (ttt_ultimate_parse (&parsed, text) == TTT_OK)
      CHECK (same (&parsed, pos));
  }
}

/* Plays @move; on success the reference must have allowed it and agree on
 * the result, on an error nothing may change. */
static void
play (TttUltimate *pos,
      int          move)
{
  TttUltimate before = *pos;
  TttStatus status = ttt_ultimate_play (pos, move);

  if (status != TTT_OK)
    {
      CHECK (same (&before, pos));
      CHECK (!ttt_ultimate_is_legal (&before, move));
      return;
    }

  {
    RefUltimate ref = ref_u_from_engine (&before);
    RefUltimate after = ref_u_from_engine (pos);
    int row = ttt_ultimate_move_row (move), col = ttt_ultimate_move_col (move);

    CHECK (ref_u_is_legal (&ref, row, col));
    ref_u_play (&ref, row, col);
    CHECK (memcmp (ref.grid, after.grid, sizeof ref.grid) == 0);
    CHECK (ref.forced == after.forced && ref.to_move == after.to_move);
  }
}

static void
search_and_play (TttUltimate *pos,
                 Script      *script,
                 uint64_t     iterations,
                 int          level)
{
  uint64_t rng = script_uint (script, 8);
  TttSearch *search = ttt_search_new (level < 0 ? TTT_SEARCH_MIN_BYTES : 64 * 1024);
  TttSearchBudget budget = { iterations, NULL, NULL };
  bool playable = ttt_ultimate_is_consistent (pos) && ttt_ultimate_outcome (pos) == TTT_OUTCOME_ONGOING;
  TttStatus status;
  int move = -1000;
  TttUltimateLevel params;
  /* A level that plays the search's choice, with no slip, noise or greed. */
  bool known = level < 0 || ttt_ultimate_level_get ((TttLevel) level, &params);
  bool plays_search = level < 0 || (known && params.slip_percent == 0 && params.noise == 0 && !params.greedy);

  CHECK (search != NULL);
  if (level < 0)
    status = ttt_search_run (search, pos, &budget, &rng, &move);
  else
    status = ttt_ultimate_choose (search, pos, (TttLevel) level, &budget, &rng, &move);

  if (playable && known)
    {
      CHECK (status == TTT_OK);
      CHECK (ttt_ultimate_is_legal (pos, move));
      if (plays_search)
        {
          TttMoveAnalysis analysis[81];
          int n = ttt_search_analyse (search, analysis, 81);

          CHECK (n > 0 && analysis[0].move == move);
          CHECK (n == ttt_ultimate_legal_moves (pos, &(TttUltimateMoves) { { 0 } }));
          for (int i = 0; i < n; i++)
            CHECK (ttt_ultimate_is_legal (pos, analysis[i].move) && analysis[i].win_chance >= 0 &&
                   analysis[i].win_chance <= 1);
          /* Mirror-image moves share their figures. */
          for (int i = 0; i < n; i++)
            for (int j = 0; j < n; j++)
              if (ttt_ultimate_moves_symmetric (pos, analysis[i].move, analysis[j].move))
                CHECK (analysis[i].visits == analysis[j].visits && analysis[i].proof == analysis[j].proof &&
                       !(analysis[i].win_chance < analysis[j].win_chance) &&
                       !(analysis[i].win_chance > analysis[j].win_chance));
          (void) ttt_search_tells_apart (analysis, n);
        }
      play (pos, move);
    }
  else
    {
      CHECK (status != TTT_OK);
      CHECK (move == -1000);
    }
  CHECK (ttt_search_get_n_nodes (search) <= ttt_search_get_capacity (search));
  ttt_search_free (search);
}

static void
parse_text (TttUltimate   *pos,
            const uint8_t *bytes,
            size_t         n)
{
  char text[MAX_TEXT + 1];
  TttUltimate before = *pos;

  if (n > MAX_TEXT)
    n = MAX_TEXT;
  memcpy (text, bytes, n);
  text[n] = '\0';

  if (ttt_ultimate_parse (pos, text) == TTT_OK)
    {
      char out[TTT_ULTIMATE_TEXT_SIZE];

      CHECK (ttt_ultimate_is_consistent (pos));
      CHECK (ttt_ultimate_format (pos, out) == TTT_OK);
      CHECK (strcmp (out, text) == 0);
    }
  else
    CHECK (same (&before, pos));
}

static void
random_move (TttUltimate *pos,
             uint64_t     seed)
{
  RefUltimate ref;
  int move;

  if (!ttt_ultimate_is_consistent (pos))
    return;
  ref = ref_u_from_engine (pos);
  move = ref_u_random_move (&ref, &seed);
  if (move >= 0)
    {
      CHECK (ttt_ultimate_play (pos, grid_move (move / 9, move % 9)) == TTT_OK);
      ref_u_play (&ref, move / 9, move % 9);
      CHECK (memcmp (ref_u_from_engine (pos).grid, ref.grid, sizeof ref.grid) == 0);
    }
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  Script script = { data, size, 0 };
  TttUltimate pos;
  int n_ops = 0;

  ttt_ultimate_clear (&pos);
  switch (script_byte (&script) % 4)
    {
    case 1:
      {
        size_t end = script.pos;

        while (end < size && data[end] != '\n')
          end++;
        parse_text (&pos, data + script.pos, end - script.pos);
        script.pos = end < size ? end + 1 : end;
      }
      break;
    case 2:
      for (size_t i = 0; i < sizeof pos; i++)
        ((uint8_t *) &pos)[i] = script_byte (&script);
      break;
    case 3:
      {
        int n = script_byte (&script);
        uint64_t seed = script_uint (&script, 8);

        for (int i = 0; i < n; i++)
          random_move (&pos, seed + (uint64_t) i);
      }
      break;
    default:
      break;
    }
  check_position (&pos);

  /* Searches are the slow part: a bounded number keeps each input quick. */
  while (script.pos < size && n_ops++ < 200)
    {
      uint8_t op = script_byte (&script);
      int arg = op >> 3;

      switch (op & 7)
        {
        case 0:
          play (&pos, (int8_t) script_byte (&script));
          break;
        case 1:
          play (&pos, script_int32 (&script));
          break;
        case 2:
          search_and_play (&pos, &script, 1 + 8 * (uint64_t) arg, -1);
          break;
        case 3:
          search_and_play (&pos, &script, 50, arg % 10);
          break;
        case 4:
          {
            size_t n = script_byte (&script);

            if (n > size - script.pos)
              n = size - script.pos;
            parse_text (&pos, data + script.pos, n);
            script.pos += n;
          }
          break;
        case 5:
          ttt_ultimate_clear (&pos);
          break;
        case 6:
          random_move (&pos, script_byte (&script));
          break;
        default:
          {
            size_t at = script_byte (&script) % sizeof pos;

            ((uint8_t *) &pos)[at] = script_byte (&script);
          }
          break;
        }
      check_position (&pos);
    }

  return 0;
}

#ifdef TTT_FUZZ_STANDALONE
#include "fuzz-main.h"
#endif
