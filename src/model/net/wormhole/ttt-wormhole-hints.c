/* ttt-wormhole-hints.c — where a wormhole side can be reached, in words
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The transit message each side sends through the wormhole: this
 * computer's addresses worth hinting, the message built from them, and
 * the other side's read back with every bound checked (its size, its
 * depth, the number of hints, each host name and port). No sockets here:
 * the transit (ttt-wormhole-transit.c) connects to what this finds.
 */

#include "config.h"

#include <arpa/inet.h>
#include <glib/gi18n-lib.h>
#include <ifaddrs.h>
#include <json-glib/json-glib.h>
#include <net/if.h>
#include <netinet/in.h>
#include <string.h>
#include <sys/socket.h>

#include "ttt-net-error.h"
#include "ttt-wormhole-hints.h"
#include "ttt-wormhole-transit.h"
void
ttt_wormhole_hint_free (TttWormholeHint *hint)
{
  g_free (hint->host);
  g_free (hint);
}

static gboolean
address_is_hinted (struct sockaddr *address)
{
  if (address == NULL)
    return FALSE;
  if (address->sa_family == AF_INET)
    {
      guint32 ip = ntohl (((struct sockaddr_in *) (gpointer) address)->sin_addr.s_addr);

      return (ip >> 24) != 127;
    }
  if (address->sa_family == AF_INET6)
    {
      struct in6_addr *ip = &((struct sockaddr_in6 *) (gpointer) address)->sin6_addr;

      /* Link-local ones need a scope the other side cannot know. */
      return !IN6_IS_ADDR_LOOPBACK (ip) && !IN6_IS_ADDR_LINKLOCAL (ip) && !IN6_IS_ADDR_V4MAPPED (ip);
    }
  return FALSE;
}

/* Every address of this computer the other side might reach. */
GPtrArray *
ttt_wormhole_local_addresses (void)
{
  GPtrArray *addresses = g_ptr_array_new_with_free_func (g_free);
  struct ifaddrs *list = NULL;

  if (getifaddrs (&list) == 0)
    {
      for (struct ifaddrs *entry = list; entry != NULL; entry = entry->ifa_next)
        {
          char text[INET6_ADDRSTRLEN];
          const void *raw;

          if (!(entry->ifa_flags & IFF_UP) || !address_is_hinted (entry->ifa_addr))
            continue;
          if (entry->ifa_addr->sa_family == AF_INET)
            raw = &((struct sockaddr_in *) (gpointer) entry->ifa_addr)->sin_addr;
          else
            raw = &((struct sockaddr_in6 *) (gpointer) entry->ifa_addr)->sin6_addr;
          if (inet_ntop (entry->ifa_addr->sa_family, raw, text, sizeof text) != NULL
              && addresses->len < TTT_WORMHOLE_TRANSIT_MAX_DIRECT)
            g_ptr_array_add (addresses, g_strdup (text));
        }
      freeifaddrs (list);
    }
  if (addresses->len == 0)
    g_ptr_array_add (addresses, g_strdup ("127.0.0.1"));
  return addresses;
}

/* The transit message */

static void
add_tcp_hint (JsonBuilder *builder,
              const char  *host,
              guint16      port)
{
  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "type");
  json_builder_add_string_value (builder, "direct-tcp-v1");
  json_builder_set_member_name (builder, "priority");
  json_builder_add_double_value (builder, 0.0);
  json_builder_set_member_name (builder, "hostname");
  json_builder_add_string_value (builder, host);
  json_builder_set_member_name (builder, "port");
  json_builder_add_int_value (builder, port);
  json_builder_end_object (builder);
}

GBytes *
ttt_wormhole_hints_build (GPtrArray             *addresses,
                          guint16                port,
                          const TttWormholeHint *relay)
{
  g_autoptr(JsonBuilder) builder = json_builder_new ();
  g_autoptr(JsonGenerator) generator = json_generator_new ();
  g_autoptr(JsonNode) root = NULL;
  char *text;

  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "transit");
  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "abilities-v1");
  json_builder_begin_array (builder);
  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "type");
  json_builder_add_string_value (builder, "direct-tcp-v1");
  json_builder_end_object (builder);
  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "type");
  json_builder_add_string_value (builder, "relay-v1");
  json_builder_end_object (builder);
  json_builder_end_array (builder);
  json_builder_set_member_name (builder, "hints-v1");
  json_builder_begin_array (builder);
  for (guint i = 0; addresses != NULL && i < addresses->len; i++)
    add_tcp_hint (builder, g_ptr_array_index (addresses, i), port);
  if (relay != NULL)
    {
      json_builder_begin_object (builder);
      json_builder_set_member_name (builder, "type");
      json_builder_add_string_value (builder, "relay-v1");
      json_builder_set_member_name (builder, "hints");
      json_builder_begin_array (builder);
      add_tcp_hint (builder, relay->host, relay->port);
      json_builder_end_array (builder);
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);
  json_builder_end_object (builder);
  json_builder_end_object (builder);

  root = json_builder_get_root (builder);
  json_generator_set_root (generator, root);
  text = json_generator_to_data (generator, NULL);
  return g_bytes_new_take (text, strlen (text));
}

