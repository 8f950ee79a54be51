/* ttt-statistics.c — games won, drawn and lost, per level and between two people
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * TttStatistics holds a tally (ttt-tally.c) of each kind for each game of
 * the registry: one for each level against the computer, one for two
 * people at one screen, one against people elsewhere. A game counts once,
 * when it ends (TttGame calls ttt_statistics_record()).
 *
 * The game binds them to its results file (ttt-record-file.c): every
 * game, reset and undone reset is a record added to it, and the tallies
 * are what its records add up to, with those of another game on the same
 * data folder as they come. A record that cannot be written is kept here
 * and written before the next one; the save-error property says why
 * meanwhile. On the first start with no results file, the counts of the
 * settings key "statistics" are carried over into it as records, once;
 * the key is not read after that.
 *
 * Bound to nothing, the tallies count for as long as the object lives.
 */

#include "config.h"

#include <string.h>

#include <glib/gi18n.h>

#include "ttt-message.h"
#include "ttt-record-file.h"
#include "ttt-statistics.h"
#include "ttt-tally-private.h"

#define STATISTICS_KEY "statistics"

/* A report of a broken value names this many problems, then "and N more";
 * text quoted from the value is cut to QUOTE_MAX_CHARS. */
#define MAX_PROBLEMS    5
#define QUOTE_MAX_CHARS 40

struct _TttStatistics
{
  GObject    parent_instance;

  TttTally   tallies[TTT_N_TALLIES];

  /* The results file, when bound to one: the tallies are @file_tallies,
   * what its records read so far add up to, with the records of
   * @pending (lines not written yet, oldest first) counted on top. */
  TttRecordFile *records;
  TttTally   file_tallies[TTT_N_TALLIES];
  GQueue     pending;
  char      *save_error;
  guint      n_broken;
  guint      broken_said : 1;
};

G_DEFINE_FINAL_TYPE (TttStatistics, ttt_statistics, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_CAN_RESET,
  PROP_SAVE_ERROR,
  N_PROPS
};

enum {
  CHANGED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

/* The first release's totals, in the order of a tally's first three
 * counts: against the computer, then between two people. */
static const char *old_score_keys[2][3] = {
  { "score-human", "score-draws", "score-computer" },
  { "score-x", "score-pair-draws", "score-o" },
};

/* Takes @tallies, then tells each change, once all are in. */
static void
ttt_statistics_set_all (TttStatistics  *self,
                        const TttTally  tallies[TTT_N_TALLIES])
{
  gboolean could_reset = ttt_statistics_get_can_reset (self);
  guint changed = 0;

  for (TttTallyId id = 0; id < TTT_N_TALLIES; id++)
    if (memcmp (&self->tallies[id], &tallies[id], sizeof (TttTally)) != 0)
      {
        self->tallies[id] = tallies[id];
        changed |= 1u << id;
      }
  if (changed == 0)
    return;

  /* A handler may drop the last reference. */
  g_object_ref (self);
  for (TttTallyId id = 0; id < TTT_N_TALLIES; id++)
    if (changed & (1u << id))
      g_signal_emit (self, signals[CHANGED], 0, id);
  if (could_reset != ttt_statistics_get_can_reset (self))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CAN_RESET]);
  g_object_unref (self);
}

static void
ttt_statistics_dispose (GObject *object)
{
  TttStatistics *self = TTT_STATISTICS (object);

  if (self->records != NULL)
    g_signal_handlers_disconnect_by_data (self->records, self);
  g_clear_object (&self->records);

  G_OBJECT_CLASS (ttt_statistics_parent_class)->dispose (object);
}

static void
ttt_statistics_finalize (GObject *object)
{
  TttStatistics *self = TTT_STATISTICS (object);

  g_queue_clear_full (&self->pending, g_free);
  g_free (self->save_error);

  G_OBJECT_CLASS (ttt_statistics_parent_class)->finalize (object);
}

