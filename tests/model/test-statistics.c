/* test-statistics.c — the results per level, kept, saved and carried over
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * TttStatistics on its own (counts, streaks, saturation, merge and
 * reset), bound to a results file (saved and read back, the old key and
 * the first release's scores carried over, what is wrong with a broken
 * key said), then as a game counts into it: once, when the game ends,
 * for good.
 */

#include <string.h>

#include "model-helpers.h"
#include "ttt-record-file.h"
#include "ttt-variants.h"

static const TttTally zero;

static void
assert_tally (TttStatistics *statistics,
              TttTallyId     id,
              guint32        won,
              guint32        drawn,
              guint32        lost,
              guint32        streak,
              guint32        best_streak)
{
  TttTally tally;

  ttt_statistics_get_tally (statistics, id, &tally);
  g_assert_cmpuint (tally.won, ==, won);
  g_assert_cmpuint (tally.drawn, ==, drawn);
  g_assert_cmpuint (tally.lost, ==, lost);
  g_assert_cmpuint (tally.streak, ==, streak);
  g_assert_cmpuint (tally.best_streak, ==, best_streak);
}

/* Which tallies said they changed, as bits, and how often. */
typedef struct
{
  guint ids;
  guint n_changed;
  guint n_can_reset;
} Changes;

static void
changed_cb (TttStatistics *statistics,
            TttTallyId     id,
            Changes       *changes)
{
  g_assert_cmpint (id, <, TTT_N_TALLIES);
  changes->ids |= 1u << id;
  changes->n_changed++;
}

static void
watch (TttStatistics *statistics,
       Changes       *changes)
{
  memset (changes, 0, sizeof *changes);
  g_signal_connect (statistics, "changed", G_CALLBACK (changed_cb), changes);
  g_signal_connect_swapped (statistics, "notify::can-reset", G_CALLBACK (ttt_test_count_cb),
                            &changes->n_can_reset);
}

/* Counting */

/* Each result of each level goes into that tally and no other. */
static void
test_record (void)
{
  for (TttTallyId id = 0; id < TTT_N_TALLIES; id++)
    for (TttResult result = TTT_RESULT_WON; result <= TTT_RESULT_LOST; result++)
      {
        g_autoptr(TttStatistics) statistics = ttt_statistics_new ();
        Changes changes;
        gboolean can_reset;

        watch (statistics, &changes);
        g_assert_false (ttt_statistics_get_can_reset (statistics));

        ttt_statistics_record (statistics, id, result);
        ttt_statistics_record (statistics, id, result);

        for (TttTallyId other = 0; other < TTT_N_TALLIES; other++)
          {
            TttTally tally;

            ttt_statistics_get_tally (statistics, other, &tally);
            if (other != id)
              {
                g_assert_true (ttt_tally_is_empty (&tally));
                continue;
              }
            g_assert_cmpuint (tally.won, ==, result == TTT_RESULT_WON ? 2 : 0);
            g_assert_cmpuint (tally.drawn, ==, result == TTT_RESULT_DRAWN ? 2 : 0);
            g_assert_cmpuint (tally.lost, ==, result == TTT_RESULT_LOST ? 2 : 0);
            g_assert_cmpuint (ttt_tally_get_games (&tally), ==, 2);
          }

        /* Told once per game, and can-reset once, when it first became so. */
        g_assert_cmphex (changes.ids, ==, 1u << id);
        g_assert_cmpuint (changes.n_changed, ==, 2);
        g_assert_cmpuint (changes.n_can_reset, ==, 1);
        g_object_get (statistics, "can-reset", &can_reset, NULL);
        g_assert_true (can_reset);
      }
}

static void
test_streaks (void)
{
  g_autoptr(TttStatistics) statistics = ttt_statistics_new ();

  /* The case: win, win, draw. */
  ttt_statistics_record (statistics, TTT_TALLY_MEDIUM, TTT_RESULT_WON);
  assert_tally (statistics, TTT_TALLY_MEDIUM, 1, 0, 0, 1, 1);
  ttt_statistics_record (statistics, TTT_TALLY_MEDIUM, TTT_RESULT_WON);
  assert_tally (statistics, TTT_TALLY_MEDIUM, 2, 0, 0, 2, 2);
  ttt_statistics_record (statistics, TTT_TALLY_MEDIUM, TTT_RESULT_DRAWN);
  assert_tally (statistics, TTT_TALLY_MEDIUM, 2, 1, 0, 0, 2);

  /* A loss ends a streak too; the best stays until a longer run. */
  ttt_statistics_record (statistics, TTT_TALLY_MEDIUM, TTT_RESULT_WON);
  ttt_statistics_record (statistics, TTT_TALLY_MEDIUM, TTT_RESULT_LOST);
  assert_tally (statistics, TTT_TALLY_MEDIUM, 3, 1, 1, 0, 2);
  for (int i = 0; i < 3; i++)
    ttt_statistics_record (statistics, TTT_TALLY_MEDIUM, TTT_RESULT_WON);
  assert_tally (statistics, TTT_TALLY_MEDIUM, 6, 1, 1, 3, 3);

  /* Levels keep their own streaks. */
  ttt_statistics_record (statistics, TTT_TALLY_HARD, TTT_RESULT_LOST);
  assert_tally (statistics, TTT_TALLY_MEDIUM, 6, 1, 1, 3, 3);
  assert_tally (statistics, TTT_TALLY_HARD, 0, 0, 1, 0, 0);
}

/* X's wins, draws and O's wins; two people have no streaks. */
static void
test_two_players (void)
{
  g_autoptr(TttStatistics) statistics = ttt_statistics_new ();

  ttt_statistics_record (statistics, TTT_TALLY_TWO_PLAYERS, TTT_RESULT_WON);
  ttt_statistics_record (statistics, TTT_TALLY_TWO_PLAYERS, TTT_RESULT_WON);
  ttt_statistics_record (statistics, TTT_TALLY_TWO_PLAYERS, TTT_RESULT_DRAWN);
  ttt_statistics_record (statistics, TTT_TALLY_TWO_PLAYERS, TTT_RESULT_LOST);
  assert_tally (statistics, TTT_TALLY_TWO_PLAYERS, 2, 1, 1, 0, 0);
  for (TttTallyId id = TTT_TALLY_EASY; id <= TTT_TALLY_HARD; id++)
    assert_tally (statistics, id, 0, 0, 0, 0, 0);
}

/* At the most the settings hold, a count stays: no warning (they are
 * fatal here), no wrap to 0, and nothing said to have changed. */
