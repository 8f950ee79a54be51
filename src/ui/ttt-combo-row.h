/* ttt-combo-row.h — combo rows that show their value whole and say it
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

void ttt_combo_row_show_value_whole (AdwComboRow *row);

G_END_DECLS
