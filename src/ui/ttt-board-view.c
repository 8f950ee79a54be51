/* ttt-board-view.c — the cells of a game, drawn as a # board
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The board shows what its TttGame says and sends clicks and keys down as
 * ttt_game_play(). It lays its cells (TttCell, buttons that draw their own
 * marks and notes) out from a TttBoardGeometry, rows by columns in blocks,
 * draws the lines between them and the line through a win, moves the
 * focus and takes the keys; each cell is told what to show. The motion of
 * the end goes through AdwAnimation, which follows the system's animation
 * setting and leaves no tick callback behind once it has ended.
 */

#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>

#include "ttt-announcer.h"
#include "ttt-board-view-private.h"
#include "ttt-compat.h"
#include "ttt-cell.h"
#include "ttt-coach.h"
#include "ttt-names.h"
#include "ttt-variants.h"

/* Below this a mark is hard to hit with a finger; the window's minimum
 * size leaves room for it at 360 px. */
#define MIN_CELL_SIZE  80
#define NAT_CELL_SIZE  128
/* A board of several blocks (Ultimate's 9 × 9) has to fit the same 360 px
 * less the window's margins, 336 px: nine cells of 32 px, still a
 * finger's width, leave 48 px for six gaps within blocks and two between
 * them. Its natural size is that of one block of classic cells. */
#define MIN_BLOCKS_CELL_SIZE 32
/* ... and in a review, where nothing is played and the explanation needs
 * four lines, less: the window of a game over the network, with its bar,
 * still fits 360 × 640 (26 px cells, 270 px). */
#define MIN_REVIEW_BLOCKS_CELL_SIZE 26
/* Between two cells of a block, and between two blocks. */
#define GAP            8
#define BLOCK_GAP      20
/* ... and on a board of several blocks, as a share of a cell, so that the
 * design (the # of each block inside a bolder large #) keeps its
 * proportions from 360 px to full screen: 4 and 12 px at 32 px cells. */
#define BLOCKS_GAP_EIGHTHS        1
#define BLOCKS_BLOCK_GAP_EIGHTHS  3
/* The lines between cells; between blocks they are the thicker ones. */
#define LINE_WIDTH     4

#define FINISH_DURATION    420

struct _TttBoardView
{
  GtkWidget     parent_instance;

  TttGame      *game;
  /* The game's match: the board it shows (borrowed from the game). */
  TttMatch     *match;

  TttBoardGeometry geometry;
  int           n_cells;
  TttCell     **cells;

  /* The cell that takes the focus when the board is entered with Tab. */
  int           cursor;
  int           hint_cell;
  int           last_computer_cell;
  /* Ultimate, with play free: the small board a first digit chose, whose
   * cell the second digit picks; -1 for none. */
  int           digit_board;
  /* Ultimate: the game's cell of the other side's reply, while the focus
   * it found on the board waits to follow it (follow_reply()); -1. */
  int           reply_move;
  /* ... and the cell it goes to once the news of the reply is told. */
  int           follow_cell;
  guint         follow_id;
  /* The cell the focus left, described anew from an idle callback. */
  int           left_cell;
  guint         left_id;

  /* Where the laid-out cells start and how large a cell is, for the
   * drawing of the lines. */
  int           origin_x;
  int           origin_y;
  int           cell_size;

  AdwAnimation *finish;
  double        finish_value;

  /* The coach: what each cell says in words and by a symbol (see
   * update_note()). */
  gboolean      show_analysis;

  /* A review shows its position instead of the live game's, which stays
   * as it is. At the cursor: the move just played, its mover and grade,
   * and the best cell named when it was not best. */
  TttReviewCursor *review;
  guint         review_position;
  int           review_cell;
  TttMark       review_mover;
  TttGrade      review_grade;
  /* The move at the cursor is a person's, with a grade to show. */
  gboolean      review_graded;
  int           review_best_cell;
};

