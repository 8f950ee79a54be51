/* test-rules.c — the three variants behind TttRules
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The interface promises to answer as each variant's own functions do,
 * which their own tests check against references; so here every answer
 * of the interface is compared with those functions: on every classic
 * and Misère position (each walked through the interface alone) and along
 * random Ultimate games. A move's effects, which no variant function
 * gives, are checked against the position after the move; and every
 * error must leave the position as it was.
 */

#include <string.h>

#include <glib.h>

#include "ttt-rules.h"

#define N_REACHABLE 5478

static gboolean
is_ultimate (const TttRules *rules)
{
  return rules == &ttt_rules_ultimate;
}

/* What the variant's own functions say. */

static TttOutcome
direct_outcome (const TttRules         *rules,
                const TttRulesPosition *pos)
{
  if (is_ultimate (rules))
    return ttt_ultimate_outcome (&pos->ultimate);
  if (rules == &ttt_rules_misere)
    return ttt_misere_outcome (&pos->board);
  return ttt_board_outcome (&pos->board);
}

static unsigned
direct_winning (const TttRules         *rules,
                const TttRulesPosition *pos)
{
  if (is_ultimate (rules))
    return ttt_ultimate_winning_boards (&pos->ultimate);
  if (rules == &ttt_rules_misere)
    return ttt_misere_losing_cells (&pos->board);
  return ttt_board_winning_cells (&pos->board);
}

static TttMark
direct_turn (const TttRules         *rules,
             const TttRulesPosition *pos)
{
  if (is_ultimate (rules))
    return ttt_ultimate_outcome (&pos->ultimate) == TTT_OUTCOME_ONGOING ? (TttMark) pos->ultimate.turn
                                                                         : TTT_MARK_NONE;
  return ttt_board_turn (&pos->board);
}

static TttMark
direct_get (const TttRules         *rules,
            const TttRulesPosition *pos,
            int                     cell)
{
  if (is_ultimate (rules))
    return ttt_ultimate_get (&pos->ultimate, cell);
  return ttt_board_get (&pos->board, cell);
}

static int
direct_n_moves (const TttRules         *rules,
                const TttRulesPosition *pos)
{
  if (is_ultimate (rules))
    return ttt_ultimate_n_moves (&pos->ultimate);
  return ttt_board_n_moves (&pos->board);
}

static TttStatus
direct_play (const TttRules   *rules,
             TttRulesPosition *pos,
             int               move)
{
  if (is_ultimate (rules))
    return ttt_ultimate_play (&pos->ultimate, move);
  return ttt_board_play (&pos->board, move);
}

static void
assert_same_position (const TttRulesPosition *a,
                      const TttRulesPosition *b)
{
  g_assert_cmpmem (a, sizeof *a, b, sizeof *b);
}

/* The effects of @move, played on @before to give @after, by what the
 * two positions show. */
