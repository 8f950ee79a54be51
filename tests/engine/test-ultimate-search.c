/* test-ultimate-search.c — the Ultimate search: tactics, proofs, bounds
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The positions come from random games played by reference-ultimate.h and
 * are chosen by its small solver (a win in one, a loss in one to avoid, a
 * forced win in three plies), so the search is checked against an answer
 * found apart from it. Budgets are iterations, so every result repeats.
 */

#include <string.h>

#include <glib.h>

#include "reference-ultimate.h"
#include "ttt-ultimate.h"

static gboolean
under_valgrind (void)
{
  return g_getenv ("TTT_TEST_UNDER_VALGRIND") != NULL;
}

static TttUltimate
to_engine (const RefUltimate *ref)
{
  char text[TTT_ULTIMATE_TEXT_SIZE];
  TttUltimate pos;

  ref_u_format (ref, text);
  g_assert_cmpint (ttt_ultimate_parse (&pos, text), ==, TTT_OK);

  return pos;
}

/* The reference's row × 9 + col for an engine move. */
static int
grid_of (int move)
{
  return ttt_ultimate_move_row (move) * 9 + ttt_ultimate_move_col (move);
}

typedef gboolean (*Wanted) (const RefUltimate *ref);

/* The first @n positions of seeded random games that @wanted accepts. */
static int
find_positions (Wanted       wanted,
                RefUltimate *out,
                int          n,
                uint64_t     seed)
{
  int found = 0;

  for (int game = 0; game < 2000 && found < n; game++)
    {
      RefUltimate ref;

      ref_u_clear (&ref);
      for (int move; found < n && (move = ref_u_random_move (&ref, &seed)) >= 0;)
        {
          ref_u_play (&ref, move / 9, move % 9);
          if (ref_u_game_state (&ref) == REF_U_OPEN && wanted (&ref))
            out[found++] = ref;
        }
    }

  return found;
}

static gboolean
has_win_in_one (const RefUltimate *ref)
{
  return ref_u_wins_within (ref, 1);
}

/* No win at once, and some moves but not all let the opponent win at once. */
static gboolean
must_avoid_loss (const RefUltimate *ref)
{
  int moves[81];
  int n = ref_u_legal_moves (ref, moves);
  int n_losing = 0;

  if (ref_u_wins_within (ref, 1))
    return FALSE;
  for (int i = 0; i < n; i++)
    {
      RefUltimate after = *ref;

      ref_u_play (&after, moves[i] / 9, moves[i] % 9);
      n_losing += ref_u_wins_within (&after, 1);
    }

  return n_losing > 0 && n_losing < n;
}

/* A forced win in three plies and none in one; forced boards only, so
 * that the reference solver stays quick. */
static gboolean
has_forced_win_in_three (const RefUltimate *ref)
{
  return ref->forced >= 0 && !ref_u_wins_within (ref, 1) && ref_u_wins_within (ref, 3);
}

static int
search_move (const TttUltimate *pos,
             uint64_t           iterations,
             uint64_t           seed,
             TttMoveAnalysis   *first)
{
  TttSearch *search = ttt_search_new (4 * 1024 * 1024);
  TttSearchBudget budget = { iterations, NULL, NULL };
  int move = -1;

  g_assert_nonnull (search);
  g_assert_cmpint (ttt_search_run (search, pos, &budget, &seed, &move), ==, TTT_OK);
  g_assert_true (ttt_ultimate_is_legal (pos, move));
  if (first != NULL)
    {
      g_assert_cmpint (ttt_search_analyse (search, first, 1), ==, 1);
      g_assert_cmpint (first->move, ==, move);
    }
  ttt_search_free (search);

  return move;
}

static void
test_win_in_one (void)
{
  RefUltimate positions[30];
  int n = find_positions (has_win_in_one, positions, under_valgrind () ? 5 : 30, 1);

  g_assert_cmpint (n, >, 0);
  for (int i = 0; i < n; i++)
    {
      TttUltimate pos = to_engine (&positions[i]);
      TttMoveAnalysis first;
      int move = search_move (&pos, 100, (uint64_t) i, &first);

      g_assert_true (ref_u_move_wins_within (&positions[i], grid_of (move) / 9, grid_of (move) % 9, 1));
      g_assert_cmpint (first.proof, ==, TTT_PROOF_WIN);
      g_assert_cmpint (first.plies, ==, 1);
      g_assert_cmpfloat (first.win_chance, >=, 1.0);

      /* Every level takes it, Easy's slips, the ladder's noise and greed
       * included. */
      for (TttLevel level = TTT_LEVEL_EASY; level < TTT_N_LEVELS; level++)
        for (uint64_t seed = 0; seed < 6; seed++)
          {
            TttSearch *search = ttt_search_new (TTT_SEARCH_MIN_BYTES);
            TttSearchBudget budget = { 50, NULL, NULL };
            uint64_t rng = seed;

            g_assert_cmpint (ttt_ultimate_choose (search, &pos, level, &budget, &rng, &move), ==, TTT_OK);
            g_assert_true (ref_u_move_wins_within (&positions[i], grid_of (move) / 9, grid_of (move) % 9, 1));
            ttt_search_free (search);
          }
    }
}