G_DEFINE_FINAL_TYPE (TttBoardView, ttt_board_view, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_GAME,
  PROP_SHOW_ANALYSIS,
  PROP_REVIEW,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum {
  MOVE_REFUSED,
  BOARD_PICKED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

#define CELL_KEY "ttt-cell"

static int
cell_of (gpointer object)
{
  return GPOINTER_TO_INT (g_object_get_data (G_OBJECT (object), CELL_KEY));
}

static gboolean
is_rtl (TttBoardView *self)
{
  return gtk_widget_get_direction (GTK_WIDGET (self)) == GTK_TEXT_DIR_RTL;
}

/* What the board shows: the live game, or the position of a review. */

/* Whether the board shows a game of blocks (Ultimate's nine of nine). Its
 * cells are numbered in reading order over the whole grid, the game's by
 * Ultimate's move numbers (board × 9 + cell, see ttt-ultimate.h). */
static gboolean
is_ultimate (TttBoardView *self)
{
  return self->game != NULL && self->n_cells == TTT_ULTIMATE_N_MOVES &&
         ttt_variants_get_rules (ttt_game_get_variant (self->game))->n_blocks > 1;
}

/* The game's cell that the board's @index-th cell shows, or -1. A classic
 * game on a board of more cells shows the others empty. */
static int
game_cell_of (TttBoardView *self,
              int           index)
{
  if (index < 0 || index >= self->n_cells)
    return -1;
  if (is_ultimate (self))
    return ttt_ultimate_move_at (index / self->geometry.columns, index % self->geometry.columns);
  return index < TTT_N_CELLS ? index : -1;
}

static int
index_of_game_cell (TttBoardView *self,
                    int           cell)
{
  if (is_ultimate (self))
    return ttt_ultimate_move_row (cell) * self->geometry.columns + ttt_ultimate_move_col (cell);
  return cell;
}

static gboolean
is_game_cell (TttBoardView *self,
              int           index)
{
  return game_cell_of (self, index) >= 0;
}

static TttMark
shown_mark (TttBoardView *self,
            int           cell)
{
  if (!is_game_cell (self, cell))
    return TTT_MARK_NONE;
  if (self->review != NULL)
    return ttt_review_cursor_get_cell (self->review, game_cell_of (self, cell));
  return ttt_match_get_cell (self->match, game_cell_of (self, cell));
}

/* Who has won block @block of the position shown: in a review, as it
 * stood at the step shown, not as the game ended. */
static TttMark
shown_block_winner (TttBoardView *self,
                    int           block)
{
  if (self->review == NULL)
    return ttt_match_get_board_winner (self->match, block);

  switch (ttt_review_cursor_get_block_outcome (self->review, block))
    {
    case TTT_OUTCOME_X_WINS:
      return TTT_MARK_X;
    case TTT_OUTCOME_O_WINS:
      return TTT_MARK_O;
    case TTT_OUTCOME_ONGOING:
    case TTT_OUTCOME_DRAW:
    case TTT_OUTCOME_INVALID:
    default:
      return TTT_MARK_NONE;
    }
}

static guint
shown_winning_cells (TttBoardView *self)
{
  if (self->review != NULL)
    return ttt_review_cursor_get_winning_cells (self->review);
  return ttt_match_get_winning_cells (self->match);
}

/* In Ultimate the win is a line of small boards: each of their cells is
 * part of it. */
static gboolean
is_winning (TttBoardView *self,
            guint         winning,
            int           cell)
{
  int game_cell = game_cell_of (self, cell);

  if (game_cell < 0)
    return FALSE;
  if (is_ultimate (self))
    return (winning & (1u << (game_cell / 9))) != 0;
  return (winning & (1u << cell)) != 0;
}

/* How much a finished game fades the marks that did not make it. A review
 * keeps every position crisp, and at the end only the win stands out. */
static double
mark_opacity (TttBoardView *self,
              int           cell)
{
  guint winning = shown_winning_cells (self);

  /* A won small board's large mark lies under its cells in a review, so
   * its marks stand back as in play; the move at the cursor stays. */
  if (self->review != NULL && is_ultimate (self) && cell != self->review_cell &&
      shown_block_winner (self, game_cell_of (self, cell) / 9) != TTT_MARK_NONE)
    return 0.3;
  if (self->review != NULL)
    return winning == 0 || is_winning (self, winning, cell) ? 1.0 : 0.35;
  /* A small board that is won shows its winner large over its marks,
   * in play and at the end, on the winning line too. */
  if (is_ultimate (self) &&
      ttt_match_get_board_winner (self->match, game_cell_of (self, cell) / 9) != TTT_MARK_NONE)
    return 0.3;
  if (ttt_game_get_state (self->game) != TTT_GAME_STATE_OVER)
    return 1.0;
  if (is_winning (self, winning, cell))
    return 1.0;
  if (winning != 0)
    return 1.0 - 0.65 * self->finish_value;
  return 1.0 - 0.5 * self->finish_value;
}

/* Geometry: where the @index-th row or column starts, for cells of
 * @cell_size in blocks of @block, and how far @n of them reach. */

static gboolean
has_blocks (TttBoardView *self)
{
  return self->geometry.rows != self->geometry.block_rows ||
         self->geometry.columns != self->geometry.block_columns;
}

/* The gap between two cells of a block, or (@block_edge) two blocks. */
static int
gap_of (TttBoardView *self,
        int           cell_size,
        gboolean      block_edge)
{
  if (!has_blocks (self))
    return block_edge ? BLOCK_GAP : GAP;

  return block_edge ? cell_size * BLOCKS_BLOCK_GAP_EIGHTHS / 8 : cell_size * BLOCKS_GAP_EIGHTHS / 8;
}

static int
offset_of (TttBoardView *self,
           int           index,
           int           block,
           int           cell_size)
{
  int block_edges = index / block;

  return index * cell_size + (index - block_edges) * gap_of (self, cell_size, FALSE) +
         block_edges * gap_of (self, cell_size, TRUE);
}

static int
extent_of (TttBoardView *self,
           int           n,
           int           block,
           int           cell_size)
{
  return offset_of (self, n - 1, block, cell_size) + cell_size;
}

/* The gap before the @index-th row or column, at a block's edge or not. */
static int
gap_before (TttBoardView *self,
            int           index,
            int           block)
{
  return gap_of (self, self->cell_size, index % block == 0);
}

/* Drawing */

/* Adds to @cr's path a line through the three cells of @line (in
 * Ultimate, of boards), from the first to the last as far as @finish.
 * Returns whether it could. */
static gboolean
path_win_line (TttBoardView *self,
               cairo_t      *cr,
               guint         line,
               double        finish)
{
  GtkWidget *widget = GTK_WIDGET (self);
  int first = g_bit_nth_lsf (line, -1);
  int last = g_bit_nth_msf (line, -1);
  /* In Ultimate the line joins the middles of three small boards. */
  double span = is_ultimate (self) ? self->geometry.block_columns : 1;
  graphene_point_t from, to;
  graphene_rect_t bounds;
  double dx, dy, length, reach;

  if (line == 0 || first < 0)
    return FALSE;
  if (is_ultimate (self))
    {
      first = index_of_game_cell (self, first * 9 + 4);
      last = index_of_game_cell (self, last * 9 + 4);
    }
  if (last >= self->n_cells)
    return FALSE;

  if (!gtk_widget_compute_bounds (GTK_WIDGET (self->cells[first]), widget, &bounds))
    return FALSE;
  graphene_rect_get_center (&bounds, &from);
  if (!gtk_widget_compute_bounds (GTK_WIDGET (self->cells[last]), widget, &bounds))
    return FALSE;
  graphene_rect_get_center (&bounds, &to);

  /* Reach a little beyond the centres of the outer cells. */
  length = graphene_point_distance (&from, &to, NULL, NULL);
  dx = to.x - from.x;
  dy = to.y - from.y;
  reach = self->cell_size * span * 0.38 / length;
  from.x -= dx * reach;
  from.y -= dy * reach;
  dx *= 1 + 2 * reach;
  dy *= 1 + 2 * reach;

  cairo_move_to (cr, from.x, from.y);
  cairo_line_to (cr, from.x + dx * finish, from.y + dy * finish);

  return TRUE;
}

/* The lines through the cells of a win. A last move can complete two (a
 * row and a column, both diagonals): each is drawn, their halos under
 * both so neither is cut where they cross. */
static void
snapshot_win_line (TttBoardView *self,
                   GtkSnapshot  *snapshot,
                   guint         winning,
                   double        finish,
                   int           diagonals)
{
  GtkWidget *widget = GTK_WIDGET (self);
  const TttBoardGeometry *g = &self->geometry;
  /* Through Ultimate's boards the line is as much wider as they are
   * larger than a cell. */
  double span = is_ultimate (self) ? g->block_columns : 1;
  GdkRGBA line_color = { 0.2, 0.2, 0.2, 1.0 };
  GdkRGBA halo_color = { 1.0, 1.0, 1.0, 1.0 };
  guint lines[TTT_N_BOARD_LINES];
  gboolean drawn = FALSE;
  int n_lines;
  cairo_t *cr;

  if (winning == 0 || finish <= 0)
    return;

  /* Read on the window: the board's children are its cells alone. */
  ttt_compat_lookup_color (GTK_WIDGET (gtk_widget_get_root (widget)), "window_fg_color", &line_color);
  ttt_compat_lookup_color (GTK_WIDGET (gtk_widget_get_root (widget)), "window_bg_color", &halo_color);
  cr = gtk_snapshot_append_cairo (snapshot,
                                  &GRAPHENE_RECT_INIT (self->origin_x, self->origin_y,
                                                       extent_of (self, g->columns, g->block_columns, self->cell_size),
                                                       extent_of (self, g->rows, g->block_rows, self->cell_size)));
  n_lines = ttt_lines_within (winning, lines);
  for (int i = 0; i < n_lines; i++)
    if (diagonals < 0 || diagonals == (lines[i] == 0x111 || lines[i] == 0x054))
      drawn |= path_win_line (self, cr, lines[i], finish);

  /* Not in the winner's colour and width, where it lay on X's strokes
   * and read as three long slashes: a thinner line in the text's colour
   * on a halo of the background, which parts it from the marks it
   * crosses; the cells themselves take the winner's tint (TttCell). */
  if (drawn)
    {
      cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
      gdk_cairo_set_source_rgba (cr, &halo_color);
      cairo_set_line_width (cr, self->cell_size * span * 0.11);
      cairo_stroke_preserve (cr);
      cairo_set_source_rgba (cr, line_color.red, line_color.green, line_color.blue, 0.85);
      cairo_set_line_width (cr, self->cell_size * span * 0.05);
      cairo_stroke (cr);
    }
  cairo_destroy (cr);
}

/* The lines between the cells of one direction: across the whole board
 * at the edges of blocks, and within each block between its cells. With
 * @vertical the lines stand between columns. */
static void
path_lines (TttBoardView *self,
            cairo_t      *cr,
            gboolean      vertical,
            gboolean      block_edges)
{
  const TttBoardGeometry *g = &self->geometry;
  int n = vertical ? g->columns : g->rows;
  int block = vertical ? g->block_columns : g->block_rows;
  int n_across = vertical ? g->rows : g->columns;
  int block_across = vertical ? g->block_rows : g->block_columns;
  /* The lines reach the outer edges of the cells, so that nothing a
   * cell draws (the pointer's hover, the focus ring, a tint) overhangs
   * their ends. */
  double inset = 0;

  for (int i = 1; i < n; i++)
    {
      double at;

      if ((i % block == 0) != block_edges)
        continue;

      at = offset_of (self, i, block, self->cell_size) - gap_before (self, i, block) / 2.0;
      /* A line of a block stops at the block's ends; a block's edge
       * crosses the board. */
      for (int start = 0; start < n_across; start += block_edges ? n_across : block_across)
        {
          int end = block_edges ? n_across - 1 : start + block_across - 1;
          double from = offset_of (self, start, block_across, self->cell_size) + inset;
          double to = offset_of (self, end, block_across, self->cell_size) + self->cell_size - inset;

          if (vertical)
            {
              cairo_move_to (cr, self->origin_x + at, self->origin_y + from);
              cairo_line_to (cr, self->origin_x + at, self->origin_y + to);
            }
          else
            {
              cairo_move_to (cr, self->origin_x + from, self->origin_y + at);
              cairo_line_to (cr, self->origin_x + to, self->origin_y + at);
            }
        }
    }
}

/* Where small board @board of Ultimate lies on the board. */
static void
block_bounds (TttBoardView    *self,
              int              board,
              graphene_rect_t *bounds)
{
  const TttBoardGeometry *g = &self->geometry;
  int blocks_across = g->columns / g->block_columns;
  int block_column = is_rtl (self) ? blocks_across - 1 - board % blocks_across : board % blocks_across;
  int block_row = board / blocks_across;

  graphene_rect_init (bounds,
                      self->origin_x + offset_of (self, block_column * g->block_columns, g->block_columns, self->cell_size),
                      self->origin_y + offset_of (self, block_row * g->block_rows, g->block_rows, self->cell_size),
                      extent_of (self, g->block_columns, g->block_columns, self->cell_size),
                      extent_of (self, g->block_rows, g->block_rows, self->cell_size));
}

/* Ultimate, under the cells: the boards the side to move may play in.
 * While a person here is to move, each is framed in that side's colour
 * on a faint ground of it, which reads at a glance in the light style and
 * the dark, from 360 px up, and links to the last move's frame (TttCell):
 * "played there, so you go here". While the computer or someone elsewhere
 * is to move (or a network game waits), a thin neutral frame shows where
 * they will play without asking anything of the person. */
static void
snapshot_playable_boards (TttBoardView *self,
                          GtkSnapshot  *snapshot)
{
  guint boards = ttt_match_get_playable_boards (self->match);
  GtkWidget *root = GTK_WIDGET (gtk_widget_get_root (GTK_WIDGET (self)));
  gboolean person = ttt_game_get_state (self->game) == TTT_GAME_STATE_LOCAL_TURN &&
                    !ttt_game_get_held (self->game);
  double gap = gap_of (self, self->cell_size, TRUE);
  /* Out into the gap between the boards, clear of the cells (and their
   * focus ring) and, from a middle size up, of the large # in its middle. */
  double outset = gap * 0.3;
  float line = person ? CLAMP (gap * 0.25, 3.0, 7.0) : CLAMP (gap * 0.12, 1.5, 3.0);
  GdkRGBA color;

  if (self->review != NULL || ttt_game_get_state (self->game) == TTT_GAME_STATE_OVER ||
      boards == 0 || root == NULL)
    return;

  if (person)
    ttt_compat_lookup_color (root, ttt_game_get_turn (self->game) == TTT_MARK_X ? "ttt_x_color" : "ttt_o_color",
                             &color);
  else
    {
      ttt_compat_lookup_color (root, "window_fg_color", &color);
      color.alpha *= 0.35;
    }

  for (int b = 0; b < TTT_ULTIMATE_N_BOARDS; b++)
    if (boards & (1u << b))
      {
        graphene_rect_t bounds;
        GskRoundedRect rounded;
        GdkRGBA ground = color;

        block_bounds (self, b, &bounds);
        graphene_rect_inset (&bounds, -outset, -outset);
        gsk_rounded_rect_init_from_rect (&rounded, &bounds, self->cell_size * 0.25 + outset);
        if (person)
          {
            ground.alpha = 0.07;
            gtk_snapshot_push_rounded_clip (snapshot, &rounded);
            gtk_snapshot_append_color (snapshot, &ground, &bounds);
            gtk_snapshot_pop (snapshot);
          }
        gtk_snapshot_append_border (snapshot, &rounded,
                                    (float[4]) { line, line, line, line },
                                    (GdkRGBA[4]) { color, color, color, color });
      }
}

/* Ultimate, over the cells: a won small board shows its winner large (its
 * own marks fade behind, see mark_opacity()). */
static void
snapshot_won_boards (TttBoardView *self,
                     GtkSnapshot  *snapshot)
{
  for (int b = 0; b < TTT_ULTIMATE_N_BOARDS; b++)
    {
      TttMark winner = shown_block_winner (self, b);
      graphene_rect_t bounds;
      GdkRGBA color;
      cairo_t *cr;
      int index = -1;

      if (winner == TTT_MARK_NONE)
        continue;

      /* The winner's colour, as a cell of its draws it. */
      for (int c = 0; c < 9 && index < 0; c++)
        if (index_of_game_cell (self, b * 9 + c) >= 0 &&
            shown_mark (self, index_of_game_cell (self, b * 9 + c)) == winner)
          index = index_of_game_cell (self, b * 9 + c);
      if (index < 0)
        continue;
      ttt_cell_get_mark_color (self->cells[index], &color);
      /* At the end only the boards of the win stand out. */
      if (self->review == NULL && ttt_game_get_state (self->game) == TTT_GAME_STATE_OVER &&
          ttt_match_get_winning_cells (self->match) != 0 &&
          (ttt_match_get_winning_cells (self->match) & (1u << b)) == 0)
        color.alpha *= 1.0 - 0.65 * self->finish_value;

      block_bounds (self, b, &bounds);
      cr = gtk_snapshot_append_cairo (snapshot, &bounds);
      gdk_cairo_set_source_rgba (cr, &color);
      cairo_set_line_width (cr, self->cell_size * 0.3);
      cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
      ttt_mark_paint_stroke (cr, winner,
                             bounds.origin.x + bounds.size.width / 2,
                             bounds.origin.y + bounds.size.height / 2,
                             bounds.size.width * 0.36, 1.0);
      cairo_destroy (cr);
    }
}

static void
ttt_board_view_snapshot (GtkWidget   *widget,
                         GtkSnapshot *snapshot)
{
  TttBoardView *self = TTT_BOARD_VIEW (widget);
  const TttBoardGeometry *g = &self->geometry;
  gboolean one_block = g->rows == g->block_rows && g->columns == g->block_columns;
  guint winning = self->game != NULL ? shown_winning_cells (self) : 0;
  /* A review shows a finished game at rest. */
  double finish = self->review != NULL ? 1.0 : self->finish_value;
  GdkRGBA color = ttt_mark_paint_color (widget);
  cairo_t *cr;

  if (self->cell_size <= 0)
    return;

  cr = gtk_snapshot_append_cairo (snapshot,
                                  &GRAPHENE_RECT_INIT (self->origin_x, self->origin_y,
                                                       extent_of (self, g->columns, g->block_columns, self->cell_size),
                                                       extent_of (self, g->rows, g->block_rows, self->cell_size)));

  /* The lines of the #, in the board's own (dim) colour; within the
   * blocks of a larger board they are thinner than between them. */
  gdk_cairo_set_source_rgba (cr, &color);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  cairo_set_line_width (cr, one_block ? LINE_WIDTH : LINE_WIDTH / 2.0);
  path_lines (self, cr, TRUE, FALSE);
  path_lines (self, cr, FALSE, FALSE);
  cairo_stroke (cr);
  cairo_set_line_width (cr, LINE_WIDTH * 1.5);
  path_lines (self, cr, TRUE, TRUE);
  path_lines (self, cr, FALSE, TRUE);
  cairo_stroke (cr);
  cairo_destroy (cr);

  /* In a review the line goes under the cells, whose grades stay
   * readable on top of it. In play a diagonal goes under the cells too: over them it lay along
   * one stroke of each X, and its halo hid that stroke, so the X's read
   * as slashes (in Ultimate the large ones); under them both strokes
   * show. A review's line is under the cells in any direction. */
  snapshot_win_line (self, snapshot, winning, finish, self->review != NULL ? -1 : 1);

  if (is_ultimate (self))
    snapshot_playable_boards (self, snapshot);

  /* In a review the won boards' large marks go under the cells too: a
   * grade's badge must not be covered. */
  if (is_ultimate (self) && self->review != NULL)
    snapshot_won_boards (self, snapshot);

  for (int i = 0; i < self->n_cells; i++)
    gtk_widget_snapshot_child (widget, GTK_WIDGET (self->cells[i]), snapshot);

  if (is_ultimate (self) && self->review == NULL)
    snapshot_won_boards (self, snapshot);

  if (self->review == NULL)
    snapshot_win_line (self, snapshot, winning, finish, 0);
}

/* Layout: rows by columns of square cells, centred in whatever the board
 * is given; mirrored for right-to-left languages like any grid. */

/* A board of several blocks keeps the natural size of one block of
 * cells. */
static int
cell_size_for (TttBoardView *self,
               int           size)
{
  int blocks = self->geometry.columns / self->geometry.block_columns;

  return MAX (size / blocks, 1);
}

/* The largest cells whose board is no wider than @width; the gaps grow
 * with them on a board of blocks, and from this first guess a few steps
 * down find the size. */
static int
cell_size_for_width (TttBoardView *self,
                     int           width)
{
  const TttBoardGeometry *g = &self->geometry;
  int size = MAX ((width - extent_of (self, g->columns, g->block_columns, 0)) / g->columns, 1);

  while (size > 1 && extent_of (self, g->columns, g->block_columns, size) > width)
    size--;
  return size;
}

static void
ttt_board_view_measure (GtkWidget      *widget,
                        GtkOrientation  orientation,
                        int             for_size,
                        int            *minimum,
                        int            *natural,
                        int            *minimum_baseline,
                        int            *natural_baseline)
{
  TttBoardView *self = TTT_BOARD_VIEW (widget);
  const TttBoardGeometry *g = &self->geometry;
  gboolean horizontal = orientation == GTK_ORIENTATION_HORIZONTAL;
  int n = horizontal ? g->columns : g->rows;
  int block = horizontal ? g->block_columns : g->block_rows;

  if (!has_blocks (self))
    *minimum = extent_of (self, n, block, MIN_CELL_SIZE);
  else
    *minimum = extent_of (self, n, block, self->review != NULL ? MIN_REVIEW_BLOCKS_CELL_SIZE : MIN_BLOCKS_CELL_SIZE);
  *natural = extent_of (self, n, block, cell_size_for (self, NAT_CELL_SIZE));
  /* For a given width, as tall as the square that width holds: a tall,
   * narrow window (a phone's) gives the board the height it can use and
   * the rest to what is under it, not to an empty band between the two. */
  if (!horizontal && for_size >= 0)
    *natural = MAX (*minimum, extent_of (self, n, block, cell_size_for_width (self, for_size)));
}

static void
ttt_board_view_size_allocate (GtkWidget *widget,
                              int        width,
                              int        height,
                              int        baseline)
{
  TttBoardView *self = TTT_BOARD_VIEW (widget);
  const TttBoardGeometry *g = &self->geometry;
  gboolean rtl = is_rtl (self);
  int size;

  /* The largest cells that fit; the gaps grow with them on a board of
   * blocks, and from this first guess a few steps down find the size. */
  size = MAX (MIN ((width - extent_of (self, g->columns, g->block_columns, 0)) / g->columns,
                   (height - extent_of (self, g->rows, g->block_rows, 0)) / g->rows), 1);
  while (size > 1 &&
         (extent_of (self, g->columns, g->block_columns, size) > width ||
          extent_of (self, g->rows, g->block_rows, size) > height))
    size--;
  self->cell_size = size;
  self->origin_x = (width - extent_of (self, g->columns, g->block_columns, self->cell_size)) / 2;
  self->origin_y = (height - extent_of (self, g->rows, g->block_rows, self->cell_size)) / 2;

  for (int i = 0; i < self->n_cells; i++)
    {
      int column = rtl ? g->columns - 1 - i % g->columns : i % g->columns;
      int row = i / g->columns;
      GtkAllocation allocation = {
        self->origin_x + offset_of (self, column, g->block_columns, self->cell_size),
        self->origin_y + offset_of (self, row, g->block_rows, self->cell_size),
        self->cell_size,
        self->cell_size,
      };

      gtk_widget_size_allocate (GTK_WIDGET (self->cells[i]), &allocation, -1);
    }
}

static GtkSizeRequestMode
ttt_board_view_get_request_mode (GtkWidget *widget)
{
  return GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH;
}

/* State */

static TttNoteSymbol
grade_note_kind (TttGrade grade)
{
  switch (grade)
    {
    case TTT_GRADE_MISTAKE:
      return TTT_NOTE_SYMBOL_MISTAKE;
    case TTT_GRADE_BLUNDER:
      return TTT_NOTE_SYMBOL_BLUNDER;
    case TTT_GRADE_BEST:
    default:
      return TTT_NOTE_SYMBOL_BEST;
    }
}

/* What the coach says on @cell, in words (@text) and by a symbol
 * (@kind), and returns its sentence for a screen reader (or NULL). In a
 * review: the grade of the move just played and the cell that would have
 * been best; in play, with the analysis on, what every empty cell leads
 * to for a person to move. */
/* Ultimate's analysis on a playable cell: a proved result as in classic,
 * otherwise the search's estimate, its symbol by thresholds (▲ at 60 %
 * or more, ▼ at 40 % or less, = between); = alone, with no figure, when
 * the search cannot tell the moves apart. */
static char *
ultimate_note (TttBoardView   *self,
               int             cell,
               TttNoteSymbol  *kind,
               char          **text)
{
  static const TttNoteSymbol kinds[] = {
    [TTT_VERDICT_WIN] = TTT_NOTE_SYMBOL_WIN,
    [TTT_VERDICT_DRAW] = TTT_NOTE_SYMBOL_DRAW,
    [TTT_VERDICT_LOSS] = TTT_NOTE_SYMBOL_LOSS,
  };
  TttVerdict verdict = TTT_VERDICT_DRAW;
  gboolean proved = FALSE;
  guint n_moves = 0;
  int percent = 0;

  if (!ttt_analyst_get_search_analysis (ttt_game_get_analyst (self->game), game_cell_of (self, cell),
                                            &percent, &proved, &verdict, &n_moves))
    return NULL;

  if (proved)
    {
      *kind = kinds[verdict];
      *text = ttt_coach_analysis_label (verdict, n_moves);
      return ttt_coach_analysis_description (verdict, n_moves);
    }

  /* Figures within the search's noise would tell a learner to avoid
   * cells as good as the others. */
  if (percent < 0)
    {
      *kind = TTT_NOTE_SYMBOL_DRAW;
      *text = g_strdup ("");
      /* Translators: the accessible description of an empty cell of
       * Ultimate Tic-Tac-Toe with the analysis shown, when the search's
       * estimates of the moves differ by no more than its own noise. */
      return g_strdup (_("Playing here: no better or worse than the other moves, as far as the search can tell"));
    }

  *kind = percent >= 60 ? TTT_NOTE_SYMBOL_WIN : percent <= 40 ? TTT_NOTE_SYMBOL_LOSS : TTT_NOTE_SYMBOL_DRAW;
  /* Translators: a short label on an empty cell of Ultimate Tic-Tac-Toe:
   * the search's estimated chance to win by playing there, "57%". */
  *text = g_strdup_printf (C_("analysis", "%d%%"), percent);
  /* Translators: the accessible description of an empty cell of Ultimate
   * Tic-Tac-Toe with the analysis shown; %d is a percentage. */
  return g_strdup_printf (_("Playing here: about %d%% to win, an estimate"), percent);
}

/* Ultimate: a cell's name says its small board and place ("Centre board,
 * row 1, column 1, empty"); its description adds that board's state when
 * it matters for the move: won or drawn, or the one board a person here
 * is sent to. The cells are the board's only widgets, so this is where a
 * screen reader meets a small board. */
static char *
board_state_sentence (TttBoardView *self,
                      int           cell,
                      gboolean     *in_news)
{
  int board = game_cell_of (self, cell) / 9;
  guint bit = 1u << board;

  /* The news says a board closed, once, with the move that closed it
   * (TttNews): on the focused cell the words would be said again. */
  if ((ttt_match_get_closed_boards (self->match) & bit) != 0)
    *in_news = TRUE;
  if ((ttt_match_get_closed_boards (self->match) & bit) != 0)
    switch (ttt_match_get_board_winner (self->match, board))
      {
      case TTT_MARK_X:
        /* Translators: the accessible description of a cell of Ultimate
         * Tic-Tac-Toe whose small board X has won. */
        return g_strdup (_("Board won by X"));
      case TTT_MARK_O:
        /* Translators: as "Board won by X", for O. */
        return g_strdup (_("Board won by O"));
      case TTT_MARK_NONE:
      default:
        /* Translators: the accessible description of a cell of Ultimate
         * Tic-Tac-Toe whose small board is full and won by nobody. */
        return g_strdup (_("Board drawn"));
      }

  if (ttt_game_get_state (self->game) == TTT_GAME_STATE_LOCAL_TURN &&
      ttt_match_get_playable_boards (self->match) == bit)
    {
      /* Every piece of news told while a person is sent to one board
       * ends by naming it (TttNews), or is a hint, to a cell of it. */
      *in_news = TRUE;
      /* Translators: the accessible description of a cell of Ultimate
       * Tic-Tac-Toe in the one small board the person to move is sent to. */
      return g_strdup (_("You play in this board"));
    }

  return NULL;
}

static char *
update_note (TttBoardView   *self,
             int             cell,
             TttMark         mark,
             TttNoteSymbol  *kind,
             char          **text,
             gboolean       *in_news)
{
  TttVerdict verdict;
  guint n_moves;
  char *sentence;

  *kind = TTT_NOTE_SYMBOL_NONE;
  *text = NULL;
  *in_news = FALSE;

  if (self->review != NULL)
    {
      if (cell == self->review_cell && self->review_graded)
        {
          *kind = grade_note_kind (self->review_grade);
          *text = g_strdup (ttt_coach_grade_name (self->review_grade));
          /* Translators: the accessible description of the cell of the
           * move shown in the review: its number and its grade, e.g.
           * "Move 4: Mistake". */
          return g_strdup_printf (_("Move %u: %s"), ttt_review_cursor_get_position (self->review),
                                  ttt_coach_grade_name (self->review_grade));
        }
      if (cell == self->review_best_cell)
        {
          *kind = TTT_NOTE_SYMBOL_BEST;
          *text = g_strdup (ttt_coach_grade_name (TTT_GRADE_BEST));
          /* Translators: the accessible description of the cell that would
           * have been the best move, shown in the review. */
          return g_strdup (_("The best move"));
        }
    }
  else if (self->show_analysis && mark == TTT_MARK_NONE && is_ultimate (self) &&
           (sentence = ultimate_note (self, cell, kind, text)) != NULL)
    return sentence;
  /* Not on the empty board: every first move draws with best play, and
   * nine "= Draw" say nothing but shout at the start of every game. */
  else if (self->show_analysis && mark == TTT_MARK_NONE && !is_ultimate (self) && is_game_cell (self, cell) &&
           ttt_game_get_n_moves (self->game) > 0 &&
           ttt_analyst_get_cell_analysis (ttt_game_get_analyst (self->game), cell, &verdict, &n_moves))
    {
      static const TttNoteSymbol kinds[] = {
        [TTT_VERDICT_WIN] = TTT_NOTE_SYMBOL_WIN,
        [TTT_VERDICT_DRAW] = TTT_NOTE_SYMBOL_DRAW,
        [TTT_VERDICT_LOSS] = TTT_NOTE_SYMBOL_LOSS,
      };

      *kind = kinds[verdict];
      *text = ttt_coach_analysis_label (verdict, n_moves);
      return ttt_coach_analysis_description (verdict, n_moves);
    }

  /* The analysis of a cell says more than its board's state; a review
   * is about one move. */
  if (self->review == NULL && is_ultimate (self))
    return board_state_sentence (self, cell, in_news);

  return NULL;
}

/* Whether the board is there to be read only: after a game, or in a
 * review. */
static gboolean
is_locked (TttBoardView *self)
{
  return self->review != NULL || ttt_game_get_state (self->game) == TTT_GAME_STATE_OVER;
}

static void
update_cell (TttBoardView *self,
             int           cell)
{
  TttMark mark = shown_mark (self, cell);
  TttGameState state = ttt_game_get_state (self->game);
  gboolean reviewing = self->review != NULL;
  TttCell *widget = self->cells[cell];
  g_autofree char *note_text = NULL;
  g_autofree char *sentence = NULL;
  TttCellState shown = { 0 };

  sentence = update_note (self, cell, mark, &shown.note, &note_text, &shown.note_in_news);
  shown.mark = mark;
  shown.note_text = note_text;
  shown.note_sentence = sentence;
  /* A grade sits under the mark it grades; it is found in a review only. */
  shown.note_at_foot = reviewing;

  /* An empty cell draws the hint in the colour of the side to move, and
   * the best cell of a review in the colour of the side that missed it;
   * under the words of the analysis the hint is fainter still. */
  shown.ghost = reviewing ? self->review_mover : ttt_game_get_turn (self->game);
  if (mark == TTT_MARK_NONE && reviewing && cell == self->review_best_cell)
    shown.ghost_alpha = 0.4;
  else if (mark == TTT_MARK_NONE && !reviewing && cell == self->hint_cell)
    shown.ghost_alpha = shown.note != TTT_NOTE_SYMBOL_NONE ? 0.25 : 0.4;

  /* Only a cell that can be played now answers the pointer. */
  if (!reviewing && is_game_cell (self, cell) && state == TTT_GAME_STATE_LOCAL_TURN &&
      !ttt_game_get_held (self->game) && ttt_match_is_legal (self->match, game_cell_of (self, cell)))
    shown.emphasis |= TTT_CELL_EMPHASIS_PLAYABLE;
  if (!reviewing && cell == self->last_computer_cell && state != TTT_GAME_STATE_OVER)
    shown.emphasis |= TTT_CELL_EMPHASIS_LAST_MOVE;
  /* In Ultimate the last move, whoever made it, says where play goes on. */
  if (!reviewing && is_ultimate (self) && state != TTT_GAME_STATE_OVER &&
      game_cell_of (self, cell) == ttt_match_get_position (self->match)->last_move)
    shown.emphasis |= TTT_CELL_EMPHASIS_LAST_MOVE;
  if (reviewing && cell == self->review_cell)
    shown.emphasis |= TTT_CELL_EMPHASIS_REVIEWED;
  if (is_winning (self, shown_winning_cells (self), cell))
    shown.emphasis |= TTT_CELL_EMPHASIS_WINNING;
  if (!reviewing && cell == self->hint_cell)
    shown.emphasis |= TTT_CELL_EMPHASIS_HINT;

  /* A finished board takes no clicks, nor does a review, but both can be
   * read cell by cell (TttCell locked). No description for the hint: the
   * window tells it as news once the focus is on the cell (TttNews), and a
   * description set around that focus change would be said twice. */
  ttt_cell_set_locked (widget, is_locked (self));
  /* Ultimate: the boards the side to move may not play in stand back, so
   * that where it is sent shows at a glance. */
  if (is_ultimate (self))
    /* The last move stays whole: it says where play goes on. */
    gtk_widget_set_opacity (GTK_WIDGET (widget),
                            state == TTT_GAME_STATE_OVER ||
                            (shown.emphasis & TTT_CELL_EMPHASIS_LAST_MOVE) ||
                            (ttt_match_get_playable_boards (self->match) &
                             (1u << (game_cell_of (self, cell) / 9))) != 0
                            ? 1.0 : TTT_BOARD_VIEW_STAND_BACK_OPACITY);
  else
    gtk_widget_set_opacity (GTK_WIDGET (widget), 1.0);
  ttt_cell_set_state (widget, &shown);
  ttt_cell_set_fade (widget, mark_opacity (self, cell));
}

static void
update_cells (TttBoardView *self)
{
  gboolean over;

  if (self->game == NULL)
    return;

  over = ttt_game_get_state (self->game) == TTT_GAME_STATE_OVER;

  for (int i = 0; i < self->n_cells; i++)
    update_cell (self, i);

  if (over)
    gtk_widget_add_css_class (GTK_WIDGET (self), "over");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self), "over");

  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
finish_value_cb (double   value,
                 gpointer user_data)
{
  TttBoardView *self = user_data;

  self->finish_value = value;
  gtk_widget_queue_draw (GTK_WIDGET (self));
  if (self->game != NULL)
    for (int i = 0; i < self->n_cells; i++)
      ttt_cell_set_fade (self->cells[i], mark_opacity (self, i));
}

static void
clear_hint (TttBoardView *self)
{
  int old = self->hint_cell;

  if (old < 0)
    return;

  self->hint_cell = -1;
  update_cell (self, old);
}

static gboolean
has_focus_within (TttBoardView *self)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  GtkWidget *focus = root != NULL ? gtk_root_get_focus (root) : NULL;

  return focus != NULL && gtk_widget_is_ancestor (focus, GTK_WIDGET (self));
}