/* A host name or address as a hint may give it: printable, no spaces. */
static gboolean
hostname_is_sane (const char *host)
{
  gsize length = strlen (host);

  if (length == 0 || length > 255)
    return FALSE;
  for (const char *c = host; *c != '\0'; c++)
    if (!g_ascii_isalnum (*c) && strchr (".-_:", *c) == NULL)
      return FALSE;
  return TRUE;
}

/* A direct-tcp-v1 hint, or NULL for one that is not (skipped, as
 * magic-wormhole skips what it cannot use). */
static TttWormholeHint *
parse_tcp_hint (JsonNode *node)
{
  JsonObject *object;
  JsonNode *member;
  const char *host;
  gint64 port;
  TttWormholeHint *hint;

  if (!JSON_NODE_HOLDS_OBJECT (node))
    return NULL;
  object = json_node_get_object (node);
  member = json_object_get_member (object, "type");
  if (member == NULL || json_node_get_value_type (member) != G_TYPE_STRING
      || g_strcmp0 (json_node_get_string (member), "direct-tcp-v1") != 0)
    return NULL;
  member = json_object_get_member (object, "hostname");
  if (member == NULL || json_node_get_value_type (member) != G_TYPE_STRING)
    return NULL;
  host = json_node_get_string (member);
  member = json_object_get_member (object, "port");
  if (member == NULL || json_node_get_value_type (member) != G_TYPE_INT64)
    return NULL;
  port = json_node_get_int (member);
  if (port < 1 || port > 65535 || !hostname_is_sane (host))
    return NULL;

  hint = g_new0 (TttWormholeHint, 1);
  hint->host = g_strdup (host);
  hint->port = (guint16) port;
  return hint;
}

gboolean
ttt_wormhole_hints_contain (GPtrArray             *hints,
                            const TttWormholeHint *hint)
{
  for (guint i = 0; i < hints->len; i++)
    {
      const TttWormholeHint *other = g_ptr_array_index (hints, i);

      if (other->port == hint->port && g_ascii_strcasecmp (other->host, hint->host) == 0)
        return TRUE;
    }
  return FALSE;
}

/* Adds @hint to @hints unless it is there or they are full; takes it. */
void
ttt_wormhole_hints_add (GPtrArray       *hints,
                        TttWormholeHint *hint,
                        guint            max)
{
  if (hint == NULL)
    return;
  if (hints->len >= max || ttt_wormhole_hints_contain (hints, hint))
    ttt_wormhole_hint_free (hint);
  else
    g_ptr_array_add (hints, hint);
}

/* json-glib parses recursively: a message nested deeper than a transit
 * message ever is (four levels) is refused before it sees it. */
#define MAX_DEPTH 8

static gboolean
is_shallow (const char *text,
            gsize       length)
{
  gboolean in_string = FALSE;
  gboolean escaped = FALSE;
  guint depth = 0;

  for (gsize i = 0; i < length; i++)
    {
      char c = text[i];

      if (in_string)
        {
          if (escaped)
            escaped = FALSE;
          else if (c == '\\')
            escaped = TRUE;
          else if (c == '"')
            in_string = FALSE;
        }
      else if (c == '"')
        in_string = TRUE;
      else if ((c == '{' || c == '[') && ++depth > MAX_DEPTH)
        return FALSE;
      else if ((c == '}' || c == ']') && depth > 0)
        depth--;
    }
  return TRUE;
}