static void
test_avoid_loss_in_one (void)
{
  RefUltimate positions[30];
  int n = find_positions (must_avoid_loss, positions, under_valgrind () ? 4 : 30, 2);

  g_assert_cmpint (n, >, 0);
  for (int i = 0; i < n; i++)
    {
      TttUltimate pos = to_engine (&positions[i]);
      RefUltimate after = positions[i];
      int move = search_move (&pos, under_valgrind () ? 1000 : 3000, (uint64_t) i, NULL);

      ref_u_play (&after, grid_of (move) / 9, grid_of (move) % 9);
      g_assert_false (ref_u_wins_within (&after, 1));
    }
}

static void
test_forced_win (void)
{
  RefUltimate positions[10];
  int n = find_positions (has_forced_win_in_three, positions, under_valgrind () ? 2 : 10, 3);

  g_assert_cmpint (n, >, 0);
  for (int i = 0; i < n; i++)
    {
      TttUltimate pos = to_engine (&positions[i]);
      TttMoveAnalysis first;
      int move = search_move (&pos, 20000, (uint64_t) i, &first);

      g_assert_cmpint (first.proof, ==, TTT_PROOF_WIN);
      g_assert_cmpint (first.plies, ==, 3);
      g_assert_true (ref_u_move_wins_within (&positions[i], grid_of (move) / 9, grid_of (move) % 9, 3));
    }
}

/* Every short proof the search reports on random games, checked by the
 * reference solver: wins within their plies, losses to a win of the
 * opponent's within one ply fewer, draws that end the game at once. */
static void
test_proofs_sound (void)
{
  uint64_t seed = 4;
  int n_games = under_valgrind () ? 1 : 6;
  /* Under valgrind only the ends of games, where the proofs are. */
  int first_ply = under_valgrind () ? 30 : 0;
  int n_checked = 0;
  TttSearch *search = ttt_search_new (8 * 1024 * 1024);

  for (int game = 0; game < n_games; game++)
    {
      RefUltimate ref;

      ref_u_clear (&ref);
      for (int move, ply = 0; (move = ref_u_random_move (&ref, &seed)) >= 0;
           ref_u_play (&ref, move / 9, move % 9), ply++)
        {
          TttUltimate pos;
          TttSearchBudget budget = { under_valgrind () ? 1000 : 3000, NULL, NULL };
          TttMoveAnalysis analysis[81];
          int n, chosen;

          if (ply < first_ply)
            continue;
          pos = to_engine (&ref);
          g_assert_cmpint (ttt_search_run (search, &pos, &budget, &seed, &chosen), ==, TTT_OK);
          n = ttt_search_analyse (search, analysis, 81);
          g_assert_cmpint (n, ==, ttt_ultimate_legal_moves (&pos, &(TttUltimateMoves) { { 0 } }));
          for (int i = 0; i < n; i++)
            {
              int g = grid_of (analysis[i].move);
              RefUltimate after = ref;

              g_assert_true (ttt_ultimate_is_legal (&pos, analysis[i].move));
              ref_u_play (&after, g / 9, g % 9);
              if (analysis[i].proof == TTT_PROOF_WIN && analysis[i].plies <= 3)
                {
                  g_assert_true (ref_u_move_wins_within (&ref, g / 9, g % 9, analysis[i].plies));
                  n_checked++;
                }
              else if (analysis[i].proof == TTT_PROOF_LOSS && analysis[i].plies <= 2)
                {
                  g_assert_true (ref_u_wins_within (&after, analysis[i].plies - 1));
                  n_checked++;
                }
              else if (analysis[i].proof == TTT_PROOF_DRAW && analysis[i].plies == 1)
                {
                  g_assert_cmpint (ref_u_game_state (&after), ==, REF_U_DRAWN);
                  n_checked++;
                }
              else if (analysis[i].proof == TTT_PROOF_NONE)
                g_assert_cmpint (analysis[i].plies, ==, 0);
            }
        }
    }
  ttt_search_free (search);

  g_test_message ("%d proofs checked", n_checked);
  g_assert_cmpint (n_checked, >, 0);
}

static void
test_reproducible (void)
{
  RefUltimate ref;
  uint64_t seed = 5;
  TttSearch *a = ttt_search_new (2 * 1024 * 1024);
  TttSearch *b = ttt_search_new (2 * 1024 * 1024);

  ref_u_clear (&ref);
  for (int ply = 0; ply < (under_valgrind () ? 6 : 30); ply++)
    {
      TttUltimate pos = to_engine (&ref);
      TttSearchBudget budget = { 2000, NULL, NULL };
      TttMoveAnalysis first[81], second[81];
      uint64_t rng_a = (uint64_t) ply, rng_b = (uint64_t) ply;
      int move_a, move_b, n;

      /* b's tree of the last position is forgotten, a's is new. */
      ttt_search_free (a);
      a = ttt_search_new (2 * 1024 * 1024);
      ttt_search_reset (b);
      g_assert_cmpint (ttt_search_run (a, &pos, &budget, &rng_a, &move_a), ==, TTT_OK);
      g_assert_cmpint (ttt_search_run (b, &pos, &budget, &rng_b, &move_b), ==, TTT_OK);
      g_assert_cmpint (move_a, ==, move_b);
      g_assert_cmpuint (rng_a, ==, rng_b);
      n = ttt_search_analyse (a, first, 81);
      g_assert_cmpint (ttt_search_analyse (b, second, 81), ==, n);
      g_assert_true (memcmp (first, second, sizeof first[0] * (size_t) n) == 0);

      if (ref_u_random_move (&ref, &seed) < 0)
        break;
      ref_u_play (&ref, grid_of (move_a) / 9, grid_of (move_a) % 9);
      if (ref_u_game_state (&ref) != REF_U_OPEN)
        break;
    }

  ttt_search_free (a);
  ttt_search_free (b);
}

