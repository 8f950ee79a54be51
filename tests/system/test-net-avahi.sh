#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Discovery with the real Avahi: two network namespaces joined by a veth
# pair, each with a system bus of its own and its own avahi-daemon; a game
# published in one is found, resolved and joined from the other, and both
# sides show the same code. Needs root (namespaces, daemons), avahi-daemon,
# dbus-daemon and ip; otherwise skips and says which is missing. Everything
# it makes (namespaces, links, daemons, files) goes at the end, failed or
# not.
#
# test-net-avahi.sh PEER   (PEER: the net-avahi-peer program)
set -uo pipefail

peer=${1:?usage: test-net-avahi.sh NET-AVAHI-PEER}

echo "1..1"
skip() {
  echo "ok 1 # SKIP $1"
  exit 0
}
[[ $(id -u) -eq 0 ]] || skip "not root: network namespaces and daemons need root"
for tool in avahi-daemon dbus-daemon ip; do
  command -v "$tool" >/dev/null 2>&1 || skip "$tool is not installed (build-aux/deps installs it)"
done

tag=ttt$$
work=$(mktemp -d)
pids=()

cleanup() {
  local pid
  for pid in "${pids[@]}"; do
    kill "$pid" 2>/dev/null
  done
  for pid in "${pids[@]}"; do
    wait "$pid" 2>/dev/null
  done
  ip netns del "$tag-a" 2>/dev/null
  ip netns del "$tag-b" 2>/dev/null
  ip link del "$tag-va" 2>/dev/null
  rm -rf "$work"
}
trap cleanup EXIT

fail() {
  echo "not ok 1 - $1"
  local f
  for f in "$work"/*.log "$work"/*.out; do
    [[ -s $f ]] && sed "s|^|# $(basename "$f"): |" "$f"
  done
  exit 1
}

# Waits (up to 30 s, looking every 0.1 s) until COMMAND succeeds.
wait_for() {
  local i
  for ((i = 0; i < 300; i++)); do
    "$@" && return 0
    sleep 0.1
  done
  return 1
}

ip netns add "$tag-a" || fail "cannot create a network namespace"
ip netns add "$tag-b" || fail "cannot create a network namespace"
ip link add "$tag-va" type veth peer name "$tag-vb" || fail "cannot create a veth pair"
ip link set "$tag-va" netns "$tag-a"
ip link set "$tag-vb" netns "$tag-b"
ip -n "$tag-a" addr add 10.231.0.1/24 dev "$tag-va"
ip -n "$tag-b" addr add 10.231.0.2/24 dev "$tag-vb"
for side in a b; do
  ip -n "$tag-$side" link set lo up
  ip -n "$tag-$side" link set "$tag-v$side" up
done

# avahi-daemon keeps its pid file and socket in /run/avahi-daemon, one per
# machine; each daemon gets a folder of its own mounted there, in the
# mount namespace that ip netns exec makes for it.
mkdir -p /run/avahi-daemon

for side in a b; do
  dir=$work/$side
  mkdir -p "$dir/run"
  cat >"$dir/bus.conf" <<CONF
<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <type>system</type>
  <listen>unix:path=$dir/bus</listen>
  <auth>EXTERNAL</auth>
  <policy context="default">
    <allow user="*"/>
    <allow own="*"/>
    <allow send_type="method_call"/>
    <allow send_type="signal"/>
    <allow send_type="method_return"/>
    <allow send_type="error"/>
    <allow receive_type="method_call"/>
    <allow receive_type="signal"/>
    <allow receive_type="method_return"/>
    <allow receive_type="error"/>
  </policy>
</busconfig>
CONF
  cat >"$dir/avahi.conf" <<CONF
[server]
host-name=ttt-$side
domain-name=local
use-ipv4=yes
use-ipv6=no
allow-interfaces=$tag-v$side
enable-dbus=yes
[wide-area]
enable-wide-area=no
[publish]
publish-hinfo=no
publish-workstation=no
publish-addresses=yes
CONF
  ip netns exec "$tag-$side" dbus-daemon --config-file="$dir/bus.conf" --nofork --nopidfile \
    >"$work/bus-$side.log" 2>&1 &
  pids+=($!)
  wait_for test -S "$dir/bus" || fail "the system bus in namespace $side did not start"
  ip netns exec "$tag-$side" sh -c '
      mount --bind "$1" /run/avahi-daemon &&
      DBUS_SYSTEM_BUS_ADDRESS="unix:path=$2" exec avahi-daemon -f "$3" --no-drop-root --no-chroot --no-rlimits --no-proc-title' \
    sh "$dir/run" "$dir/bus" "$dir/avahi.conf" >"$work/avahi-$side.log" 2>&1 &
  pids+=($!)
done

for side in a b; do
  wait_for grep -q "Server startup complete" "$work/avahi-$side.log" ||
    fail "avahi-daemon in namespace $side did not start"
done

export G_DEBUG=fatal-warnings
[[ -n ${TTT_NET_AVAHI_DEBUG:-} ]] && export G_MESSAGES_DEBUG=all
ip netns exec "$tag-a" env DBUS_SYSTEM_BUS_ADDRESS="unix:path=$work/a/bus" \
  "$peer" host Ana >"$work/host.out" 2>"$work/host.log" &
pids+=($!)
wait_for grep -q '^published' "$work/host.out" || fail "the host did not publish its game"

ip netns exec "$tag-b" env DBUS_SYSTEM_BUS_ADDRESS="unix:path=$work/b/bus" \
  "$peer" join Ana >"$work/guest.out" 2>"$work/guest.log" &
pids+=($!)
wait_for grep -q '^found' "$work/guest.out" || fail "the guest did not find the game"
grep -q '^found Ana 10\.231\.0\.1:' "$work/guest.out" ||
  fail "the guest found the game at $(sed -n 's/^found //p' "$work/guest.out"), not at 10.231.0.1"
wait_for grep -q '^code' "$work/guest.out" || fail "the guest did not get a verification code"
wait_for grep -q '^code' "$work/host.out" || fail "the host did not get a verification code"

host_code=$(sed -n 's/^code //p' "$work/host.out")
guest_code=$(sed -n 's/^code //p' "$work/guest.out")
echo "# $(head -n 1 "$work/host.out"), guest: $(head -n 1 "$work/guest.out")"
echo "# codes: host $host_code, guest $guest_code"
[[ $host_code == "$guest_code" ]] || fail "the codes differ: $host_code and $guest_code"
echo "ok 1 - published in one namespace, found, resolved and joined from the other"
