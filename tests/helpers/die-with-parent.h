/* die-with-parent.h — what a test starts ends with it
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A failed assertion aborts a test at once, before any clean-up: a
 * server it started (twistd's mailbox server or transit relay, the
 * reference wormhole client, a game) would stay on the machine. Given
 * to g_subprocess_launcher_set_child_setup(), this has the kernel kill
 * the child when the test's process ends (Linux). The test must start
 * its children from the main thread: the signal follows the thread
 * that started the child.
 */

#pragma once

#include <glib.h>
#include <signal.h>
#include <sys/prctl.h>

static inline void
ttt_test_die_with_parent (gpointer user_data)
{
  prctl (PR_SET_PDEATHSIG, SIGKILL);
}
