"""Outgoing URLs (webhooks, push endpoints) may only reach the public internet.

A user-supplied URL the server posts to is a classic SSRF hole: ``check_url`` refuses non-HTTPS
schemes and every host that resolves to a private, loopback, link-local, multicast, reserved or
unspecified address. It runs when the URL is saved and again before every send (a host may be
re-pointed in between). Tests switch it off with ``TALK_ALLOW_PRIVATE_URLS`` to reach a local receiver.
"""

from __future__ import annotations

import ipaddress
import socket
from urllib.parse import urlsplit

from django.conf import settings
from django.utils.translation import gettext_lazy

from games.errors import InvalidRequest


def _private(address: str) -> bool:
    ip = ipaddress.ip_address(address.split("%", 1)[0])
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        ip = ip.ipv4_mapped
    return (ip.is_private or ip.is_loopback or ip.is_link_local or ip.is_multicast or ip.is_reserved
            or ip.is_unspecified or not ip.is_global)


def check_url(url: str, *, resolve=socket.getaddrinfo) -> str:
    """The URL, if it may be posted to; else ``InvalidRequest``. Returns the host (to show it)."""
    parts = urlsplit(url)
    allow_private = getattr(settings, "TALK_ALLOW_PRIVATE_URLS", False)
    if parts.scheme != "https" and not (allow_private and parts.scheme == "http"):
        raise InvalidRequest(gettext_lazy("Only https:// addresses are allowed."))
    host = parts.hostname
    if not host or parts.username or parts.password:
        raise InvalidRequest(gettext_lazy("The address needs a host name (and no user name or password in it)."))
    if allow_private:
        return host
    try:
        infos = resolve(host, parts.port or 443, proto=socket.IPPROTO_TCP)
    except (socket.gaierror, UnicodeError) as exc:
        raise InvalidRequest(gettext_lazy("The host name cannot be resolved.")) from exc
    if not infos or any(_private(info[4][0]) for info in infos):
        raise InvalidRequest(gettext_lazy("The address points into a private network, which is not allowed."))
    return host
