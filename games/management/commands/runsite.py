"""Start the web server, a Celery worker and Celery beat together; Ctrl-C stops all three."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

from django.conf import settings
from django.core.management.base import BaseCommand

from accounts.demo import DEMO_PASSWORD, DEMO_USERNAMES


def child_environment(host: str, port: str, environ=None) -> dict[str, str]:
    """The environment of web, worker and beat: mails link to where this server answers (the worker
    writes them), also when started as ``manage.py runsite --port 8101`` without ``make run``; a
    SITE_URL set by the operator wins. A server on every interface is reached as localhost here."""
    env = dict(os.environ if environ is None else environ)
    if not env.get("SITE_URL"):
        shown = "localhost" if host in ("0.0.0.0", "::", "") else host
        env["SITE_URL"] = f"http://{shown}:{port}"
    return env


class Command(BaseCommand):
    help = "Run web, worker and beat in the foreground (the embedded default needs no server)."

    def add_arguments(self, parser):
        parser.add_argument("--host", default="127.0.0.1")
        parser.add_argument("--port", default="8000")

    def handle(self, *args, host: str, port: str, **options):
        python = sys.executable
        commands = {
            "web": [python, "manage.py", "runserver", "--noreload", f"{host}:{port}"],
            "worker": [python, "-m", "celery", "-A", "heldenweb", "worker", "--loglevel=INFO",
                       "--concurrency=1", "--hostname=worker@%h"],
            "beat": [python, "-m", "celery", "-A", "heldenweb", "beat", "--loglevel=INFO",
                     f"--schedule={settings.CELERY_BEAT_SCHEDULE_FILENAME}"],
        }
        env = child_environment(host, port)
        processes = {name: subprocess.Popen(cmd, env=env) for name, cmd in commands.items()}
        self.stdout.write(self.style.SUCCESS(f"\nheldenweb runs at http://{host}:{port}/"))
        self.stdout.write(
            "Demo logins: " + ", ".join(DEMO_USERNAMES) + f" (password: {DEMO_PASSWORD})"
        )
        mail = getattr(settings, "EMAIL_FILE_PATH", None) or f"SMTP ({settings.EMAIL_HOST})"
        self.stdout.write(f"Mails go to {mail} and link to {env['SITE_URL']}")
        self.stdout.write("Press Ctrl-C to stop web, worker and beat.\n")

        stopping = False

        def stop(*_):
            nonlocal stopping
            stopping = True

        signal.signal(signal.SIGINT, stop)
        signal.signal(signal.SIGTERM, stop)
        try:
            while not stopping:
                for name, process in processes.items():
                    if process.poll() is not None:
                        self.stderr.write(f"{name} exited with code {process.returncode}; stopping the rest.")
                        stopping = True
                        break
                time.sleep(0.5)
        finally:
            for process in processes.values():
                if process.poll() is None:
                    process.send_signal(signal.SIGTERM)
            deadline = time.monotonic() + 15
            for process in processes.values():
                try:
                    process.wait(timeout=max(0.1, deadline - time.monotonic()))
                except subprocess.TimeoutExpired:
                    process.kill()
        self.stdout.write("Stopped.")
