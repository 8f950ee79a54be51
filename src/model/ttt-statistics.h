/* ttt-statistics.h — games won, drawn and lost, per level and between two people
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "ttt-record-file.h"
#include "ttt-tally.h"

G_BEGIN_DECLS

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

void            ttt_statistics_bind_records      (TttStatistics  *self,
                                                  TttRecordFile  *records,
                                                  GSettings      *settings);
void            ttt_statistics_reload            (TttStatistics  *self);
const char     *ttt_statistics_get_save_error    (TttStatistics  *self);

G_END_DECLS
