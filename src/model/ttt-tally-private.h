/* ttt-tally-private.h — what TttStatistics asks of one tally
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "ttt-tally.h"

G_BEGIN_DECLS

/* The name of @id in the results file and the old settings key: its
 * nick (see ttt-statistics.h). */
const char *ttt_tally_key           (TttTallyId      id);
gboolean    ttt_tally_id_from_key   (const char     *key,
                                     TttTallyId     *id);
gboolean    ttt_tally_is_consistent (TttTallyId      id,
                                     const TttTally *tally);
void        ttt_tally_add_result    (TttTallyId      id,
                                     TttTally       *tally,
                                     TttResult       result);
void        ttt_tally_merge         (TttTally       *tally,
                                     const TttTally *earlier);

G_END_DECLS
