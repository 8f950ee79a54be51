/* ttt-game-private.h — what the files of TttGame share
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * TttGame is written in two files: ttt-game.c (the object, its news and
 * a game played here) and ttt-game-remote.c (a game with someone on
 * another computer). The second changes the game only through the
 * functions below, which keep the order of the news (ttt-game.c).
 */

#pragma once

#include "ttt-game.h"

G_BEGIN_DECLS

struct _TttGame
{
  GObject         parent_instance;

  /* The game in progress: its rules, position, history and outcome. */
  TttMatch       *match;

  TttGameState    state;

  /* Who plays X and O, who starts, and the moves of the seats not played
   * here. */
  TttTable       *table;

  /* The coach: the hint shown and the analysis of the position, until
   * the board next changes. */
  TttAnalyst     *analyst;

  /* What the next game will be; the game takes it at its start. */
  TttSetup       *setup;

  /* Only set once the app has asked for a game: before that the empty board
   * from ttt_game_new() is not a game whose first mover was chosen. */
  guint           started : 1;

  /* A game with someone elsewhere (ttt_game_start_remote()) is of the
   * variant its session agreed on, until the next ttt_game_start_new(). */
  TttVariant      remote_variant;
  /* ttt_game_set_held(): no move from the views for now. */
  guint           held : 1;
};

/* The value of each property the news compares, before a change: see
 * ttt_game_emit_changes(). */
typedef struct
{
  guint values[16];
} TttGameSnapshot;

void     ttt_game_snapshot      (TttGame               *self,
                                 TttGameSnapshot       *before);
void     ttt_game_emit_changes  (TttGame               *self,
                                 const TttGameSnapshot *before);

void     ttt_game_begin         (TttGame               *self,
                                 gboolean               restarting);
void     ttt_game_keep_moves    (TttGame               *self,
                                 guint                  keep);
void     ttt_game_update_state  (TttGame               *self);

void     ttt_game_emit_started  (TttGame               *self);
void     ttt_game_emit_over     (TttGame               *self,
                                 guint                  winning_cells);
void     ttt_game_notify_held   (TttGame               *self);

G_END_DECLS
