/* ttt-application-private.h — what tests may change in the application
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "ttt-application.h"

G_BEGIN_DECLS

typedef void     (*TttShowUriFunc)       (GtkWindow            *parent,
                                          const char           *uri,
                                          GCancellable         *cancellable,
                                          GAsyncReadyCallback   callback,
                                          gpointer              user_data);
typedef gboolean (*TttShowUriFinishFunc) (GtkWindow            *parent,
                                          GAsyncResult         *result,
                                          GError              **error);

void ttt_application_set_show_uri (TttApplication       *self,
                                   TttShowUriFunc        show,
                                   TttShowUriFinishFunc  finish);

G_END_DECLS