static void
check_effects (const TttRules         *rules,
               const TttRulesPosition *before,
               const TttRulesPosition *after,
               int                     move,
               const TttRulesEffects  *e)
{
  int block = move / (rules->n_cells / rules->n_blocks);
  TttMark mover = rules->turn (before);

  g_assert_cmpint (e->outcome, ==, rules->outcome (after));
  g_assert_cmpint (e->block, ==, block);

  if (!is_ultimate (rules))
    {
      g_assert_cmpint (e->block_outcome, ==, e->outcome);
      g_assert_cmphex (e->lines, ==, rules->winning_cells (after));
      g_assert_cmpint (e->next_block, ==, -1);
      if (e->lines != 0)
        {
          /* The mover made the line: it wins the classic game and loses Misère. */
          TttOutcome mover_wins = mover == TTT_MARK_X ? TTT_OUTCOME_X_WINS : TTT_OUTCOME_O_WINS;

          if (rules == &ttt_rules_misere)
            g_assert_cmpint (e->outcome, !=, mover_wins);
          else
            g_assert_cmpint (e->outcome, ==, mover_wins);
        }
      return;
    }

  {
    const TttUltimate *u = &after->ultimate;
    unsigned bit = 1u << block;
    TttMark winner = ttt_ultimate_board_winner (u, block);
    gboolean was_closed = (before->ultimate.closed & bit) != 0;
    int sent = move % TTT_N_CELLS;

    g_assert_false (was_closed);
    if (winner == TTT_MARK_X)
      g_assert_cmpint (e->block_outcome, ==, TTT_OUTCOME_X_WINS);
    else if (winner == TTT_MARK_O)
      g_assert_cmpint (e->block_outcome, ==, TTT_OUTCOME_O_WINS);
    else if (u->closed & bit)
      g_assert_cmpint (e->block_outcome, ==, TTT_OUTCOME_DRAW);
    else
      g_assert_cmpint (e->block_outcome, ==, TTT_OUTCOME_ONGOING);

    /* A line in the board, the mover's, exactly when the move won it. */
    g_assert_cmpint (e->lines != 0, ==, winner != TTT_MARK_NONE);
    if (e->lines != 0)
      {
        const uint16_t *marks = mover == TTT_MARK_X ? u->x : u->o;

        g_assert_cmpint (winner, ==, mover);
        g_assert_cmphex (e->lines & ~(unsigned) marks[block], ==, 0);
        g_assert_cmpint (ttt_lines_within (e->lines, NULL), >=, 1);
      }

    /* Sent to the board of the cell played, unless it is closed. */
    if (e->outcome != TTT_OUTCOME_ONGOING || (u->closed & (1u << sent)))
      g_assert_cmpint (e->next_block, ==, -1);
    else
      g_assert_cmpint (e->next_block, ==, sent);
  }
}

/* Every answer of @rules on @pos against the variant's own functions,
 * every move tried. Returns the legal moves in @moves and their number. */
static int
check_position (const TttRules         *rules,
                const TttRulesPosition *pos,
                int                     moves[TTT_RULES_MAX_CELLS])
{
  TttOutcome outcome = rules->outcome (pos);
  int n_legal = rules->legal_moves (pos, moves);
  char text[TTT_RULES_TEXT_SIZE];
  TttRulesPosition parsed;
  int k = 0;

  g_assert_cmpint (outcome, ==, direct_outcome (rules, pos));
  g_assert_cmpint (outcome, !=, TTT_OUTCOME_INVALID);
  g_assert_cmphex (rules->winning_cells (pos), ==, direct_winning (rules, pos));
  g_assert_cmpint (rules->turn (pos), ==, direct_turn (rules, pos));
  g_assert_cmpint (rules->n_moves (pos), ==, direct_n_moves (rules, pos));
  g_assert_cmpint (rules->get (pos, -1), ==, TTT_MARK_NONE);
  g_assert_cmpint (rules->get (pos, rules->n_cells), ==, TTT_MARK_NONE);

  g_assert_cmpint (n_legal, >=, 0);
  g_assert_cmpint (n_legal == 0, ==, outcome != TTT_OUTCOME_ONGOING);
  for (int i = 1; i < n_legal; i++)
    g_assert_cmpint (moves[i - 1], <, moves[i]);

  for (int move = -1; move <= rules->n_cells; move++)
    {
      TttRulesPosition mine = *pos;
      TttRulesPosition theirs = *pos;
      TttRulesEffects effects;
      TttRulesEffects untouched;
      gboolean listed = k < n_legal && moves[k] == move;
      TttStatus status = rules->play (&mine, move);

      if (move >= 0 && move < rules->n_cells)
        g_assert_cmpint (rules->get (pos, move), ==, direct_get (rules, pos, move));

      k += listed;
      g_assert_cmpint (status, ==, direct_play (rules, &theirs, move));
      assert_same_position (&mine, &theirs);
      g_assert_cmpint (rules->is_legal (pos, move), ==, listed);
      g_assert_cmpint (status == TTT_OK, ==, listed);

      memset (&effects, 0xab, sizeof effects);
      untouched = effects;
      g_assert_cmpint (rules->effects (pos, move, &effects), ==, status);
      if (status != TTT_OK)
        {
          assert_same_position (&mine, pos);
          g_assert_cmpmem (&effects, sizeof effects, &untouched, sizeof untouched);
          continue;
        }

      g_assert_cmpint (rules->n_moves (&mine), ==, rules->n_moves (pos) + 1);
      g_assert_cmpint (rules->get (&mine, move), ==, rules->turn (pos));
      check_effects (rules, pos, &mine, move, &effects);
    }
  g_assert_cmpint (k, ==, n_legal);

  /* The notation reads back to the same position. */
  g_assert_cmpint (rules->format (pos, text), ==, TTT_OK);
  g_assert_cmpint (rules->parse (&parsed, text), ==, TTT_OK);
  assert_same_position (&parsed, pos);

  return n_legal;
}