static void
ttt_statistics_get_property (GObject    *object,
                             guint       prop_id,
                             GValue     *value,
                             GParamSpec *pspec)
{
  TttStatistics *self = TTT_STATISTICS (object);

  switch (prop_id)
    {
    case PROP_CAN_RESET:
      g_value_set_boolean (value, ttt_statistics_get_can_reset (self));
      break;

    case PROP_SAVE_ERROR:
      g_value_set_string (value, self->save_error);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ttt_statistics_class_init (TttStatisticsClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = ttt_statistics_dispose;
  object_class->finalize = ttt_statistics_finalize;
  object_class->get_property = ttt_statistics_get_property;

  /* tally_key() peeks at it. */
  g_type_class_ref (TTT_TYPE_TALLY_ID);

  /**
   * TttStatistics:can-reset:
   *
   * Whether any tally holds anything: what a Reset button follows.
   */
  properties[PROP_CAN_RESET] =
    g_param_spec_boolean ("can-reset", NULL, NULL,
                          FALSE,
                          (G_PARAM_READABLE |
                           G_PARAM_EXPLICIT_NOTIFY |
                           G_PARAM_STATIC_STRINGS));

  /**
   * TttStatistics:save-error:
   *
   * Why the last record could not be written to the results file, in
   * words for people, or %NULL: the results since then are kept here and
   * written with the next one.
   */
  properties[PROP_SAVE_ERROR] =
    g_param_spec_string ("save-error", NULL, NULL,
                         NULL,
                         (G_PARAM_READABLE |
                          G_PARAM_EXPLICIT_NOTIFY |
                          G_PARAM_STATIC_STRINGS));

  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * TttStatistics::changed:
   * @self: a #TttStatistics
   * @id: the tally that changed
   *
   * Emitted once for each tally whose counts changed, after the change
   * (and after its record was written, when bound to a results file).
   */
  signals[CHANGED] =
    g_signal_new ("changed",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0,
                  NULL, NULL,
                  NULL,
                  G_TYPE_NONE, 1, TTT_TYPE_TALLY_ID);
}

static void
ttt_statistics_init (TttStatistics *self)
{
}

/**
 * ttt_statistics_new:
 *
 * Returns: (transfer full): statistics with every count at 0, bound to
 *   nothing
 */
TttStatistics *
ttt_statistics_new (void)
{
  return g_object_new (TTT_TYPE_STATISTICS, NULL);
}

/**
 * ttt_statistics_get_tally:
 * @self: a #TttStatistics
 * @id: which tally
 * @tally: (out caller-allocates): where to copy it
 */
void
ttt_statistics_get_tally (TttStatistics *self,
                          TttTallyId     id,
                          TttTally      *tally)
{
  g_return_if_fail (TTT_IS_STATISTICS (self));
  g_return_if_fail (id < TTT_N_TALLIES);
  g_return_if_fail (tally != NULL);

  *tally = self->tallies[id];
}

/**
 * ttt_statistics_record:
 * @self: a #TttStatistics
 * @id: the tally the game counts into
 * @result: how it ended
 *
 * Counts one finished game. A win lengthens the winning streak, anything
 * else ends it; between two people there are no streaks.
 */
void
ttt_statistics_record (TttStatistics *self,
                       TttTallyId     id,
                       TttResult      result)
{
  ttt_statistics_record_game (self, id, result, 0);
}

/* What @record does to @tallies: the same as the call that wrote it. */
static void
apply_record (TttTally         tallies[TTT_N_TALLIES],
              const TttRecord *record)
{
  switch (record->kind)
    {
    case TTT_RECORD_GAME:
      ttt_tally_add_result (record->tally, &tallies[record->tally], record->result);
      break;

    case TTT_RECORD_RESET:
      if (record->tally == TTT_RECORD_ALL_TALLIES)
        memset (tallies, 0, TTT_N_TALLIES * sizeof (TttTally));
      else
        memset (&tallies[record->tally], 0, sizeof (TttTally));
      break;

    case TTT_RECORD_RESTORE:
    case TTT_RECORD_CARRIED:
      ttt_tally_merge (&tallies[record->tally], &record->counts);
      break;

    default:
      g_assert_not_reached ();
    }
}

static void ttt_statistics_add_record (TttStatistics   *self,
                                       const TttRecord *record);

/**
 * ttt_statistics_record_game:
 * @self: a #TttStatistics
 * @id: the tally the game counts into
 * @result: how it ended
 * @n_moves: how many moves it took, for the results file
 *
 * Counts one finished game, as ttt_statistics_record() does, and adds it
 * to the results file when bound to one.
 */
void
ttt_statistics_record_game (TttStatistics *self,
                            TttTallyId     id,
                            TttResult      result,
                            guint          n_moves)
{
  TttRecord record = { TTT_RECORD_GAME, g_get_real_time () / G_USEC_PER_SEC, id, result, n_moves };

  g_return_if_fail (TTT_IS_STATISTICS (self));
  g_return_if_fail (id < TTT_N_TALLIES);
  g_return_if_fail (result <= TTT_RESULT_LOST);

  ttt_statistics_add_record (self, &record);
}

/**
 * ttt_statistics_merge:
 * @self: a #TttStatistics
 * @id: which tally
 * @earlier: games to add, played before those counted now
 *
 * Adds @earlier as if its games had come first: what undoes a reset (with
 * the tally as it was before it), or brings in totals from elsewhere. A
 * streak of @earlier goes on into the games counted since only if they
 * were all won.
 */
void
ttt_statistics_merge (TttStatistics  *self,
                      TttTallyId      id,
                      const TttTally *earlier)
{
  TttRecord record = { TTT_RECORD_RESTORE, g_get_real_time () / G_USEC_PER_SEC, id };

  g_return_if_fail (TTT_IS_STATISTICS (self));
  g_return_if_fail (id < TTT_N_TALLIES);
  g_return_if_fail (earlier != NULL);
  g_return_if_fail (ttt_tally_is_consistent (id, earlier));

  record.counts = *earlier;
  ttt_statistics_add_record (self, &record);
}

/**
 * ttt_statistics_reset:
 * @self: a #TttStatistics
 * @id: which tally
 *
 * Sets every count of one tally to 0. To offer an undo, keep the tally
 * from ttt_statistics_get_tally() and hand it to ttt_statistics_merge().
 */
void
ttt_statistics_reset (TttStatistics *self,
                      TttTallyId     id)
{
  TttRecord record = { TTT_RECORD_RESET, g_get_real_time () / G_USEC_PER_SEC, id };

  g_return_if_fail (TTT_IS_STATISTICS (self));
  g_return_if_fail (id < TTT_N_TALLIES);

  ttt_statistics_add_record (self, &record);
}

/**
 * ttt_statistics_reset_all:
 * @self: a #TttStatistics
 *
 * Resets every tally, with one record when bound to a results file.
 */
void
ttt_statistics_reset_all (TttStatistics *self)
{
  TttRecord record = { TTT_RECORD_RESET, g_get_real_time () / G_USEC_PER_SEC,
                       TTT_RECORD_ALL_TALLIES };

  g_return_if_fail (TTT_IS_STATISTICS (self));

  ttt_statistics_add_record (self, &record);
}

gboolean
ttt_statistics_get_can_reset (TttStatistics *self)
{
  g_return_val_if_fail (TTT_IS_STATISTICS (self), FALSE);

  for (TttTallyId id = 0; id < TTT_N_TALLIES; id++)
    if (!ttt_tally_is_empty (&self->tallies[id]))
      return TRUE;

  return FALSE;
}

static void
add_problem (GPtrArray  *problems,
             const char *format,
             ...) G_GNUC_PRINTF (2, 3);

static void
add_problem (GPtrArray  *problems,
             const char *format,
             ...)
{
  va_list args;

  va_start (args, format);
  g_ptr_array_add (problems, g_strdup_vprintf (format, args));
  va_end (args);
}

/* The first problems, then how many more: a value of 20,000 entries must
 * not give a message of 20,000 complaints. */
static char *
join_problems (GPtrArray *problems)
{
  GString *text = g_string_new (NULL);

  for (guint i = 0; i < problems->len && i < MAX_PROBLEMS; i++)
    g_string_append_printf (text, "%s%s", i > 0 ? "; " : "", (char *) problems->pdata[i]);
  if (problems->len > MAX_PROBLEMS)
    g_string_append_printf (text, "; and %u more", problems->len - MAX_PROBLEMS);

  return g_string_free (text, FALSE);
}

/* Reads the good entries of @value, of the key's type, into @tallies,
 * saying in @problems what is wrong with the others. */
static void
read_tallies (GVariant  *value,
              TttTally   tallies[TTT_N_TALLIES],
              GPtrArray *problems)
{
  gboolean named[TTT_N_TALLIES] = { FALSE };
  GVariantIter iter;
  const char *key;
  TttTally tally;

  g_variant_iter_init (&iter, value);
  while (g_variant_iter_next (&iter, "{&s(uuuuu)}", &key, &tally.won, &tally.drawn, &tally.lost,
                              &tally.streak, &tally.best_streak))
    {
      g_autofree char *quoted = ttt_text_for_message (key, -1, QUOTE_MAX_CHARS);
      TttTallyId id;

      if (!ttt_tally_id_from_key (key, &id))
        {
          add_problem (problems, "“%s” is not a tally", quoted);
          continue;
        }
      if (named[id])
        {
          add_problem (problems, "“%s” comes twice", quoted);
          continue;
        }
      named[id] = TRUE;

      if (!ttt_tally_is_consistent (id, &tally))
        add_problem (problems, "“%s” does not add up", quoted);
      else
        tallies[id] = tally;
    }

  /* The tallies since 0.2.0 (network games, Ultimate, Ultimate over the
   * network) are missing from what an older version wrote, rightly: they
   * start at 0. */
  for (TttTallyId id = 0; id <= TTT_TALLY_TWO_PLAYERS; id++)
    if (!named[id])
      add_problem (problems, "“%s” is missing", ttt_tally_key (id));
}

/* Bound to the results file */

static void
set_save_error (TttStatistics *self,
                const char    *save_error)
{
  if (g_strcmp0 (self->save_error, save_error) == 0)
    return;

  g_free (self->save_error);
  self->save_error = g_strdup (save_error);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SAVE_ERROR]);
}

