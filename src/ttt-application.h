/* ttt-application.h
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "ttt-game.h"

G_BEGIN_DECLS

#define TTT_TYPE_APPLICATION (ttt_application_get_type ())
G_DECLARE_FINAL_TYPE (TttApplication, ttt_application, TTT, APPLICATION, AdwApplication)

TttApplication *ttt_application_new                  (void);
GSettings      *ttt_application_get_settings         (TttApplication *self);
TttStatistics  *ttt_application_get_statistics       (TttApplication *self);
TttGame        *ttt_application_create_game          (TttApplication *self);
const char     *ttt_application_get_save_error       (TttApplication *self);

G_END_DECLS