/* Where the focus goes once the news of the reply is told: the announcer
 * tells it there rather than on the cell the focus leaves
 * (ttt_announcer_set_next_focus()). */
static void
set_follow_cell (TttBoardView *self,
                 int           cell)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));

  self->follow_cell = cell;
  if (root != NULL)
    ttt_announcer_set_next_focus (GTK_WIDGET (root),
                                  cell >= 0 && cell < self->n_cells ? GTK_WIDGET (self->cells[cell]) : NULL);
}

static gboolean
follow_reply_cb (gpointer user_data)
{
  TttBoardView *self = user_data;
  int cell = self->follow_cell;

  self->follow_id = 0;
  set_follow_cell (self, -1);
  /* Unless something else happened meanwhile. */
  if (cell >= 0 && cell < self->n_cells && self->game != NULL && self->review == NULL &&
      has_focus_within (self) && ttt_game_get_state (self->game) == TTT_GAME_STATE_LOCAL_TURN &&
      ttt_match_is_legal (self->match, game_cell_of (self, cell)))
    ttt_board_view_focus_cell (self, cell);

  return G_SOURCE_REMOVE;
}

/* Ultimate: after the other side's reply, a person whose focus was on
 * the board finds it in the small board they are sent to, on the cell in
 * the place of the reply (the arrows would have had to cross the grid to
 * get there), or else on its first empty one. A person free to play in
 * any open board keeps the focus where it was, and a focus anywhere else
 * in the window is never taken. Waits until the game's state says whose
 * turn it is, and the focus moves once the news of the reply is told. */