gboolean
ttt_wormhole_hints_parse (const char  *text,
                          gsize        length,
                          GPtrArray   *direct,
                          GPtrArray   *relays,
                          GError     **error)
{
  g_autoptr(JsonParser) parser = json_parser_new_immutable ();
  g_autoptr(GError) local_error = NULL;
  JsonNode *root, *node;
  JsonArray *hints;
  const char *malformed = _("The other side sent a transit message this game cannot read.");

  if (length > TTT_WORMHOLE_TRANSIT_MAX_MESSAGE
      || !g_utf8_validate_len (text, length, NULL) || !is_shallow (text, length))
    {
      g_set_error_literal (error, TTT_CONNECTION_ERROR, TTT_CONNECTION_ERROR_PROTOCOL, malformed);
      return FALSE;
    }
  if (!json_parser_load_from_data (parser, text, (gssize) length, &local_error))
    {
      g_debug ("Transit message: %s", local_error->message);
      g_set_error_literal (error, TTT_CONNECTION_ERROR, TTT_CONNECTION_ERROR_PROTOCOL, malformed);
      return FALSE;
    }
  root = json_parser_get_root (parser);
  if (root == NULL || !JSON_NODE_HOLDS_OBJECT (root)
      || (node = json_object_get_member (json_node_get_object (root), "transit")) == NULL
      || !JSON_NODE_HOLDS_OBJECT (node))
    {
      g_set_error_literal (error, TTT_CONNECTION_ERROR, TTT_CONNECTION_ERROR_PROTOCOL, malformed);
      return FALSE;
    }
  node = json_object_get_member (json_node_get_object (node), "hints-v1");
  if (node == NULL || !JSON_NODE_HOLDS_ARRAY (node))
    {
      g_set_error_literal (error, TTT_CONNECTION_ERROR, TTT_CONNECTION_ERROR_PROTOCOL, malformed);
      return FALSE;
    }

  hints = json_node_get_array (node);
  for (guint i = 0; i < json_array_get_length (hints); i++)
    {
      JsonNode *hint = json_array_get_element (hints, i);
      JsonObject *object;
      JsonNode *type, *inner;

      if (!JSON_NODE_HOLDS_OBJECT (hint))
        continue;
      object = json_node_get_object (hint);
      type = json_object_get_member (object, "type");
      if (type == NULL || json_node_get_value_type (type) != G_TYPE_STRING)
        continue;
      if (g_strcmp0 (json_node_get_string (type), "direct-tcp-v1") == 0)
        ttt_wormhole_hints_add (direct, parse_tcp_hint (hint), TTT_WORMHOLE_TRANSIT_MAX_DIRECT);
      else if (g_strcmp0 (json_node_get_string (type), "relay-v1") == 0
               && (inner = json_object_get_member (object, "hints")) != NULL
               && JSON_NODE_HOLDS_ARRAY (inner))
        {
          JsonArray *ways = json_node_get_array (inner);

          for (guint j = 0; j < json_array_get_length (ways) && j < TTT_WORMHOLE_TRANSIT_MAX_RELAYS; j++)
            ttt_wormhole_hints_add (relays, parse_tcp_hint (json_array_get_element (ways, j)),
                      TTT_WORMHOLE_TRANSIT_MAX_RELAYS);
        }
    }
  return TRUE;
}

gboolean
ttt_wormhole_hints_parse_url (const char  *url,
                              char       **host,
                              guint16     *port)
{
  const char *rest, *colon;
  g_autofree char *name = NULL;
  guint64 number;
  char *end;

  g_return_val_if_fail (host != NULL && port != NULL, FALSE);

  if (url == NULL || !g_str_has_prefix (url, "tcp:"))
    return FALSE;
  rest = url + strlen ("tcp:");
  colon = strrchr (rest, ':');
  if (colon == NULL || colon == rest)
    return FALSE;
  if (rest[0] == '[' && colon[-1] == ']')
    name = g_strndup (rest + 1, (gsize) (colon - rest - 2));
  else
    name = g_strndup (rest, (gsize) (colon - rest));
  if (!g_ascii_isdigit (colon[1]))
    return FALSE;
  number = g_ascii_strtoull (colon + 1, &end, 10);
  if (*end != '\0' || number < 1 || number > 65535 || !hostname_is_sane (name))
    return FALSE;
  *host = g_steal_pointer (&name);
  *port = (guint16) number;
  return TRUE;
}

gboolean
ttt_wormhole_hints_check (const char  *text,
                          gsize        length,
                          guint       *n_direct,
                          guint       *n_relays,
                          GError     **error)
{
  g_autoptr(GPtrArray) direct = g_ptr_array_new_with_free_func ((GDestroyNotify) ttt_wormhole_hint_free);
  g_autoptr(GPtrArray) relays = g_ptr_array_new_with_free_func ((GDestroyNotify) ttt_wormhole_hint_free);

  if (!ttt_wormhole_hints_parse (text, length, direct, relays, error))
    return FALSE;
  if (n_direct != NULL)
    *n_direct = direct->len;
  if (n_relays != NULL)
    *n_relays = relays->len;
  return TRUE;
}
