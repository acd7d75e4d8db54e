"""The app graph points one way (docs/architecture.md): an app imports only the apps below it.

    core <- realtime <- accounts <- work <- projects <- integrations <- checkout <- timeaccount
        <- reports <- calendar <- workspace <- demo

Every module's imports are read with `ast` (deferred imports inside functions included). Tests
of an app follow the same order, and of another app's tests they may import only `factories`.
Application code never imports tests or `config` (the composition root imports the apps).
"""

from __future__ import annotations

import ast
from pathlib import Path

from django.conf import settings

APPS_DIR = Path(__file__).resolve().parents[2]
ORDER = [
    "core",
    "realtime",
    "accounts",
    "work",
    "projects",
    "integrations",
    "checkout",
    "timeaccount",
    "reports",
    "calendar",
    "workspace",
    "demo",
]
RANK = {name: rank for rank, name in enumerate(ORDER)}


def imported_modules(source: str) -> list[tuple[int, str]]:
    modules = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            modules += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            # `from apps.work import events` names the module apps.work.events
            modules += [(node.lineno, f"{node.module}.{alias.name}") for alias in node.names]
    return modules


def violations(relative_path: str, source: str) -> list[str]:
    """What `apps/<relative_path>` imports against the order."""
    parts = Path(relative_path).parts
    importer = parts[0]
    is_test = "tests" in parts
    found = []
    for line, module in imported_modules(source):
        names = module.split(".")
        where = f"apps/{relative_path}:{line} imports {module}"
        if names[0] == "config":
            if not is_test:
                found.append(f"{where}: only the composition root (config) imports the apps")
            continue
        if names[0] != "apps" or len(names) < 2:
            continue
        imported = names[1]
        if imported not in RANK:
            found.append(f"{where}: app {imported!r} is missing from the declared order")
        elif importer not in RANK:
            found.append(f"{where}: app {importer!r} is missing from the declared order")
        elif RANK[imported] > RANK[importer]:
            found.append(f"{where}: {imported} is above {importer}")
        elif "tests" in names[2:3]:
            if not is_test:
                found.append(f"{where}: application code never imports tests")
            elif imported != importer and names[3:4] != ["factories"]:
                found.append(f"{where}: of another app's tests only factories may be imported")
    return found


def all_violations() -> list[str]:
    found = []
    for path in sorted(APPS_DIR.rglob("*.py")):
        found += violations(str(path.relative_to(APPS_DIR)), path.read_text())
    return found


def test_every_app_imports_only_apps_below_it():
    assert all_violations() == []


def test_every_app_is_in_the_declared_order():
    apps = {p.parent.name for p in APPS_DIR.glob("*/apps.py")}
    assert apps == set(ORDER)
    installed = [name for name in settings.INSTALLED_APPS if name.startswith("apps.")]
    assert installed == [f"apps.{name}" for name in ORDER]


def test_an_import_against_the_order_is_caught():
    upward = "from apps.projects.models import Project\n"
    assert violations("work/selectors.py", upward) == [
        "apps/work/selectors.py:1 imports apps.projects.models.Project: projects is above work"
    ]
    deferred = "def f():\n    from apps.work import presence\n"
    assert violations("accounts/serializers.py", deferred) == [
        "apps/accounts/serializers.py:2 imports apps.work.presence: work is above accounts"
    ]
    plain = "import apps.accounts.models\n"
    assert violations("realtime/events.py", plain) == [
        "apps/realtime/events.py:1 imports apps.accounts.models: accounts is above realtime"
    ]
    assert violations("projects/views/tasks.py", "from apps.work.models import WorkDay\n") == []


def test_tests_may_import_factories_of_apps_below_only():
    assert (
        violations("projects/tests/test_x.py", "from apps.accounts.tests.factories import UserFactory\n")
        == []
    )
    assert violations("projects/tests/test_x.py", "from apps.work.tests.test_status import helper\n") == [
        "apps/projects/tests/test_x.py:1 imports apps.work.tests.test_status.helper: "
        "of another app's tests only factories may be imported"
    ]
    assert violations("work/tests/test_x.py", "from apps.projects.tests.factories import TaskFactory\n") == [
        "apps/work/tests/test_x.py:1 imports apps.projects.tests.factories.TaskFactory: "
        "projects is above work"
    ]
    assert violations("work/views/days.py", "from apps.accounts.tests.factories import UserFactory\n") == [
        "apps/work/views/days.py:1 imports apps.accounts.tests.factories.UserFactory: "
        "application code never imports tests"
    ]
    assert violations("work/views/days.py", "from config.asgi import application\n") != []
    assert violations("work/tests/test_x.py", "from config.asgi import application\n") == []


