"""Print a new VAPID key pair for web push: ``python -m talk.vapid``."""

from __future__ import annotations

import base64

from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec


def new_key_pair() -> tuple[str, str]:
    """(private key as base64url of the 32-byte scalar, public key as base64url uncompressed point)."""
    key = ec.generate_private_key(ec.SECP256R1())
    private = key.private_numbers().private_value.to_bytes(32, "big")
    public = key.public_key().public_bytes(serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)
    return (base64.urlsafe_b64encode(private).rstrip(b"=").decode(),
            base64.urlsafe_b64encode(public).rstrip(b"=").decode())


if __name__ == "__main__":
    private, public = new_key_pair()
    print(f"VAPID_PRIVATE_KEY={private}")
    print(f"# public key (derived by the site, for reference): {public}")
