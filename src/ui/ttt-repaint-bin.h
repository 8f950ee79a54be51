/* ttt-repaint-bin.h — a child repainted whole whenever it is drawn again
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define TTT_TYPE_REPAINT_BIN (ttt_repaint_bin_get_type ())

G_DECLARE_FINAL_TYPE (TttRepaintBin, ttt_repaint_bin, TTT, REPAINT_BIN, AdwBin)

G_END_DECLS