/* Counts the records of @text, one or more lines, into @tallies; returns
 * how many lines could not be read. */
static guint
apply_lines (TttTally    tallies[TTT_N_TALLIES],
             const char *text)
{
  g_auto(GStrv) lines = g_strsplit (text, "\n", -1);
  guint n_broken = 0;

  for (guint i = 0; lines[i] != NULL; i++)
    {
      TttRecord record;

      /* A torn line is followed by a newline of the next write's. */
      if (*lines[i] == '\0')
        continue;

      switch (ttt_record_parse_line (lines[i], &record))
        {
        case TTT_RECORD_LINE_READ:
          apply_record (tallies, &record);
          break;

        case TTT_RECORD_LINE_UNKNOWN:
          break;

        case TTT_RECORD_LINE_BROKEN:
          n_broken++;
          break;

        default:
          g_assert_not_reached ();
        }
    }

  return n_broken;
}

/* Reads the records added to the file since it was last read, by this
 * game or another; a broken line is said once, then only counted. */
static void
read_records (TttStatistics *self)
{
  g_autoptr(GPtrArray) lines = NULL;
  gboolean restarted;

  lines = ttt_record_file_read_new (self->records, &restarted);
  if (restarted)
    {
      memset (self->file_tallies, 0, sizeof self->file_tallies);
      self->n_broken = 0;
    }

  for (guint i = 0; i < lines->len; i++)
    self->n_broken += apply_lines (self->file_tallies, lines->pdata[i]);

  if (self->n_broken > 0 && !self->broken_said)
    {
      g_autofree char *shown = g_filename_display_name (ttt_record_file_get_filename (self->records));

      self->broken_said = TRUE;
      /* Translators: %s is a file name, %u how many of its lines. */
      g_printerr (_("tictactoe: the results file %s has lines that cannot be read (%u); "
                    "they are skipped\n"), shown, self->n_broken);
    }
}

