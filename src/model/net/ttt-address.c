/* ttt-address.c — addresses as people type and read them
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <ifaddrs.h>
#include <net/if.h>
#include <string.h>
#include <netinet/in.h>
#include <sys/socket.h>

#include "ttt-address.h"

char *
ttt_address_format (const char *ip,
                guint       port)
{
  if (strchr (ip, ':') != NULL)
    return g_strdup_printf ("[%s]:%u", ip, port);
  return g_strdup_printf ("%s:%u", ip, port);
}

GStrv
ttt_address_list_local (const char *listen_address,
                        guint       port)
{
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  g_autoptr(GPtrArray) loopback = g_ptr_array_new_with_free_func (g_free);
  struct ifaddrs *list = NULL;
  struct ifaddrs *entry;
  gboolean any = FALSE;

  if (port == 0)
    return g_strv_builder_end (builder);

  if (listen_address != NULL)
    {
      g_autofree char *text = ttt_address_format (listen_address, port);

      g_strv_builder_add (builder, text);
      return g_strv_builder_end (builder);
    }

  if (getifaddrs (&list) == 0)
    {
      for (entry = list; entry != NULL; entry = entry->ifa_next)
        {
          g_autoptr(GSocketAddress) address = NULL;
          g_autofree char *ip = NULL;
          GInetAddress *inet;
          socklen_t size;

          if (entry->ifa_addr == NULL || !(entry->ifa_flags & IFF_UP))
            continue;
          if (entry->ifa_addr->sa_family == AF_INET)
            size = sizeof (struct sockaddr_in);
          else if (entry->ifa_addr->sa_family == AF_INET6)
            size = sizeof (struct sockaddr_in6);
          else
            continue;
          address = g_socket_address_new_from_native (entry->ifa_addr, size);
          if (address == NULL)
            continue;
          inet = g_inet_socket_address_get_address (G_INET_SOCKET_ADDRESS (address));
          /* A link-local address needs the interface's name to be dialled,
           * which nobody reads out over the phone. */
          if (g_inet_address_get_is_link_local (inet))
            continue;
          ip = g_inet_address_to_string (inet);
          if (g_inet_address_get_is_loopback (inet))
            g_ptr_array_add (loopback, ttt_address_format (ip, port));
          else
            {
              g_autofree char *text = ttt_address_format (ip, port);

              g_strv_builder_add (builder, text);
              any = TRUE;
            }
        }
      freeifaddrs (list);
    }
  if (!any)
    for (guint i = 0; i < loopback->len; i++)
      g_strv_builder_add (builder, g_ptr_array_index (loopback, i));
  return g_strv_builder_end (builder);
}

/* An address typed in is quoted back to the person cut to this many
 * characters: a pasted page must not become the message. */
#define SHOWN_MAX_CHARS 64

/* @text, valid UTF-8, as a message quotes it: what a person typed
 * (umlauts, Chinese) as it is, control characters escaped so that none
 * reaches a terminal, cut after SHOWN_MAX_CHARS characters with "…". */
static char *
shown_text (const char *text)
{
  GString *out = g_string_new (NULL);
  guint chars = 0;

  for (const char *p = text; *p != '\0'; p = g_utf8_next_char (p), chars++)
    {
      gunichar c = g_utf8_get_char (p);

      if (chars == SHOWN_MAX_CHARS)
        {
          g_string_append (out, "…");
          break;
        }
      if (c < 0x20 || c == 0x7f || (c >= 0x80 && c < 0xa0))
        g_string_append_printf (out, "\\x%02x", c);
      else
        g_string_append_len (out, p, g_utf8_next_char (p) - p);
    }

  return g_string_free (out, FALSE);
}

/* A name in letters, digits, "-" and "_", in labels apart by dots; an
 * internationalised name as it will be looked up (GResolver turns it
 * into its ASCII form itself). */
