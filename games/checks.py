"""Start-up check (issue 12): the game content validates before the site serves a page, so a broken
YAML file stops `manage.py check`, `migrate` and `runserver` with the file and field it names instead of
failing in the middle of a player's turn."""

from __future__ import annotations

from django.core.checks import Error, register

from games.engine.content import load_content
from games.engine.content.validate import ContentError
from games.engine.registry import unknown_effects


@register()
def content_is_valid(app_configs, **kwargs) -> list[Error]:
    try:
        content = load_content()
    except ContentError as exc:
        return [Error(f"The game content does not validate: {exc}", id="games.E001",
                      hint="Fix the named file under games/engine/content/ (docs/rules/ explains its fields).")]
    # The effect names are defined by the engine's rules, above the content loader (docs/architecture.md,
    # "Effects as data"), so they are checked here, on the loaded content.
    return [Error(f"The game content names an effect the engine does not define: {problem}", id="games.E002",
                  hint="Fix the name, or add its definition to the EFFECTS of its family (registry.py lists them).")
            for problem in unknown_effects(content)]
