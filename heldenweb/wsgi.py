import gc
import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "heldenweb.settings")
application = get_wsgi_application()


def _settle() -> None:
    """Load what every request uses (the URL map with its views, the game content), then move all of it
    out of the garbage collector's sight: a full collection otherwise walks these hundreds of thousands of
    long-lived objects again and again, and costs a request several milliseconds (issue 17, measured
    with bench/http.py). Objects created by requests are collected as before."""
    from django.urls import get_resolver

    from games.engine.content import load_content

    get_resolver().url_patterns  # noqa: B018 (imports every view module)
    load_content()
    gc.collect()
    gc.freeze()


_settle()