static void
follow_reply (TttBoardView *self)
{
  int move = self->reply_move;
  int board, target;

  if (move < 0 || ttt_match_get_position (self->match)->last_move != move)
    return;
  if (ttt_game_get_state (self->game) != TTT_GAME_STATE_LOCAL_TURN)
    {
      /* The reply ended the game (the window sends the focus to Play
       * Again), or it is not a person's turn after all. */
      if (ttt_game_get_state (self->game) == TTT_GAME_STATE_OVER)
        self->reply_move = -1;
      return;
    }

  self->reply_move = -1;
  board = move % 9;
  if (!has_focus_within (self) || ttt_match_get_playable_boards (self->match) != 1u << board)
    return;

  target = board * 9 + move % 9;
  for (int c = 0; c < 9 && !ttt_match_is_legal (self->match, target); c++)
    target = board * 9 + c;
  if (!ttt_match_is_legal (self->match, target))
    return;

  /* After the news of the reply (TttNews, told from an idle callback of a
   * higher priority) on the cell that has the focus now: a screen reader
   * flooded by the cells' changes keeps what is told on its focus, and
   * drops it on a cell it has not yet seen the focus reach. */
  set_follow_cell (self, index_of_game_cell (self, target));
  if (self->follow_id == 0)
    self->follow_id = g_idle_add_full (G_PRIORITY_LOW, follow_reply_cb, self, NULL);
}

