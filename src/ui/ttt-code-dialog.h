/* ttt-code-dialog.h — play with a friend anywhere, by a code
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A small window that leads to a game played by a code over the
 * magic-wormhole protocol: the host's code to tell (TttCodeInvite), or
 * the friend's code to type (TttCodeEntry), then, once both are in, a
 * TttNetSession on the main window's game. The servers are the
 * settings' (ttt_code_dialog_read_servers()). What went wrong is said
 * in a sentence with Try Again.
 *
 * When the session is open (the game has begun) the window emits
 * "session-opened": a handler that takes the session over (the main
 * window's network bar) returns TRUE, and the window lets it go and
 * closes. Without one, the window keeps it and shows a small page of its
 * own to offer a rematch or leave.
 */

#pragma once

#include <adwaita.h>

#include "ttt-game.h"
#include "ttt-net-session.h"
#include "ttt-wormhole-transport.h"

G_BEGIN_DECLS

#define TTT_TYPE_CODE_DIALOG (ttt_code_dialog_get_type ())
G_DECLARE_FINAL_TYPE (TttCodeDialog, ttt_code_dialog, TTT, CODE_DIALOG, AdwWindow)

TttCodeDialog *ttt_code_dialog_new          (GtkWindow     *parent,
                                             TttGame       *game,
                                             GSettings     *settings);
/* Gets a code and waits for the friend. */
void           ttt_code_dialog_host         (TttCodeDialog *self);
/* Joins with @code at once, or shows the entry for it (NULL). */
void           ttt_code_dialog_join         (TttCodeDialog *self,
                                             const char    *code);
/* The session under way or ended, while the window has it. */
TttNetSession *ttt_code_dialog_get_session  (TttCodeDialog *self);
/* What the window shows, as an a{sv} (the page, the code shown, the
 * title and sentence of a failure, whether it says it is reconnecting,
 * the session's state and the other side's name), for the test hooks of
 * another process; "changed" tells when it may differ. */
GVariant      *ttt_code_dialog_describe     (TttCodeDialog *self);

/* The one place the servers of play by a code are read: the settings'
 * mailbox server and transit relay, and whether to offer direct
 * connections. A transport for the host (@code NULL) or the guest. */
TttWormholeTransport *ttt_code_dialog_new_transport (GSettings  *settings,
                                                     const char *code);

G_END_DECLS
