/* ttt-statistics.c — games won, drawn and lost, per level and between two people
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * TttStatistics holds four tallies: one for each level against the
 * computer, one for two people at one screen. A game counts once, when it
 * ends (TttGame calls ttt_statistics_record()); a count never wraps, it
 * stops at the most the settings can store.
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
 * Bound to GSettings instead (as before the results file, and in tests),
 * the whole object is the one key "statistics", of type a{s(uuuuu)}: a
 * value someone broke is repaired once, keeping what can be kept, and the
 * six score-* keys of the first release are carried over once and then
 * reset.
 */

#include "config.h"

#include <string.h>

#include <glib/gi18n.h>

#include "ttt-record-file.h"
#include "ttt-settings-file.h"
#include "ttt-statistics.h"
#include "ttt-variants.h"

#define STATISTICS_KEY "statistics"
#define STATISTICS_TYPE G_VARIANT_TYPE ("a{s(uuuuu)}")

/* A report of a broken value names this many problems, then "and N more";
 * text quoted from the value is cut to QUOTE_MAX_CHARS. */
#define MAX_PROBLEMS    5
#define QUOTE_MAX_CHARS 40

struct _TttStatistics
{
  GObject    parent_instance;

  TttTally   tallies[TTT_N_TALLIES];

  GSettings *settings;
  /* Set while the tallies take a value from the settings, so that it is
   * not written straight back. */
  guint      loading : 1;

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

G_DEFINE_QUARK (ttt-statistics-error-quark, ttt_statistics_error)

/* The tallies' names, made once from the registry: a tally of each kind
 * for each game (see ttt-statistics.h). */
GType
ttt_tally_id_get_type (void)
{
  static const char *const kind_nicks[TTT_N_TALLY_KINDS] = {
    "easy", "medium", "hard", "two-players", "network",
  };
  static gsize type;

  if (g_once_init_enter (&type))
    {
      /* Kept for the life of the type, as GType wants them. */
      GEnumValue *values = g_new0 (GEnumValue, TTT_N_TALLIES + 1);

      for (TttTallyId id = 0; id < TTT_N_TALLIES; id++)
        {
          const TttVariantInfo *info = ttt_variants_get (ttt_tally_id_get_variant (id));
          const char *kind = kind_nicks[ttt_tally_id_get_kind (id)];
          g_autofree char *nick = g_strdup_printf ("%s-%s", info->id, kind);

          values[id].value = (int) id;
          values[id].value_nick = id < TTT_N_TALLY_KINDS ? kind : g_intern_string (nick);
          values[id].value_name = values[id].value_nick;
        }
      g_once_init_leave (&type, g_enum_register_static (g_intern_static_string ("TttTallyId"), values));
    }

  return type;
}

G_DEFINE_ENUM_TYPE (TttResult, ttt_result,
  G_DEFINE_ENUM_VALUE (TTT_RESULT_WON, "won"),
  G_DEFINE_ENUM_VALUE (TTT_RESULT_DRAWN, "drawn"),
  G_DEFINE_ENUM_VALUE (TTT_RESULT_LOST, "lost"))

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

static guint32
add_saturated (guint32 a,
               guint32 b)
{
  return a > G_MAXUINT32 - b ? G_MAXUINT32 : a + b;
}

/* The key of @id in the stored value: its nick. */
static const char *
tally_key (TttTallyId id)
{
  GEnumClass *klass = g_type_class_peek (TTT_TYPE_TALLY_ID);

  return g_enum_get_value (klass, id)->value_nick;
}

static gboolean
tally_id_from_key (const char *key,
                   TttTallyId *id)
{
  GEnumClass *klass = g_type_class_peek (TTT_TYPE_TALLY_ID);
  GEnumValue *value = g_enum_get_value_by_nick (klass, key);

  if (value == NULL)
    return FALSE;

  *id = value->value;
  return TRUE;
}

/**
 * ttt_tally_id_for_level:
 * @level: a level against the computer
 *
 * Returns: the tally that classic games at @level count into, and the
 *   kind of tally of that level in any game
 */
TttTallyId
ttt_tally_id_for_level (TttLevel level)
{
  switch (level)
    {
    case TTT_LEVEL_EASY:
      return TTT_TALLY_EASY;
    case TTT_LEVEL_HARD:
      return TTT_TALLY_HARD;
    case TTT_LEVEL_MEDIUM:
      return TTT_TALLY_MEDIUM;
    default:
      g_return_val_if_reached (TTT_TALLY_MEDIUM);
    }
}

/**
 * ttt_tally_id_for_game:
 * @variant: the game played
 * @two_players: whether two people played it, rather than one against
 *   the computer
 * @level: the computer's level (unused for two people)
 *
 * Returns: the tally that such a game counts into
 */
TttTallyId
ttt_tally_id_for_game (TttVariant variant,
                       gboolean   two_players,
                       TttLevel   level)
{
  g_return_val_if_fail ((guint) variant < TTT_N_VARIANTS, TTT_TALLY_MEDIUM);

  if (two_players)
    return TTT_TALLY_ID (variant, TTT_TALLY_TWO_PLAYERS);

  return TTT_TALLY_ID (variant, ttt_tally_id_for_level (level));
}

/* Between two people: no streaks, X's wins where a level has the person's. */
gboolean
ttt_tally_id_is_two_players (TttTallyId id)
{
  return ttt_tally_id_get_kind (id) == TTT_TALLY_TWO_PLAYERS;
}

/* Against someone on another computer, in @variant. */
TttTallyId
ttt_tally_id_for_network (TttVariant variant)
{
  g_return_val_if_fail ((guint) variant < TTT_N_VARIANTS, TTT_TALLY_NETWORK);

  return TTT_TALLY_ID (variant, TTT_TALLY_NETWORK);
}

gboolean
ttt_tally_id_is_network (TttTallyId id)
{
  return ttt_tally_id_get_kind (id) == TTT_TALLY_NETWORK;
}

TttVariant
ttt_tally_id_get_variant (TttTallyId id)
{
  g_return_val_if_fail (id < TTT_N_TALLIES, 0);

  return (TttVariant) (id / TTT_N_TALLY_KINDS);
}

TttTallyKind
ttt_tally_id_get_kind (TttTallyId id)
{
  return (TttTallyKind) (id % TTT_N_TALLY_KINDS);
}

/* Wider than the counts, which may each be at their maximum. */
guint64
ttt_tally_get_games (const TttTally *tally)
{
  g_return_val_if_fail (tally != NULL, 0);

  return (guint64) tally->won + tally->drawn + tally->lost;
}

gboolean
ttt_tally_is_empty (const TttTally *tally)
{
  g_return_val_if_fail (tally != NULL, TRUE);

  return tally->won == 0 && tally->drawn == 0 && tally->lost == 0 &&
         tally->streak == 0 && tally->best_streak == 0;
}

/* @part of @games as a whole percent, 100 and 0 only when exact. */
static int
share_percent (guint64 part,
               guint64 games)
{
  guint64 percent = (200 * part + games) / (2 * games);

  if (percent == 100 && part < games)
    percent = 99;
  else if (percent == 0 && part > 0)
    percent = 1;

  return (int) percent;
}

/**
 * ttt_tally_get_win_percent:
 * @tally: a tally
 *
 * The share of games won, rounded to a whole percent, except that it says
 * 100 only when every game was won and 0 only when none was: one loss in
 * a thousand games is not a perfect record.
 *
 * Returns: 0–100, or −1 when no game was played
 */
int
ttt_tally_get_win_percent (const TttTally *tally)
{
  guint64 games;

  g_return_val_if_fail (tally != NULL, -1);

  games = ttt_tally_get_games (tally);
  if (games == 0)
    return -1;

  return share_percent (tally->won, games);
}

/**
 * ttt_tally_get_not_lost_percent:
 * @tally: a tally
 *
 * The share of games won or drawn, rounded as ttt_tally_get_win_percent()
 * rounds: the figure that can grow against a side that never loses.
 *
 * Returns: 0–100, or −1 when no game was played
 */
int
ttt_tally_get_not_lost_percent (const TttTally *tally)
{
  guint64 games;

  g_return_val_if_fail (tally != NULL, -1);

  games = ttt_tally_get_games (tally);
  if (games == 0)
    return -1;

  return share_percent ((guint64) tally->won + tally->drawn, games);
}

/* Whether @tally is one that counting games can produce: a streak is never
 * longer than the best, nor the best than the wins; two people have none. */
static gboolean
tally_is_consistent (TttTallyId      id,
                     const TttTally *tally)
{
  if (ttt_tally_id_is_two_players (id))
    return tally->streak == 0 && tally->best_streak == 0;

  return tally->streak <= tally->best_streak && tally->best_streak <= tally->won;
}

static void
ttt_statistics_save (TttStatistics *self)
{
  if (self->settings == NULL || self->loading)
    return;

  /* Refused without a word when the key cannot be written; the counts
   * then last for this run. */
  g_settings_set_value (self->settings, STATISTICS_KEY, ttt_statistics_to_variant (self));
}

/* Replaces one tally, quietly; returns whether it changed. */
static gboolean
ttt_statistics_store (TttStatistics  *self,
                      TttTallyId      id,
                      const TttTally *tally)
{
  if (memcmp (&self->tallies[id], tally, sizeof *tally) == 0)
    return FALSE;

  self->tallies[id] = *tally;
  return TRUE;
}

/* After the tallies in @changed (bit i for tally i) were stored: saves
 * them, then tells. */
static void
ttt_statistics_commit (TttStatistics *self,
                       guint          changed,
                       gboolean       could_reset)
{
  if (changed == 0)
    return;

  ttt_statistics_save (self);

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
ttt_statistics_set_tally (TttStatistics  *self,
                          TttTallyId      id,
                          const TttTally *tally)
{
  gboolean could_reset = ttt_statistics_get_can_reset (self);

  if (ttt_statistics_store (self, id, tally))
    ttt_statistics_commit (self, 1u << id, could_reset);
}

static void
ttt_statistics_set_all (TttStatistics  *self,
                        const TttTally  tallies[TTT_N_TALLIES])
{
  gboolean could_reset = ttt_statistics_get_can_reset (self);
  guint changed = 0;

  for (TttTallyId id = 0; id < TTT_N_TALLIES; id++)
    if (ttt_statistics_store (self, id, &tallies[id]))
      changed |= 1u << id;

  ttt_statistics_commit (self, changed, could_reset);
}

static void
ttt_statistics_dispose (GObject *object)
{
  TttStatistics *self = TTT_STATISTICS (object);

  if (self->settings != NULL)
    g_signal_handlers_disconnect_by_data (self->settings, self);
  g_clear_object (&self->settings);
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
   * (and after it was handed to the settings, when bound).
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

/* One game's @result counted into @tally, of @id. */
static void
tally_add_result (TttTallyId  id,
                  TttTally   *tally,
                  TttResult   result)
{
  switch (result)
    {
    case TTT_RESULT_WON:
      tally->won = add_saturated (tally->won, 1);
      if (!ttt_tally_id_is_two_players (id))
        {
          tally->streak = add_saturated (tally->streak, 1);
          tally->best_streak = MAX (tally->best_streak, tally->streak);
        }
      break;

    case TTT_RESULT_DRAWN:
      tally->drawn = add_saturated (tally->drawn, 1);
      tally->streak = 0;
      break;

    case TTT_RESULT_LOST:
      tally->lost = add_saturated (tally->lost, 1);
      tally->streak = 0;
      break;

    default:
      g_assert_not_reached ();
    }
}

/* @earlier counted into @tally as if its games had come first. */
static void
tally_merge (TttTally       *tally,
             const TttTally *earlier)
{
  TttTally later = *tally;

  tally->won = add_saturated (earlier->won, later.won);
  tally->drawn = add_saturated (earlier->drawn, later.drawn);
  tally->lost = add_saturated (earlier->lost, later.lost);
  if (later.drawn == 0 && later.lost == 0)
    tally->streak = add_saturated (earlier->streak, later.streak);
  else
    tally->streak = later.streak;
  tally->best_streak = MAX (MAX (earlier->best_streak, later.best_streak), tally->streak);
}

/* What @record does to @tallies: the same as the call that wrote it. */
static void
apply_record (TttTally         tallies[TTT_N_TALLIES],
              const TttRecord *record)
{
  switch (record->kind)
    {
    case TTT_RECORD_GAME:
      tally_add_result (record->tally, &tallies[record->tally], record->result);
      break;

    case TTT_RECORD_RESET:
      if (record->tally == TTT_RECORD_ALL_TALLIES)
        memset (tallies, 0, TTT_N_TALLIES * sizeof (TttTally));
      else
        memset (&tallies[record->tally], 0, sizeof (TttTally));
      break;

    case TTT_RECORD_RESTORE:
    case TTT_RECORD_CARRIED:
      tally_merge (&tallies[record->tally], &record->counts);
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
  TttTally tally;

  g_return_if_fail (TTT_IS_STATISTICS (self));
  g_return_if_fail (id < TTT_N_TALLIES);
  g_return_if_fail (result <= TTT_RESULT_LOST);

  if (self->records != NULL)
    {
      TttRecord record = { TTT_RECORD_GAME, g_get_real_time () / G_USEC_PER_SEC, id, result, n_moves };

      ttt_statistics_add_record (self, &record);
      return;
    }

  tally = self->tallies[id];
  tally_add_result (id, &tally, result);

  /* A count at its maximum stays there: then nothing changed. */
  ttt_statistics_set_tally (self, id, &tally);
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
  TttTally tally;

  g_return_if_fail (TTT_IS_STATISTICS (self));
  g_return_if_fail (id < TTT_N_TALLIES);
  g_return_if_fail (earlier != NULL);
  g_return_if_fail (tally_is_consistent (id, earlier));

  if (self->records != NULL)
    {
      TttRecord record = { TTT_RECORD_RESTORE, g_get_real_time () / G_USEC_PER_SEC, id };

      record.counts = *earlier;
      ttt_statistics_add_record (self, &record);
      return;
    }

  tally = self->tallies[id];
  tally_merge (&tally, earlier);

  ttt_statistics_set_tally (self, id, &tally);
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
  static const TttTally zero;

  g_return_if_fail (TTT_IS_STATISTICS (self));
  g_return_if_fail (id < TTT_N_TALLIES);

  if (self->records != NULL)
    {
      TttRecord record = { TTT_RECORD_RESET, g_get_real_time () / G_USEC_PER_SEC, id };

      ttt_statistics_add_record (self, &record);
      return;
    }

  ttt_statistics_set_tally (self, id, &zero);
}

/**
 * ttt_statistics_reset_all:
 * @self: a #TttStatistics
 *
 * Resets every tally, with one write to the settings, or one record.
 */
void
ttt_statistics_reset_all (TttStatistics *self)
{
  static const TttTally zero[TTT_N_TALLIES];

  g_return_if_fail (TTT_IS_STATISTICS (self));

  if (self->records != NULL)
    {
      TttRecord record = { TTT_RECORD_RESET, g_get_real_time () / G_USEC_PER_SEC,
                           TTT_RECORD_ALL_TALLIES };

      ttt_statistics_add_record (self, &record);
      return;
    }

  ttt_statistics_set_all (self, zero);
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

/**
 * ttt_statistics_to_variant:
 * @self: a #TttStatistics
 *
 * Returns: (transfer floating): every tally as an a{s(uuuuu)}, as the
 *   settings store it
 */
GVariant *
ttt_statistics_to_variant (TttStatistics *self)
{
  GVariantBuilder builder;

  g_return_val_if_fail (TTT_IS_STATISTICS (self), NULL);

  g_variant_builder_init (&builder, STATISTICS_TYPE);
  for (TttTallyId id = 0; id < TTT_N_TALLIES; id++)
    {
      const TttTally *t = &self->tallies[id];

      g_variant_builder_add (&builder, "{s(uuuuu)}", tally_key (id),
                             t->won, t->drawn, t->lost, t->streak, t->best_streak);
    }

  return g_variant_builder_end (&builder);
}

/* A count of any integer type, as a hand-edited value may hold (GVariant
 * reads "3" as an int32). */
static gboolean
read_count (GVariant *value,
            guint32  *count)
{
  gint64 n;

  if (g_variant_is_of_type (value, G_VARIANT_TYPE_BYTE))
    n = g_variant_get_byte (value);
  else if (g_variant_is_of_type (value, G_VARIANT_TYPE_INT16))
    n = g_variant_get_int16 (value);
  else if (g_variant_is_of_type (value, G_VARIANT_TYPE_UINT16))
    n = g_variant_get_uint16 (value);
  else if (g_variant_is_of_type (value, G_VARIANT_TYPE_INT32))
    n = g_variant_get_int32 (value);
  else if (g_variant_is_of_type (value, G_VARIANT_TYPE_UINT32))
    n = g_variant_get_uint32 (value);
  else if (g_variant_is_of_type (value, G_VARIANT_TYPE_INT64))
    n = g_variant_get_int64 (value);
  else if (g_variant_is_of_type (value, G_VARIANT_TYPE_UINT64))
    n = (gint64) MIN (g_variant_get_uint64 (value), (guint64) G_MAXINT64);
  else
    return FALSE;

  if (n < 0 || n > G_MAXUINT32)
    return FALSE;

  *count = (guint32) n;
  return TRUE;
}

/* Five counts in a tuple, maybe in a variant. */
static gboolean
read_tally (GVariant *value,
            TttTally *tally)
{
  g_autoptr(GVariant) inner = g_variant_ref (value);
  guint32 counts[5];

  while (g_variant_is_of_type (inner, G_VARIANT_TYPE_VARIANT))
    {
      GVariant *boxed = g_variant_get_variant (inner);

      g_variant_unref (inner);
      inner = boxed;
    }

  if (!g_variant_is_of_type (inner, G_VARIANT_TYPE_TUPLE) || g_variant_n_children (inner) != 5)
    return FALSE;

  for (gsize i = 0; i < 5; i++)
    {
      g_autoptr(GVariant) child = g_variant_get_child_value (inner, i);

      if (!read_count (child, &counts[i]))
        return FALSE;
    }

  *tally = (TttTally) { counts[0], counts[1], counts[2], counts[3], counts[4] };
  return TRUE;
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

/* Reads what can be read of @value (any type; NULL for nothing) into
 * @tallies, saying in @problems what could not be; @taken tells which
 * tallies came from @value. With @type_said, a value of the wrong type
 * was said to be one already (parse_entries() did, for the text it read
 * entry by entry into a dictionary of its own type, which is no news to
 * the person who wrote it). */
static void
read_tallies (GVariant  *value,
              gboolean   type_said,
              TttTally   tallies[TTT_N_TALLIES],
              gboolean   taken[TTT_N_TALLIES],
              GPtrArray *problems)
{
  gboolean named[TTT_N_TALLIES] = { FALSE };
  GVariantIter iter;
  GVariant *child;

  memset (tallies, 0, TTT_N_TALLIES * sizeof (TttTally));
  memset (taken, 0, TTT_N_TALLIES * sizeof (gboolean));

  if (value == NULL)
    return;

  if (!type_said && !g_variant_is_of_type (value, STATISTICS_TYPE))
    add_problem (problems, "a value of type %s, not a{s(uuuuu)}", g_variant_get_type_string (value));

  /* Of another type, entries can still be read from a dictionary of
   * strings: one written by hand, or with other numbers. */
  if (!g_variant_is_of_type (value, G_VARIANT_TYPE ("a{s*}")))
    return;

  g_variant_iter_init (&iter, value);
  while ((child = g_variant_iter_next_value (&iter)) != NULL)
    {
      g_autoptr(GVariant) entry = child;
      g_autoptr(GVariant) counts = NULL;
      g_autofree char *quoted = NULL;
      const char *key;
      TttTallyId id;
      TttTally tally;

      g_variant_get_child (entry, 0, "&s", &key);
      counts = g_variant_get_child_value (entry, 1);
      quoted = ttt_text_for_message (key, -1, QUOTE_MAX_CHARS);

      if (!tally_id_from_key (key, &id))
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

      if (!read_tally (counts, &tally))
        add_problem (problems, "“%s” is not five counts", quoted);
      else if (!tally_is_consistent (id, &tally))
        add_problem (problems, "“%s” does not add up", quoted);
      else
        {
          tallies[id] = tally;
          taken[id] = TRUE;
        }
    }

  /* The tallies since 0.2.0 (network games, Ultimate, Ultimate over the
   * network) are missing from what an older version wrote, rightly: they
   * start at 0. */
  for (TttTallyId id = 0; id <= TTT_TALLY_TWO_PLAYERS; id++)
    if (!named[id])
      add_problem (problems, "“%s” is missing", tally_key (id));
}

/* Where the text of a dictionary's entry, or of the whole, ends: at the
 * first @stop outside brackets and quotes. */
static const char *
scan_to (const char *p,
         const char *stops)
{
  int depth = 0;
  char quote = '\0';

  for (; *p != '\0'; p++)
    {
      if (quote != '\0')
        {
          if (*p == '\\' && p[1] != '\0')
            p++;
          else if (*p == quote)
            quote = '\0';
        }
      else if (*p == '\'' || *p == '"')
        quote = *p;
      else if (depth == 0 && strchr (stops, *p) != NULL)
        return p;
      else if (strchr ("([{<", *p) != NULL)
        depth++;
      else if (strchr (")]}>", *p) != NULL)
        depth--;
    }

  return p;
}

/* Stored text that does not read as a{s(uuuuu)}, read entry by entry, so
 * that one entry of another shape costs none of the others: a dictionary
 * of variants, each entry's counts as they could be read, or its text
 * where they could not. NULL when the text is no dictionary at all. */
static GVariant *
parse_entries (const char *text,
               GPtrArray  *problems)
{
  g_autoptr(GVariant) whole = NULL;
  g_autoptr(GError) error = NULL;
  GVariantBuilder builder;
  const char *p = text;

  /* One of another type parses whole, and says its type. */
  whole = g_variant_parse (NULL, text, NULL, NULL, &error);
  if (whole != NULL)
    return g_steal_pointer (&whole);

  while (g_ascii_isspace (*p))
    p++;
  if (*p == '@')
    while (*p != '\0' && !g_ascii_isspace (*p))
      p++;
  while (g_ascii_isspace (*p))
    p++;
  if (*p != '{' || *scan_to (p + 1, "}") != '}')
    {
      g_autofree char *quoted = ttt_text_for_message (error->message, -1, QUOTE_MAX_CHARS * 2);

      add_problem (problems, "the value cannot be read (%s)", quoted);
      return NULL;
    }

  add_problem (problems, "a value of another type than a{s(uuuuu)}");
  g_variant_builder_init (&builder, G_VARIANT_TYPE ("a{sv}"));
  p++;
  while (*p != '\0' && *p != '}')
    {
      const char *end = scan_to (p, ",}");
      const char *colon = scan_to (p, ":");
      g_autofree char *key_text = NULL;
      g_autofree char *value_text = NULL;
      g_autoptr(GVariant) key = NULL;
      g_autoptr(GVariant) counts = NULL;

      if (colon < end)
        {
          key_text = g_strstrip (g_strndup (p, colon - p));
          value_text = g_strstrip (g_strndup (colon + 1, end - colon - 1));
          key = g_variant_parse (G_VARIANT_TYPE_STRING, key_text, NULL, NULL, NULL);
        }

      if (key == NULL)
        {
          g_autofree char *entry = g_strstrip (g_strndup (p, end - p));
          g_autofree char *quoted = ttt_text_for_message (entry, -1, QUOTE_MAX_CHARS);

          if (*entry != '\0')
            add_problem (problems, "“%s” cannot be read", quoted);
        }
      else
        {
          counts = g_variant_parse (G_VARIANT_TYPE ("(uuuuu)"), value_text, NULL, NULL, NULL);
          if (counts == NULL)
            counts = g_variant_parse (NULL, value_text, NULL, NULL, NULL);
          if (counts == NULL)
            counts = g_variant_ref_sink (g_variant_new_string (value_text));
          g_variant_builder_add (&builder, "{sv}", g_variant_get_string (key, NULL), counts);
        }

      p = *end == ',' ? end + 1 : end;
    }

  return g_variant_ref_sink (g_variant_builder_end (&builder));
}

/* Two games on one settings file */

/* Reads @text, the value as stored, into @tallies; @taken as with
 * read_tallies(). Quietly: what is wrong with it is said where it is
 * loaded. */
static void
read_stored (const char *text,
             TttTally    tallies[TTT_N_TALLIES],
             gboolean    taken[TTT_N_TALLIES])
{
  g_autoptr(GPtrArray) problems = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GVariant) value = NULL;

  if (text != NULL)
    {
      value = g_variant_parse (STATISTICS_TYPE, text, NULL, NULL, NULL);
      if (value == NULL)
        value = parse_entries (text, problems);
    }
  read_tallies (value, TRUE, tallies, taken, problems);
}

/* One tally that two games counted into at once: @theirs, on disk, with
 * the games counted here (@mine) since @base, as they were counted on
 * top of it. Their streak goes on into the games counted here only if
 * those were all won; the best streak is the longer. A tally counted
 * down here (a reset, maybe with games since) is this game's. */
static TttTally
merge_tally (TttTallyId      id,
             const TttTally *base,
             const TttTally *mine,
             const TttTally *theirs)
{
  TttTally merged;
  guint32 won, drawn, lost;

  if (memcmp (mine, base, sizeof *mine) == 0)
    return *theirs;
  if (mine->won < base->won || mine->drawn < base->drawn || mine->lost < base->lost)
    return *mine;

  won = mine->won - base->won;
  drawn = mine->drawn - base->drawn;
  lost = mine->lost - base->lost;
  merged.won = add_saturated (theirs->won, won);
  merged.drawn = add_saturated (theirs->drawn, drawn);
  merged.lost = add_saturated (theirs->lost, lost);
  if (ttt_tally_id_is_two_players (id))
    {
      merged.streak = 0;
      merged.best_streak = 0;
      return merged;
    }

  if (drawn == 0 && lost == 0)
    merged.streak = add_saturated (theirs->streak, won);
  else
    merged.streak = MIN (mine->streak, merged.won);
  merged.best_streak = MAX (theirs->best_streak, merged.streak);
  if (mine->best_streak > base->best_streak)
    merged.best_streak = MAX (merged.best_streak, MIN (mine->best_streak, merged.won));

  return merged;
}

/* The statistics of two games on one settings file add up: what one
 * counted since it last read or wrote the file (@base to @mine) is added
 * to what the file holds now (@theirs), rather than one's tallies
 * written over the other's (see TttSettingsFileMergeFunc). An entry of
 * @theirs that cannot be read keeps this game's count; no value at all
 * is no game yet. */
static char *
merge_stored (const char *base,
              const char *mine,
              const char *theirs)
{
  TttTally base_tallies[TTT_N_TALLIES], mine_tallies[TTT_N_TALLIES];
  TttTally their_tallies[TTT_N_TALLIES];
  gboolean base_taken[TTT_N_TALLIES], mine_taken[TTT_N_TALLIES];
  gboolean their_taken[TTT_N_TALLIES];
  g_autoptr(GVariant) value = NULL;
  GVariantBuilder builder;

  /* The key reset here: that stands. */
  if (mine == NULL)
    return NULL;

  read_stored (base, base_tallies, base_taken);
  read_stored (mine, mine_tallies, mine_taken);
  read_stored (theirs, their_tallies, their_taken);

  g_variant_builder_init (&builder, STATISTICS_TYPE);
  for (TttTallyId id = 0; id < TTT_N_TALLIES; id++)
    {
      TttTally t = mine_tallies[id];

      if (theirs == NULL || their_taken[id])
        t = merge_tally (id, &base_tallies[id], &mine_tallies[id], &their_tallies[id]);
      g_variant_builder_add (&builder, "{s(uuuuu)}", tally_key (id),
                             t.won, t.drawn, t.lost, t.streak, t.best_streak);
    }
  value = g_variant_ref_sink (g_variant_builder_end (&builder));

  return g_variant_print (value, FALSE);
}

/**
 * ttt_statistics_load:
 * @self: a #TttStatistics
 * @value: the tallies, as ttt_statistics_to_variant() gives them
 * @error: return location for a #GError
 *
 * Replaces every tally by those in @value. A value of another type, an
 * entry that is missing or comes twice, or one whose counts do not add up
 * is not taken; the good entries still are, the rest become 0. Bound to
 * a results file, the tallies are its records' again at the next record
 * or reload: a value is no record.
 *
 * Returns: %FALSE, with @error saying what was not taken, when something
 *   was wrong with @value
 */
gboolean
ttt_statistics_load (TttStatistics  *self,
                     GVariant       *value,
                     GError        **error)
{
  g_autoptr(GPtrArray) problems = g_ptr_array_new_with_free_func (g_free);
  TttTally tallies[TTT_N_TALLIES];
  gboolean taken[TTT_N_TALLIES];

  g_return_val_if_fail (TTT_IS_STATISTICS (self), FALSE);
  g_return_val_if_fail (value != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  read_tallies (value, FALSE, tallies, taken, problems);
  ttt_statistics_set_all (self, tallies);

  if (problems->len > 0)
    {
      g_autofree char *text = join_problems (problems);

      g_set_error_literal (error, TTT_STATISTICS_ERROR, TTT_STATISTICS_ERROR_INVALID, text);
      return FALSE;
    }

  return TRUE;
}

/* The game's settings file, when the settings live in one, and the key's
 * full path in it. */
static TttSettingsFile *
settings_file_for (GSettings  *settings,
                   char      **key)
{
  g_autoptr(GSettingsBackend) backend = NULL;
  g_autofree char *path = NULL;

  g_object_get (settings, "backend", &backend, "path", &path, NULL);
  if (!TTT_IS_SETTINGS_FILE (backend) || path == NULL)
    return NULL;

  *key = g_strconcat (path, STATISTICS_KEY, NULL);
  return TTT_SETTINGS_FILE (g_steal_pointer (&backend));
}

static TttSettingsFile *
settings_file_of (TttStatistics  *self,
                  char          **key)
{
  return settings_file_for (self->settings, key);
}

/* The value of the key as the settings file holds it, when the settings
 * live in one: GSettings would hide a value of the wrong type. */
static char *
stored_text_of (TttStatistics *self)
{
  g_autofree char *key = NULL;
  g_autoptr(TttSettingsFile) file = settings_file_of (self, &key);

  if (file == NULL)
    return NULL;

  return ttt_settings_file_dup_text (file, key);
}

/* Takes the settings' value, read from @text when that is given; a broken
 * one is said once and written back repaired, so that it is not said
 * again. With @keep_session, a tally that cannot be read keeps what it
 * counted so far rather than going back to 0. */
static void
ttt_statistics_load_settings (TttStatistics *self,
                              const char    *text,
                              gboolean       keep_session)
{
  g_autoptr(GPtrArray) problems = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GVariant) value = NULL;
  TttTally tallies[TTT_N_TALLIES];
  gboolean taken[TTT_N_TALLIES];
  gboolean by_entries = FALSE;

  /* Text that reads as the key's type is what GSettings read too. */
  if (text != NULL)
    {
      value = g_variant_parse (STATISTICS_TYPE, text, NULL, NULL, NULL);
      if (value == NULL)
        {
          guint said = problems->len;

          value = parse_entries (text, problems);
          /* It says the type is wrong when it reads entry by entry. */
          by_entries = problems->len > said;
        }
    }
  else
    value = g_settings_get_value (self->settings, STATISTICS_KEY);

  read_tallies (value, by_entries, tallies, taken, problems);
  if (keep_session)
    for (TttTallyId id = 0; id < TTT_N_TALLIES; id++)
      if (!taken[id])
        tallies[id] = self->tallies[id];

  self->loading = TRUE;
  ttt_statistics_set_all (self, tallies);
  self->loading = FALSE;

  if (problems->len > 0)
    {
      g_autofree char *joined = join_problems (problems);

      /* Translators: %s lists what was wrong with the stored statistics. */
      g_printerr (_("tictactoe: the statistics in the settings were repaired, keeping what "
                    "was good: %s\n"), joined);
      ttt_statistics_save (self);
    }
}

static void
statistics_changed_cb (TttStatistics *self,
                       const char    *key,
                       GSettings     *settings)
{
  g_autofree char *text = stored_text_of (self);

  ttt_statistics_load_settings (self, text, TRUE);
}

/* The first release kept six totals; on the first start after it they
 * come into the tallies once (the games against the computer into the
 * level set at that moment), and are then reset in the same write, so a
 * crash cannot count them twice. */
static void
ttt_statistics_carry_over_scores (TttStatistics *self)
{
  TttTally old[2];
  gboolean any = FALSE;
  TttLevel level;

  for (guint set = 0; set < 2; set++)
    for (guint i = 0; i < 3; i++)
      {
        g_autoptr(GVariant) user = g_settings_get_user_value (self->settings, old_score_keys[set][i]);

        any |= user != NULL;
      }
  if (!any)
    return;

  for (guint set = 0; set < 2; set++)
    old[set] = (TttTally) {
      g_settings_get_uint (self->settings, old_score_keys[set][0]),
      g_settings_get_uint (self->settings, old_score_keys[set][1]),
      g_settings_get_uint (self->settings, old_score_keys[set][2]),
      0, 0,
    };
  level = g_settings_get_enum (self->settings, "difficulty");

  g_settings_delay (self->settings);
  ttt_statistics_merge (self, ttt_tally_id_for_level (level), &old[0]);
  ttt_statistics_merge (self, TTT_TALLY_TWO_PLAYERS, &old[1]);
  for (guint set = 0; set < 2; set++)
    for (guint i = 0; i < 3; i++)
      g_settings_reset (self->settings, old_score_keys[set][i]);
  g_settings_apply (self->settings);
}

/**
 * ttt_statistics_bind_settings:
 * @self: a #TttStatistics
 * @settings: the game's settings
 * @stored_text: (nullable): the key "statistics" as it is stored, when
 *   that can be read (the keyfile backend's text), else %NULL
 *
 * Loads the tallies from @settings, carries over the first release's
 * score-* keys once, then saves every change and follows changes made
 * elsewhere.
 *
 * GSettings hides a value of the wrong type behind the default, so
 * @stored_text lets the good entries of such a value be kept (with the
 * game's settings file, it is read from there when %NULL). A broken value
 * is reported once, on stderr, and written back repaired. With the game's
 * settings file, two games on it add up what they count.
 */
void
ttt_statistics_bind_settings (TttStatistics *self,
                              GSettings     *settings,
                              const char    *stored_text)
{
  g_autofree char *text = NULL;

  g_return_if_fail (TTT_IS_STATISTICS (self));
  g_return_if_fail (G_IS_SETTINGS (settings));
  g_return_if_fail (self->settings == NULL);

  self->settings = g_object_ref (settings);

  /* Two games on one settings file add up their results. */
  {
    g_autofree char *key = NULL;
    g_autoptr(TttSettingsFile) file = settings_file_of (self, &key);

    if (file != NULL)
      ttt_settings_file_set_merge_func (file, key, merge_stored);
  }

  text = stored_text != NULL ? g_strdup (stored_text) : stored_text_of (self);
  ttt_statistics_load_settings (self, text, FALSE);
  ttt_statistics_carry_over_scores (self);

  g_signal_connect_object (settings, "changed::" STATISTICS_KEY,
                           G_CALLBACK (statistics_changed_cb), self, G_CONNECT_SWAPPED);
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

static void
ttt_statistics_add_record (TttStatistics   *self,
                           const TttRecord *record)
{
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

/* The counts of the settings key "statistics", as stored, into @tallies:
 * what a broken value keeps is what the key's own repair kept, and what
 * it does not is said once, as that repair said it (the key is not read
 * again, nor written). */
static void
read_statistics_key (GSettings *settings,
                     TttTally   tallies[TTT_N_TALLIES])
{
  g_autoptr(GPtrArray) problems = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *key = NULL;
  g_autoptr(TttSettingsFile) file = settings_file_for (settings, &key);
  g_autofree char *text = file != NULL ? ttt_settings_file_dup_text (file, key) : NULL;
  g_autoptr(GVariant) value = NULL;
  gboolean taken[TTT_N_TALLIES];
  gboolean by_entries = FALSE;

  /* Text that reads as the key's type is what GSettings read too. */
  if (text != NULL)
    {
      value = g_variant_parse (STATISTICS_TYPE, text, NULL, NULL, NULL);
      if (value == NULL)
        {
          value = parse_entries (text, problems);
          by_entries = problems->len > 0;
        }
    }
  else
    {
      g_autoptr(GVariant) user = g_settings_get_user_value (settings, STATISTICS_KEY);

      /* Never set: nothing to carry over, and nothing to say. */
      if (user != NULL)
        value = g_settings_get_value (settings, STATISTICS_KEY);
    }

  read_tallies (value, by_entries, tallies, taken, problems);

  if (problems->len > 0)
    {
      g_autofree char *joined = join_problems (problems);

      /* Translators: %s lists what was wrong with the stored statistics. */
      g_printerr (_("tictactoe: the statistics in the settings were repaired, keeping what "
                    "was good: %s\n"), joined);
    }
}

/* The first release's six totals, when they were never carried over into
 * the key: as ttt_statistics_carry_over_scores() takes them, the games
 * against the computer into the level set now, before those of the key. */
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

      tally_merge (&tallies[set == 0 ? ttt_tally_id_for_level (level) : TTT_TALLY_TWO_PLAYERS], &old);
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
  g_return_if_fail (self->records == NULL && self->settings == NULL);

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