static void
cell_changed_cb (TttBoardView *self,
                 int           cell,
                 TttMark       mark,
                 TttGame      *game)
{
  if (cell < 0 || cell >= ttt_match_get_n_cells (ttt_game_get_match (game)))
    return;
  cell = index_of_game_cell (self, cell);
  if (cell < 0 || cell >= self->n_cells)
    return;

  clear_hint (self);
  self->digit_board = -1;

  if (mark == TTT_MARK_NONE)
    {
      ttt_cell_rest (self->cells[cell]);
      if (cell == self->last_computer_cell)
        self->last_computer_cell = -1;
      self->reply_move = -1;
      set_follow_cell (self, -1);
    }
  else
    {
      int previous = self->last_computer_cell;

      ttt_cell_grow (self->cells[cell]);

      /* The other side's last move, the computer's or someone's
       * elsewhere, is marked until the next. */
      if (!ttt_player_is_local (ttt_table_get_player (ttt_game_get_table (game), mark)))
        {
          self->last_computer_cell = cell;
          ttt_cell_pulse (self->cells[cell]);
          if (is_ultimate (self) && has_focus_within (self))
            self->reply_move = game_cell_of (self, cell);
        }
      else
        {
          self->last_computer_cell = -1;
          self->reply_move = -1;
          set_follow_cell (self, -1);
        }

      if (previous >= 0 && previous != self->last_computer_cell)
        {
          ttt_cell_stop_pulse (self->cells[previous]);
          update_cell (self, previous);
        }
    }

  update_cell (self, cell);
  follow_reply (self);
}

static void
game_over_cb (TttBoardView *self,
              TttOutcome    outcome,
              guint         winning_cells,
              TttGame      *game)
{
  /* The board as it ended is drawn already ("changed" comes first): the
   * animation fades it from here. */
  self->finish_value = 0;
  adw_animation_play (self->finish);
}

/* The one redraw of a change ("changed"), or of the board held or let
 * go. */
static void
game_changed_cb (TttBoardView *self)
{
  /* A new game, or an undo of the last move, takes the end away again. */
  if (ttt_game_get_state (self->game) != TTT_GAME_STATE_OVER)
    {
      adw_animation_reset (self->finish);
      self->finish_value = 0;
    }

  update_cells (self);
  follow_reply (self);
}

/* Ultimate's analysis of the board comes after the board, from a worker
 * thread (ttt_analyst_get_search_analysis()): until then its cells
 * show nothing of it. */
static void
analysis_changed_cb (TttBoardView *self,
                     TttAnalyst   *analyst)
{
  if (self->show_analysis && self->review == NULL)
    update_cells (self);
}

/* Input */

/* Plays @cell of the game; a move the game refuses changes nothing, and
 * is told to whoever asks why (the window, which asks the game's words:
 * the board does not judge the rules). */
static gboolean
play (TttBoardView *self,
      int           cell)
{
  if (ttt_game_play (self->game, cell))
    return TRUE;

  g_signal_emit (self, signals[MOVE_REFUSED], 0, cell);
  return FALSE;
}

static void
cell_clicked_cb (TttBoardView *self,
                 GtkButton    *button)
{
  /* A board to be read only does not even ask. Impossible clicks (taken
   * cell, computer's turn, a board one is not sent to) are refused by the
   * game and change nothing. */
  if (self->game != NULL && !is_locked (self) && is_game_cell (self, cell_of (button)))
    play (self, game_cell_of (self, cell_of (button)));
}

static int
focused_cell (TttBoardView *self)
{
  GtkWidget *focus = gtk_widget_get_focus_child (GTK_WIDGET (self));

  for (int i = 0; i < self->n_cells; i++)
    if (focus == GTK_WIDGET (self->cells[i]))
      return i;

  return -1;
}

/* The board is one stop in the Tab chain: Tab enters at the cell last
 * focused and leaves at once; the arrows walk the cells, across the
 * edges of blocks, and stop at the board's edges, like any grid. */
static gboolean
ttt_board_view_focus (GtkWidget        *widget,
                      GtkDirectionType  direction)
{
  TttBoardView *self = TTT_BOARD_VIEW (widget);
  int cell = focused_cell (self);
  int last_row = self->geometry.rows - 1;
  int last_column = self->geometry.columns - 1;
  int row, column;

  if (cell < 0)
    return ttt_board_view_focus_cell (self, self->cursor);

  row = cell / self->geometry.columns;
  column = cell % self->geometry.columns;
  switch (direction)
    {
    case GTK_DIR_TAB_FORWARD:
    case GTK_DIR_TAB_BACKWARD:
      return FALSE;
    case GTK_DIR_UP:
      row = MAX (row - 1, 0);
      break;
    case GTK_DIR_DOWN:
      row = MIN (row + 1, last_row);
      break;
    case GTK_DIR_LEFT:
      column = is_rtl (self) ? MIN (column + 1, last_column) : MAX (column - 1, 0);
      break;
    case GTK_DIR_RIGHT:
      column = is_rtl (self) ? MAX (column - 1, 0) : MIN (column + 1, last_column);
      break;
    default:
      return FALSE;
    }

  ttt_board_view_focus_cell (self, row * self->geometry.columns + column);
  return TRUE;
}

