/* ttt-compat.c — what differs between the toolkits the game runs on
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The rest of the build pins GDK_VERSION_MAX_ALLOWED and
 * ADW_VERSION_MAX_ALLOWED to the oldest releases it supports, so that
 * nothing newer is called by accident. This file alone may call what the
 * toolkit it is built against has: each newer call sits behind a
 * GTK_CHECK_VERSION / ADW_CHECK_VERSION that picks it at build time.
 */

#include "config.h"

#undef GDK_VERSION_MAX_ALLOWED
#undef ADW_VERSION_MAX_ALLOWED

#include "ttt-compat.h"