static void
test_saturate (void)
{
  g_autoptr(TttStatistics) statistics = ttt_statistics_new ();
  const TttTally full = { G_MAXUINT32, G_MAXUINT32, G_MAXUINT32, G_MAXUINT32, G_MAXUINT32 };
  const TttTally almost = { G_MAXUINT32 - 1, G_MAXUINT32 - 1, 5, G_MAXUINT32 - 1, G_MAXUINT32 - 1 };
  Changes changes;

  ttt_statistics_merge (statistics, TTT_TALLY_EASY, &full);
  ttt_statistics_merge (statistics, TTT_TALLY_HARD, &almost);
  watch (statistics, &changes);

  for (TttResult result = TTT_RESULT_WON; result <= TTT_RESULT_LOST; result++)
    ttt_statistics_record (statistics, TTT_TALLY_EASY, result);
  ttt_statistics_record (statistics, TTT_TALLY_EASY, TTT_RESULT_WON);
  /* A draw and a loss end the streak, which then grows again by one. */
  assert_tally (statistics, TTT_TALLY_EASY, G_MAXUINT32, G_MAXUINT32, G_MAXUINT32, 1, G_MAXUINT32);
  g_assert_cmpuint (ttt_tally_get_games (&full), ==, 3 * (guint64) G_MAXUINT32);

  /* One below the top: up to it, and no further. */
  ttt_statistics_record (statistics, TTT_TALLY_HARD, TTT_RESULT_WON);
  assert_tally (statistics, TTT_TALLY_HARD, G_MAXUINT32, G_MAXUINT32 - 1, 5, G_MAXUINT32, G_MAXUINT32);
  changes.n_changed = 0;
  ttt_statistics_record (statistics, TTT_TALLY_HARD, TTT_RESULT_WON);
  assert_tally (statistics, TTT_TALLY_HARD, G_MAXUINT32, G_MAXUINT32 - 1, 5, G_MAXUINT32, G_MAXUINT32);
  g_assert_cmpuint (changes.n_changed, ==, 0);

  /* Merging saturates too. */
  ttt_statistics_merge (statistics, TTT_TALLY_HARD, &full);
  assert_tally (statistics, TTT_TALLY_HARD, G_MAXUINT32, G_MAXUINT32, G_MAXUINT32, G_MAXUINT32, G_MAXUINT32);
}

