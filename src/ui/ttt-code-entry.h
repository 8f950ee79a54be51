/* ttt-code-entry.h — typing a friend's code, completed as it is typed
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * An entry for the code a friend tells ("7-guitarist-revenge"), with the
 * words of the code's list that fit what is typed in a list under it, as
 * magic-wormhole's own client completes them: after the nameplate's
 * number and a hyphen, the first word from the odd list, the next from
 * the even one. Down moves from the entry into the suggestions, Enter
 * on one takes it, Escape goes back. Join is sensitive only for a code
 * that can be one; pressing it (or Enter in the entry) emits "join" with
 * the code as normalized (ttt_code_entry_normalize()). A failure is shown
 * under the entry with ttt_code_entry_set_error().
 */

#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define TTT_TYPE_CODE_ENTRY (ttt_code_entry_get_type ())
G_DECLARE_FINAL_TYPE (TttCodeEntry, ttt_code_entry, TTT, CODE_ENTRY, AdwBin)

GtkWidget  *ttt_code_entry_new        (void);
/* What was typed, normalized; "" when nothing. */
const char *ttt_code_entry_get_code   (TttCodeEntry *self);
void        ttt_code_entry_set_code   (TttCodeEntry *self,
                                       const char   *code);
/* Whether the code can be one: Join's sensitivity. */
gboolean    ttt_code_entry_get_valid  (TttCodeEntry *self);
/* A sentence under the entry (NULL takes it away). */
void        ttt_code_entry_set_error  (TttCodeEntry *self,
                                       const char   *error);
/* The suggestions shown, for tests: a NULL-terminated array. */
char      **ttt_code_entry_get_suggestions (TttCodeEntry *self);
gboolean    ttt_code_entry_focus      (TttCodeEntry *self);

/* A code as people type it, made the mailbox's: spaces around taken
 * off, letters in lower case, spaces inside (a code said aloud and typed
 * as "7 guitarist revenge") made hyphens. A new string. */
char       *ttt_code_entry_normalize  (const char   *typed);

G_END_DECLS