static void
test_memory_bound (void)
{
  TttSearch *search;
  TttSearchBudget budget = { under_valgrind () ? 5000 : 50000, NULL, NULL };
  TttUltimate pos;
  uint64_t rng = 6;
  int move;

  g_assert_null (ttt_search_new (TTT_SEARCH_MIN_BYTES - 1));
  g_assert_null (ttt_search_new ((size_t) TTT_SEARCH_DEFAULT_BYTES + 1));

  search = ttt_search_new (0);
  g_assert_nonnull (search);
  g_assert_cmpuint (ttt_search_get_memory (search), <=, TTT_SEARCH_DEFAULT_BYTES);
  g_assert_cmpuint (ttt_search_get_memory (search), >, TTT_SEARCH_DEFAULT_BYTES - 64);
  ttt_search_free (search);

  /* The smallest block: the tree fills it and the search goes on without
   * growing it. */
  search = ttt_search_new (TTT_SEARCH_MIN_BYTES);
  g_assert_cmpuint (ttt_search_get_memory (search), <=, TTT_SEARCH_MIN_BYTES);
  ttt_ultimate_clear (&pos);
  g_assert_cmpint (ttt_search_run (search, &pos, &budget, &rng, &move), ==, TTT_OK);
  g_assert_cmpuint (ttt_search_get_iterations (search), ==, budget.iterations);
  g_assert_cmpuint (ttt_search_get_n_nodes (search), <=, ttt_search_get_capacity (search));
  g_assert_cmpuint (ttt_search_get_n_nodes (search), >, ttt_search_get_capacity (search) - 81);
  g_assert_cmpuint (ttt_search_get_memory (search), <=, TTT_SEARCH_MIN_BYTES);
  g_assert_true (ttt_ultimate_is_legal (&pos, move));
  ttt_search_free (search);
}

/* Whole games, the search and each level against random moves and one
 * another, in small and large blocks and with kept trees: every move legal
 * by the reference. */
static void
test_legal_games (void)
{
  static const size_t sizes[] = { TTT_SEARCH_MIN_BYTES, 256 * 1024, 4 * 1024 * 1024 };
  uint64_t seed = 8;
  int n_games = under_valgrind () ? 2 : 12;

  for (int game = 0; game < n_games; game++)
    {
      TttSearch *search = ttt_search_new (sizes[game % 3]);
      TttSearch *other = ttt_search_new (sizes[(game + 1) % 3]);
      RefUltimate ref;
      TttUltimate pos;

      ref_u_clear (&ref);
      ttt_ultimate_clear (&pos);
      while (ref_u_game_state (&ref) == REF_U_OPEN)
        {
          TttSearchBudget budget = { 300, NULL, NULL };
          gboolean first = (ttt_ultimate_n_moves (&pos) % 2 == 0) == (game % 2 == 0);
          int move;

          if (game % 4 == 3 && !first)
            {
              int g = ref_u_random_move (&ref, &seed);

              move = ttt_ultimate_move_at (g / 9, g % 9);
            }
          else if (first)
            g_assert_cmpint (ttt_search_run (search, &pos, &budget, &seed, &move), ==, TTT_OK);
          else
            g_assert_cmpint (ttt_ultimate_choose (other, &pos, (TttLevel) (game % 3), &budget, &seed, &move),
                             ==, TTT_OK);

          g_assert_true (ref_u_is_legal (&ref, grid_of (move) / 9, grid_of (move) % 9));
          g_assert_cmpint (ttt_ultimate_play (&pos, move), ==, TTT_OK);
          ref_u_play (&ref, grid_of (move) / 9, grid_of (move) % 9);
          g_assert_cmpuint (ttt_search_get_n_nodes (search), <=, ttt_search_get_capacity (search));
        }
      g_assert_cmpint (ttt_ultimate_outcome (&pos), ==, ref_u_outcome (&ref));
      ttt_search_free (search);
      ttt_search_free (other);
    }
}

/* Symmetry @s of a square of side @n on a point: 0 the identity, 1–3 the
 * rotations, 4–7 the reflections. The test's own, on coordinates. */
static void
square_symmetry (int  s,
                 int  n,
                 int  row,
                 int  col,
                 int *out_row,
                 int *out_col)
{
  int m = n - 1;
  const int rows[8] = { row, col, m - row, m - col, row, m - row, col, m - col };
  const int cols[8] = { col, m - row, m - col, row, m - col, col, row, m - row };

  *out_row = rows[s];
  *out_col = cols[s];
}

/* The position under symmetry @s of the whole 9 × 9 grid: the board the
 * side to move is sent to goes where the 3 × 3 of boards takes it. */
static RefUltimate
ref_transform (const RefUltimate *ref,
               int                s)
{
  RefUltimate out = *ref;

  for (int row = 0; row < 9; row++)
    for (int col = 0; col < 9; col++)
      {
        int r, c;

        square_symmetry (s, 9, row, col, &r, &c);
        out.grid[r][c] = ref->grid[row][col];
      }
  if (ref->forced >= 0)
    {
      int r, c;

      square_symmetry (s, 3, ref->forced / 3, ref->forced % 3, &r, &c);
      out.forced = r * 3 + c;
    }

  return out;
}

static gboolean
ref_same (const RefUltimate *a,
          const RefUltimate *b)
{
  return memcmp (a->grid, b->grid, sizeof a->grid) == 0 && a->forced == b->forced &&
         a->to_move == b->to_move;
}