/* The classic game and Misère: every position, through the interface. */

typedef struct
{
  const TttRules *rules;
  GHashTable     *seen;    /* notation of each position visited */
  int             n_finished;
  int             n_outcomes[5];
} Walk;

static void
walk (Walk                   *w,
      const TttRulesPosition *pos)
{
  int moves[TTT_RULES_MAX_CELLS];
  char text[TTT_RULES_TEXT_SIZE];
  int n;

  g_assert_cmpint (w->rules->format (pos, text), ==, TTT_OK);
  if (g_hash_table_contains (w->seen, text))
    return;
  g_hash_table_add (w->seen, g_strdup (text));

  n = check_position (w->rules, pos, moves);
  w->n_outcomes[w->rules->outcome (pos)]++;
  for (int i = 0; i < n; i++)
    {
      TttRulesPosition child = *pos;

      g_assert_cmpint (w->rules->play (&child, moves[i]), ==, TTT_OK);
      walk (w, &child);
    }
}

static void
walk_all (const TttRules *rules,
          int             n_outcomes[5])
{
  Walk w = { rules, g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL), 0, { 0 } };
  TttRulesPosition empty;

  rules->clear (&empty);
  walk (&w, &empty);
  g_test_message ("%s: %u positions, %d won by X, %d won by O, %d drawn", rules->id,
                  g_hash_table_size (w.seen), w.n_outcomes[TTT_OUTCOME_X_WINS],
                  w.n_outcomes[TTT_OUTCOME_O_WINS], w.n_outcomes[TTT_OUTCOME_DRAW]);
  g_assert_cmpuint (g_hash_table_size (w.seen), ==, N_REACHABLE);
  memcpy (n_outcomes, w.n_outcomes, sizeof w.n_outcomes);
  g_hash_table_unref (w.seen);
}

static void
test_classic (void)
{
  int n_outcomes[5];

  walk_all (&ttt_rules_classic, n_outcomes);
  g_assert_cmpint (n_outcomes[TTT_OUTCOME_X_WINS], ==, 626);
  g_assert_cmpint (n_outcomes[TTT_OUTCOME_O_WINS], ==, 316);
}

static void
test_misere (void)
{
  int n_outcomes[5];

  walk_all (&ttt_rules_misere, n_outcomes);
  /* The same lines, counted against their makers. */
  g_assert_cmpint (n_outcomes[TTT_OUTCOME_X_WINS], ==, 316);
  g_assert_cmpint (n_outcomes[TTT_OUTCOME_O_WINS], ==, 626);
  g_assert_cmpint (n_outcomes[TTT_OUTCOME_DRAW], ==, 16);
}

/* A board moves between the classic game and Misère as it is; only who
 * has won differs. */
static void
test_misere_is_classic_turned (void)
{
  const char *texts[] = { "XXX/OO./...", "XX./OOO/X..", "XOX/XOO/OXX", "XO./.X./..." };

  for (guint i = 0; i < G_N_ELEMENTS (texts); i++)
    {
      TttRulesPosition a, b;
      TttOutcome classic, misere;

      g_assert_cmpint (ttt_rules_classic.parse (&a, texts[i]), ==, TTT_OK);
      g_assert_cmpint (ttt_rules_misere.parse (&b, texts[i]), ==, TTT_OK);
      assert_same_position (&a, &b);
      classic = ttt_rules_classic.outcome (&a);
      misere = ttt_rules_misere.outcome (&a);
      if (classic == TTT_OUTCOME_X_WINS)
        g_assert_cmpint (misere, ==, TTT_OUTCOME_O_WINS);
      else if (classic == TTT_OUTCOME_O_WINS)
        g_assert_cmpint (misere, ==, TTT_OUTCOME_X_WINS);
      else
        g_assert_cmpint (misere, ==, classic);
      g_assert_cmphex (ttt_rules_misere.winning_cells (&a), ==, ttt_rules_classic.winning_cells (&a));
    }
}

