/* ttt-combo-row.h — combo rows that show their value whole and say it
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "ttt-enums.h"

G_BEGIN_DECLS

void     ttt_combo_row_show_value_whole (AdwComboRow *row);
/* Lists @variant's levels in @row, whose model is a GtkStringList, and
 * selects @level's counterpart among them; the list is left as it is
 * when it has those names already. */
void     ttt_combo_row_show_levels      (AdwComboRow *row,
                                         TttVariant   variant,
                                         TttLevel     level);
/* The level @row has selected, of @variant's. */
TttLevel ttt_combo_row_get_level        (AdwComboRow *row,
                                         TttVariant   variant);

G_END_DECLS
