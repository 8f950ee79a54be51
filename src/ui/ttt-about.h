/* ttt-about.h — the About window and its release notes
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

void ttt_about_present (GtkWindow *parent);

G_END_DECLS