static gboolean
left_cell_cb (gpointer user_data)
{
  TttBoardView *self = user_data;

  self->left_id = 0;
  if (self->game != NULL && self->left_cell >= 0 && self->left_cell < self->n_cells)
    update_cell (self, self->left_cell);
  self->left_cell = -1;

  return G_SOURCE_REMOVE;
}

static void
ttt_board_view_set_focus_child (GtkWidget *widget,
                                GtkWidget *child)
{
  TttBoardView *self = TTT_BOARD_VIEW (widget);
  GtkWidget *old = gtk_widget_get_focus_child (widget);

  GTK_WIDGET_CLASS (ttt_board_view_parent_class)->set_focus_child (widget, child);

  if (child != NULL)
    self->cursor = cell_of (child);

  /* Moving on from the middle of the board a first digit picked drops
   * the pick: the next digit picks a board again. The move is heard. */
  if (self->digit_board >= 0 &&
      (child == NULL || game_cell_of (self, cell_of (child)) != self->digit_board * 9 + 4))
    self->digit_board = -1;

  /* News for a screen reader borrows the focused cell's description
   * (TttAnnouncer), and the analysis is said there: the cell the focus
   * leaves gets its own back. */
  if (old != NULL && old != child && self->game != NULL && cell_of (old) < self->n_cells)
    {
      /* Once a screen reader has had the focus change: a description
       * changed at once would reach it while the cell is still its focus,
       * and be said ("Board won by X"). */
      if (self->left_cell >= 0 && self->left_cell != cell_of (old))
        update_cell (self, self->left_cell);
      self->left_cell = cell_of (old);
      if (self->left_id == 0)
        self->left_id = g_idle_add_full (G_PRIORITY_LOW, left_cell_cb, self, NULL);
    }
}

/* The digits and the keys of the numeric keypad, each in reading order:
 * three rows of three, whatever the board, so they play a board of that
 * size only. Each keypad key with and without Num Lock. */
static const guint digit_keys[] = {
  GDK_KEY_1, GDK_KEY_2, GDK_KEY_3,
  GDK_KEY_4, GDK_KEY_5, GDK_KEY_6,
  GDK_KEY_7, GDK_KEY_8, GDK_KEY_9,
};

static const guint keypad_keys[][2] = {
  { GDK_KEY_KP_7, GDK_KEY_KP_Home }, { GDK_KEY_KP_8, GDK_KEY_KP_Up }, { GDK_KEY_KP_9, GDK_KEY_KP_Page_Up },
  { GDK_KEY_KP_4, GDK_KEY_KP_Left }, { GDK_KEY_KP_5, GDK_KEY_KP_Begin }, { GDK_KEY_KP_6, GDK_KEY_KP_Right },
  { GDK_KEY_KP_1, GDK_KEY_KP_End }, { GDK_KEY_KP_2, GDK_KEY_KP_Down }, { GDK_KEY_KP_3, GDK_KEY_KP_Page_Down },
};

G_STATIC_ASSERT (G_N_ELEMENTS (digit_keys) == G_N_ELEMENTS (keypad_keys));

/* Ultimate: sent to one board, a digit plays that board's cell; free to
 * play anywhere, the first digit picks a board (the focus goes to its
 * middle) and the second its cell. */
static gboolean
ultimate_digit (TttBoardView *self,
                int           digit)
{
  guint boards = ttt_match_get_playable_boards (self->match);
  int board;

  if (ttt_game_get_state (self->game) != TTT_GAME_STATE_LOCAL_TURN || boards == 0)
    return FALSE;

  if (self->digit_board >= 0)
    board = self->digit_board;
  else if ((boards & (boards - 1)) == 0)
    board = g_bit_nth_lsf (boards, -1);
  else
    {
      /* A board that cannot be played: refused, as a click in it is. */
      if (!(boards & (1u << digit)))
        {
          g_signal_emit (self, signals[MOVE_REFUSED], 0, digit * 9 + 4);
          return TRUE;
        }
      /* The pick is made once the focus is on the board's middle: a
       * focus that moves on from there drops it (set_focus_child). */
      self->digit_board = -1;
      ttt_board_view_focus_cell (self, index_of_game_cell (self, digit * 9 + 4));
      self->digit_board = digit;
      g_signal_emit (self, signals[BOARD_PICKED], 0, digit);
      return TRUE;
    }

  self->digit_board = -1;
  /* As on the classic board: played first, then focused. The news says
   * what the move did to its board: the cell, about to be the focus,
   * does not say it too. */
  if (ttt_match_is_legal (self->match, board * 9 + digit))
    ttt_announcer_hold_description (GTK_WIDGET (self->cells[index_of_game_cell (self, board * 9 + digit)]));
  play (self, board * 9 + digit);
  if (!is_locked (self))
    {
      self->cursor = index_of_game_cell (self, board * 9 + digit);
      gtk_widget_grab_focus (GTK_WIDGET (self->cells[self->cursor]));
    }
  return TRUE;
}

/* Escape drops a board the first digit picked, and says so; otherwise
 * it is the window's. The board's own key, not one of the window's
 * (add_key_shortcuts()): a pick lasts only while the focus is on the
 * board, and with real keys on GTK 4.8 a window-wide Escape never
 * reached the board (as Orca's test found). */
static gboolean
escape_cb (GtkWidget *widget,
           GVariant  *args,
           gpointer   user_data)
{
  TttBoardView *self = TTT_BOARD_VIEW (widget);

  if (self->digit_board < 0)
    return FALSE;

  self->digit_board = -1;
  g_signal_emit (self, signals[BOARD_PICKED], 0, -1);
  return TRUE;
}

/* Digits play in the reading order of the language; the numeric keypad is
 * a physical layout, so its 7 plays the cell shown at the top left whatever
 * the direction of the text. */
static gboolean
key_shortcut_cb (GtkWidget *widget,
                 GVariant  *args,
                 gpointer   user_data)
{
  TttBoardView *self = TTT_BOARD_VIEW (widget);
  int side = ttt_board_geometry_side_of (G_N_ELEMENTS (digit_keys));
  int cell;
  gboolean keypad;

  if (self->game == NULL)
    return FALSE;

  g_variant_get (args, "(ib)", &cell, &keypad);
  if (keypad && is_rtl (self))
    cell = cell / side * side + side - 1 - cell % side;

  /* On a board to be read only, a digit does nothing. */
  if (is_locked (self))
    return TRUE;

  if (is_ultimate (self))
    return ultimate_digit (self, cell);

  if (self->geometry.rows != side || self->geometry.columns != side)
    return FALSE;

  /* Played before it is focused: the focus then lands on the cell with its
   * new mark, and a screen reader says the move once, as the focused cell,
   * instead of hearing the cell named empty and then again with its mark.
   * A move that ends the game has already sent the focus to Play Again,
   * where it stays. */
  play (self, cell);
  if (!is_locked (self))
    ttt_board_view_focus_cell (self, cell);

  return TRUE;
}

static void
add_shortcut (GtkEventController *controller,
              guint               keyval,
              int                 cell,
              gboolean            keypad)
{
  GtkShortcut *shortcut = gtk_shortcut_new (gtk_keyval_trigger_new (keyval, 0),
                                            gtk_callback_action_new (key_shortcut_cb, NULL, NULL));

  gtk_shortcut_set_arguments (shortcut, g_variant_new ("(ib)", cell, keypad));
  gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (controller), shortcut);
}

static void
add_key_shortcuts (TttBoardView *self)
{
  GtkEventController *controller = gtk_shortcut_controller_new ();

  /* The keys play from anywhere in the window, not only from the board. */
  gtk_shortcut_controller_set_scope (GTK_SHORTCUT_CONTROLLER (controller), GTK_SHORTCUT_SCOPE_GLOBAL);

  for (guint i = 0; i < G_N_ELEMENTS (digit_keys); i++)
    {
      add_shortcut (controller, digit_keys[i], i, FALSE);
      for (guint j = 0; j < G_N_ELEMENTS (keypad_keys[i]); j++)
        add_shortcut (controller, keypad_keys[i][j], i, TRUE);
    }

  gtk_widget_add_controller (GTK_WIDGET (self), controller);
}

/* Cells */

static void
remove_cells (TttBoardView *self)
{
  g_autofree TttCell **cells = g_steal_pointer (&self->cells);
  int n_cells = self->n_cells;

  /* A focused cell that goes tells the board (set_focus_child), which
   * must not update cells that are going. */
  self->n_cells = 0;
  for (int i = 0; i < n_cells; i++)
    gtk_widget_unparent (GTK_WIDGET (cells[i]));
}

/* Ultimate's cells say their small board and the place inside it. */
static void
name_block (TttBoardView *self,
            TttCell      *cell,
            int           index)
{
  int move = game_cell_of (self, index);

  if (is_ultimate (self) && move >= 0)
    ttt_cell_set_block (cell, ttt_names_board (move / 9), move % 9 / 3, move % 3);
  else
    ttt_cell_set_block (cell, NULL, 0, 0);
}

