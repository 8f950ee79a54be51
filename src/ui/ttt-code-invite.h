/* ttt-code-invite.h — the host's code, large, to tell a friend
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * What the host of a game played by a code sees while the friend has not
 * come: "Tell your friend this code:" and the code in large letters, a
 * Copy button, a sentence that says what happens next, and Cancel. The
 * code is a focusable, selectable label whose accessible name speaks it
 * as words ("Tell your friend this code: 7, guitarist, revenge"). Set
 * the code (NULL while the mailbox server has not given one); Cancel
 * emits "cancelled".
 */

#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define TTT_TYPE_CODE_INVITE (ttt_code_invite_get_type ())
G_DECLARE_FINAL_TYPE (TttCodeInvite, ttt_code_invite, TTT, CODE_INVITE, AdwBin)

GtkWidget  *ttt_code_invite_new       (void);
void        ttt_code_invite_set_code  (TttCodeInvite *self,
                                       const char    *code);
const char *ttt_code_invite_get_code  (TttCodeInvite *self);
/* What a screen reader says of @code: its parts joined by ", " ("7,
 * guitarist, revenge"); a new string. */
char       *ttt_code_invite_spoken    (const char    *code);
/* Moves the focus onto Copy, described by the code (or Cancel while
 * there is no code). */
gboolean    ttt_code_invite_focus     (TttCodeInvite *self);
/* Whether the focus on @widget says the code (Copy is described by it). */
gboolean    ttt_code_invite_says_code (TttCodeInvite *self,
                                       GtkWidget     *widget);

G_END_DECLS
