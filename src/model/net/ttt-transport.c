/* ttt-transport.c — how two games reach each other, whatever the way
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "ttt-transport.h"

G_DEFINE_INTERFACE (TttTransport, ttt_transport, G_TYPE_OBJECT)

static void
ttt_transport_default_init (TttTransportInterface *iface)
{
  /* A TttTransportState; implementations override it. */
  g_object_interface_install_property (iface,
                                       g_param_spec_int ("state", NULL, NULL,
                                                         TTT_TRANSPORT_STATE_NEW,
                                                         TTT_TRANSPORT_STATE_CLOSED,
                                                         TTT_TRANSPORT_STATE_NEW,
                                                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY
                                                         | G_PARAM_STATIC_STRINGS));
  /* ttt_transport_get_reconnecting(); implementations override it. */
  g_object_interface_install_property (iface,
                                       g_param_spec_boolean ("reconnecting", NULL, NULL, FALSE,
                                                             G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY
                                                             | G_PARAM_STATIC_STRINGS));
}

void
ttt_transport_open_async (TttTransport        *self,
                          GCancellable        *cancellable,
                          GAsyncReadyCallback  callback,
                          gpointer             user_data)
{
  g_return_if_fail (TTT_IS_TRANSPORT (self));
  g_return_if_fail (cancellable == NULL || G_IS_CANCELLABLE (cancellable));

  TTT_TRANSPORT_GET_IFACE (self)->open_async (self, cancellable, callback, user_data);
}

GIOStream *
ttt_transport_open_finish (TttTransport  *self,
                           GAsyncResult  *result,
                           GError       **error)
{
  g_return_val_if_fail (TTT_IS_TRANSPORT (self), NULL);
  g_return_val_if_fail (G_IS_ASYNC_RESULT (result), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  return TTT_TRANSPORT_GET_IFACE (self)->open_finish (self, result, error);
}

TttTransportState
ttt_transport_get_state (TttTransport *self)
{
  g_return_val_if_fail (TTT_IS_TRANSPORT (self), TTT_TRANSPORT_STATE_CLOSED);

  return TTT_TRANSPORT_GET_IFACE (self)->get_state (self);
}

const char *
ttt_transport_get_code (TttTransport *self)
{
  g_return_val_if_fail (TTT_IS_TRANSPORT (self), NULL);

  return TTT_TRANSPORT_GET_IFACE (self)->get_code (self);
}

gboolean
ttt_transport_get_reconnecting (TttTransport *self)
{
  TttTransportInterface *iface;

  g_return_val_if_fail (TTT_IS_TRANSPORT (self), FALSE);

  iface = TTT_TRANSPORT_GET_IFACE (self);
  return iface->get_reconnecting != NULL && iface->get_reconnecting (self);
}

void
ttt_transport_close (TttTransport *self)
{
  g_return_if_fail (TTT_IS_TRANSPORT (self));

  TTT_TRANSPORT_GET_IFACE (self)->close (self);
}
