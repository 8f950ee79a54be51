/* ttt-player.h — who plays a side: a person here, the computer, …
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Each side of a TttGame has a player that its TttTable seats. A local person's
 * moves arrive from the views (ttt_game_play()); a player the model drives
 * (the computer, and a remote player later) is asked for its move with
 * ttt_player_choose_move_async(), which may think off the main thread and
 * must answer a cancelled request with G_IO_ERROR_CANCELLED.
 */

#pragma once

#include <gio/gio.h>

#include "ttt-enums.h"
#include "ttt-position.h"

G_BEGIN_DECLS

#define TTT_TYPE_PLAYER (ttt_player_get_type ())
G_DECLARE_DERIVABLE_TYPE (TttPlayer, ttt_player, TTT, PLAYER, GObject)

struct _TttPlayerClass
{
  GObjectClass parent_class;

  /* For the players the model drives; NULL for a local person. @position
   * is a copy the player may keep; @rng_state is the game's random stream as it stands: the answer hands back where
   * it goes on, so that one seed fixes a whole session. */
  void  (*choose_move_async)  (TttPlayer            *self,
                               const TttPosition    *position,
                               guint64               rng_state,
                               GCancellable         *cancellable,
                               GAsyncReadyCallback   callback,
                               gpointer              user_data);
  int   (*choose_move_finish) (TttPlayer            *self,
                               GAsyncResult         *result,
                               guint64              *rng_state,
                               GError              **error);

  /* What a view says of the player, in words of its own kind: its name
   * when it gave none ("You", "Computer"), what the status says while the
   * game waits for its move (NULL for a local person, whose move the
   * views wait for), and what it says when it wins. */
  const char *(*get_default_name) (TttPlayer         *self);
  char       *(*dup_waiting_text) (TttPlayer         *self);
  char       *(*dup_won_text)     (TttPlayer         *self);
  /* Whether the news calls the player by its name ("Ana played…") rather
   * than by what it is ("You played…", "Computer played…"). */
  gboolean      known_by_name;

  gpointer padding[4];
};

TttPlayer      *ttt_player_new_local          (void);
const char     *ttt_player_get_name           (TttPlayer            *self);
gboolean        ttt_player_is_local           (TttPlayer            *self);
const char     *ttt_player_get_display_name   (TttPlayer            *self);
char           *ttt_player_dup_waiting_text   (TttPlayer            *self);
char           *ttt_player_dup_won_text       (TttPlayer            *self);
gboolean        ttt_player_is_known_by_name   (TttPlayer            *self);
void            ttt_player_choose_move_async  (TttPlayer            *self,
                                               const TttPosition    *position,
                                               guint64               rng_state,
                                               GCancellable         *cancellable,
                                               GAsyncReadyCallback   callback,
                                               gpointer              user_data);
int             ttt_player_choose_move_finish (TttPlayer            *self,
                                               GAsyncResult         *result,
                                               guint64              *rng_state,
                                               GError              **error);

/* The computer: today's opponents, at a level. An Ultimate search also
 * stops at this deadline, whatever its level's budget (Hard's takes about
 * a second on a 2-core machine). */
#define TTT_COMPUTER_PLAYER_DEADLINE_MS 1500

#define TTT_TYPE_COMPUTER_PLAYER (ttt_computer_player_get_type ())
G_DECLARE_FINAL_TYPE (TttComputerPlayer, ttt_computer_player, TTT, COMPUTER_PLAYER, TttPlayer)

TttPlayer      *ttt_computer_player_new       (TttLevel              level);
TttLevel        ttt_computer_player_get_level (TttComputerPlayer    *self);
void            ttt_computer_player_set_level (TttComputerPlayer    *self,
                                               TttLevel              level);
guint64         ttt_computer_player_get_kept_visits (TttComputerPlayer *self);
guint           ttt_computer_player_get_n_threads   (TttComputerPlayer *self);
void            ttt_computer_player_set_n_threads   (TttComputerPlayer *self,
                                                     guint              n_threads);

G_END_DECLS