static gboolean
valid_host_name (const char *host)
{
  g_autofree char *ascii = NULL;
  size_t length;
  size_t label = 0;
  size_t i;

  if (g_hostname_is_non_ascii (host))
    {
      ascii = g_hostname_to_ascii (host);
      if (ascii == NULL)
        return FALSE;
      host = ascii;
    }

  length = strlen (host);
  if (length == 0 || length > 253)
    return FALSE;
  for (i = 0; i < length; i++)
    {
      char c = host[i];

      if (c == '.')
        {
          if (label == 0)
            return FALSE;
          label = 0;
          continue;
        }
      if (!g_ascii_isalnum (c) && c != '-' && c != '_')
        return FALSE;
      if (++label > 63)
        return FALSE;
    }
  return TRUE;
}

static gboolean
parse_port (const char  *text,
            guint16     *port,
            GError     **error)
{
  guint64 value = 0;

  if (text[0] == '\0'
      || !g_ascii_string_to_unsigned (text, 10, 1, G_MAXUINT16, &value, NULL)
      || !g_ascii_isdigit (text[0]))
    {
      g_autofree char *shown = shown_text (text);

      g_set_error (error, TTT_CONNECTION_ERROR, TTT_CONNECTION_ERROR_BAD_ADDRESS,
                   _("“%s” is not a port: use a number from 1 to 65535"), shown);
      return FALSE;
    }
  *port = (guint16) value;
  return TRUE;
}

gboolean
ttt_address_parse (const char  *text,
                   guint        default_port,
                   char       **host,
                   guint16     *port,
                   GError     **error)
{
  g_autofree char *copy = NULL;
  g_autofree char *name = NULL;
  const char *colon;
  guint16 number;

  g_return_val_if_fail (text != NULL, FALSE);
  g_return_val_if_fail (default_port > 0 && default_port <= G_MAXUINT16, FALSE);

  copy = g_strstrip (g_strdup (text));
  number = (guint16) default_port;

  if (copy[0] == '\0')
    {
      g_set_error_literal (error, TTT_CONNECTION_ERROR, TTT_CONNECTION_ERROR_BAD_ADDRESS,
                           _("Enter the address of the computer that hosts the game."));
      return FALSE;
    }
  if (!g_utf8_validate (copy, -1, NULL))
    {
      g_set_error_literal (error, TTT_CONNECTION_ERROR, TTT_CONNECTION_ERROR_BAD_ADDRESS,
                           _("The address is not valid text."));
      return FALSE;
    }

  if (copy[0] == '[')
    {
      const char *close = strchr (copy, ']');
      g_autoptr(GInetAddress) inet = NULL;

      if (close == NULL)
        {
          g_set_error_literal (error, TTT_CONNECTION_ERROR, TTT_CONNECTION_ERROR_BAD_ADDRESS,
                               _("An IPv6 address in brackets lacks its closing “]”."));
          return FALSE;
        }
      name = g_strndup (copy + 1, close - copy - 1);
      {
        /* A link-local address may name its interface: fe80::1%eth0. */
        g_autofree char *bare = g_strdup (name);
        char *scope = strchr (bare, '%');
        gboolean scope_ok = TRUE;

        if (scope != NULL)
          {
            *scope++ = '\0';
            scope_ok = scope[0] != '\0' && strlen (scope) < IF_NAMESIZE;
            for (const char *c = scope; *c != '\0'; c++)
              scope_ok = scope_ok && (g_ascii_isalnum (*c) || strchr ("._-", *c) != NULL);
          }
        inet = g_inet_address_new_from_string (bare);
        if (inet == NULL || g_inet_address_get_family (inet) != G_SOCKET_FAMILY_IPV6)
          {
            g_autofree char *shown = shown_text (name);

            g_set_error (error, TTT_CONNECTION_ERROR, TTT_CONNECTION_ERROR_BAD_ADDRESS,
                         _("“%s” is not an IPv6 address."), shown);
            return FALSE;
          }
        /* The address is right; what follows % is not an interface. */
        if (!scope_ok)
          {
            g_autofree char *shown = shown_text (scope);

            g_set_error (error, TTT_CONNECTION_ERROR, TTT_CONNECTION_ERROR_BAD_ADDRESS,
                         _("“%s” is not the name of a network interface: such a name has "
                           "at most %d letters, digits, “.”, “_” or “-”."),
                         shown, IF_NAMESIZE - 1);
            return FALSE;
          }
      }
      if (close[1] == ':')
        {
          if (!parse_port (close + 2, &number, error))
            return FALSE;
        }
      else if (close[1] != '\0')
        {
          g_set_error_literal (error, TTT_CONNECTION_ERROR, TTT_CONNECTION_ERROR_BAD_ADDRESS,
                               _("After an IPv6 address in brackets only “:” and a port may follow."));
          return FALSE;
        }
    }
  else if ((colon = strchr (copy, ':')) != NULL && strchr (colon + 1, ':') != NULL)
    {
      g_autoptr(GInetAddress) inet = g_inet_address_new_from_string (copy);

      /* A bare IPv6 address: its last group would read as a port. */
      if (inet != NULL)
        {
          g_autofree char *shown = shown_text (copy);

          g_set_error (error, TTT_CONNECTION_ERROR, TTT_CONNECTION_ERROR_BAD_ADDRESS,
                       _("An IPv6 address goes in brackets, such as [%s]:%u."), shown, default_port);
        }
      else
        g_set_error_literal (error, TTT_CONNECTION_ERROR, TTT_CONNECTION_ERROR_BAD_ADDRESS,
                             _("An address has at most one “:”, before the port; an IPv6 address goes in brackets."));
      return FALSE;
    }
  else
    {
      if (colon != NULL)
        {
          name = g_strndup (copy, colon - copy);
          if (!parse_port (colon + 1, &number, error))
            return FALSE;
        }
      else
        name = g_strdup (copy);
      if (!valid_host_name (name))
        {
          g_autofree char *shown = shown_text (name);

          g_set_error (error, TTT_CONNECTION_ERROR, TTT_CONNECTION_ERROR_BAD_ADDRESS,
                       _("“%s” is not a computer’s name or address."), shown);
          return FALSE;
        }
    }

  if (host != NULL)
    *host = g_steal_pointer (&name);
  if (port != NULL)
    *port = number;
  return TRUE;
}

