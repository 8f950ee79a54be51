/* ttt-record-file.h — the results of finished games, as records in a file
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "ttt-tally.h"

G_BEGIN_DECLS

/* What a line of the file says. */
typedef enum
{
  TTT_RECORD_GAME,     /* a finished game */
  TTT_RECORD_RESET,    /* a tally, or all, set to 0 */
  TTT_RECORD_RESTORE,  /* a reset undone: the tally as it was, added first */
  TTT_RECORD_CARRIED,  /* counts carried over from the old settings key */
} TttRecordKind;

/* The tally of a reset of every tally. */
#define TTT_RECORD_ALL_TALLIES (-1)

typedef struct
{
  TttRecordKind kind;
  gint64        time;    /* seconds since 1970, UTC */
  int           tally;   /* a TttTallyId, or TTT_RECORD_ALL_TALLIES for a reset */
  TttResult     result;  /* a game's */
  guint         moves;   /* a game's, 0 when not known */
  TttTally      counts;  /* a restore's or a carried-over tally's */
} TttRecord;

/* How a line of the file reads. */
typedef enum
{
  TTT_RECORD_LINE_READ,     /* into the record */
  TTT_RECORD_LINE_UNKNOWN,  /* of a later version or an unknown kind: skipped */
  TTT_RECORD_LINE_BROKEN,   /* torn or edited: skipped, and counted */
} TttRecordLine;

char           *ttt_record_to_line                (const TttRecord *record);
TttRecordLine   ttt_record_parse_line             (const char      *line,
                                                   TttRecord       *record);

#define TTT_TYPE_RECORD_FILE (ttt_record_file_get_type ())
G_DECLARE_FINAL_TYPE (TttRecordFile, ttt_record_file, TTT, RECORD_FILE, GObject)

TttRecordFile  *ttt_record_file_new               (const char      *filename);
TttRecordFile  *ttt_record_file_new_default       (void);
const char     *ttt_record_file_get_filename      (TttRecordFile   *self);
gboolean        ttt_record_file_exists            (TttRecordFile   *self);
gboolean        ttt_record_file_append            (TttRecordFile   *self,
                                                   const char      *lines,
                                                   GError         **error);
GPtrArray      *ttt_record_file_read_new          (TttRecordFile   *self,
                                                   gboolean        *restarted);

G_END_DECLS
