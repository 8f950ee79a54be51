/* ttt-tally.h — one tally of results: which one, and what it holds
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib-object.h>

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
  /* Ultimate's ladder (the results file names a tally by its nick, so
   * these come after the kinds there were before it). */
  TTT_TALLY_BEGINNER,
  TTT_TALLY_CASUAL,
  TTT_TALLY_CLUB,
  TTT_TALLY_STRONG,
  TTT_TALLY_MASTER,
} TttTallyKind;

#define TTT_N_TALLY_KINDS 10

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
/* The level of a kind of tally against the computer; FALSE for the others. */
gboolean        ttt_tally_kind_get_level         (TttTallyKind    kind,
                                                  TttLevel       *level);
/* Whether the statistics have a row for @id: a level its game offers, two
 * people, people elsewhere. */
gboolean        ttt_tally_id_is_shown            (TttTallyId      id);
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

G_END_DECLS
