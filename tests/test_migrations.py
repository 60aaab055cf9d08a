"""The migrations build what the models say: `make test-fast` builds its test tables straight from the
models (--nomigrations), so a model change without its migration must fail here, not in production."""

from io import StringIO

from django.core.management import call_command


def test_every_model_change_has_its_migration(db, settings):
    settings.MIGRATION_MODULES = {}  # --nomigrations hides the migrations from the loader; look at them here
    out = StringIO()
    try:
        call_command("makemigrations", "--check", "--dry-run", stdout=out, stderr=out)
    except SystemExit as exit:
        raise AssertionError(f"models and migrations differ; run makemigrations:\n{out.getvalue()}") from exit