/* The engine's move @move under symmetry @s of the grid. */
static int
transform_move (int s,
                int move)
{
  int r, c;

  square_symmetry (s, 9, ttt_ultimate_move_row (move), ttt_ultimate_move_col (move), &r, &c);

  return ttt_ultimate_move_at (r, c);
}

/* Which of the eight symmetries leave @ref as it is, bit s for s (the
 * identity always). */
static unsigned
ref_symmetries (const RefUltimate *ref)
{
  unsigned found = 0;

  for (int s = 0; s < 8; s++)
    {
      RefUltimate image = ref_transform (ref, s);

      if (ref_same (&image, ref))
        found |= 1u << s;
    }

  return found;
}

/* Searches @ref and checks that every two moves a symmetry of it maps
 * onto each other have the same figures; returns how many classes of
 * moves the analysis has (distinct figures, up to symmetry). */
static int
check_symmetric_analysis (TttSearch         *search,
                          const RefUltimate *ref,
                          uint64_t           seed,
                          uint64_t           iterations)
{
  TttUltimate pos = to_engine (ref);
  TttSearchBudget budget = { iterations, NULL, NULL };
  TttMoveAnalysis analysis[81];
  const TttMoveAnalysis *of[81] = { NULL };
  unsigned symmetries = ref_symmetries (ref);
  gboolean representative[81] = { FALSE };
  int n, move, n_classes = 0;

  ttt_search_reset (search);
  g_assert_cmpint (ttt_search_run (search, &pos, &budget, &seed, &move), ==, TTT_OK);
  n = ttt_search_analyse (search, analysis, 81);
  g_assert_cmpint (n, ==, ttt_ultimate_legal_moves (&pos, &(TttUltimateMoves) { { 0 } }));
  /* The move played is the first of the analysis. */
  g_assert_cmpint (analysis[0].move, ==, move);
  for (int i = 0; i < n; i++)
    {
      g_assert_true (ttt_ultimate_is_legal (&pos, analysis[i].move));
      g_assert_null (of[analysis[i].move]);
      of[analysis[i].move] = &analysis[i];
    }

  /* The engine's own word on which moves are symmetric. */
  for (int a = 0; a < 81; a++)
    for (int b = 0; b < 81; b++)
      {
        gboolean expected = FALSE;

        for (int s = 0; s < 8; s++)
          expected = expected || ((symmetries & (1u << s)) != 0 && transform_move (s, a) == b);
        g_assert_cmpint (ttt_ultimate_moves_symmetric (&pos, a, b), ==, expected);
      }

  for (int m = 0; m < 81; m++)
    {
      gboolean first = TRUE;

      if (of[m] == NULL)
        continue;
      for (int s = 0; s < 8; s++)
        {
          const TttMoveAnalysis *a = of[m], *b;
          int image = transform_move (s, m);

          if ((symmetries & (1u << s)) == 0)
            continue;
          b = of[image];
          g_assert_nonnull (b);
          /* Exactly: the same node's figures. */
          g_assert_true (a->win_chance <= b->win_chance && a->win_chance >= b->win_chance);
          g_assert_cmpuint (a->visits, ==, b->visits);
          g_assert_cmpint (a->proof, ==, b->proof);
          g_assert_cmpint (a->plies, ==, b->plies);
          if (representative[image])
            first = FALSE;
        }
      if (first)
        {
          representative[m] = TRUE;
          n_classes++;
        }
    }

  return n_classes;
}

/* Symmetric positions, symmetric figures: on the empty board, on
 * positions of random games that have a symmetry, and along games kept
 * symmetric under a reflection by playing on its axis only. */
static void
test_symmetric_analysis (void)
{
  TttSearch *search = ttt_search_new (8 * 1024 * 1024);
  uint64_t iterations = under_valgrind () ? 500 : 3000;
  uint64_t seed = 36;
  int n_positions = 0, n_symmetric = 0;
  RefUltimate ref;
  TttUltimate pos;

  ref_u_clear (&ref);
  /* The empty board: 15 classes of the 81 moves (the centre, eight of
   * four cells and six of eight). */
  g_assert_cmpint (check_symmetric_analysis (search, &ref, 1, iterations), ==, 15);
  n_positions++;

  /* Random openings: those with a symmetry. */
  for (int game = 0; game < (under_valgrind () ? 20 : 200); game++)
    {
      ref_u_clear (&ref);
      for (int ply = 0, move; ply < 4 && (move = ref_u_random_move (&ref, &seed)) >= 0; ply++)
        {
          ref_u_play (&ref, move / 9, move % 9);
          if (ref_symmetries (&ref) != 1)
            {
              check_symmetric_analysis (search, &ref, seed, iterations);
              n_symmetric++;
            }
        }
    }

  /* Whole games on the axis of a reflection: the mirror column (4) and
   * the diagonal (6). */
  for (int game = 0; game < (under_valgrind () ? 2 : 12); game++)
    {
      int s = game % 2 == 0 ? 4 : 6;

      ref_u_clear (&ref);
      for (;;)
        {
          int moves[81], on_axis[81];
          int n = ref_u_legal_moves (&ref, moves), n_on_axis = 0;

          for (int i = 0; i < n; i++)
            {
              int r, c;

              square_symmetry (s, 9, moves[i] / 9, moves[i] % 9, &r, &c);
              if (r * 9 + c == moves[i])
                on_axis[n_on_axis++] = moves[i];
            }
          if (n_on_axis == 0 || ref_u_game_state (&ref) != REF_U_OPEN)
            break;
          {
            int move = on_axis[ref_u_random (&seed) % (uint64_t) n_on_axis];

            ref_u_play (&ref, move / 9, move % 9);
          }
          if (ref_u_game_state (&ref) != REF_U_OPEN)
            break;
          g_assert_true (ref_symmetries (&ref) & (1u << s));
          check_symmetric_analysis (search, &ref, seed, iterations);
          n_positions++;
        }
    }
  ttt_search_free (search);

  ttt_ultimate_clear (&pos);
  g_assert_false (ttt_ultimate_moves_symmetric (NULL, 0, 0));
  g_assert_false (ttt_ultimate_moves_symmetric (&pos, -1, -1));
  g_assert_false (ttt_ultimate_moves_symmetric (&pos, 0, 81));
  g_assert_true (ttt_ultimate_moves_symmetric (&pos, 0, 80));
  pos.x[0] = 0x3;
  g_assert_false (ttt_ultimate_moves_symmetric (&pos, 0, 80));

  g_test_message ("%d positions on an axis, %d symmetric openings", n_positions, n_symmetric);
  g_assert_cmpint (n_symmetric, >, 0);
}