static void
add_cells (TttBoardView *self)
{
  self->n_cells = ttt_board_geometry_n_cells (&self->geometry);
  self->cells = g_new0 (TttCell *, self->n_cells);

  for (int i = 0; i < self->n_cells; i++)
    {
      GtkWidget *cell = ttt_cell_new ();

      g_object_set_data (G_OBJECT (cell), CELL_KEY, GINT_TO_POINTER (i));
      ttt_cell_set_position (TTT_CELL (cell), i / self->geometry.columns, i % self->geometry.columns);
      name_block (self, TTT_CELL (cell), i);
      g_signal_connect_swapped (cell, "clicked", G_CALLBACK (cell_clicked_cb), self);
      gtk_widget_set_parent (cell, GTK_WIDGET (self));
      self->cells[i] = TTT_CELL (cell);
    }

  /* Tab enters in the middle. */
  self->cursor = self->geometry.rows / 2 * self->geometry.columns + self->geometry.columns / 2;
}

/* GObject */

/* The board lays itself out for the game in progress: one block of nine,
 * or nine of nine. */
static void
variant_changed_cb (TttBoardView *self,
                    GParamSpec   *pspec,
                    TttGame      *game)
{
  /* The game's own grid, as its rules give it. */
  const TttRules *rules = ttt_variants_get_rules (ttt_game_get_variant (game));
  TttBoardGeometry geometry = ttt_board_geometry_square (rules->n_cells, rules->n_blocks);

  if (geometry.rows == self->geometry.rows && geometry.block_rows == self->geometry.block_rows)
    {
      /* The same layout: the names follow the game (a board of 81 shows a
       * classic game in its first cells too). */
      for (int i = 0; i < self->n_cells; i++)
        name_block (self, self->cells[i], i);
      update_cells (self);
      return;
    }

  ttt_board_view_set_geometry (self, &geometry);
  for (int i = 0; i < self->n_cells; i++)
    name_block (self, self->cells[i], i);
}

static void
ttt_board_view_set_game (TttBoardView *self,
                         TttGame      *game)
{
  if (self->game == game)
    return;

  if (self->game != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->game, self);
      g_signal_handlers_disconnect_by_data (ttt_game_get_analyst (self->game), self);
    }
  g_set_object (&self->game, game);
  self->match = game != NULL ? ttt_game_get_match (game) : NULL;

  self->hint_cell = -1;
  if (self->last_computer_cell >= 0)
    ttt_cell_stop_pulse (self->cells[self->last_computer_cell]);
  self->last_computer_cell = -1;
  self->reply_move = -1;
  set_follow_cell (self, -1);
  self->finish_value = 0;

  if (game != NULL)
    {
      g_signal_connect_object (game, "cell-changed", G_CALLBACK (cell_changed_cb), self, G_CONNECT_SWAPPED);
      g_signal_connect_object (game, "game-over", G_CALLBACK (game_over_cb), self, G_CONNECT_SWAPPED);
      /* Once a change, whatever it changed: the state, the turn, the
       * person's mark, and the analysis, which changes with every move,
       * undone ones too. */
      g_signal_connect_object (game, "changed", G_CALLBACK (game_changed_cb), self, G_CONNECT_SWAPPED);
      /* A network game being set up, or an undo asked of the other side. */
      g_signal_connect_object (game, "notify::held", G_CALLBACK (game_changed_cb), self, G_CONNECT_SWAPPED);
      g_signal_connect_object (ttt_game_get_analyst (game), "analysis-changed",
                               G_CALLBACK (analysis_changed_cb), self, G_CONNECT_SWAPPED);
      g_signal_connect_object (game, "notify::variant", G_CALLBACK (variant_changed_cb), self, G_CONNECT_SWAPPED);
      variant_changed_cb (self, NULL, game);

      /* A game that is already over is shown at rest. */
      if (ttt_game_get_state (game) == TTT_GAME_STATE_OVER)
        self->finish_value = 1.0;
      update_cells (self);
    }

  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_GAME]);
}

/* Every mark whole and still, as a review starts or ends. */
static void
skip_growing (TttBoardView *self)
{
  for (int i = 0; i < self->n_cells; i++)
    ttt_cell_rest (self->cells[i]);
}

static void
update_review_move (TttBoardView *self)
{
  TttReview review;

  self->review_cell = -1;
  self->review_best_cell = -1;
  self->review_mover = TTT_MARK_NONE;
  self->review_graded = FALSE;

  if (self->review == NULL ||
      !ttt_review_cursor_get_move (self->review, ttt_review_cursor_get_position (self->review),
                                   &self->review_cell, &self->review_mover, &review))
    return;
  /* The board's own index of the cell (in Ultimate the move is not). */
  self->review_cell = index_of_game_cell (self, self->review_cell);

  /* The computer's moves are told, not graded (ttt_coach_move_text()). */
  self->review_graded = ttt_review_cursor_get_ready (self->review) &&
                        ttt_review_cursor_get_graded (self->review, ttt_review_cursor_get_position (self->review));
  if (!self->review_graded)
    return;

  self->review_grade = review.grade;
  /* The cell the move's explanation names (ttt_coach_move_text()). */
  self->review_best_cell = ttt_review_cursor_get_best_move (self->review,
                                                            ttt_review_cursor_get_position (self->review));
  if (self->review_best_cell >= 0)
    self->review_best_cell = index_of_game_cell (self, self->review_best_cell);
}

static void
review_position_cb (TttBoardView    *self,
                    GParamSpec      *pspec,
                    TttReviewCursor *review)
{
  guint position = ttt_review_cursor_get_position (review);
  gboolean forward = position == self->review_position + 1;

  self->review_position = position;
  update_review_move (self);

  /* A step forward draws the new mark in, as in play; any other step
   * shows its position at once. */
  skip_growing (self);
  if (forward && self->review_cell >= 0 && self->review_cell < self->n_cells)
    ttt_cell_grow (self->cells[self->review_cell]);

  update_cells (self);
}

/**
 * ttt_board_view_set_review:
 * @self: a #TttBoardView
 * @review: (nullable): a review to show, or %NULL to show the game again
 *
 * While a review is set, the board shows the position at its cursor
 * instead of the game's, with the grade of the move just played and the
 * cell that would have been best, and takes no clicks. The game is not
 * touched.
 */
void
ttt_board_view_set_review (TttBoardView    *self,
                           TttReviewCursor *review)
{
  g_return_if_fail (TTT_IS_BOARD_VIEW (self));
  g_return_if_fail (review == NULL || TTT_IS_REVIEW_CURSOR (review));

  if (self->review == review)
    return;

  if (self->review != NULL)
    g_signal_handlers_disconnect_by_data (self->review, self);
  g_set_object (&self->review, review);
  if (review != NULL)
    g_signal_connect_object (review, "notify::position", G_CALLBACK (review_position_cb), self,
                             G_CONNECT_SWAPPED);
  /* Ultimate's grades come later, from a worker thread. */
  if (review != NULL)
    g_signal_connect_object (review, "notify::ready", G_CALLBACK (review_position_cb), self,
                             G_CONNECT_SWAPPED);

  self->review_position = review != NULL ? ttt_review_cursor_get_position (review) : 0;
  update_review_move (self);
  skip_growing (self);
  if (self->game != NULL)
    update_cells (self);
  /* Its least size is another in a review. */
  gtk_widget_queue_resize (GTK_WIDGET (self));

  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_REVIEW]);
}

TttReviewCursor *
ttt_board_view_get_review (TttBoardView *self)
{
  g_return_val_if_fail (TTT_IS_BOARD_VIEW (self), NULL);

  return self->review;
}

/**
 * ttt_board_view_set_show_analysis:
 * @self: a #TttBoardView
 * @show_analysis: whether every empty cell says what playing it leads to
 *
 * The analysis is shown only while a person is to move, for the side to
 * move, in words and by a symbol; each cell's accessible description says
 * it as a sentence. In Ultimate it comes once its search, off the main
 * thread, is done ("analysis-changed"); the cells show nothing of it
 * meanwhile.
 */
void
ttt_board_view_set_show_analysis (TttBoardView *self,
                                  gboolean      show_analysis)
{
  g_return_if_fail (TTT_IS_BOARD_VIEW (self));

  show_analysis = !!show_analysis;
  if (self->show_analysis == show_analysis)
    return;

  self->show_analysis = show_analysis;
  if (self->game != NULL)
    update_cells (self);

  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SHOW_ANALYSIS]);
}

gboolean
ttt_board_view_get_show_analysis (TttBoardView *self)
{
  g_return_val_if_fail (TTT_IS_BOARD_VIEW (self), FALSE);

  return self->show_analysis;
}

