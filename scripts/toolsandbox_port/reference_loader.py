"""Loads ToolSandbox's scenario modules (apple/ToolSandbox 165848b) with stand-in modules.

The reference's scenario modules are declarative Python over polars frames and its evaluation classes.
Running them needs polars, rapidfuzz, scipy, langchain and more; none of that decides *what* a scenario
says. So this loader puts small stand-ins for those modules into ``sys.modules`` (recording what the
scenario code passes them), imports the reference's own scenario modules from the mirror path, and
calls their ``get_extensions``. Nothing of the reference is copied: its files are read where they lie.

``datetime.datetime.now()`` is the episode clock (``FIXED_NOW`` in the scenarios' zone), so every
timestamp the reference computes relative to "now" is fixed the way the reference fixes it at run time.
"""

from __future__ import annotations

import ast
import copy
import datetime as real_datetime
import functools
import importlib
import os
import sys
import time
import types
import uuid
from pathlib import Path

# The episode clock of the corpus: naive local time in TIME_ZONE, as the reference's datetime.now().
TIME_ZONE = "America/Los_Angeles"
FIXED_NOW = real_datetime.datetime(2026, 9, 17, 18, 40, 0)

MODULES = [
    "single_tool_call_scenarios",
    "multiple_tool_call_scenarios",
    "multiple_user_turn_scenarios",
    "insufficient_information_scenarios",
]
# The categories each module's named_*_scenarios() adds to every scenario it returns (read from the
# modules: single/multiple tool call and user turn, insufficient information).
MODULE_CATEGORIES = {
    "single_tool_call_scenarios": ["SINGLE_TOOL_CALL", "SINGLE_USER_TURN"],
    "multiple_tool_call_scenarios": ["MULTIPLE_TOOL_CALL", "SINGLE_USER_TURN"],
    "multiple_user_turn_scenarios": ["MULTIPLE_TOOL_CALL", "MULTIPLE_USER_TURN"],
    "insufficient_information_scenarios": ["INSUFFICIENT_INFORMATION"],
}


class Named:
    """An enum member or a function of the reference, known by its name only."""

    def __init__(self, name: str) -> None:
        self.name = name

    def __call__(self, *args, **kwargs):  # partial() needs a callable
        raise RuntimeError(f"stand-in {self.name} is not callable")

    def __repr__(self) -> str:
        return f"<{self.name}>"

    def __eq__(self, other) -> bool:
        return isinstance(other, Named) and other.name == self.name

    def __hash__(self) -> int:
        return hash(self.name)


class Members:
    """RoleType, DatabaseNamespace, ScenarioCategories: any attribute is a member named after it."""

    def __init__(self, kind: str) -> None:
        self._kind = kind

    def __getattr__(self, name: str) -> Named:
        if name.startswith("_"):
            raise AttributeError(name)
        return Named(name)

    def __iter__(self):
        return iter([Named(n) for n in ("SANDBOX", "SETTING", "CONTACT", "MESSAGING", "REMINDER")])


class Record:
    """A reference attrs class: keeps its keyword arguments."""

    kind = "record"

    def __init__(self, *args, **kwargs) -> None:
        if args:
            raise TypeError(f"{self.kind} takes keyword arguments only")
        self.fields = kwargs

    def __repr__(self) -> str:
        return f"{self.kind}({self.fields})"


def record_class(kind: str) -> type:
    return type(kind, (Record,), {"kind": kind})


class Frame:
    """A polars DataFrame stand-in: a dict of columns, each a list."""

    def __init__(self, data=None, schema=None) -> None:
        data = data or {}
        if isinstance(data, list):
            columns = {}
            for row in data:
                for key, value in row.items():
                    columns.setdefault(key, []).append(value)
            data = columns
        self.columns = {k: (list(v) if isinstance(v, (list, tuple)) else [v]) for k, v in data.items()}

    def rows(self) -> list[dict]:
        count = max((len(v) for v in self.columns.values()), default=0)
        out = []
        for index in range(count):
            out.append({k: (v[index] if len(v) > 1 else v[0]) for k, v in self.columns.items()})
        return out

    def with_columns(self, expressions):
        frame = copy.deepcopy(self)
        for expression in expressions:
            frame.columns[expression.alias_name] = [
                (not value) if expression.inverted else value for value in self.columns[expression.column]
            ]
        return frame

    def __getitem__(self, column):
        return self.columns[column]