static void
test_win_percent (void)
{
  static const struct
  {
    guint32 won, drawn, lost;
    int     percent;
  } cases[] = {
    { 0, 0, 0, -1 },
    { 2, 1, 0, 67 },
    { 1, 1, 0, 50 },
    { 1, 2, 0, 33 },
    { 3, 0, 0, 100 },
    { 0, 2, 5, 0 },
    /* Nearly all, or nearly none, is not all or none. */
    { 999, 0, 1, 99 },
    { 1, 998, 1, 1 },
    { G_MAXUINT32, G_MAXUINT32, G_MAXUINT32, 33 },
    { G_MAXUINT32, 0, 1, 99 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      TttTally tally = { cases[i].won, cases[i].drawn, cases[i].lost, 0, 0 };

      g_assert_cmpint (ttt_tally_get_win_percent (&tally), ==, cases[i].percent);
    }
}

/* Against Hard the figure that can grow: games won or drawn. */
static void
test_not_lost_percent (void)
{
  static const struct
  {
    guint32 won, drawn, lost;
    int     percent;
  } cases[] = {
    { 0, 0, 0, -1 },
    { 0, 1, 1, 50 },
    { 0, 2, 1, 67 },
    { 0, 0, 4, 0 },
    { 0, 999, 1, 99 },
    { 0, 1, 998, 1 },
    { 1, 1, 0, 100 },
    { G_MAXUINT32, G_MAXUINT32, G_MAXUINT32, 67 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      TttTally tally = { cases[i].won, cases[i].drawn, cases[i].lost, 0, 0 };

      g_assert_cmpint (ttt_tally_get_not_lost_percent (&tally), ==, cases[i].percent);
    }
}

/* Reset and undo */

static void
test_reset_and_merge (void)
{
  g_autoptr(TttStatistics) statistics = ttt_statistics_new ();
  TttTally before;
  Changes changes;

  for (int i = 0; i < 3; i++)
    ttt_statistics_record (statistics, TTT_TALLY_EASY, TTT_RESULT_WON);
  ttt_statistics_record (statistics, TTT_TALLY_HARD, TTT_RESULT_DRAWN);
  watch (statistics, &changes);

  /* One tally, and back: as if nothing happened. */
  ttt_statistics_get_tally (statistics, TTT_TALLY_EASY, &before);
  ttt_statistics_reset (statistics, TTT_TALLY_EASY);
  assert_tally (statistics, TTT_TALLY_EASY, 0, 0, 0, 0, 0);
  assert_tally (statistics, TTT_TALLY_HARD, 0, 1, 0, 0, 0);
  g_assert_cmphex (changes.ids, ==, 1u << TTT_TALLY_EASY);
  ttt_statistics_merge (statistics, TTT_TALLY_EASY, &before);
  assert_tally (statistics, TTT_TALLY_EASY, 3, 0, 0, 3, 3);

  /* Wins since the reset carry the streak on... */
  ttt_statistics_reset (statistics, TTT_TALLY_EASY);
  ttt_statistics_record (statistics, TTT_TALLY_EASY, TTT_RESULT_WON);
  ttt_statistics_merge (statistics, TTT_TALLY_EASY, &before);
  assert_tally (statistics, TTT_TALLY_EASY, 4, 0, 0, 4, 4);

  /* ...a loss since ends it, and the best is the better of the two. */
  ttt_statistics_get_tally (statistics, TTT_TALLY_EASY, &before);
  ttt_statistics_reset (statistics, TTT_TALLY_EASY);
  ttt_statistics_record (statistics, TTT_TALLY_EASY, TTT_RESULT_LOST);
  ttt_statistics_record (statistics, TTT_TALLY_EASY, TTT_RESULT_WON);
  ttt_statistics_merge (statistics, TTT_TALLY_EASY, &before);
  assert_tally (statistics, TTT_TALLY_EASY, 5, 0, 1, 1, 4);

  /* All of them: can-reset goes, and comes back with the undo. */
  changes.n_can_reset = 0;
  changes.ids = 0;
  {
    TttTally all[TTT_N_TALLIES];

    for (TttTallyId id = 0; id < TTT_N_TALLIES; id++)
      ttt_statistics_get_tally (statistics, id, &all[id]);
    ttt_statistics_reset_all (statistics);
    g_assert_false (ttt_statistics_get_can_reset (statistics));
    g_assert_cmpuint (changes.n_can_reset, ==, 1);
    /* Only the tallies that held something changed. */
    g_assert_cmphex (changes.ids, ==, (1u << TTT_TALLY_EASY) | (1u << TTT_TALLY_HARD));

    for (TttTallyId id = 0; id < TTT_N_TALLIES; id++)
      ttt_statistics_merge (statistics, id, &all[id]);
    g_assert_true (ttt_statistics_get_can_reset (statistics));
    g_assert_cmpuint (changes.n_can_reset, ==, 2);
    assert_tally (statistics, TTT_TALLY_EASY, 5, 0, 1, 1, 4);
    assert_tally (statistics, TTT_TALLY_HARD, 0, 1, 0, 0, 0);
  }

  /* Resetting what is empty says nothing. */
  ttt_statistics_reset_all (statistics);
  changes.n_changed = 0;
  ttt_statistics_reset_all (statistics);
  ttt_statistics_reset (statistics, TTT_TALLY_MEDIUM);
  ttt_statistics_merge (statistics, TTT_TALLY_MEDIUM, &zero);
  g_assert_cmpuint (changes.n_changed, ==, 0);
}

/* The tallies since the first release */

/* The tallies that came with Ultimate and network play count as the
 * classic ones do, each apart (a key from before them, with the classic
 * tallies only, is carried over by /statistics/migrate/quiet). */
static void
test_tallies_since (void)
{
  g_autoptr(TttStatistics) statistics = ttt_statistics_new ();
  TttTally tally;

  ttt_statistics_record (statistics, TTT_TALLY_EASY, TTT_RESULT_WON);
  ttt_statistics_record (statistics, TTT_TALLY_EASY, TTT_RESULT_WON);

  /* The Ultimate tallies count as the classic ones do: streaks against
   * the computer, none between two people. */
  ttt_statistics_record (statistics, TTT_TALLY_ID (TTT_VARIANT_ULTIMATE, TTT_TALLY_EASY), TTT_RESULT_WON);
  ttt_statistics_record (statistics, TTT_TALLY_ID (TTT_VARIANT_ULTIMATE, TTT_TALLY_TWO_PLAYERS), TTT_RESULT_WON);
  ttt_statistics_get_tally (statistics, TTT_TALLY_ID (TTT_VARIANT_ULTIMATE, TTT_TALLY_EASY), &tally);
  g_assert_cmpuint (tally.streak, ==, 1);
  ttt_statistics_get_tally (statistics, TTT_TALLY_ID (TTT_VARIANT_ULTIMATE, TTT_TALLY_TWO_PLAYERS), &tally);
  g_assert_cmpuint (tally.won, ==, 1);
  g_assert_cmpuint (tally.streak, ==, 0);
  ttt_statistics_get_tally (statistics, TTT_TALLY_EASY, &tally);
  g_assert_cmpuint (tally.won, ==, 2);

  /* Medium, which Ultimate does not have, counts as its Club. */
  g_assert_cmpint (ttt_tally_id_for_game (TTT_VARIANT_ULTIMATE, FALSE, TTT_LEVEL_MEDIUM), ==,
                   TTT_TALLY_ID (TTT_VARIANT_ULTIMATE, TTT_TALLY_CLUB));
  g_assert_cmpint (ttt_tally_id_for_game (TTT_VARIANT_ULTIMATE, FALSE, TTT_LEVEL_STRONG), ==,
                   TTT_TALLY_ID (TTT_VARIANT_ULTIMATE, TTT_TALLY_STRONG));
  g_assert_cmpint (ttt_tally_id_for_game (TTT_VARIANT_ULTIMATE, TRUE, TTT_LEVEL_MEDIUM), ==,
                   TTT_TALLY_ID (TTT_VARIANT_ULTIMATE, TTT_TALLY_TWO_PLAYERS));
  g_assert_cmpint (ttt_tally_id_for_game (TTT_VARIANT_CLASSIC, FALSE, TTT_LEVEL_HARD), ==,
                   TTT_TALLY_HARD);
  g_assert_cmpint (ttt_tally_id_for_game (TTT_VARIANT_CLASSIC, TRUE, TTT_LEVEL_HARD), ==,
                   TTT_TALLY_TWO_PLAYERS);

  /* Games against someone elsewhere are counted by game too, Ultimate's
   * in a tally that came last (saved as "ultimate-network"). */
  g_assert_cmpint (ttt_tally_id_for_network (TTT_VARIANT_CLASSIC), ==, TTT_TALLY_NETWORK);
  g_assert_cmpint (ttt_tally_id_for_network (TTT_VARIANT_ULTIMATE), ==, TTT_TALLY_ID (TTT_VARIANT_ULTIMATE, TTT_TALLY_NETWORK));
  for (TttTallyId id = 0; id < TTT_N_TALLIES; id++)
    g_assert_cmpint (ttt_tally_id_is_network (id), ==,
                     id == TTT_TALLY_NETWORK || id == TTT_TALLY_ID (TTT_VARIANT_ULTIMATE, TTT_TALLY_NETWORK) ||
                     id == TTT_TALLY_ID (TTT_VARIANT_MISERE, TTT_TALLY_NETWORK));
  g_assert_cmpint (ttt_tally_id_get_variant (TTT_TALLY_ID (TTT_VARIANT_ULTIMATE, TTT_TALLY_NETWORK)), ==, TTT_VARIANT_ULTIMATE);
  g_assert_false (ttt_tally_id_is_two_players (TTT_TALLY_ID (TTT_VARIANT_ULTIMATE, TTT_TALLY_NETWORK)));
  ttt_statistics_record (statistics, TTT_TALLY_ID (TTT_VARIANT_ULTIMATE, TTT_TALLY_NETWORK), TTT_RESULT_WON);
  ttt_statistics_get_tally (statistics, TTT_TALLY_ID (TTT_VARIANT_ULTIMATE, TTT_TALLY_NETWORK), &tally);
  g_assert_cmpuint (tally.won, ==, 1);
  g_assert_cmpuint (tally.streak, ==, 1);
  ttt_statistics_get_tally (statistics, TTT_TALLY_NETWORK, &tally);
  g_assert_true (ttt_tally_is_empty (&tally));
  /* Saved by its own name, read back as itself. */
  {
    TttRecord record = { TTT_RECORD_GAME, 1, TTT_TALLY_ID (TTT_VARIANT_ULTIMATE, TTT_TALLY_NETWORK), TTT_RESULT_WON, 40 };
    g_autofree char *line = ttt_record_to_line (&record);
    TttRecord read;

    g_assert_nonnull (strstr (line, "\tultimate-network\t"));
    g_assert_cmpint (ttt_record_parse_line (g_strchomp (line), &read), ==, TTT_RECORD_LINE_READ);
    g_assert_cmpint (read.tally, ==, TTT_TALLY_ID (TTT_VARIANT_ULTIMATE, TTT_TALLY_NETWORK));
  }
}

/* Bound to a results file */

/* A folder of the test's own, and the results file in it. */
typedef struct
{
  char *folder;
  char *path;
} Results;

static void
results_init (Results *results)
{
  g_autoptr(GError) error = NULL;

  results->folder = g_dir_make_tmp ("tictactoe-statistics-XXXXXX", &error);
  g_assert_no_error (error);
  results->path = g_build_filename (results->folder, "tictactoe", "results", NULL);
}

static void
results_clear (Results *results)
{
  ttt_test_remove_tree (results->folder);
  g_clear_pointer (&results->folder, g_free);
  g_clear_pointer (&results->path, g_free);
}

/* A game's statistics on @results, with @settings to carry over from. */
static TttStatistics *
bound_statistics (Results   *results,
                  GSettings *settings)
{
  g_autoptr(TttRecordFile) records = ttt_record_file_new (results->path);
  TttStatistics *statistics = ttt_statistics_new ();

  ttt_statistics_bind_records (statistics, records, settings);
  return statistics;
}

static guint
count_records (Results *results)
{
  g_autofree char *text = NULL;
  guint n = 0;

  if (!g_file_get_contents (results->path, &text, NULL, NULL))
    return 0;
  for (const char *p = text; *p != '\0'; p++)
    n += *p == '\n';
  return n;
}

static void
test_records_bind (void)
{
  Results results;
  g_autoptr(TttStatistics) statistics = NULL;
  g_autoptr(TttStatistics) other = NULL;
  Changes changes;

  results_init (&results);

  /* A fresh start says nothing and writes nothing. */
  statistics = bound_statistics (&results, NULL);
  g_assert_false (ttt_statistics_get_can_reset (statistics));
  g_assert_cmpuint (count_records (&results), ==, 0);
  watch (statistics, &changes);

  /* A game counted is a game saved: a later start reads it back. */
  ttt_statistics_record (statistics, TTT_TALLY_HARD, TTT_RESULT_DRAWN);
  g_assert_cmpuint (count_records (&results), ==, 1);
  {
    g_autoptr(TttStatistics) later = bound_statistics (&results, NULL);

    assert_tally (later, TTT_TALLY_HARD, 0, 1, 0, 0, 0);
  }

  /* Resetting all is one write. */
  ttt_statistics_record (statistics, TTT_TALLY_EASY, TTT_RESULT_WON);
  ttt_statistics_record (statistics, TTT_TALLY_TWO_PLAYERS, TTT_RESULT_WON);
  g_assert_cmpuint (count_records (&results), ==, 3);
  ttt_statistics_reset_all (statistics);
  g_assert_cmpuint (count_records (&results), ==, 4);
  g_assert_false (ttt_statistics_get_can_reset (statistics));

  /* Results another game writes (another window, another login) come
   * in when the file is read again, as its monitor does, and are told. */
  other = bound_statistics (&results, NULL);
  ttt_statistics_record (other, TTT_TALLY_MEDIUM, TTT_RESULT_WON);
  ttt_statistics_record (other, TTT_TALLY_MEDIUM, TTT_RESULT_LOST);
  ttt_statistics_record (other, TTT_TALLY_MEDIUM, TTT_RESULT_WON);
  changes.ids = 0;
  ttt_statistics_reload (statistics);
  assert_tally (statistics, TTT_TALLY_MEDIUM, 2, 0, 1, 1, 1);
  g_assert_cmphex (changes.ids, ==, 1u << TTT_TALLY_MEDIUM);

  g_signal_handlers_disconnect_by_data (statistics, &changes);
  g_clear_object (&statistics);
  g_clear_object (&other);
  results_clear (&results);
}

/* Every tally, saved and read back by a later start, is the same. */
static void
test_records_round_trip (void)
{
  Results results;
  g_autoptr(TttStatistics) a = NULL;
  g_autoptr(TttStatistics) b = NULL;

  results_init (&results);
  a = bound_statistics (&results, NULL);
  ttt_statistics_record (a, TTT_TALLY_EASY, TTT_RESULT_WON);
  ttt_statistics_record (a, TTT_TALLY_MEDIUM, TTT_RESULT_DRAWN);
  ttt_statistics_record (a, TTT_TALLY_HARD, TTT_RESULT_LOST);
  ttt_statistics_record (a, TTT_TALLY_TWO_PLAYERS, TTT_RESULT_LOST);
  ttt_statistics_record (a, TTT_TALLY_NETWORK, TTT_RESULT_WON);
  ttt_statistics_record (a, TTT_TALLY_ID (TTT_VARIANT_ULTIMATE, TTT_TALLY_HARD), TTT_RESULT_WON);
  ttt_statistics_record (a, TTT_TALLY_ID (TTT_VARIANT_ULTIMATE, TTT_TALLY_TWO_PLAYERS), TTT_RESULT_DRAWN);
  ttt_statistics_record (a, TTT_TALLY_ID (TTT_VARIANT_ULTIMATE, TTT_TALLY_NETWORK), TTT_RESULT_LOST);
  assert_tally (a, TTT_TALLY_EASY, 1, 0, 0, 1, 1);
  assert_tally (a, TTT_TALLY_ID (TTT_VARIANT_ULTIMATE, TTT_TALLY_EASY), 0, 0, 0, 0, 0);

  b = bound_statistics (&results, NULL);
  for (TttTallyId id = 0; id < TTT_N_TALLIES; id++)
    {
      TttTally ta, tb;

      ttt_statistics_get_tally (a, id, &ta);
      ttt_statistics_get_tally (b, id, &tb);
      g_assert_cmpmem (&ta, sizeof ta, &tb, sizeof tb);
    }

  g_clear_object (&a);
  g_clear_object (&b);
  results_clear (&results);
}

/* The old key, someone broke it: its good entries are carried over into
 * the results file, what was wrong is said once, and the key is left as
 * it was (nothing of it is lost); the next start finds nothing to say. */
static void
child_migrate_broken (void)
{
  g_autoptr(GSettings) settings = ttt_test_memory_settings (NULL);
  g_autoptr(GVariant) broken = g_variant_parse (G_VARIANT_TYPE ("a{s(uuuuu)}"),
                                                "{'easy': (3, 1, 2, 1, 2), 'hard': (9, 9, 9, 9, 1)}",
                                                NULL, NULL, NULL);
  g_autoptr(GVariant) after = NULL;
  Results results;

  results_init (&results);
  g_assert_true (g_settings_set_value (settings, "statistics", broken));

  {
    g_autoptr(TttStatistics) statistics = bound_statistics (&results, settings);

    assert_tally (statistics, TTT_TALLY_EASY, 3, 1, 2, 1, 2);
    assert_tally (statistics, TTT_TALLY_HARD, 0, 0, 0, 0, 0);
  }

  after = g_settings_get_value (settings, "statistics");
  g_assert_true (g_variant_equal (after, broken));

  /* Said once: the parent sees one report. */
  {
    g_autoptr(TttStatistics) statistics = bound_statistics (&results, settings);

    assert_tally (statistics, TTT_TALLY_EASY, 3, 1, 2, 1, 2);
  }

  results_clear (&results);
}

/* The report goes to stderr in the game's words, not as a GLib warning,
 * which G_DEBUG=fatal-warnings would make fatal: so it is read from a
 * child's stderr. */
static void
test_migrate_broken (void)
{
  if (g_test_subprocess ())
    {
      child_migrate_broken ();
      return;
    }

  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_passed ();
  g_test_trap_assert_stderr ("tictactoe: the statistics in the settings were repaired, keeping what was good: "
                             "*?hard? does not add up*?medium? is missing*?two-players? is missing*\n");
  g_test_trap_assert_stderr_unmatched ("*repaired*repaired*");
}

/* Broken keys: what is good is carried over, the rest is 0, and the
 * report names what was wrong. (A value of another type than the key's
 * is GSettings' to refuse: it reads as the default.) */
static const struct
{
  const char *text;
  const char *complaint;
  guint32     easy_won;  /* what is kept of a good "easy" (3, 1, 2, 1, 2) */
  guint32     hard_won;  /* and of a good "hard" (7, 0, 0, 0, 7) */
} broken_keys[] = {
  /* A level missing. */
  { "{'easy': (3, 1, 2, 1, 2), 'medium': (0, 0, 0, 0, 0), 'two-players': (0, 0, 0, 0, 0)}",
    "“hard” is missing", 3, 0 },
  /* Streaks that counting games cannot give. */
  { "{'easy': (3, 1, 2, 4, 4), 'hard': (7, 0, 0, 0, 7)}", "“easy” does not add up", 0, 7 },
  { "{'easy': (3, 1, 2, 2, 1), 'hard': (7, 0, 0, 0, 7)}", "“easy” does not add up", 0, 7 },
  { "{'easy': (3, 1, 2, 1, 2), 'two-players': (1, 1, 1, 1, 1)}", "“two-players” does not add up", 3, 0 },
  /* Names it does not know, and names twice: the first one counts. */
  { "{'easy': (3, 1, 2, 1, 2), 'expert': (1, 0, 0, 1, 1)}", "“expert” is not a tally", 3, 0 },
  { "{'easy': (3, 1, 2, 1, 2), 'easy': (9, 9, 9, 9, 9)}", "“easy” comes twice", 3, 0 },
};

static void
child_migrate_broken_key (guint i)
{
  g_autoptr(GSettings) settings = ttt_test_memory_settings (NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(GVariant) value = g_variant_parse (G_VARIANT_TYPE ("a{s(uuuuu)}"), broken_keys[i].text,
                                               NULL, NULL, &error);
  g_autoptr(TttStatistics) statistics = NULL;
  Results results;
  TttTally tally;

  g_assert_no_error (error);
  g_assert_true (g_settings_set_value (settings, "statistics", value));
  results_init (&results);
  statistics = bound_statistics (&results, settings);

  ttt_statistics_get_tally (statistics, TTT_TALLY_EASY, &tally);
  g_assert_cmpuint (tally.won, ==, broken_keys[i].easy_won);
  if (broken_keys[i].easy_won != 0)
    assert_tally (statistics, TTT_TALLY_EASY, 3, 1, 2, 1, 2);
  ttt_statistics_get_tally (statistics, TTT_TALLY_HARD, &tally);
  g_assert_cmpuint (tally.won, ==, broken_keys[i].hard_won);

  g_clear_object (&statistics);
  results_clear (&results);
}

static void
test_migrate_broken_keys (void)
{
  if (g_test_subprocess ())
    {
      child_migrate_broken_key ((guint) g_ascii_strtoull (g_getenv ("TTT_BROKEN_KEY"), NULL, 10));
      return;
    }

  for (guint i = 0; i < G_N_ELEMENTS (broken_keys); i++)
    {
      g_autofree char *index = g_strdup_printf ("%u", i);
      g_autoptr(GString) complaint = g_string_new (broken_keys[i].complaint);
      g_autofree char *report = NULL;

      /* The child runs in the C locale, in which g_printerr() writes the
       * quotation marks as "?": either matches. */
      g_string_replace (complaint, "“", "?", 0);
      g_string_replace (complaint, "”", "?", 0);
      report = g_strconcat ("tictactoe: the statistics in the settings were repaired, "
                            "keeping what was good: *", complaint->str, "*\n", NULL);

      g_setenv ("TTT_BROKEN_KEY", index, TRUE);
      g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
      g_test_trap_assert_passed ();
      g_test_trap_assert_stderr (report);
    }
}

/* A key as a version before Ultimate wrote it, with the classic tallies
 * only: carried over whole, with nothing to say. */
static void
test_migrate_quiet (void)
{
  if (g_test_subprocess ())
    {
      g_autoptr(GSettings) settings = ttt_test_memory_settings (NULL);
      g_autoptr(GVariant) value = g_variant_parse (G_VARIANT_TYPE ("a{s(uuuuu)}"),
                                                   "{'easy': (2, 0, 1, 0, 2), 'medium': (0, 0, 0, 0, 0), "
                                                   "'hard': (0, 3, 0, 0, 0), 'two-players': (1, 1, 1, 0, 0)}",
                                                   NULL, NULL, NULL);
      g_autoptr(TttStatistics) statistics = NULL;
      Results results;

      results_init (&results);
      g_assert_true (g_settings_set_value (settings, "statistics", value));
      statistics = bound_statistics (&results, settings);
      assert_tally (statistics, TTT_TALLY_EASY, 2, 0, 1, 0, 2);
      assert_tally (statistics, TTT_TALLY_HARD, 0, 3, 0, 0, 0);
      assert_tally (statistics, TTT_TALLY_TWO_PLAYERS, 1, 1, 1, 0, 0);
      for (TttTallyId id = TTT_TALLY_NETWORK; id < TTT_N_TALLIES; id++)
        assert_tally (statistics, id, 0, 0, 0, 0, 0);
      g_clear_object (&statistics);
      results_clear (&results);
      return;
    }

  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_passed ();
  g_test_trap_assert_stderr_unmatched ("*tictactoe*");
}

/* A key of 20,000 entries is reported in one short line. */
static void
test_migrate_bounded (void)
{
  if (g_test_subprocess ())
    {
      g_autoptr(GSettings) settings = ttt_test_memory_settings (NULL);
      g_autoptr(TttStatistics) statistics = NULL;
      GVariantBuilder builder;
      Results results;

      g_variant_builder_init (&builder, G_VARIANT_TYPE ("a{s(uuuuu)}"));
      g_variant_builder_add (&builder, "{s(uuuuu)}", "easy", 3, 1, 2, 1, 2);
      for (guint i = 0; i < 20000; i++)
        {
          g_autofree char *name = g_strdup_printf ("x%u\x1b]0;title\x07", i);

          g_variant_builder_add (&builder, "{s(uuuuu)}", name, 1, 0, 0, 0, 0);
        }
      g_assert_true (g_settings_set_value (settings, "statistics", g_variant_builder_end (&builder)));

      results_init (&results);
      statistics = bound_statistics (&results, settings);
      assert_tally (statistics, TTT_TALLY_EASY, 3, 1, 2, 1, 2);
      g_clear_object (&statistics);
      results_clear (&results);
      return;
    }

  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_passed ();
  g_test_trap_assert_stderr ("tictactoe: the statistics*?x4\\x1b]0;title\\x07? is not a tally; and 199?? more\n");
  /* No control character of the key reaches the terminal, and only the
   * first few entries are named. */
  g_test_trap_assert_stderr_unmatched ("*\x1b*");
  g_test_trap_assert_stderr_unmatched ("*x5*");
}

/* The first release's six totals: into the level set at that moment and
 * two-players, as if played before the key's games, once; the keys are
 * left as they were. */
static void
test_migrate_scores (void)
{
  static const struct
  {
    const char *key;
    guint       value;
  } old[] = {
    { "score-human", 5 }, { "score-draws", 2 }, { "score-computer", 3 },
    { "score-x", 4 }, { "score-pair-draws", 6 }, { "score-o", 1 },
  };
  g_autoptr(GSettings) settings = ttt_test_memory_settings (NULL);
  g_autoptr(GVariant) before = g_variant_parse (G_VARIANT_TYPE ("a{s(uuuuu)}"),
                                                "{'easy': (0, 0, 0, 0, 0), 'medium': (0, 0, 0, 0, 0), "
                                                "'hard': (1, 0, 0, 1, 1), 'two-players': (0, 0, 0, 0, 0)}",
                                                NULL, NULL, NULL);
  Results results;

  results_init (&results);
  for (guint i = 0; i < G_N_ELEMENTS (old); i++)
    g_settings_set_uint (settings, old[i].key, old[i].value);
  g_settings_set_string (settings, "difficulty", "hard");
  /* A later game already counted in the key, as after going back to the
   * first release and forth again. */
  g_settings_set_value (settings, "statistics", before);

  {
    g_autoptr(TttStatistics) statistics = bound_statistics (&results, settings);

    /* The old games came first: the win since carries a streak of 1. */
    assert_tally (statistics, TTT_TALLY_HARD, 6, 2, 3, 1, 1);
    assert_tally (statistics, TTT_TALLY_TWO_PLAYERS, 4, 6, 1, 0, 0);
    assert_tally (statistics, TTT_TALLY_EASY, 0, 0, 0, 0, 0);
    assert_tally (statistics, TTT_TALLY_MEDIUM, 0, 0, 0, 0, 0);
  }

  for (guint i = 0; i < G_N_ELEMENTS (old); i++)
    g_assert_cmpuint (g_settings_get_uint (settings, old[i].key), ==, old[i].value);

  /* Once: the next start finds the same, not twice as many. */
  {
    g_autoptr(TttStatistics) statistics = bound_statistics (&results, settings);

    assert_tally (statistics, TTT_TALLY_HARD, 6, 2, 3, 1, 1);
    assert_tally (statistics, TTT_TALLY_TWO_PLAYERS, 4, 6, 1, 0, 0);
  }

  results_clear (&results);
}

/* A game counts */

/* Plays a game against @level to its end by @strategy; returns how it
 * ended for the person. */
static TttResult
play_game (TttGame         *game,
           TttLevel         level,
           TttTestStrategy  strategy)
{
  TttOutcome outcome;

  ttt_setup_set_difficulty (ttt_game_get_setup (game), level);
  ttt_game_start_new (game);
  ttt_test_play_out (game, strategy, NULL, NULL, NULL);
  outcome = ttt_game_get_outcome (game);

  if (outcome == TTT_OUTCOME_DRAW)
    return TTT_RESULT_DRAWN;
  if ((outcome == TTT_OUTCOME_X_WINS) == (ttt_game_get_human_mark (game) == TTT_MARK_X))
    return TTT_RESULT_WON;
  return TTT_RESULT_LOST;
}

/* Every finished game, once, into the tally of the level it was played
 * at, whatever it was set to meanwhile. */
static void
test_game_counts (void)
{
  g_autoptr(TttGame) game = ttt_test_game_new (17);
  TttStatistics *statistics = ttt_table_get_statistics (ttt_game_get_table (game));
  guint counted[TTT_N_TALLIES][3] = { { 0 } };
  guint n_lost_hard = 0;

  g_assert_true (TTT_IS_STATISTICS (statistics));

  for (guint i = 0; i < 30; i++)
    {
      TttLevel level = i % 3;
      TttTestStrategy strategy = i % 2 ? ttt_test_strategy_hint : ttt_test_strategy_lowest;
      TttResult result = play_game (game, level, strategy);

      counted[level][result]++;
      n_lost_hard += level == TTT_LEVEL_HARD && result == TTT_RESULT_LOST;

      for (TttTallyId id = 0; id < TTT_N_TALLIES; id++)
        {
          TttTally tally;

          ttt_statistics_get_tally (statistics, id, &tally);
          g_assert_cmpuint (tally.won, ==, counted[id][TTT_RESULT_WON]);
          g_assert_cmpuint (tally.drawn, ==, counted[id][TTT_RESULT_DRAWN]);
          g_assert_cmpuint (tally.lost, ==, counted[id][TTT_RESULT_LOST]);
        }

      /* Nothing more comes of a finished game. */
      ttt_test_drain ();
    }

  /* Perfect play draws against Hard, lowest-cell play loses to it. */
  g_assert_cmpuint (n_lost_hard, >, 0);
  g_assert_cmpuint (counted[TTT_LEVEL_HARD][TTT_RESULT_WON], ==, 0);
  g_assert_cmpuint (counted[TTT_LEVEL_HARD][TTT_RESULT_DRAWN], >, 0);

  /* A level changed mid-game counts the game where it was played. */
  {
    TttTally before, after;

    ttt_setup_set_difficulty (ttt_game_get_setup (game), TTT_LEVEL_HARD);
    ttt_game_start_new (game);
    g_assert_true (ttt_game_play (game, 0));
    ttt_test_wait_for_human (game);
    ttt_statistics_get_tally (statistics, TTT_TALLY_EASY, &before);
    ttt_setup_set_difficulty (ttt_game_get_setup (game), TTT_LEVEL_EASY);
    g_assert_cmpint (ttt_table_get_tally (ttt_game_get_table (game)), ==, TTT_TALLY_HARD);
    ttt_test_play_out (game, ttt_test_strategy_lowest, NULL, NULL, NULL);
    ttt_statistics_get_tally (statistics, TTT_TALLY_EASY, &after);
    g_assert_cmpmem (&before, sizeof before, &after, sizeof after);
    assert_tally (statistics, TTT_TALLY_HARD,
                  0, counted[TTT_LEVEL_HARD][TTT_RESULT_DRAWN], counted[TTT_LEVEL_HARD][TTT_RESULT_LOST] + 1,
                  0, 0);
  }
}

/* New Game, or a preference that restarts an empty game, counts nothing. */
static void
test_game_abandoned (void)
{
  g_autoptr(TttGame) game = ttt_test_game_new (18);
  TttStatistics *statistics = ttt_table_get_statistics (ttt_game_get_table (game));
  Changes changes;

  watch (statistics, &changes);
  ttt_game_start_new (game);

  /* Three moves cannot end a game against Medium, which blocks. */
  for (int moves = 1; moves <= 3; moves++)
    {
      ttt_game_start_new (game);
      for (int i = 0; i < moves && ttt_game_get_state (game) == TTT_GAME_STATE_LOCAL_TURN; i++)
        {
          g_assert_true (ttt_game_play (game, ttt_test_strategy_hint (game, NULL)));
          ttt_test_wait_for_human (game);
        }
      g_assert_cmpint (ttt_game_get_state (game), !=, TTT_GAME_STATE_OVER);
    }
  ttt_game_start_new (game);
  ttt_setup_set_first_player (ttt_game_get_setup (game), TTT_FIRST_PLAYER_COMPUTER);
  ttt_test_wait_for_human (game);
  ttt_setup_set_opponent (ttt_game_get_setup (game), TTT_OPPONENT_HUMAN);
  ttt_game_start_new (game);
  TTT_TEST_PLAY (game, 0, 3, 1, 4);
  ttt_game_start_new (game);
  ttt_test_drain ();

  g_assert_cmpuint (changes.n_changed, ==, 0);
  g_assert_false (ttt_statistics_get_can_reset (statistics));
}

/* A result is final: nothing to undo once the game is over. */
static void
test_game_undo_after_end (void)
{
  g_autoptr(TttGame) game = ttt_test_game_new (19);
  TttStatistics *statistics = ttt_table_get_statistics (ttt_game_get_table (game));
  TttTestRecorder rec;
  TttTally before, after;
  gboolean can_undo = TRUE;

  /* Lost to Hard: the loss stays. */
  play_game (game, TTT_LEVEL_HARD, ttt_test_strategy_lowest);
  ttt_test_recorder_init (&rec, game);
  ttt_statistics_get_tally (statistics, TTT_TALLY_HARD, &before);
  g_assert_cmpuint (before.lost, ==, 1);

  g_assert_false (ttt_game_get_can_undo (game));
  g_object_get (game, "can-undo", &can_undo, NULL);
  g_assert_false (can_undo);
  g_assert_false (ttt_game_undo (game));
  TTT_ASSERT_NO_EVENTS (&rec);
  ttt_statistics_get_tally (statistics, TTT_TALLY_HARD, &after);
  g_assert_cmpmem (&before, sizeof before, &after, sizeof after);
  g_assert_cmpint (ttt_game_get_outcome (game), ==, TTT_OUTCOME_O_WINS);
  ttt_test_recorder_clear (&rec);

  /* Between two people too; can-undo says so as the game ends. */
  ttt_setup_set_opponent (ttt_game_get_setup (game), TTT_OPPONENT_HUMAN);
  ttt_game_start_new (game);
  ttt_test_recorder_init (&rec, game);
  TTT_TEST_PLAY (game, 0, 3, 1, 4);
  g_assert_true (ttt_game_get_can_undo (game));
  ttt_test_recorder_forget (&rec);
  g_assert_true (ttt_game_play (game, 2));
  TTT_ASSERT_EVENTS (&rec,
                     "tally two-players",
                     "cell 2 x",
                     "notify can-undo", "notify n-moves", "notify outcome",
                     "notify state", "notify turn",
                     "turn none",
                     "over x-wins 007");
  g_assert_false (ttt_game_undo (game));
  TTT_ASSERT_NO_EVENTS (&rec);
  assert_tally (statistics, TTT_TALLY_TWO_PLAYERS, 1, 0, 0, 0, 0);
  ttt_test_recorder_clear (&rec);
}

/* Whoever hears of the end finds the game counted: the tally changes
 * while the game already shows its end, and before "game-over". */
typedef struct
{
  TttGame *game;
  gboolean counted;
  guint    n_games;
} NewsOrder;

static void
tally_changed_check_cb (TttStatistics *statistics,
                        TttTallyId     id,
                        NewsOrder     *order)
{
  g_assert_cmpint (ttt_game_get_state (order->game), ==, TTT_GAME_STATE_OVER);
  g_assert_cmpint (ttt_game_get_outcome (order->game), !=, TTT_OUTCOME_ONGOING);
  g_assert_cmpint (ttt_table_get_tally (ttt_game_get_table (order->game)), ==, id);
  g_assert_false (order->counted);
  order->counted = TRUE;
}

static void
game_over_check_cb (TttGame    *game,
                    TttOutcome  outcome,
                    guint       winning_cells,
                    NewsOrder  *order)
{
  g_assert_true (order->counted);
  order->counted = FALSE;
  order->n_games++;
}

static void
test_game_news_order (void)
{
  g_autoptr(TttGame) game = ttt_test_game_new (20);
  NewsOrder order = { game, FALSE, 0 };

  g_signal_connect (ttt_table_get_statistics (ttt_game_get_table (game)), "changed", G_CALLBACK (tally_changed_check_cb), &order);
  g_signal_connect (game, "game-over", G_CALLBACK (game_over_check_cb), &order);

  for (int i = 0; i < 6; i++)
    play_game (game, i % 3, ttt_test_strategy_lowest);
  g_assert_cmpuint (order.n_games, ==, 6);
  g_signal_handlers_disconnect_by_data (ttt_table_get_statistics (ttt_game_get_table (game)), &order);
}

/* Games of one app share one TttStatistics. */
static void
test_game_shared (void)
{
  g_autoptr(TttStatistics) shared = ttt_statistics_new ();
  g_autoptr(TttGame) a = ttt_test_game_new (21);
  g_autoptr(TttGame) b = ttt_test_game_new (22);
  TttStatistics *own = ttt_table_get_statistics (ttt_game_get_table (a));
  guint n_notify = 0;

  g_signal_connect_swapped (ttt_game_get_table (a), "notify::statistics", G_CALLBACK (ttt_test_count_cb), &n_notify);
  ttt_table_set_statistics (ttt_game_get_table (a), shared);
  ttt_table_set_statistics (ttt_game_get_table (a), shared);
  g_object_set (ttt_game_get_table (b), "statistics", shared, NULL);
  g_assert_cmpuint (n_notify, ==, 1);
  g_assert_true (ttt_table_get_statistics (ttt_game_get_table (a)) == shared);
  g_assert_false (own == shared);

  play_game (a, TTT_LEVEL_HARD, ttt_test_strategy_lowest);
  play_game (b, TTT_LEVEL_HARD, ttt_test_strategy_lowest);
  assert_tally (shared, TTT_TALLY_HARD, 0, 0, 2, 0, 0);
}

/* Every game of the registry has a tally of each kind, named after the
 * game's id, the classic game's by the kind alone as before. */
static void
test_variant_names (void)
{
  GEnumClass *klass = g_type_class_ref (TTT_TYPE_TALLY_ID);

  g_assert_cmpuint (klass->n_values, ==, TTT_N_TALLIES);
  g_assert_cmpuint (TTT_N_TALLIES, ==, ttt_variants_get_n () * TTT_N_TALLY_KINDS);
  g_assert_cmpstr (g_enum_get_value (klass, TTT_TALLY_HARD)->value_nick, ==, "hard");
  g_assert_cmpstr (g_enum_get_value (klass, TTT_TALLY_ID (TTT_VARIANT_ULTIMATE, TTT_TALLY_TWO_PLAYERS))->value_nick,
                   ==, "ultimate-two-players");
  g_assert_cmpstr (g_enum_get_value (klass, TTT_TALLY_ID (TTT_VARIANT_MISERE, TTT_TALLY_EASY))->value_nick,
                   ==, "misere-easy");
  for (TttTallyId id = 0; id < TTT_N_TALLIES; id++)
    {
      TttVariant variant = ttt_tally_id_get_variant (id);
      TttTallyKind kind = ttt_tally_id_get_kind (id);

      g_assert_cmpuint (TTT_TALLY_ID (variant, kind), ==, id);
      g_assert_nonnull (g_enum_get_value_by_nick (klass, g_enum_get_value (klass, id)->value_nick));
      if (kind == TTT_TALLY_TWO_PLAYERS)
        g_assert_cmpuint (ttt_tally_id_for_game (variant, TRUE, TTT_LEVEL_EASY), ==, id);
      else if (kind == TTT_TALLY_NETWORK)
        g_assert_cmpuint (ttt_tally_id_for_network (variant), ==, id);
      else
        {
          TttLevel level;

          /* A level the game offers counts in its own tally; one it
           * does not, in its counterpart's. */
          g_assert_true (ttt_tally_kind_get_level (kind, &level));
          g_assert_cmpuint (ttt_tally_id_for_level (level), ==, kind);
          if (ttt_variants_find_level (variant, level) >= 0)
            g_assert_cmpuint (ttt_tally_id_for_game (variant, FALSE, level), ==, id);
          else
            g_assert_cmpuint (ttt_tally_id_for_game (variant, FALSE, level), ==,
                              TTT_TALLY_ID (variant, ttt_tally_id_for_level (ttt_variants_fit_level (variant, level))));
          g_assert_cmpint (ttt_tally_id_is_shown (id), ==, ttt_variants_find_level (variant, level) >= 0);
        }
    }
  g_type_class_unref (klass);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/statistics/record", test_record);
  g_test_add_func ("/statistics/variant-names", test_variant_names);
  g_test_add_func ("/statistics/streaks", test_streaks);
  g_test_add_func ("/statistics/two-players", test_two_players);
  g_test_add_func ("/statistics/saturate", test_saturate);
  g_test_add_func ("/statistics/win-percent", test_win_percent);
  g_test_add_func ("/statistics/not-lost-percent", test_not_lost_percent);
  g_test_add_func ("/statistics/reset-and-merge", test_reset_and_merge);
  g_test_add_func ("/statistics/tallies-since", test_tallies_since);
  g_test_add_func ("/statistics/records/bind", test_records_bind);
  g_test_add_func ("/statistics/records/round-trip", test_records_round_trip);
  g_test_add_func ("/statistics/migrate/broken", test_migrate_broken);
  g_test_add_func ("/statistics/migrate/broken-keys", test_migrate_broken_keys);
  g_test_add_func ("/statistics/migrate/quiet", test_migrate_quiet);
  g_test_add_func ("/statistics/migrate/bounded", test_migrate_bounded);
  g_test_add_func ("/statistics/migrate/scores", test_migrate_scores);
  g_test_add_func ("/statistics/game/counts", test_game_counts);
  g_test_add_func ("/statistics/game/abandoned", test_game_abandoned);
  g_test_add_func ("/statistics/game/undo-after-end", test_game_undo_after_end);
  g_test_add_func ("/statistics/game/news-order", test_game_news_order);
  g_test_add_func ("/statistics/game/shared", test_game_shared);

  return g_test_run ();
}
