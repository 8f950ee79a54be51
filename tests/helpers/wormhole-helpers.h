/* wormhole-helpers.h — the reference mailbox server and client for tests
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The Debian packages of magic-wormhole's mailbox server and client, run
 * on 127.0.0.1 by the test itself: the server on a port the system picks,
 * known and ready once its log says where it listens; the client with
 * the test's appid and server, its output collected line by line. What
 * differs between the packages of Debian 12 and sid (the name of twistd)
 * is decided here, in one place.
 *
 * Every wait is on an event and bounded: wormhole_wait() fails the test
 * with what it waited for when the time is up.
 */

#pragma once

#include <gio/gio.h>

#include "ttt-wormhole.h"

G_BEGIN_DECLS

/* Iterates the main context until *@flag, failing the test (with @what)
 * after @seconds. */
void         wormhole_wait             (const gboolean *flag,
                                        guint           seconds,
                                        const char     *what);
/* The same until @done (@user_data) is TRUE. */
void         wormhole_wait_until       (gboolean      (*done) (gpointer user_data),
                                        gpointer        user_data,
                                        guint           seconds,
                                        const char     *what);

typedef struct _MailboxServer MailboxServer;

/* The reference mailbox server, listening; fails the test (returns NULL)
 * when the package is not installed. */
MailboxServer *mailbox_server_start    (void);
const char   *mailbox_server_get_url   (MailboxServer *server);
/* Kills it at once (SIGKILL) and waits for it to be gone. */
void          mailbox_server_kill      (MailboxServer *server);
/* Starts a killed server again on the same port and database. */
void          mailbox_server_revive    (MailboxServer *server);
/* Kills it and starts it again on the same port and database, as a
 * server restarted by its keeper: the clients' connections break. */
void          mailbox_server_restart   (MailboxServer *server);
void          mailbox_server_free      (MailboxServer *server);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (MailboxServer, mailbox_server_free)

/* The reference client, run as "wormhole --appid APPID --relay-url URL
 * ARGS…"; its output is collected. */
typedef struct _ReferenceClient ReferenceClient;

gboolean         reference_client_available (void);
ReferenceClient *reference_client_spawn     (const char      *appid,
                                             const char      *url,
                                             const char      *first_arg,
                                             ...) G_GNUC_NULL_TERMINATED;
/* The code "Wormhole code is: …" gave, once it has (waits). */
const char      *reference_client_wait_code (ReferenceClient *client);
/* Waits for it to exit; its exit status (0 for success). */
int              reference_client_wait_exit (ReferenceClient *client);
/* Everything it wrote so far, stdout and stderr in one. */
const char      *reference_client_output    (ReferenceClient *client);
void             reference_client_free      (ReferenceClient *client);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (ReferenceClient, reference_client_free)

/* One of our wormholes and what it reported: its opening, the messages
 * it received, its closing and whether it has a code. */
typedef struct {
  TttWormhole *wormhole;
  gboolean     opened;          /* the opening finished, either way */
  GError      *open_error;
  GPtrArray   *messages;        /* of GBytes */
  gboolean     closed;
  GError      *closed_error;
  gboolean     has_code;
} WormholeSide;

WormholeSide *wormhole_side_new        (const char    *url,
                                        const char    *appid);
void          wormhole_side_open       (WormholeSide  *side,
                                        const char    *versions,
                                        GCancellable  *cancellable);
/* Drops the wormhole, checking that nothing else kept it. */
void          wormhole_side_free       (WormholeSide  *side);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (WormholeSide, wormhole_side_free)

G_END_DECLS
