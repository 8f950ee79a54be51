/* model-helpers.h — what the tests of the model share: GLib only
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The main loop, a game with a repeatable computer, the board as the
 * signals tell it, whole games played out, and a recorder of the news a
 * game sends. The tests of the real windows use them too (ui-helpers.h).
 */

#pragma once

#include <gio/gio.h>

#include "ttt-game.h"

G_BEGIN_DECLS

/* The main loop */

/* A computer delay that no test outlasts: the computer's answer stays on
 * its way while a test checks what is true meanwhile, then setting the
 * delay to 0 lets it answer at once. Events, not a race with the clock. */
#define TTT_TEST_HOLD_MS (10 * 60 * 1000)

/* How long a test waits for an event before it fails. The wait ends as
 * soon as the event comes, so this only bounds a failure: generous, for a
 * loaded machine or a sanitizer. */
#define TTT_TEST_DEADLINE_US (30 * G_USEC_PER_SEC)

guint         ttt_test_count_thinking     (void);
void          ttt_test_iterate            (void);
void          ttt_test_run_for            (guint            ms);
void          ttt_test_drain              (void);
void          ttt_test_wait_for_human     (TttGame         *game);
gboolean      ttt_test_has_pending_source (TttGame         *game);
void          ttt_test_count_cb           (gpointer         counter);
void          ttt_test_remove_tree        (const char      *path);

/* Games and boards */

const char   *ttt_test_nick               (GType            type,
                                           int              value);
TttGame      *ttt_test_game_new           (guint64          seed);
TttGame      *ttt_test_two_player_game_new (void);
TttBoard      ttt_test_read_board         (TttGame         *game);
void          ttt_test_assert_board       (TttGame         *game,
                                           const char      *expected);
gboolean      ttt_test_boards_equal       (const TttBoard  *a,
                                           const TttBoard  *b);
int           ttt_test_new_cell           (const TttBoard  *before,
                                           const TttBoard  *after);
int           ttt_test_played_since       (const TttBoard  *before,
                                           TttGame         *game);
int           ttt_test_completing_cell    (TttGame         *game,
                                           TttMark          mark);
GSettings    *ttt_test_memory_settings    (GSettingsSchema **schema);
TttTally      ttt_test_tally              (TttGame         *game,
                                           TttTallyId       id);
guint64       ttt_test_games              (TttGame         *game,
                                           TttTallyId       id);
TttTally      ttt_test_recorded_tally     (TttTallyId       id);

/* Playing whole games */

typedef int  (*TttTestStrategy)           (TttGame         *game,
                                           gpointer         data);
typedef void (*TttTestComputerCheck)      (const TttBoard  *before,
                                           int              cell,
                                           gpointer         data);

int           ttt_test_strategy_hint      (TttGame         *game,
                                           gpointer         data);
int           ttt_test_strategy_lowest    (TttGame         *game,
                                           gpointer         data);
int           ttt_test_strategy_random    (TttGame         *game,
                                           gpointer         data);
int           ttt_test_strategy_corners   (TttGame         *game,
                                           gpointer         data);
void          ttt_test_play_out           (TttGame         *game,
                                           TttTestStrategy  strategy,
                                           gpointer         strategy_data,
                                           TttTestComputerCheck check,
                                           gpointer         check_data);
void          ttt_test_play_cells         (TttGame         *game,
                                           const int       *cells,
                                           guint            n_cells);

#define TTT_TEST_PLAY(game, ...) \
  G_STMT_START { \
    const int cells__[] = { __VA_ARGS__ }; \
    ttt_test_play_cells ((game), cells__, G_N_ELEMENTS (cells__)); \
  } G_STMT_END

/* Recording the news
 *
 * Each signal becomes one line: "cell 4 x", "turn o", "over x-wins 007",
 * "notify n-moves", and "tally hard" for a change of the game's
 * statistics. The recorder also keeps the board as the signals alone
 * describe it, and checks on each signal that the model already shows
 * what the signal says. */

typedef struct
{
  TttGame       *game;
  TttStatistics *statistics;
  GPtrArray     *events;
  TttBoard       shadow;
  guint          n_game_over;
  TttOutcome     last_outcome;
} TttTestRecorder;

void          ttt_test_recorder_init      (TttTestRecorder *rec,
                                           TttGame         *game);
void          ttt_test_recorder_clear     (TttTestRecorder *rec);
void          ttt_test_recorder_forget    (TttTestRecorder *rec);
void          ttt_test_recorder_assert    (TttTestRecorder *rec,
                                           const char * const *expected);

void          ttt_test_use_language       (const char      *language);
gboolean      ttt_test_can_mount_namespaces (void);
const char   *ttt_test_translating_locale (void);
const char   *ttt_test_use_translating_locale (void);

GSubprocess  *ttt_test_spawn_child        (const char * const *argv,
                                           char           **env,
                                           const char      *log_path,
                                           int              ready_fd,
                                           GError         **error);
char         *ttt_test_spawn_and_read_line (const char * const *argv,
                                            char           **env,
                                            const char      *log_path,
                                            GSubprocess    **process);

#define TTT_ASSERT_EVENTS(rec, ...) \
  G_STMT_START { \
    const char *expected__[] = { __VA_ARGS__, NULL }; \
    ttt_test_recorder_assert ((rec), expected__); \
  } G_STMT_END

#define TTT_ASSERT_NO_EVENTS(rec) \
  G_STMT_START { \
    const char *expected__[] = { NULL }; \
    ttt_test_recorder_assert ((rec), expected__); \
  } G_STMT_END

G_END_DECLS
