"""The Celery application: broker and policies come from Django settings (CELERY_*)."""

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "heldenweb.settings")

app = Celery("heldenweb")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