/* The solved games' perfect play through the interface answers as their
 * own functions, on every position; Ultimate has none. */
static void
check_solved (const TttRules         *rules,
              const TttRulesPosition *pos,
              GHashTable             *seen)
{
  gboolean misere = rules == &ttt_rules_misere;
  int moves[TTT_RULES_MAX_CELLS];
  int n = rules->legal_moves (pos, moves);
  uint64_t rng = 7;
  unsigned key = pos->board.x | pos->board.o << 9;

  if (!g_hash_table_add (seen, GUINT_TO_POINTER (key)))
    return;

  g_assert_cmpint (rules->score (pos), ==,
                   misere ? ttt_misere_score (&pos->board) : ttt_solver_score (&pos->board));
  g_assert_cmphex (rules->best_moves (pos), ==,
                   misere ? ttt_misere_best_moves (&pos->board) : ttt_solver_best_moves (&pos->board));
  if (n == 0)
    g_assert_cmpint (rules->choose (pos, TTT_LEVEL_HARD, &rng), ==, -1);
  else
    g_assert_true ((rules->best_moves (pos) >> rules->choose (pos, TTT_LEVEL_HARD, &rng)) & 1);

  for (int i = 0; i < n; i++)
    {
      TttRulesPosition after = *pos;
      TttReview via, direct;

      g_assert_cmpint (rules->review (pos, moves[i], &via), ==, TTT_OK);
      g_assert_cmpint (misere ? ttt_misere_review_move (&pos->board, moves[i], &direct)
                              : ttt_review_move (&pos->board, moves[i], &direct), ==, TTT_OK);
      g_assert_cmpmem (&via, sizeof via, &direct, sizeof direct);
      g_assert_cmpint (rules->play (&after, moves[i]), ==, TTT_OK);
      check_solved (rules, &after, seen);
    }
}

static void
test_solved (void)
{
  const TttRules *solved[] = { &ttt_rules_classic, &ttt_rules_misere };

  for (guint i = 0; i < G_N_ELEMENTS (solved); i++)
    {
      g_autoptr(GHashTable) seen = g_hash_table_new (NULL, NULL);
      TttRulesPosition pos;
      TttReview untouched = { .score = 77 };

      solved[i]->clear (&pos);
      check_solved (solved[i], &pos, seen);
      g_assert_cmpuint (g_hash_table_size (seen), ==, N_REACHABLE);

      g_assert_cmpint (solved[i]->score (NULL), ==, TTT_SCORE_INVALID);
      g_assert_cmphex (solved[i]->best_moves (NULL), ==, 0);
      g_assert_cmpint (solved[i]->choose (NULL, TTT_LEVEL_EASY, &(uint64_t) { 1 }), ==, -1);
      g_assert_cmpint (solved[i]->review (NULL, 4, &untouched), ==, TTT_ERROR_INVALID_ARGUMENT);
      g_assert_cmpint (solved[i]->review (&pos, 9, &untouched), ==, TTT_ERROR_OUT_OF_RANGE);
      g_assert_cmpint (untouched.score, ==, 77);
    }

  g_assert_null (ttt_rules_ultimate.score);
  g_assert_null (ttt_rules_ultimate.best_moves);
  g_assert_null (ttt_rules_ultimate.choose);
  g_assert_null (ttt_rules_ultimate.review);
}

