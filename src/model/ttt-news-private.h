/* ttt-news-private.h — what the files of TttNews share
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * TttNews is written in two files: ttt-news.c gathers a change of the
 * game and tells it once; ttt-news-sentences.c makes the sentences, for
 * the news as it happens and for what a person asks (the last move, the
 * turn, the board). The sentences read the news's state and never call
 * back into ttt-news.c.
 */

#pragma once

#include "ttt-news.h"

G_BEGIN_DECLS

typedef enum
{
  ACTION_NONE,
  ACTION_NEW_GAME,
  ACTION_UNDO,
  ACTION_HINT,
} Action;

struct _TttNews
{
  GObject   parent_instance;

  TttGame  *game;
  /* The game's match (borrowed from the game). */
  TttMatch *match;

  /* The marks the news last saw, so that a cleared cell can still say
   * which mark it lost. */
  TttMark   marks[TTT_ULTIMATE_N_MOVES];

  /* What happened since the news was last told. */
  Action    action;
  int       hint_cell;
  char     *hint_reason;
  int       placed[TTT_ULTIMATE_N_MOVES];
  TttMark   placed_marks[TTT_ULTIMATE_N_MOVES];
  guint     n_placed;
  int       cleared[TTT_ULTIMATE_N_MOVES];
  TttMark   cleared_marks[TTT_ULTIMATE_N_MOVES];
  guint     n_cleared;
  gboolean  state_changed;
  gboolean  side_changed;

  char     *remote_result;

  guint     flush_id;
};

/* ttt-news-sentences.c */
void      _ttt_news_add                (GString    *text,
                                        const char *sentence);
void      _ttt_news_add_take_back      (GString    *text,
                                        TttNews    *self);
char     *_ttt_news_move_sentence      (TttNews    *self,
                                        TttMark     mark,
                                        gboolean    by_computer,
                                        int         cell);
gboolean  _ttt_news_sent_to_one_board  (TttNews    *self);
char     *_ttt_news_board_closed_sentence (TttNews *self,
                                           int      cell);
char     *_ttt_news_turn_sentence      (TttNews    *self);
gboolean  _ttt_news_vs_computer        (TttNews    *self);

G_END_DECLS