GError *
ttt_address_connect_error (const char   *host,
                           guint         port,
                           const GError *cause)
{
  g_autofree char *text = NULL;
  TttConnectionError code;

  g_return_val_if_fail (host != NULL, NULL);
  g_return_val_if_fail (cause != NULL, NULL);

  if (cause->domain == G_RESOLVER_ERROR)
    {
      code = TTT_CONNECTION_ERROR_NOT_FOUND;
      text = g_strdup_printf (_("No computer called “%s” was found. Check the address."), host);
    }
  else if (g_error_matches (cause, G_IO_ERROR, G_IO_ERROR_CONNECTION_REFUSED))
    {
      code = TTT_CONNECTION_ERROR_REFUSED;
      text = g_strdup_printf (_("%s is not hosting a game on port %u: the connection was refused."),
                              host, port);
    }
  else if (g_error_matches (cause, G_IO_ERROR, G_IO_ERROR_HOST_UNREACHABLE)
           || g_error_matches (cause, G_IO_ERROR, G_IO_ERROR_NETWORK_UNREACHABLE))
    {
      code = TTT_CONNECTION_ERROR_UNREACHABLE;
      text = g_strdup_printf (_("%s cannot be reached from this computer. Check that both computers are on the same network."),
                              host);
    }
  else if (g_error_matches (cause, G_IO_ERROR, G_IO_ERROR_TIMED_OUT))
    {
      code = TTT_CONNECTION_ERROR_TIMED_OUT;
      text = g_strdup_printf (_("%s did not answer."), host);
    }
  else
    {
      code = TTT_CONNECTION_ERROR_FAILED;
      /* Translators: the first %s is an address, the second the system's
       * explanation. */
      text = g_strdup_printf (_("Cannot connect to %s: %s"), host, cause->message);
    }
  return g_error_new_literal (TTT_CONNECTION_ERROR, code, text);
}
