/* ttt-board-geometry.h — how many cells a board shows, and in what blocks
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The board view lays its cells out from this description alone: the
 * classic game is one block of the engine's cells, Ultimate nine blocks
 * of nine. Cells are numbered in reading order over the whole grid, row
 * by row.
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct
{
  int rows;
  int columns;
  /* The size of a block: the cells between two of its thicker lines.
   * A board of one block has rows == block_rows and columns ==
   * block_columns. */
  int block_rows;
  int block_columns;
} TttBoardGeometry;

/* The side of a square of @n cells, or 0 if @n is not a square. */
static inline int
ttt_board_geometry_side_of (int n)
{
  for (int side = 1; side * side <= n; side++)
    if (side * side == n)
      return side;
  return 0;
}

/* A square board of @n_cells cells in @n_blocks square blocks: the
 * classic game is (TTT_N_CELLS, 1), Ultimate (TTT_ULTIMATE_N_MOVES,
 * TTT_ULTIMATE_N_BOARDS). */
static inline TttBoardGeometry
ttt_board_geometry_square (int n_cells,
                           int n_blocks)
{
  int side = ttt_board_geometry_side_of (n_cells);
  int blocks = ttt_board_geometry_side_of (n_blocks);
  TttBoardGeometry geometry = { side, side, 0, 0 };

  if (blocks > 0 && side % blocks == 0)
    geometry.block_rows = geometry.block_columns = side / blocks;
  return geometry;
}

/* More cells than a window can show as buttons is a mistake, not a board. */
#define TTT_BOARD_GEOMETRY_MAX_SIDE 32

/* Whether @geometry can be laid out: at least one cell and no more than
 * TTT_BOARD_GEOMETRY_MAX_SIDE a side, and blocks that divide the rows and
 * columns evenly. */
static inline gboolean
ttt_board_geometry_is_valid (const TttBoardGeometry *geometry)
{
  return geometry != NULL &&
         geometry->rows > 0 && geometry->columns > 0 &&
         geometry->rows <= TTT_BOARD_GEOMETRY_MAX_SIDE &&
         geometry->columns <= TTT_BOARD_GEOMETRY_MAX_SIDE &&
         geometry->block_rows > 0 && geometry->block_columns > 0 &&
         geometry->rows % geometry->block_rows == 0 &&
         geometry->columns % geometry->block_columns == 0;
}

static inline int
ttt_board_geometry_n_cells (const TttBoardGeometry *geometry)
{
  return geometry->rows * geometry->columns;
}

G_END_DECLS
