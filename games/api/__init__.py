"""The REST API (``/api/v1/``): thin DRF views over the same services and selectors as the web.

``base`` holds what every endpoint shares (the view base class, the error responses of the schema),
``errors`` the JSON error format and its messages in German and English, ``throttling`` the rate
limits, ``serializers`` the small input/output serializers and ``views`` one view per resource.
The account endpoints (log-in for a token, tokens, profile) live in :mod:`accounts.api`.
"""