/* The tallies as the file's records and those not written yet add up. */
static void
refresh_tallies (TttStatistics *self)
{
  TttTally tallies[TTT_N_TALLIES];

  memcpy (tallies, self->file_tallies, sizeof tallies);
  for (GList *l = self->pending.head; l != NULL; l = l->next)
    apply_lines (tallies, l->data);

  ttt_statistics_set_all (self, tallies);
}

/* Writes the records not written yet, oldest first, stopping at the
 * first that fails: they stay, to be written with the next record. */
static void
write_pending (TttStatistics *self)
{
  while (!g_queue_is_empty (&self->pending))
    {
      g_autoptr(GError) error = NULL;

      if (!ttt_record_file_append (self->records, g_queue_peek_head (&self->pending), &error))
        {
          set_save_error (self, error->message);
          return;
        }
      g_free (g_queue_pop_head (&self->pending));
    }

  set_save_error (self, NULL);
}

/* Counts @record: into the tallies alone when bound to nothing (a count
 * at its maximum stays there, and then nothing changed), else by adding
 * it to the results file and reading what the file adds up to. */
static void
ttt_statistics_add_record (TttStatistics   *self,
                           const TttRecord *record)
{
  if (self->records == NULL)
    {
      TttTally tallies[TTT_N_TALLIES];

      memcpy (tallies, self->tallies, sizeof tallies);
      apply_record (tallies, record);
      ttt_statistics_set_all (self, tallies);
      return;
    }

  g_queue_push_tail (&self->pending, ttt_record_to_line (record));
  write_pending (self);
  read_records (self);
  refresh_tallies (self);
}