/* The analysis tells moves apart only beyond the search's noise: never
 * on the empty board, where every first move is about as good; where
 * some moves lose at once; and by the figures, four standard errors. */
static void
test_tells_apart (void)
{
  TttSearch *search = ttt_search_new (TTT_SEARCH_DEFAULT_BYTES / 4);
  TttSearchBudget budget = { under_valgrind () ? 2000 : 20000, NULL, NULL };
  TttMoveAnalysis analysis[81];
  RefUltimate losing[6];
  TttUltimate pos;
  int move, n, n_apart = 0;

  for (uint64_t seed = 1; seed <= (under_valgrind () ? 1u : 8u); seed++)
    {
      uint64_t rng = seed;

      ttt_ultimate_clear (&pos);
      ttt_search_reset (search);
      g_assert_cmpint (ttt_search_run (search, &pos, &budget, &rng, &move), ==, TTT_OK);
      n = ttt_search_analyse (search, analysis, 81);
      g_assert_cmpint (n, ==, 81);
      g_assert_false (ttt_search_tells_apart (analysis, n));
    }

  /* Where some moves lose at once and others do not (unless the
   * search proved that those lose too). */
  g_assert_cmpint (find_positions (must_avoid_loss, losing, G_N_ELEMENTS (losing), 11), ==, G_N_ELEMENTS (losing));
  for (guint i = 0; i < G_N_ELEMENTS (losing); i++)
    {
      uint64_t rng = i;

      pos = to_engine (&losing[i]);
      ttt_search_reset (search);
      g_assert_cmpint (ttt_search_run (search, &pos, &budget, &rng, &move), ==, TTT_OK);
      n = ttt_search_analyse (search, analysis, 81);
      if (analysis[n - 1].proof != TTT_PROOF_LOSS || analysis[0].proof == TTT_PROOF_LOSS)
        continue;
      g_assert_true (ttt_search_tells_apart (analysis, n));
      n_apart++;
    }
  g_assert_cmpint (n_apart, >, 0);
  ttt_search_free (search);

  {
    TttMoveAnalysis two[2] = {
      { 0, 10000, 0.60, TTT_PROOF_NONE, 0 },
      { 1, 10000, 0.57, TTT_PROOF_NONE, 0 },
    };

    /* 3 points at 10,000 visits each: 4.2 errors of 0.71 points. */
    g_assert_true (ttt_search_tells_apart (two, 2));
    two[1].win_chance = 0.58;
    g_assert_false (ttt_search_tells_apart (two, 2));
    g_assert_false (ttt_search_tells_apart (two, 1));
    g_assert_false (ttt_search_tells_apart (NULL, 2));
    /* A proof has no error of its own. */
    two[0] = (TttMoveAnalysis) { 0, 0, 0.5, TTT_PROOF_DRAW, 3 };
    two[1] = (TttMoveAnalysis) { 1, 400, 0.39, TTT_PROOF_NONE, 0 };
    g_assert_true (ttt_search_tells_apart (two, 2));
    two[1].win_chance = 0.41;
    g_assert_false (ttt_search_tells_apart (two, 2));
  }
}

static void
test_kept_tree (void)
{
  TttSearch *search = ttt_search_new (8 * 1024 * 1024);
  TttSearchBudget budget = { 3000, NULL, NULL };
  TttMoveAnalysis analysis[81];
  TttUltimate pos;
  uint64_t rng = 9;
  size_t n_nodes;
  int move, n;

  ttt_ultimate_clear (&pos);
  g_assert_cmpint (ttt_search_run (search, &pos, &budget, &rng, &move), ==, TTT_OK);
  g_assert_cmpint (ttt_ultimate_play (&pos, move), ==, TTT_OK);
  n_nodes = ttt_search_get_n_nodes (search);

  /* The reply the tree has looked at most. */
  g_assert_cmpint (ttt_search_run (search, &pos, &budget, &rng, &move), ==, TTT_OK);
  g_assert_cmpuint (ttt_search_get_n_nodes (search), >, n_nodes);
  g_assert_cmpuint (ttt_search_get_visits (search), >, budget.iterations);

  /* Forgotten: the same run again sees only its own iterations. */
  ttt_search_reset (search);
  g_assert_cmpint (ttt_search_run (search, &pos, &budget, &rng, &move), ==, TTT_OK);
  g_assert_cmpuint (ttt_search_get_visits (search), ==, budget.iterations);
  /* A move's visits are its class's when symmetric moves share them: at
   * most the run's. */
  n = ttt_search_analyse (search, analysis, 81);
  for (int i = 0; i < n; i++)
    g_assert_cmpuint (analysis[i].visits, <=, budget.iterations);
  ttt_search_free (search);
}

