/* ttt-news.h — what a screen reader should say about a game, as it happens
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * TttNews listens to a TttGame alone and, once per change, composes one short,
 * translated sentence or two of news: the computer's reply, whose turn it
 * is, the result; a new game, what an undo took back, a hint. The views
 * only pass the text on to the accessibility layer. GLib and GObject only,
 * so the wording and its timing are tested without a display.
 */

#pragma once

#include <glib-object.h>

#include "ttt-game.h"

G_BEGIN_DECLS

#define TTT_TYPE_NEWS (ttt_news_get_type ())
G_DECLARE_FINAL_TYPE (TttNews, ttt_news, TTT, NEWS, GObject)

TttNews    *ttt_news_new            (TttGame    *game);
TttGame    *ttt_news_get_game       (TttNews    *self);

/* Tells what is pending now instead of from the main loop. */
void        ttt_news_flush          (TttNews    *self);
/* Tells a sentence of the views' own (a refused move) after that. */
void        ttt_news_tell           (TttNews    *self,
                                     const char *text);

/* What a person can ask for: the last move, the turn, the board. */
char       *ttt_news_dup_last_move  (TttNews    *self);
char       *ttt_news_dup_turn       (TttNews    *self);
char       *ttt_news_dup_board      (TttNews    *self);

G_END_DECLS