/* Ultimate: random games, every position on the way. */
static void
test_ultimate (void)
{
  const TttRules *rules = &ttt_rules_ultimate;
  int n_positions = 0;
  int n_outcomes[5] = { 0 };
  int n_effects[3] = { 0 };   /* boards won, boards drawn, sent anywhere */

  for (uint64_t game = 0; game < 300; game++)
    {
      uint64_t rng = game * 7919u + 1;
      TttRulesPosition pos;
      int moves[TTT_RULES_MAX_CELLS];
      int n;

      rules->clear (&pos);
      while ((n = check_position (rules, &pos, moves)) > 0)
        {
          int move = moves[ttt_rng_next (&rng) % (uint64_t) n];
          TttRulesEffects e;

          n_positions++;
          g_assert_cmpint (rules->effects (&pos, move, &e), ==, TTT_OK);
          n_effects[0] += e.block_outcome == TTT_OUTCOME_X_WINS || e.block_outcome == TTT_OUTCOME_O_WINS;
          n_effects[1] += e.block_outcome == TTT_OUTCOME_DRAW;
          n_effects[2] += e.next_block == -1;
          g_assert_cmpint (rules->play (&pos, move), ==, TTT_OK);
        }
      n_positions++;
      n_outcomes[rules->outcome (&pos)]++;
    }

  g_test_message ("ultimate: 300 games, %d positions; %d won by X, %d by O, %d drawn; "
                  "%d small boards won, %d drawn, %d moves sending anywhere", n_positions,
                  n_outcomes[TTT_OUTCOME_X_WINS], n_outcomes[TTT_OUTCOME_O_WINS],
                  n_outcomes[TTT_OUTCOME_DRAW], n_effects[0], n_effects[1], n_effects[2]);
  g_assert_cmpint (n_outcomes[TTT_OUTCOME_X_WINS], >, 0);
  g_assert_cmpint (n_outcomes[TTT_OUTCOME_O_WINS], >, 0);
  for (int i = 0; i < 3; i++)
    g_assert_cmpint (n_effects[i], >, 0);
}

/* Registry and geometry */

static void
test_registry (void)
{
  const char *ids[] = { "classic", "ultimate", "misere" };

  for (int i = 0; i < TTT_RULES_N_VARIANTS; i++)
    {
      const TttRules *rules = ttt_rules_all[i];

      g_assert_cmpstr (rules->id, ==, ids[i]);
      g_assert_true (ttt_rules_for_id (ids[i]) == rules);
      for (int j = 0; j < i; j++)
        g_assert_true (ttt_rules_all[j] != rules);
    }
  g_assert_true (ttt_rules_for_id ("classic") == &ttt_rules_classic);
  g_assert_true (ttt_rules_for_id ("ultimate") == &ttt_rules_ultimate);
  g_assert_true (ttt_rules_for_id ("misere") == &ttt_rules_misere);
  g_assert_null (ttt_rules_for_id (NULL));
  g_assert_null (ttt_rules_for_id (""));
  g_assert_null (ttt_rules_for_id ("Classic"));
  g_assert_null (ttt_rules_for_id ("misère"));
  g_assert_null (ttt_rules_for_id ("classic "));
}

static void
test_geometry (void)
{
  for (int i = 0; i < TTT_RULES_N_VARIANTS; i++)
    {
      const TttRules *rules = ttt_rules_all[i];
      gboolean *placed;

      g_assert_cmpint (rules->n_cells, ==, rules->rows * rules->columns);
      g_assert_cmpint (rules->n_cells, <=, TTT_RULES_MAX_CELLS);
      g_assert_cmpint (rules->n_blocks, >=, 1);
      g_assert_cmpint (rules->n_cells % rules->n_blocks, ==, 0);
      g_assert_cmpint (rules->cell_row (-1), ==, -1);
      g_assert_cmpint (rules->cell_column (-1), ==, -1);
      g_assert_cmpint (rules->cell_row (rules->n_cells), ==, -1);
      g_assert_cmpint (rules->cell_column (rules->n_cells), ==, -1);

      /* Each cell its own place on the grid. */
      placed = g_new0 (gboolean, rules->n_cells);
      for (int cell = 0; cell < rules->n_cells; cell++)
        {
          int row = rules->cell_row (cell);
          int column = rules->cell_column (cell);

          g_assert_cmpint (row, >=, 0);
          g_assert_cmpint (row, <, rules->rows);
          g_assert_cmpint (column, >=, 0);
          g_assert_cmpint (column, <, rules->columns);
          g_assert_false (placed[row * rules->columns + column]);
          placed[row * rules->columns + column] = TRUE;

          if (is_ultimate (rules))
            {
              g_assert_cmpint (ttt_ultimate_move_at (row, column), ==, cell);
              /* The cell's block is its small board. */
              g_assert_cmpint ((row / 3) * 3 + column / 3, ==, cell / (rules->n_cells / rules->n_blocks));
            }
          else
            {
              g_assert_cmpint (row * 3 + column, ==, cell);
            }
        }
      g_free (placed);
    }

  g_assert_cmpint (ttt_rules_ultimate.n_blocks, ==, 9);
  g_assert_cmpint (ttt_rules_classic.n_blocks, ==, 1);
  g_assert_cmpint (ttt_rules_misere.n_cells, ==, 9);
}