static void
records_changed_cb (TttStatistics *self,
                    TttRecordFile *records)
{
  ttt_statistics_reload (self);
}

/* The counts of the settings key "statistics" into @tallies. GSettings
 * gives a value of the key's type (one of another type, edited by hand,
 * reads as the default), but its entries may still be wrong: those are
 * left out and said once, the good ones carried over. The key itself is
 * not written, so nothing of it is lost. */
static void
read_statistics_key (GSettings *settings,
                     TttTally   tallies[TTT_N_TALLIES])
{
  g_autoptr(GPtrArray) problems = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GVariant) user = g_settings_get_user_value (settings, STATISTICS_KEY);
  g_autoptr(GVariant) value = NULL;

  memset (tallies, 0, TTT_N_TALLIES * sizeof (TttTally));
  /* Never set: nothing to carry over, and nothing to say. */
  if (user == NULL)
    return;

  value = g_settings_get_value (settings, STATISTICS_KEY);
  read_tallies (value, tallies, problems);

  if (problems->len > 0)
    {
      g_autofree char *joined = join_problems (problems);

      /* Translators: %s lists what was wrong with the stored statistics. */
      g_printerr (_("tictactoe: the statistics in the settings were repaired, keeping what "
                    "was good: %s\n"), joined);
    }
}

/* The first release's six totals, when they were never carried over into
 * the key: the games against the computer into the level set now, as
 * if played before those of the key. */