typedef struct
{
  int calls;
  int stop_at;
} StopCounter;

static bool
stop_after (void *data)
{
  StopCounter *counter = data;

  return ++counter->calls >= counter->stop_at;
}

static void
test_should_stop (void)
{
  TttSearch *search = ttt_search_new (TTT_SEARCH_MIN_BYTES);
  StopCounter counter = { 0, 3 };
  TttSearchBudget budget = { 0, stop_after, &counter };
  TttUltimate pos;
  uint64_t rng = 10;
  int move;

  ttt_ultimate_clear (&pos);
  g_assert_cmpint (ttt_search_run (search, &pos, &budget, &rng, &move), ==, TTT_OK);
  g_assert_cmpint (counter.calls, ==, 3);
  g_assert_cmpuint (ttt_search_get_iterations (search), ==, 3 * TTT_SEARCH_POLL);

  /* The iterations end it first when they are fewer. */
  counter.calls = 0;
  budget.iterations = 100;
  counter.stop_at = 1000;
  g_assert_cmpint (ttt_search_run (search, &pos, &budget, &rng, &move), ==, TTT_OK);
  g_assert_cmpuint (ttt_search_get_iterations (search), ==, 100);
  g_assert_cmpint (counter.calls, ==, 1);
  ttt_search_free (search);
}

static void
test_errors (void)
{
  TttSearch *search = ttt_search_new (TTT_SEARCH_MIN_BYTES);
  TttSearchBudget budget = { 10, NULL, NULL };
  TttSearchBudget no_budget = { 0, NULL, NULL };
  TttMoveAnalysis analysis[2];
  TttUltimate pos, bad, over;
  uint64_t rng = 11;
  int move = 12345;

  g_assert_cmpint (ttt_search_analyse (search, analysis, 2), ==, -1);
  g_assert_cmpint (ttt_search_analyse (NULL, analysis, 2), ==, -1);

  ttt_ultimate_clear (&pos);
  bad = pos;
  bad.turn = TTT_MARK_O;
  /* A random game played out. */
  over = pos;
  for (RefUltimate ref = ref_u_from_engine (&over); ref_u_game_state (&ref) == REF_U_OPEN;)
    {
      int g = ref_u_random_move (&ref, &rng);

      ref_u_play (&ref, g / 9, g % 9);
      over = to_engine (&ref);
    }
  rng = 11;

  g_assert_cmpint (ttt_search_run (NULL, &pos, &budget, &rng, &move), ==, TTT_ERROR_INVALID_ARGUMENT);
  g_assert_cmpint (ttt_search_run (search, NULL, &budget, &rng, &move), ==, TTT_ERROR_INVALID_ARGUMENT);
  g_assert_cmpint (ttt_search_run (search, &pos, NULL, &rng, &move), ==, TTT_ERROR_INVALID_ARGUMENT);
  g_assert_cmpint (ttt_search_run (search, &pos, &budget, NULL, &move), ==, TTT_ERROR_INVALID_ARGUMENT);
  g_assert_cmpint (ttt_search_run (search, &pos, &budget, &rng, NULL), ==, TTT_ERROR_INVALID_ARGUMENT);
  g_assert_cmpint (ttt_search_run (search, &pos, &no_budget, &rng, &move), ==, TTT_ERROR_INVALID_ARGUMENT);
  g_assert_cmpint (ttt_search_run (search, &bad, &budget, &rng, &move), ==, TTT_ERROR_INVALID_ARGUMENT);
  g_assert_cmpint (ttt_search_run (search, &over, &budget, &rng, &move), ==, TTT_ERROR_GAME_OVER);

  g_assert_cmpint (ttt_ultimate_choose (NULL, &pos, TTT_LEVEL_EASY, NULL, &rng, &move), ==, TTT_ERROR_INVALID_ARGUMENT);
  g_assert_cmpint (ttt_ultimate_choose (search, &pos, (TttLevel) TTT_N_LEVELS, NULL, &rng, &move), ==, TTT_ERROR_INVALID_ARGUMENT);
  g_assert_cmpint (ttt_ultimate_choose (search, &pos, (TttLevel) -1, NULL, &rng, &move), ==, TTT_ERROR_INVALID_ARGUMENT);
  g_assert_cmpint (ttt_ultimate_choose (search, &bad, TTT_LEVEL_HARD, NULL, &rng, &move), ==, TTT_ERROR_INVALID_ARGUMENT);
  g_assert_cmpint (ttt_ultimate_choose (search, &over, TTT_LEVEL_HARD, NULL, &rng, &move), ==, TTT_ERROR_GAME_OVER);
  g_assert_cmpint (ttt_ultimate_choose (search, &pos, TTT_LEVEL_HARD, NULL, NULL, &move), ==, TTT_ERROR_INVALID_ARGUMENT);
  g_assert_cmpint (move, ==, 12345);
  g_assert_cmpuint (rng, ==, 11);

  /* Nothing ran, so there is still nothing to analyse. */
  g_assert_cmpint (ttt_search_analyse (search, analysis, 2), ==, -1);
  g_assert_cmpuint (ttt_search_get_memory (NULL), ==, 0);
  g_assert_cmpuint (ttt_search_get_n_nodes (NULL), ==, 0);
  ttt_search_reset (NULL);
  ttt_search_free (NULL);
  ttt_search_free (search);
}