CLOCK_CALLS = {("timezone", "now"), ("datetime", "now"), ("datetime", "utcnow"), ("date", "today")}


def clock_calls(source: str) -> list[int]:
    """Lines that read the current instant other than through core.timeutils.now()."""
    lines = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            owner = node.func.value
            name = owner.attr if isinstance(owner, ast.Attribute) else getattr(owner, "id", "")
            if (name.lstrip("_").removeprefix("dj_"), node.func.attr) in CLOCK_CALLS:
                lines.append(node.lineno)
    return lines


def test_application_code_reads_the_time_only_through_the_one_clock():
    """The tests' `clock` fixture replaces core.timeutils.now: any other clock escapes it."""
    found = []
    for path in sorted(APPS_DIR.rglob("*.py")):
        relative = path.relative_to(APPS_DIR)
        if "tests" in relative.parts or relative == Path("core/timeutils.py"):
            continue
        found += [f"apps/{relative}:{line}" for line in clock_calls(path.read_text())]
    assert found == []


def test_a_second_clock_is_caught():
    source = "\n".join(
        [
            "from django.utils import timezone",
            "import datetime as dt",
            "",
            "x = timezone.now()",
            "y = dt.date.today()",
        ]
    )
    assert clock_calls(source) == [4, 5]
    assert clock_calls("from apps.core import timeutils\n\nx = timeutils.now()\n") == []


# Imports inside functions: in services (the writes) none at all, so a cycle cannot hide in a
# deferred import; apps.py's ready() and a few reads may defer (their imports stay visible to
# the order check above). The module-level imports of application code form no cycle.


def _is_services(relative: Path) -> bool:
    return relative.name == "services.py" or "services" in relative.parts[:-1]


def deferred_imports(source: str) -> list[int]:
    """Lines of `import` statements that are not at module level (inside a function or class)."""
    tree = ast.parse(source)
    top = {id(node) for node in tree.body}
    return sorted(
        node.lineno
        for node in ast.walk(tree)
        if isinstance(node, ast.Import | ast.ImportFrom) and id(node) not in top
    )


def test_services_import_at_module_level_only():
    found = []
    for path in sorted(APPS_DIR.rglob("*.py")):
        relative = path.relative_to(APPS_DIR)
        if "tests" in relative.parts or not _is_services(relative):
            continue
        found += [f"apps/{relative}:{line}" for line in deferred_imports(path.read_text())]
    assert found == []


def test_a_deferred_import_is_caught():
    source = "from apps.core import timeutils\n\n\ndef f():\n    from apps.projects.services import tasks\n"
    assert deferred_imports(source) == [5]
    assert _is_services(Path("projects/services/time/tracker.py"))
    assert _is_services(Path("checkout/services.py"))
    assert not _is_services(Path("projects/selectors.py"))


def module_name(relative: Path) -> str:
    parts = ["apps", *relative.with_suffix("").parts]
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def module_graph(sources: dict[str, str]) -> dict[str, set[str]]:
    """Module -> the modules of `sources` it imports at module level (`from package import
    module` names the module, `from module import name` the module)."""
    graph: dict[str, set[str]] = {}
    for name, source in sources.items():
        found = set()
        for node in ast.parse(source).body:
            if isinstance(node, ast.Import):
                found |= {alias.name for alias in node.names}
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                for alias in node.names:
                    full = f"{node.module}.{alias.name}"
                    found.add(full if full in sources else node.module)
        graph[name] = {module for module in found if module in sources and module != name}
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for other in sorted(graph[node]):
            if other not in index:
                visit(other)
                low[node] = min(low[node], low[other])
            elif other in stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            component = []
            while True:
                other = stack.pop()
                component.append(other)
                if other == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def test_application_modules_import_each_other_without_a_cycle():
    sources = {
        module_name(path.relative_to(APPS_DIR)): path.read_text()
        for path in sorted(APPS_DIR.rglob("*.py"))
        if not {"tests", "migrations"} & set(path.relative_to(APPS_DIR).parts)
    }
    assert cycles(module_graph(sources)) == []


def test_an_import_cycle_is_caught():
    sources = {
        "apps.projects.services.time.tracker": "from apps.projects.services import tasks\n",
        "apps.projects.services.tasks": "from apps.projects.services.time.day_tasks import release\n",
        "apps.projects.services.time.day_tasks": "from apps.projects.services.time import tracker\n",
        "apps.projects.services.time": "",
    }
    assert cycles(module_graph(sources)) == [
        [
            "apps.projects.services.tasks",
            "apps.projects.services.time.day_tasks",
            "apps.projects.services.time.tracker",
        ]
    ]
    sources["apps.projects.services.tasks"] = ""
    assert cycles(module_graph(sources)) == []