static void
ttt_board_view_set_property (GObject      *object,
                        guint         prop_id,
                        const GValue *value,
                        GParamSpec   *pspec)
{
  TttBoardView *self = TTT_BOARD_VIEW (object);

  switch (prop_id)
    {
    case PROP_GAME:
      ttt_board_view_set_game (self, g_value_get_object (value));
      break;

    case PROP_SHOW_ANALYSIS:
      ttt_board_view_set_show_analysis (self, g_value_get_boolean (value));
      break;

    case PROP_REVIEW:
      ttt_board_view_set_review (self, g_value_get_object (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ttt_board_view_get_property (GObject    *object,
                        guint       prop_id,
                        GValue     *value,
                        GParamSpec *pspec)
{
  TttBoardView *self = TTT_BOARD_VIEW (object);

  switch (prop_id)
    {
    case PROP_GAME:
      g_value_set_object (value, self->game);
      break;

    case PROP_SHOW_ANALYSIS:
      g_value_set_boolean (value, self->show_analysis);
      break;

    case PROP_REVIEW:
      g_value_set_object (value, self->review);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ttt_board_view_dispose (GObject *object)
{
  TttBoardView *self = TTT_BOARD_VIEW (object);

  /* A playing animation keeps itself alive; stopped first, none can call
   * back into a board that is going away. The cells stop their own. */
  if (self->finish != NULL)
    adw_animation_reset (self->finish);
  g_clear_object (&self->finish);
  g_clear_handle_id (&self->follow_id, g_source_remove);
  g_clear_handle_id (&self->left_id, g_source_remove);

  remove_cells (self);

  if (self->game != NULL)
    g_signal_handlers_disconnect_by_data (self->game, self);
  self->match = NULL;
  g_clear_object (&self->game);
  if (self->review != NULL)
    g_signal_handlers_disconnect_by_data (self->review, self);
  g_clear_object (&self->review);

  G_OBJECT_CLASS (ttt_board_view_parent_class)->dispose (object);
}

static void
ttt_board_view_class_init (TttBoardViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = ttt_board_view_dispose;
  object_class->get_property = ttt_board_view_get_property;
  object_class->set_property = ttt_board_view_set_property;

  widget_class->measure = ttt_board_view_measure;
  widget_class->size_allocate = ttt_board_view_size_allocate;
  widget_class->get_request_mode = ttt_board_view_get_request_mode;
  widget_class->snapshot = ttt_board_view_snapshot;
  widget_class->focus = ttt_board_view_focus;
  widget_class->set_focus_child = ttt_board_view_set_focus_child;

  properties[PROP_GAME] =
    g_param_spec_object ("game", NULL, NULL,
                         TTT_TYPE_GAME,
                         (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  properties[PROP_SHOW_ANALYSIS] =
    g_param_spec_boolean ("show-analysis", NULL, NULL,
                          FALSE,
                          (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  properties[PROP_REVIEW] =
    g_param_spec_object ("review", NULL, NULL,
                         TTT_TYPE_REVIEW_CURSOR,
                         (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * TttBoardView::move-refused:
   * @self: the board
   * @cell: the game's cell that was asked for
   *
   * A click or a key of the person here asked the game for a move it
   * refused; nothing changed. Why is the game's to say (ttt_words_refusal()).
   */
  signals[MOVE_REFUSED] =
    g_signal_new ("move-refused",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_INT);

  /**
   * TttBoardView::board-picked:
   * @self: the board
   * @board: the small board a first digit picked, or -1 when Escape
   *   dropped the pick
   *
   * Ultimate, with play free: the first digit picked a board, whose cell
   * the next digit plays, or Escape took the pick back. A focus that moves
   * on drops the pick too, without this signal: the move is heard.
   */
  signals[BOARD_PICKED] =
    g_signal_new ("board-picked",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_INT);

  gtk_widget_class_add_binding (widget_class, GDK_KEY_Escape, 0, escape_cb, NULL);

  gtk_widget_class_set_css_name (widget_class, "board");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
ttt_board_view_init (TttBoardView *self)
{
  self->hint_cell = -1;
  self->last_computer_cell = -1;
  self->digit_board = -1;
  self->reply_move = -1;
  self->follow_cell = -1;
  self->left_cell = -1;
  self->review_cell = -1;
  self->review_best_cell = -1;

  /* The classic game: the engine's cells in one block. */
  self->geometry = ttt_board_geometry_square (TTT_N_CELLS, 1);
  add_cells (self);

  self->finish = adw_timed_animation_new (GTK_WIDGET (self), 0, 1, FINISH_DURATION,
                                          adw_callback_animation_target_new (finish_value_cb, self, NULL));
  adw_timed_animation_set_easing (ADW_TIMED_ANIMATION (self->finish), ADW_EASE_IN_OUT_CUBIC);

  add_key_shortcuts (self);

  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Board"),
                                  -1);
}

GtkWidget *
ttt_board_view_new (TttGame *game)
{
  g_return_val_if_fail (TTT_IS_GAME (game), NULL);

  return g_object_new (TTT_TYPE_BOARD_VIEW, "game", game, NULL);
}

TttGame *
ttt_board_view_get_game (TttBoardView *self)
{
  g_return_val_if_fail (TTT_IS_BOARD_VIEW (self), NULL);

  return self->game;
}

/**
 * ttt_board_view_set_geometry:
 * @self: a #TttBoardView
 * @geometry: how many rows and columns of cells, in what blocks
 *
 * Lays the board out anew with new cells: the focus, the hint and the
 * computer's last move are forgotten. A geometry that cannot be laid out
 * (see ttt_board_geometry_is_valid()) changes nothing.
 *
 * Returns: whether @geometry was taken
 */
gboolean
ttt_board_view_set_geometry (TttBoardView           *self,
                             const TttBoardGeometry *geometry)
{
  g_return_val_if_fail (TTT_IS_BOARD_VIEW (self), FALSE);

  if (!ttt_board_geometry_is_valid (geometry))
    return FALSE;

  remove_cells (self);
  self->geometry = *geometry;
  self->hint_cell = -1;
  self->last_computer_cell = -1;
  add_cells (self);

  if (self->game != NULL)
    update_cells (self);
  gtk_widget_queue_resize (GTK_WIDGET (self));
  return TRUE;
}

void
ttt_board_view_get_geometry (TttBoardView     *self,
                             TttBoardGeometry *geometry)
{
  g_return_if_fail (TTT_IS_BOARD_VIEW (self));
  g_return_if_fail (geometry != NULL);

  *geometry = self->geometry;
}

int
ttt_board_view_get_n_cells (TttBoardView *self)
{
  g_return_val_if_fail (TTT_IS_BOARD_VIEW (self), 0);

  return self->n_cells;
}

/* Marks @cell as the suggested move until the next move is made. */
void
ttt_board_view_show_hint (TttBoardView *self,
                          int           cell)
{
  g_return_if_fail (TTT_IS_BOARD_VIEW (self));
  g_return_if_fail (cell >= -1 && cell < self->n_cells);

  clear_hint (self);
  if (cell < 0)
    return;

  /* The game's cell: in Ultimate a move number. */
  if (cell >= 0 && is_ultimate (self))
    cell = index_of_game_cell (self, cell);
  self->hint_cell = cell;
  update_cell (self, cell);
  ttt_board_view_focus_cell (self, cell);
}

gboolean
ttt_board_view_focus_cell (TttBoardView *self,
                           int           cell)
{
  g_return_val_if_fail (TTT_IS_BOARD_VIEW (self), FALSE);
  g_return_val_if_fail (cell >= 0 && cell < self->n_cells, FALSE);

  self->cursor = cell;
  ttt_announcer_prepare_focus (GTK_WIDGET (self->cells[cell]));
  return gtk_widget_grab_focus (GTK_WIDGET (self->cells[cell]));
}

GtkWidget *
ttt_board_view_get_cell (TttBoardView *self,
                         int           cell)
{
  g_return_val_if_fail (TTT_IS_BOARD_VIEW (self), NULL);
  g_return_val_if_fail (cell >= 0 && cell < self->n_cells, NULL);

  return GTK_WIDGET (self->cells[cell]);
}

int
ttt_board_view_get_hint_cell (TttBoardView *self)
{
  g_return_val_if_fail (TTT_IS_BOARD_VIEW (self), -1);

  return self->hint_cell;
}

int
ttt_board_view_get_last_computer_cell (TttBoardView *self)
{
  g_return_val_if_fail (TTT_IS_BOARD_VIEW (self), -1);

  return self->last_computer_cell;
}

double
ttt_board_view_get_mark_progress (TttBoardView *self,
                                  int           cell)
{
  g_return_val_if_fail (TTT_IS_BOARD_VIEW (self), 0);
  g_return_val_if_fail (cell >= 0 && cell < self->n_cells, 0);

  return ttt_cell_get_progress (self->cells[cell]);
}

double
ttt_board_view_get_finish_progress (TttBoardView *self)
{
  g_return_val_if_fail (TTT_IS_BOARD_VIEW (self), 0);

  return self->finish_value;
}

/* The words on @cell, or NULL, and the name of the symbol drawn with them
 * ("win", "draw", "loss", "best", "mistake", "blunder"). */
const char *
ttt_board_view_get_note (TttBoardView  *self,
                         int            cell,
                         const char   **symbol)
{
  g_return_val_if_fail (TTT_IS_BOARD_VIEW (self), NULL);
  g_return_val_if_fail (cell >= 0 && cell < self->n_cells, NULL);

  return ttt_cell_get_note (self->cells[cell], symbol);
}

/* The cell marked as the best one in a review, or −1. */
int
ttt_board_view_get_review_best_cell (TttBoardView *self)
{
  g_return_val_if_fail (TTT_IS_BOARD_VIEW (self), -1);

  return self->review_best_cell;
}

/* The winner whose large mark covers @block, as the board draws it. */
TttMark
ttt_board_view_get_shown_block_winner (TttBoardView *self,
                                       int           block)
{
  g_return_val_if_fail (TTT_IS_BOARD_VIEW (self), TTT_MARK_NONE);
  g_return_val_if_fail (self->game != NULL, TTT_MARK_NONE);
  g_return_val_if_fail (block >= 0 && block < TTT_ULTIMATE_N_BOARDS, TTT_MARK_NONE);

  return shown_block_winner (self, block);
}

/* Whether anything still moves, so a test can prove nothing ticks once a
 * game has come to rest. */
gboolean
ttt_board_view_is_animating (TttBoardView *self)
{
  g_return_val_if_fail (TTT_IS_BOARD_VIEW (self), FALSE);

  for (int i = 0; i < self->n_cells; i++)
    if (ttt_cell_is_animating (self->cells[i]))
      return TRUE;

  return adw_animation_get_state (self->finish) == ADW_ANIMATION_PLAYING;
}