typedef struct
{
  TttUltimate pos;
  uint64_t    seed;
  int         move;
  uint64_t    rng_after;
} Job;

static gpointer
thread_main (gpointer data)
{
  Job *job = data;
  TttSearch *search = ttt_search_new (1024 * 1024);
  TttSearchBudget budget = { under_valgrind () ? 500 : 3000, NULL, NULL };

  job->rng_after = job->seed;
  g_assert_cmpint (ttt_search_run (search, &job->pos, &budget, &job->rng_after, &job->move), ==, TTT_OK);
  ttt_search_free (search);

  return NULL;
}

/* Searches in two threads at once give what they give one after another. */
static void
test_threads (void)
{
  Job jobs[4];
  GThread *threads[4];

  for (int i = 0; i < 4; i++)
    {
      ttt_ultimate_clear (&jobs[i].pos);
      jobs[i].seed = (uint64_t) (i / 2);
    }
  for (int i = 0; i < 4; i++)
    threads[i] = g_thread_new ("search", thread_main, &jobs[i]);
  for (int i = 0; i < 4; i++)
    g_thread_join (threads[i]);

  for (int i = 0; i < 4; i += 2)
    {
      Job alone = jobs[i];

      thread_main (&alone);
      g_assert_cmpint (jobs[i].move, ==, jobs[i + 1].move);
      g_assert_cmpint (alone.move, ==, jobs[i].move);
      g_assert_cmpuint (alone.rng_after, ==, jobs[i].rng_after);
    }
}

/* Easy slips: over many seeds it plays more than one move where the
 * search alone would play one. */
static void
test_easy_slips (void)
{
  TttSearch *search = ttt_search_new (TTT_SEARCH_MIN_BYTES);
  TttUltimate pos;
  gboolean seen[81] = { FALSE };
  int n_seen = 0;

  ttt_ultimate_clear (&pos);
  for (uint64_t seed = 0; seed < 40; seed++)
    {
      uint64_t rng = seed;
      int move;

      g_assert_cmpint (ttt_ultimate_choose (search, &pos, TTT_LEVEL_EASY, NULL, &rng, &move), ==, TTT_OK);
      g_assert_true (ttt_ultimate_is_legal (&pos, move));
      if (!seen[move])
        n_seen++;
      seen[move] = TRUE;
    }
  g_assert_cmpint (n_seen, >, 5);
  ttt_search_free (search);
}

/* The ladder, Beginner to Master: each step searches longer and chooses
 * with less noise; only the lowest are greedy; the top is Hard, and only
 * it keeps its tree. */
static void
test_ladder_levels (void)
{
  static const TttLevel ladder[] = {
    TTT_LEVEL_BEGINNER, TTT_LEVEL_CASUAL, TTT_LEVEL_CLUB, TTT_LEVEL_STRONG, TTT_LEVEL_MASTER,
  };
  TttUltimateLevel hard, before = { 0 };

  g_assert_true (ttt_ultimate_level_get (TTT_LEVEL_HARD, &hard));
  for (guint i = 0; i < G_N_ELEMENTS (ladder); i++)
    {
      TttUltimateLevel params;

      g_assert_true (ttt_ultimate_level_get (ladder[i], &params));
      g_assert_cmpuint (params.slip_percent, ==, 0);
      g_assert_cmpuint (params.tree_bytes, >=, TTT_SEARCH_MIN_BYTES);
      g_assert_cmpuint (params.tree_bytes, <=, TTT_SEARCH_DEFAULT_BYTES);
      g_assert_true (params.keeps_tree == (i + 1 == G_N_ELEMENTS (ladder)));
      if (i > 0)
        {
          g_assert_cmpuint (params.iterations, >, before.iterations);
          g_assert_cmpuint (params.noise, <=, before.noise);
          g_assert_true (!params.greedy || before.greedy);
        }
      before = params;
    }
  g_assert_true (ttt_ultimate_level_get (TTT_LEVEL_BEGINNER, &before));
  g_assert_true (before.greedy);
  g_assert_cmpuint (before.noise, >, 0);

  /* The top is today's Hard. */
  g_assert_true (ttt_ultimate_level_get (TTT_LEVEL_MASTER, &before));
  g_assert_cmpuint (before.iterations, ==, TTT_ULTIMATE_HARD_ITERATIONS);
  g_assert_cmpuint (before.iterations, ==, hard.iterations);
  g_assert_cmpuint (before.noise, ==, 0);
  g_assert_false (before.greedy);
  g_assert_true (before.keeps_tree && hard.keeps_tree);
  g_assert_cmpuint (before.tree_bytes, ==, hard.tree_bytes);

  g_assert_false (ttt_ultimate_level_get ((TttLevel) TTT_N_LEVELS, &before));
  g_assert_false (ttt_ultimate_level_get (TTT_LEVEL_MASTER, NULL));
}