class Expression:
    def __init__(self, column: str, inverted: bool = False, alias_name: str | None = None) -> None:
        self.column, self.inverted, self.alias_name = column, inverted, alias_name or column

    def __invert__(self):
        return Expression(self.column, not self.inverted, self.alias_name)

    def alias(self, name):
        return Expression(self.column, self.inverted, name)


class StartingContext:
    def __init__(self) -> None:
        self.databases: dict[str, list[dict]] = {"SETTING": [dict(DEFAULT_SETTINGS)]}
        self.tool_allow_list = None
        self.tool_deny_list = None

    def add_to_database(self, namespace, rows) -> None:
        self.databases.setdefault(namespace.name, []).extend(copy.deepcopy(rows))

    def get_database(self, namespace) -> Frame:
        return Frame(self.databases.get(namespace.name, []))

    def update_database(self, namespace, dataframe: Frame) -> None:
        self.databases[namespace.name] = dataframe.rows()


class Scenario:
    def __init__(self) -> None:
        self.starting_context = StartingContext()
        self.categories = []


DEFAULT_SETTINGS: dict = {}


def _fake_datetime_module() -> types.ModuleType:
    class FixedDateTime(real_datetime.datetime):
        @classmethod
        def now(cls, tz=None):
            if tz is not None:
                raise RuntimeError("the reference's scenarios call now() without a zone")
            return cls(*FIXED_NOW.timetuple()[:6])

    module = types.ModuleType("datetime")
    for name in dir(real_datetime):
        if not name.startswith("__"):
            setattr(module, name, getattr(real_datetime, name))
    module.datetime = FixedDateTime
    return module


FAKE_DATETIME = _fake_datetime_module()


def _functions_from(path: Path, names: list[str], namespace: dict) -> dict:
    """Compiles only the named top-level functions of a reference source file, in `namespace`."""
    tree = ast.parse(path.read_text())
    wanted = [node for node in tree.body if isinstance(node, ast.FunctionDef) and node.name in names]
    missing = set(names) - {node.name for node in wanted}
    if missing:
        raise RuntimeError(f"{path}: functions not found: {sorted(missing)}")
    for node in wanted:
        node.returns = None
        for argument in node.args.args:
            argument.annotation = None
    module = ast.Module(body=wanted, type_ignores=[])
    exec(compile(module, str(path), "exec"), namespace)
    return {name: namespace[name] for name in names}


def _default_settings(source: Path) -> dict:
    """The settings row ExecutionContext starts with, read from the dict literal that holds "device_id"."""
    tree = ast.parse(source.read_text())
    for node in ast.walk(tree):
        keys = [key.value if isinstance(key, ast.Constant) else None for key in getattr(node, "keys", [])]
        if isinstance(node, ast.Dict) and "device_id" in keys and isinstance(node.values[keys.index("cellular")], ast.Constant):
            values = {}
            for key, value in zip(node.keys, node.values):
                if key.value == "sandbox_message_index":
                    continue
                values[key.value] = eval(compile(ast.Expression(value), str(source), "eval"), {"uuid": uuid})
            return values
    raise RuntimeError(f"{source}: no default settings row found")


def _module(name: str, **attributes) -> types.ModuleType:
    module = types.ModuleType(name)
    for key, value in attributes.items():
        setattr(module, key, value)
    sys.modules[name] = module
    return module


class _AnyName(types.ModuleType):
    def __getattr__(self, name):
        if name.startswith("__"):
            raise AttributeError(name)
        return Named(name)