/* Errors */

static void
check_refuses (const TttRules         *rules,
               const TttRulesPosition *bad)
{
  TttRulesPosition pos = *bad;
  TttRulesEffects effects;
  TttRulesEffects untouched;
  int moves[TTT_RULES_MAX_CELLS];
  char text[TTT_RULES_TEXT_SIZE];

  for (int move = -1; move <= rules->n_cells; move++)
    {
      g_assert_cmpint (rules->play (&pos, move), ==, TTT_ERROR_INVALID_ARGUMENT);
      assert_same_position (&pos, bad);
      g_assert_false (rules->is_legal (&pos, move));
      g_assert_cmpint (rules->get (&pos, move), ==, TTT_MARK_NONE);
      memset (&effects, 0x5a, sizeof effects);
      untouched = effects;
      g_assert_cmpint (rules->effects (&pos, move, &effects), ==, TTT_ERROR_INVALID_ARGUMENT);
      g_assert_cmpmem (&effects, sizeof effects, &untouched, sizeof untouched);
    }
  g_assert_cmpint (rules->legal_moves (&pos, moves), ==, -1);
  g_assert_cmpint (rules->outcome (&pos), ==, TTT_OUTCOME_INVALID);
  g_assert_cmphex (rules->winning_cells (&pos), ==, 0);
  g_assert_cmpint (rules->turn (&pos), ==, TTT_MARK_NONE);
  g_assert_cmpint (rules->n_moves (&pos), ==, -1);
  strcpy (text, "not empty");
  g_assert_cmpint (rules->format (&pos, text), ==, TTT_ERROR_INVALID_ARGUMENT);
  g_assert_cmpstr (text, ==, "");
  assert_same_position (&pos, bad);
}

