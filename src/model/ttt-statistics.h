/* ttt-statistics.h — games won, drawn and lost, per level and between two people
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "ttt-engine.h"
#include "ttt-enums.h"

G_BEGIN_DECLS

/* Whom a tally's games were against: one tally per level against the
 * computer, one for two people here and one against people elsewhere
 * (from the person here's side). */
typedef enum
{
  TTT_TALLY_EASY,
  TTT_TALLY_MEDIUM,
  TTT_TALLY_HARD,
  TTT_TALLY_TWO_PLAYERS,
  TTT_TALLY_NETWORK,      /* against someone on another computer */
} TttTallyKind;

#define TTT_N_TALLY_KINDS 5

/* A tally: each game of the registry (ttt-variants.h) has one of each
 * kind, the variant's kinds following the variant before's, so that the
 * classic game's ids are its kinds. The nicks (TTT_TYPE_TALLY_ID) are the
 * results file's and the old GSettings value's keys: the kind's nick for
 * the classic game ("easy", "two-players"), the game's id and the kind's
 * for the others ("ultimate-easy", "misere-network"). */
typedef guint TttTallyId;

#define TTT_TALLY_ID(variant, kind) ((TttTallyId) (variant) * TTT_N_TALLY_KINDS + (TttTallyId) (kind))
#define TTT_N_TALLIES (TTT_N_VARIANTS * TTT_N_TALLY_KINDS)

#define TTT_TYPE_TALLY_ID (ttt_tally_id_get_type ())
GType ttt_tally_id_get_type (void) G_GNUC_CONST;

/* How a game ended, for the person against the computer; between two
 * people, WON is X's win and LOST is O's. */
typedef enum
{
  TTT_RESULT_WON,
  TTT_RESULT_DRAWN,
  TTT_RESULT_LOST,
} TttResult;

#define TTT_TYPE_RESULT (ttt_result_get_type ())
GType ttt_result_get_type (void) G_GNUC_CONST;

/* Every count stops at G_MAXUINT32, the most the settings can hold. The
 * streaks are the wins in a row up to the last game and the longest run
 * of wins; between two people they stay 0. */
typedef struct
{
  guint32 won;
  guint32 drawn;
  guint32 lost;
  guint32 streak;
  guint32 best_streak;
} TttTally;

TttTallyId      ttt_tally_id_for_level           (TttLevel        level);
TttTallyId      ttt_tally_id_for_game            (TttVariant      variant,
                                                  gboolean        two_players,
                                                  TttLevel        level);
gboolean        ttt_tally_id_is_two_players      (TttTallyId      id);
TttTallyId      ttt_tally_id_for_network         (TttVariant      variant);
gboolean        ttt_tally_id_is_network          (TttTallyId      id);
TttVariant      ttt_tally_id_get_variant         (TttTallyId      id);
TttTallyKind    ttt_tally_id_get_kind            (TttTallyId      id);
guint64         ttt_tally_get_games              (const TttTally *tally);
gboolean        ttt_tally_is_empty               (const TttTally *tally);
int             ttt_tally_get_win_percent        (const TttTally *tally);
int             ttt_tally_get_not_lost_percent   (const TttTally *tally);

#define TTT_STATISTICS_ERROR (ttt_statistics_error_quark ())
GQuark ttt_statistics_error_quark (void);

typedef enum
{
  TTT_STATISTICS_ERROR_INVALID,  /* a stored value was broken; its good entries were kept */
} TttStatisticsError;

/* The results file (ttt-record-file.h), which includes this header. */
typedef struct _TttRecordFile TttRecordFile;

#define TTT_TYPE_STATISTICS (ttt_statistics_get_type ())
G_DECLARE_FINAL_TYPE (TttStatistics, ttt_statistics, TTT, STATISTICS, GObject)

TttStatistics  *ttt_statistics_new               (void);

void            ttt_statistics_get_tally         (TttStatistics  *self,
                                                  TttTallyId      id,
                                                  TttTally       *tally);
void            ttt_statistics_record            (TttStatistics  *self,
                                                  TttTallyId      id,
                                                  TttResult       result);
void            ttt_statistics_record_game       (TttStatistics  *self,
                                                  TttTallyId      id,
                                                  TttResult       result,
                                                  guint           n_moves);
void            ttt_statistics_merge             (TttStatistics  *self,
                                                  TttTallyId      id,
                                                  const TttTally *earlier);
void            ttt_statistics_reset             (TttStatistics  *self,
                                                  TttTallyId      id);
void            ttt_statistics_reset_all         (TttStatistics  *self);
gboolean        ttt_statistics_get_can_reset     (TttStatistics  *self);

GVariant       *ttt_statistics_to_variant        (TttStatistics  *self);
gboolean        ttt_statistics_load              (TttStatistics  *self,
                                                  GVariant       *value,
                                                  GError        **error);
void            ttt_statistics_bind_settings     (TttStatistics  *self,
                                                  GSettings      *settings,
                                                  const char     *stored_text);
void            ttt_statistics_bind_records      (TttStatistics  *self,
                                                  TttRecordFile  *records,
                                                  GSettings      *settings);
void            ttt_statistics_reload            (TttStatistics  *self);
const char     *ttt_statistics_get_save_error    (TttStatistics  *self);

G_END_DECLS
