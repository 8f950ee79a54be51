/* net-helpers.h — what the network tests and benchmark share
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Waiting on the main loop for a condition (with a guard against a hang,
 * never a fixed sleep), a recorder of what a connection reports, and a
 * host and a guest joined over loopback.
 */

#pragma once

#include <gio/gio.h>

#include "ttt-connection.h"

G_BEGIN_DECLS

/* Runs the main loop until @done returns TRUE; fails the test after
 * @guard_ms, which only a hang reaches. */
typedef gboolean (*TttNetCondition) (gpointer data);
void           ttt_net_wait             (TttNetCondition  done,
                                         gpointer         data,
                                         guint            guard_ms);
/* Runs what is ready now on the main loop. */
void           ttt_net_drain            (void);

/* What a connection said: its code, its messages, how it closed. */
typedef struct {
  TttConnection *connection;
  char          *code;
  GPtrArray     *messages;    /* of TttMessage */
  GError        *reason;
  guint          closed;
} TttNetRecord;

TttNetRecord  *ttt_net_record_new       (TttConnection   *connection);
void           ttt_net_record_free      (TttNetRecord    *record);
gboolean       ttt_net_record_ready     (gpointer         record);
gboolean       ttt_net_record_closed    (gpointer         record);
void           ttt_net_wait_ready       (TttNetRecord    *record);
void           ttt_net_wait_closed      (TttNetRecord    *record);
void           ttt_net_wait_messages    (TttNetRecord    *record,
                                         guint            count);

/* For ttt_net_wait() on two records at once (a TttNetRecord *[2]). */
gboolean       ttt_net_records_ready    (gpointer         records);
gboolean       ttt_net_records_closed   (gpointer         records);

TttMessage    *ttt_net_hello            (const char      *name);

/* Timeouts no slow machine reaches, for tests not about them. */
void           ttt_net_set_patient_timeouts (TttConnection *connection);

/* A host listening on 127.0.0.1 (or @address) at a free port. */
TttConnection *ttt_net_host_new         (const char      *address,
                                         const char      *name);
/* A guest connecting to @host's port on @address. */
TttConnection *ttt_net_guest_new        (TttConnection   *host,
                                         const char      *address,
                                         const char      *name);
/* For a raw TLS peer of the tests' own: every certificate is taken, as
 * the game takes any (the code is what the people check). */
gboolean       ttt_net_accept_any_cb    (GTlsConnection       *tls,
                                         GTlsCertificate      *peer,
                                         GTlsCertificateFlags  errors,
                                         gpointer              user_data);

/* Drops @connection and checks that nothing else holds it. */
void           ttt_net_drop             (TttConnection  **connection);

/* One whole read or write on a stream, started and later waited for:
 * how many bytes went and the error it ended with. */
typedef struct {
  gboolean  done;
  gsize     count;
  GError   *error;
} TttNetIo;

void           ttt_net_io_write_all     (GIOStream       *stream,
                                         const void      *data,
                                         gsize            size,
                                         TttNetIo        *io);
void           ttt_net_io_read_all      (GIOStream       *stream,
                                         void            *buffer,
                                         gsize            size,
                                         TttNetIo        *io);
/* For ttt_net_wait() on one TttNetIo, or on two at once (a TttNetIo[2]). */
gboolean       ttt_net_io_done          (gpointer         io);
gboolean       ttt_net_ios_done         (gpointer         ios);
/* Writes @size bytes of @data into @from and checks that @to reads the
 * same, waiting at most @guard_ms. */
void           ttt_net_check_carries    (GIOStream       *from,
                                         GIOStream       *to,
                                         const void      *data,
                                         gsize            size,
                                         guint            guard_ms);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (TttNetRecord, ttt_net_record_free)

G_END_DECLS
