/* ttt-cell.h — one cell of the board: its mark, its note, its motion
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "ttt-engine.h"
#include "ttt-mark-paint.h"

G_BEGIN_DECLS

/* What sets a cell apart, each as a style class of the cell. */
typedef enum
{
  TTT_CELL_EMPHASIS_NONE      = 0,
  /* It can be played now: it answers the pointer. */
  TTT_CELL_EMPHASIS_PLAYABLE  = 1 << 0,
  /* The computer's last move, while the game goes on. */
  TTT_CELL_EMPHASIS_LAST_MOVE = 1 << 1,
  /* The suggested move. */
  TTT_CELL_EMPHASIS_HINT      = 1 << 2,
  /* Part of the line that won. */
  TTT_CELL_EMPHASIS_WINNING   = 1 << 3,
  /* The move a review stands on. */
  TTT_CELL_EMPHASIS_REVIEWED  = 1 << 4,
} TttCellEmphasis;

/* Everything a cell shows, set at once so that a screen reader hears one
 * change. */
typedef struct
{
  TttMark          mark;
  /* The side whose colour an empty cell takes, and how strongly its mark
   * is drawn there, faintly (a hint, the best move of a review); 0 draws
   * none. */
  TttMark          ghost;
  double           ghost_alpha;
  TttCellEmphasis  emphasis;
  /* The coach's note: its symbol, its words, and the same as a sentence
   * for a screen reader. A grade of a review sits at the foot of the
   * cell, under a mark; the analysis fills an empty one. */
  TttNoteSymbol    note;
  const char      *note_text;
  const char      *note_sentence;
  gboolean         note_at_foot;
  /* The sentence says what the news says whenever it is told (Ultimate's
   * "You play in this board" beside "You play in the top-left board."):
   * news told on the cell is heard without it (TttAnnouncer). */
  gboolean         note_in_news;
} TttCellState;

#define TTT_TYPE_CELL (ttt_cell_get_type ())
G_DECLARE_FINAL_TYPE (TttCell, ttt_cell, TTT, CELL, GtkButton)

GtkWidget  *ttt_cell_new            (void);
void        ttt_cell_set_position   (TttCell            *self,
                                     int                 row,
                                     int                 column);
void        ttt_cell_set_block      (TttCell            *self,
                                     const char         *block_name,
                                     int                 row,
                                     int                 column);
void        ttt_cell_set_state      (TttCell            *self,
                                     const TttCellState *state);
void        ttt_cell_set_locked     (TttCell            *self,
                                     gboolean            locked);
TttMark     ttt_cell_get_mark       (TttCell            *self);
const char *ttt_cell_get_note       (TttCell            *self,
                                     const char        **symbol);
gboolean    ttt_cell_get_note_at_foot (TttCell          *self);
gboolean    ttt_cell_get_note_compact (TttCell          *self);
void        ttt_cell_get_mark_color (TttCell            *self,
                                     GdkRGBA            *color);

void        ttt_cell_set_fade       (TttCell            *self,
                                     double              opacity);
void        ttt_cell_grow           (TttCell            *self);
void        ttt_cell_pulse          (TttCell            *self);
void        ttt_cell_rest           (TttCell            *self);
void        ttt_cell_stop_pulse     (TttCell            *self);
double      ttt_cell_get_progress   (TttCell            *self);
gboolean    ttt_cell_is_animating   (TttCell            *self);

G_END_DECLS