def install_stand_ins(reference: Path) -> None:
    """Puts the stand-in modules in place and the reference's scenario package on the import path."""
    os.environ["TZ"] = TIME_ZONE
    time.tzset()
    package = reference / "tool_sandbox"
    DEFAULT_SETTINGS.update(_default_settings(package / "common" / "execution_context.py"))

    polars = _module("polars", DataFrame=Frame, col=Expression)
    for dtype in ("String", "Boolean", "Float64", "Int32", "Int64", "List"):
        setattr(polars, dtype, Named(dtype))
    root = _module("tool_sandbox")
    root.__path__ = []
    for child in ("common", "tools", "scenarios"):
        sub = _module(f"tool_sandbox.{child}")
        sub.__path__ = [str(package / "scenarios")] if child == "scenarios" else []
        setattr(root, child, sub)

    evaluation = _AnyName("tool_sandbox.common.evaluation")
    evaluation.Milestone = record_class("Milestone")
    evaluation.Minefield = record_class("Minefield")
    evaluation.SnapshotConstraint = record_class("SnapshotConstraint")
    sys.modules[evaluation.__name__] = evaluation
    _module(
        "tool_sandbox.common.execution_context",
        DatabaseNamespace=Members("DatabaseNamespace"),
        RoleType=Members("RoleType"),
        ScenarioCategories=Members("ScenarioCategories"),
    )
    _module("tool_sandbox.common.scenario", Scenario=Scenario, ScenarioExtension=record_class("ScenarioExtension"))
    _module(
        "tool_sandbox.common.tool_discovery",
        ToolBackend=Members("ToolBackend"),
        find_tools_by_module=lambda *args, **kwargs: {},
        rank_tools_by_similarity=None,
    )
    sys.modules["tool_sandbox.common.tool_trace_extractors"] = _AnyName("tool_sandbox.common.tool_trace_extractors")
    utility_names = ["deterministic_uuid", "get_tomorrow_datetime", "get_next_iso_weekday_datetime"]
    utilities = _functions_from(
        package / "common" / "utils.py", utility_names, {"uuid": uuid, "datetime": FAKE_DATETIME}
    )
    _module("tool_sandbox.common.utils", **utilities)


def tool_modules(folder: Path) -> dict[str, str]:
    """Each public top-level function of the reference's tool modules, with its module: the groups its
    distraction ranking puts first (`rank_tools_by_similarity`: tools in a needed tool's module)."""
    modules: dict[str, str] = {}
    for path in sorted(folder.glob("*.py")):
        if path.name == "__init__.py":
            continue
        for node in ast.parse(path.read_text()).body:
            if isinstance(node, ast.FunctionDef) and not node.name.startswith("_"):
                modules[node.name] = path.stem
    return dict(sorted(modules.items()))


def load_reference(reference: Path) -> dict:
    """Every scenario extension of the four modules, with the module it came from, and the few-shot data."""
    install_stand_ins(reference)
    few_shot = importlib.import_module("tool_sandbox.scenarios.user_simulator_few_shot_examples")
    base = importlib.import_module("tool_sandbox.scenarios.base_scenarios")
    base.datetime = FAKE_DATETIME
    base_worlds = base.named_base_scenarios(preferred_tool_backend=Named("DEFAULT"))
    extensions = []
    for module_name in MODULES:
        module = importlib.import_module(f"tool_sandbox.scenarios.{module_name}")
        if hasattr(module, "datetime"):
            module.datetime = FAKE_DATETIME
        base_names = {id(world): name for name, world in base_worlds.items()}
        for extension in module.get_extensions(base_worlds):
            fields = dict(extension.fields)
            fields["base_scenario"] = base_names[id(fields["base_scenario"])]
            categories = [c.name for c in fields.get("categories", [])]
            for category in MODULE_CATEGORIES[module_name]:
                if category not in categories:
                    categories.append(category)
            fields["categories"] = categories
            extensions.append({"module": module_name, **fields})
    return {
        "tool_modules": tool_modules(reference / "tool_sandbox" / "tools"),
        "extensions": extensions,
        "base_worlds": {name: world.starting_context.databases for name, world in base_worlds.items()},
        "user_instruction": few_shot.USER_INSTRUCTION,
        "few_shot": few_shot.named_user_simulator_few_shot_examples(),
    }


functools  # noqa: B018 (partial objects are read by the translator)