static void
read_old_scores (GSettings *settings,
                 TttTally   tallies[TTT_N_TALLIES])
{
  gboolean any = FALSE;
  TttLevel level;

  for (guint set = 0; set < 2; set++)
    for (guint i = 0; i < 3; i++)
      {
        g_autoptr(GVariant) user = g_settings_get_user_value (settings, old_score_keys[set][i]);

        any |= user != NULL;
      }
  if (!any)
    return;

  level = g_settings_get_enum (settings, "difficulty");
  for (guint set = 0; set < 2; set++)
    {
      TttTally old = {
        g_settings_get_uint (settings, old_score_keys[set][0]),
        g_settings_get_uint (settings, old_score_keys[set][1]),
        g_settings_get_uint (settings, old_score_keys[set][2]),
        0, 0,
      };

      ttt_tally_merge (&tallies[set == 0 ? ttt_tally_id_for_level (level) : TTT_TALLY_TWO_PLAYERS], &old);
    }
}

/* The first start with a results file: the key's counts become records
 * ("carried"), all in one write, so that they are carried over whole or
 * not at all. A write that fails keeps them here, as any record. */
static void
carry_over_key (TttStatistics *self,
                GSettings     *settings)
{
  g_autoptr(GString) lines = g_string_new (NULL);
  TttTally tallies[TTT_N_TALLIES];
  gint64 now = g_get_real_time () / G_USEC_PER_SEC;

  read_statistics_key (settings, tallies);
  read_old_scores (settings, tallies);
  for (TttTallyId id = 0; id < TTT_N_TALLIES; id++)
    if (!ttt_tally_is_empty (&tallies[id]))
      {
        TttRecord record = { TTT_RECORD_CARRIED, now, id };
        g_autofree char *line = NULL;

        record.counts = tallies[id];
        line = ttt_record_to_line (&record);
        g_string_append (lines, line);
      }

  if (lines->len == 0)
    return;

  g_queue_push_tail (&self->pending, g_string_free (g_steal_pointer (&lines), FALSE));
  write_pending (self);
}

/**
 * ttt_statistics_bind_records:
 * @self: a #TttStatistics
 * @records: the results file
 * @settings: (nullable): the game's settings, whose key "statistics" is
 *   carried over when @records does not exist yet
 *
 * Takes the tallies from the records of @records, adds a record to it for
 * each change from now on, and follows the records other games add.
 */
void
ttt_statistics_bind_records (TttStatistics *self,
                             TttRecordFile *records,
                             GSettings     *settings)
{
  g_return_if_fail (TTT_IS_STATISTICS (self));
  g_return_if_fail (TTT_IS_RECORD_FILE (records));
  g_return_if_fail (settings == NULL || G_IS_SETTINGS (settings));
  g_return_if_fail (self->records == NULL);

  self->records = g_object_ref (records);
  memset (self->file_tallies, 0, sizeof self->file_tallies);

  if (settings != NULL && !ttt_record_file_exists (records))
    carry_over_key (self, settings);

  g_signal_connect_object (records, "changed", G_CALLBACK (records_changed_cb), self,
                           G_CONNECT_SWAPPED);
  ttt_statistics_reload (self);
}

/**
 * ttt_statistics_reload:
 * @self: a #TttStatistics
 *
 * Reads the records added to the results file since it was last read
 * (what the file's monitor does as they come).
 */
void
ttt_statistics_reload (TttStatistics *self)
{
  g_return_if_fail (TTT_IS_STATISTICS (self));

  if (self->records == NULL)
    return;

  read_records (self);
  refresh_tallies (self);
}

/**
 * ttt_statistics_get_save_error:
 * @self: a #TttStatistics
 *
 * Returns: (nullable): why the results could not be written to the
 *   results file, or %NULL when they were
 */
const char *
ttt_statistics_get_save_error (TttStatistics *self)
{
  g_return_val_if_fail (TTT_IS_STATISTICS (self), NULL);

  return self->save_error;
}