static void
test_errors (void)
{
  for (int i = 0; i < TTT_RULES_N_VARIANTS; i++)
    {
      const TttRules *rules = ttt_rules_all[i];
      TttRulesPosition pos, before, bad;
      TttRulesEffects effects;
      int moves[TTT_RULES_MAX_CELLS];
      char text[TTT_RULES_TEXT_SIZE];

      /* NULL anywhere. */
      rules->clear (NULL);
      rules->clear (&pos);
      g_assert_cmpint (rules->play (NULL, 0), ==, TTT_ERROR_INVALID_ARGUMENT);
      g_assert_false (rules->is_legal (NULL, 0));
      g_assert_cmpint (rules->legal_moves (NULL, moves), ==, -1);
      g_assert_cmpint (rules->legal_moves (&pos, NULL), ==, -1);
      g_assert_cmpint (rules->outcome (NULL), ==, TTT_OUTCOME_INVALID);
      g_assert_cmphex (rules->winning_cells (NULL), ==, 0);
      g_assert_cmpint (rules->turn (NULL), ==, TTT_MARK_NONE);
      g_assert_cmpint (rules->get (NULL, 0), ==, TTT_MARK_NONE);
      g_assert_cmpint (rules->n_moves (NULL), ==, -1);
      g_assert_cmpint (rules->parse (NULL, "........."), ==, TTT_ERROR_INVALID_ARGUMENT);
      g_assert_cmpint (rules->format (NULL, text), ==, TTT_ERROR_INVALID_ARGUMENT);
      g_assert_cmpstr (text, ==, "");
      g_assert_cmpint (rules->format (&pos, NULL), ==, TTT_ERROR_INVALID_ARGUMENT);
      g_assert_cmpint (rules->effects (NULL, 0, &effects), ==, TTT_ERROR_INVALID_ARGUMENT);
      g_assert_cmpint (rules->effects (&pos, 0, NULL), ==, TTT_ERROR_INVALID_ARGUMENT);

      /* Text that is not a position changes nothing. */
      g_assert_cmpint (rules->play (&pos, 0), ==, TTT_OK);
      before = pos;
      /* (NULL text is INVALID_TEXT to the classic parser, INVALID_ARGUMENT
       * to Ultimate's: the interface answers as its variant does.) */
      g_assert_cmpint (rules->parse (&pos, NULL), !=, TTT_OK);
      g_assert_cmpint (rules->parse (&pos, "nonsense"), ==, TTT_ERROR_INVALID_TEXT);
      g_assert_cmpint (rules->parse (&pos, ""), ==, TTT_ERROR_INVALID_TEXT);
      assert_same_position (&pos, &before);

      /* The ordinary errors of a move change nothing either. */
      g_assert_cmpint (rules->play (&pos, 0), ==, TTT_ERROR_OCCUPIED);
      g_assert_cmpint (rules->play (&pos, -1), ==, TTT_ERROR_OUT_OF_RANGE);
      g_assert_cmpint (rules->play (&pos, rules->n_cells), ==, TTT_ERROR_OUT_OF_RANGE);
      assert_same_position (&pos, &before);

      /* A position no game reaches: an X on a cell O holds too. */
      rules->clear (&bad);
      if (is_ultimate (rules))
        {
          bad.ultimate.x[4] = 1;
          bad.ultimate.o[4] = 1;
        }
      else
        {
          bad.board.x = 1;
          bad.board.o = 1;
        }
      check_refuses (rules, &bad);

      /* And one whose side to move is wrong. */
      rules->clear (&bad);
      if (is_ultimate (rules))
        bad.ultimate.turn = TTT_MARK_O;
      else
        bad.board.o = 1;
      check_refuses (rules, &bad);
    }
}

/* A finished game refuses every move as over. */
static void
test_game_over (void)
{
  const struct
  {
    const TttRules *rules;
    const char     *text;
  } cases[] = {
    { &ttt_rules_classic, "XXX/OO./..." },
    { &ttt_rules_misere, "XXX/OO./..." },
    { &ttt_rules_classic, "XOX/XOO/OXX" },
    { &ttt_rules_misere, "XOX/XOO/OXX" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      const TttRules *rules = cases[i].rules;
      TttRulesPosition pos, before;
      int moves[TTT_RULES_MAX_CELLS];

      g_assert_cmpint (rules->parse (&pos, cases[i].text), ==, TTT_OK);
      before = pos;
      g_assert_cmpint (rules->legal_moves (&pos, moves), ==, 0);
      g_assert_cmpint (rules->turn (&pos), ==, TTT_MARK_NONE);
      for (int move = 0; move < rules->n_cells; move++)
        {
          TttStatus status = rules->play (&pos, move);

          g_assert_true (status == TTT_ERROR_GAME_OVER);
          assert_same_position (&pos, &before);
        }
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/rules/registry", test_registry);
  g_test_add_func ("/rules/geometry", test_geometry);
  g_test_add_func ("/rules/classic/every-position", test_classic);
  g_test_add_func ("/rules/misere/every-position", test_misere);
  g_test_add_func ("/rules/misere/classic-turned", test_misere_is_classic_turned);
  g_test_add_func ("/rules/ultimate/random-games", test_ultimate);
  g_test_add_func ("/rules/errors", test_errors);
  g_test_add_func ("/rules/solved", test_solved);
  g_test_add_func ("/rules/game-over", test_game_over);

  return g_test_run ();
}