/* Master plays Hard's move, seed for seed. */
static void
test_master_is_hard (void)
{
  RefUltimate positions[4];
  int n = find_positions (must_avoid_loss, positions, 4, 7);

  g_assert_cmpint (n, >, 0);
  for (int i = 0; i < n; i++)
    {
      TttUltimate pos = to_engine (&positions[i]);
      TttSearchBudget budget = { 3000, NULL, NULL };
      int moves[2];

      for (int k = 0; k < 2; k++)
        {
          TttSearch *search = ttt_search_new (TTT_SEARCH_DEFAULT_BYTES / 16);
          uint64_t rng = (uint64_t) i;

          g_assert_cmpint (ttt_ultimate_choose (search, &pos, k == 0 ? TTT_LEVEL_HARD : TTT_LEVEL_MASTER,
                                                &budget, &rng, &moves[k]), ==, TTT_OK);
          ttt_search_free (search);
        }
      g_assert_cmpint (moves[0], ==, moves[1]);
    }
}

/* Some move wins a small board, none the game. */
static gboolean
can_win_board (const RefUltimate *ref)
{
  TttUltimate pos = to_engine (ref);
  TttUltimateMoves legal;

  if (ref_u_wins_within (ref, 1))
    return FALSE;
  ttt_ultimate_legal_moves (&pos, &legal);
  for (int b = 0; b < 9; b++)
    for (int c = 0; c < 9; c++)
      if (legal.cells[b] & (1u << c))
        {
          TttUltimate after = pos;

          ttt_ultimate_play (&after, b * 9 + c);
          if (ttt_ultimate_board_winner (&after, b) != TTT_MARK_NONE)
            return TRUE;
        }

  return FALSE;
}

/* The greedy levels take a small board whenever they can, wherever it
 * sends the opponent; the top does not always. */
static void
test_greedy (void)
{
  RefUltimate positions[20];
  int n = find_positions (can_win_board, positions, 20, 3);
  int master_declined = 0;

  g_assert_cmpint (n, ==, 20);
  for (int i = 0; i < n; i++)
    {
      TttUltimate pos = to_engine (&positions[i]);

      for (TttLevel level = TTT_LEVEL_BEGINNER; level <= TTT_LEVEL_MASTER; level++)
        {
          TttUltimateLevel params;
          TttSearch *search;
          TttSearchBudget budget = { 2000, NULL, NULL };
          uint64_t rng = (uint64_t) i;
          int move, board;
          TttUltimate after = pos;

          g_assert_true (ttt_ultimate_level_get (level, &params));
          if (!params.greedy && level != TTT_LEVEL_MASTER)
            continue;
          search = ttt_search_new (TTT_SEARCH_DEFAULT_BYTES / 16);
          g_assert_cmpint (ttt_ultimate_choose (search, &pos, level, params.greedy ? NULL : &budget,
                                                &rng, &move), ==, TTT_OK);
          ttt_search_free (search);
          board = move / 9;
          ttt_ultimate_play (&after, move);
          if (params.greedy)
            g_assert_cmpint (ttt_ultimate_board_winner (&after, board), !=, TTT_MARK_NONE);
          else
            master_declined += ttt_ultimate_board_winner (&after, board) == TTT_MARK_NONE;
        }
    }
  g_assert_cmpint (master_declined, >, 0);
}

/* Noise: over seeds, a noisy level plays more than one move in a
 * position, each legal. */
static void
test_noise (void)
{
  RefUltimate positions[6];
  int n = find_positions (must_avoid_loss, positions, 6, 5);
  int n_varied = 0;

  g_assert_cmpint (n, ==, 6);
  for (int i = 0; i < n; i++)
    {
      TttUltimate pos = to_engine (&positions[i]);
      gboolean seen[81] = { FALSE };
      int n_seen = 0;

      for (uint64_t seed = 0; seed < 12; seed++)
        {
          TttSearch *search = ttt_search_new (TTT_SEARCH_DEFAULT_BYTES / 64);
          uint64_t rng = seed;
          int move;

          g_assert_cmpint (ttt_ultimate_choose (search, &pos, TTT_LEVEL_CASUAL, NULL, &rng, &move), ==, TTT_OK);
          ttt_search_free (search);
          g_assert_true (ttt_ultimate_is_legal (&pos, move));
          n_seen += !seen[move];
          seen[move] = TRUE;
        }
      n_varied += n_seen > 1;
    }
  g_assert_cmpint (n_varied, >, 0);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/ultimate/search/win-in-one", test_win_in_one);
  g_test_add_func ("/ultimate/search/avoid-loss-in-one", test_avoid_loss_in_one);
  g_test_add_func ("/ultimate/search/forced-win", test_forced_win);
  g_test_add_func ("/ultimate/search/proofs-sound", test_proofs_sound);
  g_test_add_func ("/ultimate/search/reproducible", test_reproducible);
  g_test_add_func ("/ultimate/search/memory-bound", test_memory_bound);
  g_test_add_func ("/ultimate/search/legal-games", test_legal_games);
  g_test_add_func ("/ultimate/search/kept-tree", test_kept_tree);
  g_test_add_func ("/ultimate/search/symmetric-analysis", test_symmetric_analysis);
  g_test_add_func ("/ultimate/search/tells-apart", test_tells_apart);
  g_test_add_func ("/ultimate/search/should-stop", test_should_stop);
  g_test_add_func ("/ultimate/search/errors", test_errors);
  g_test_add_func ("/ultimate/search/threads", test_threads);
  g_test_add_func ("/ultimate/levels/easy-slips", test_easy_slips);
  g_test_add_func ("/ultimate/levels/ladder", test_ladder_levels);
  g_test_add_func ("/ultimate/levels/master-is-hard", test_master_is_hard);
  g_test_add_func ("/ultimate/levels/greedy", test_greedy);
  g_test_add_func ("/ultimate/levels/noise", test_noise);

  return g_test_run ();
}
