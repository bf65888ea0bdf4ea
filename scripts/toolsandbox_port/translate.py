"""Translates one ToolSandbox scenario extension (as reference_loader reads it) into a toolgauge scenario file.

Each reference SnapshotConstraint becomes one toolgauge constraint (see CONSTRAINT RULES below); each
milestone and minefield keeps its position as its id (``m0``, ``m1``… / ``f0``…) and names the original
constraints in its ``description``. The gold solution is derived from the milestones: a call for every
tool-call and row-change constraint, a switch call for every settings constraint, and the agent's
target text for every message constraint, in the milestones' order.
"""

from __future__ import annotations

import datetime
import functools
import json
import re
import uuid

from reference_loader import FIXED_NOW, TIME_ZONE, Named

TABLES = {"SETTING": "settings", "CONTACT": "contacts", "MESSAGING": "messages", "REMINDER": "reminders"}
ROW_CHANGES = {
    "addition_similarity": "rows-added",
    "removal_similarity": "rows-removed",
    "update_similarity": "rows-updated",
}
SWITCH_TOOLS = {
    "wifi": "set_wifi_status",
    "cellular": "set_cellular_service_status",
    "location_service": "set_location_service_status",
    "low_battery_mode": "set_low_battery_mode_status",
}
# What each reference extractor reads of the referenced milestone's tool result, as a placeholder path
# per extracted name ("" = the whole result). The reference's value normalisations (rounded to 0–3
# decimals) are what toolgauge's placeholders try as well.
EXTRACTOR_PATHS = {
    "search_weather_around_lat_lon_temperature_extractor": {"temperature": "current_temperature"},
    "current_temperature_extractor": {"amount": "current_temperature"},
    "result_to_temperature_extractor": {"temperature": ""},
    "min_temperature_extractor": {"min_temperature": ""},
    "min_temperature_amount_extractor": {"amount": "min_temperature"},
    "result_to_timestamp0_extractor": {"timestamp_0": ""},
    "result_to_timestamp1_extractor": {"timestamp_1": ""},
    "result_to_reminder_timestamp_lowerbound_extractor": {"reminder_timestamp_lowerbound": ""},
    "days_extractor": {"days": "days"},
    "lat_lon_dict_extractor": {"latitude": "latitude", "longitude": "longitude"},
}
CATEGORY_NAMES = {
    "SINGLE_TOOL_CALL": "single_tool_call",
    "MULTIPLE_TOOL_CALL": "multiple_tool_call",
    "SINGLE_USER_TURN": "single_user_turn",
    "MULTIPLE_USER_TURN": "multiple_user_turn",
    "STATE_DEPENDENCY": "state_dependency",
    "CANONICALIZATION": "canonicalization",
    "INSUFFICIENT_INFORMATION": "insufficient_information",
}


class PortError(Exception):
    pass


def local_time(epoch: float) -> dict | float:
    """A timestamp the reference computed from now(): a local time in the corpus zone when whole."""
    if float(epoch).is_integer():
        moment = datetime.datetime.fromtimestamp(epoch)
        return {"$localTime": moment.strftime("%Y-%m-%dT%H:%M:%S")}
    return epoch


def clock_now() -> str:
    offset = datetime.datetime.fromtimestamp(FIXED_NOW.timestamp()).astimezone().strftime("%z")
    return FIXED_NOW.strftime("%Y-%m-%dT%H:%M:%S") + f"{offset[:3]}:{offset[3:]}"


def cell(column: str, value):
    if isinstance(value, Named):
        return value.name
    if column.endswith("timestamp") and isinstance(value, (int, float)) and not isinstance(value, bool):
        return local_time(value)
    return value


def function_of(constraint: dict):
    fn = constraint["snapshot_constraint"]
    if isinstance(fn, functools.partial):
        return fn.func.name, dict(fn.keywords)
    return fn.name, {}


def measure_name(measure) -> tuple[str, dict]:
    if isinstance(measure, functools.partial):
        return measure.func.name, dict(measure.keywords)
    return measure.name, {}


def describe_constraint(constraint: dict) -> str:
    """The original constraint in one line: namespace, similarity, target, measures, reference."""
    name, keywords = function_of(constraint)
    if keywords:
        name += "(" + ", ".join(f"{k}={v.name if isinstance(v, Named) else v}" for k, v in keywords.items()) + ")"
    target = constraint["target_dataframe"].rows()
    shown = [{k: cell(k, v) for k, v in row.items()} for row in target]
    text = f"{constraint['database_namespace'].name} {name} {json.dumps(shown, ensure_ascii=False)}"
    measures = constraint.get("column_similarity_measure")
    if measures:
        parts = []
        for column, measure in measures.items():
            mname, mkw = measure_name(measure)
            parts.append(f"{column}: {mname}{'(' + json.dumps(mkw) + ')' if mkw else ''}")
        text += " with " + ", ".join(parts)
    if "reference_milestone_node_index" in constraint:
        text += f" against milestone {constraint['reference_milestone_node_index']}"
    return text


def placeholder_text(text: str, extractor: str, milestone: str) -> str:
    paths = EXTRACTOR_PATHS[extractor]

    def replace(match: re.Match) -> str:
        name = match.group(1)
        if name not in paths:
            raise PortError(f"{extractor} extracts no {name}")
        path = paths[name]
        return "{{" + milestone + ("." + path if path else "") + "}}"

    return re.sub(r"\{(\w+)\}", replace, text)


def translate_constraint(constraint: dict, prefix: str, in_minefield: bool) -> dict:
    fields = constraint
    namespace = fields["database_namespace"].name
    name, keywords = function_of(fields)
    rows = fields["target_dataframe"].rows()
    measures = fields.get("column_similarity_measure") or {}
    reference = fields.get("reference_milestone_node_index")
    if namespace == "SANDBOX":
        if len(rows) != 1:
            raise PortError("a SANDBOX target of more than one row")
        row = rows[0]
        sender, recipient = row["sender"].name, row["recipient"].name
        dependant = name == "tool_trace_dependant_similarity"
        if not dependant and name != "snapshot_similarity":
            raise PortError(f"SANDBOX constraint {name}")
        if "tool_trace" in row:
            if (sender, recipient) != ("EXECUTION_ENVIRONMENT", "AGENT"):
                raise PortError(f"a tool trace from {sender} to {recipient}")
            trace = json.loads(row["tool_trace"])
            traces = trace if isinstance(trace, list) else [trace]
            tools = {t["tool_name"] for t in traces}
            if len(tools) != 1:
                raise PortError(f"alternative traces of different tools {sorted(tools)}")
            # An argument the original requires to be None (passed explicitly as null): toolgauge's tools
            # take an omitted argument, not null, so the port leaves it unchecked (a listed deviation).
            arguments = [{k: v for k, v in t["arguments"].items() if v is not None} for t in traces]
            if dependant:
                if keywords.get("fill_to") != "tool_trace":
                    raise PortError("a tool-trace target filled into content")
                extractor = keywords["extractor"].name
                for args in arguments:
                    for extracted, path in EXTRACTOR_PATHS[extractor].items():
                        args[extracted] = "{{" + f"{prefix}{reference}" + ("." + path if path else "") + "}}"
            out: dict = {"type": "tool-call", "tool": traces[0]["tool_name"]}
            if any(arguments):
                out["arguments"] = arguments[0]
            if len(arguments) > 1:
                out["alternatives"] = arguments[1:]
            for column, measure in measures.items():
                mname, mkw = measure_name(measure)
                if column != "tool_trace" or mname != "column_tool_trace_exact_match_similarity":
                    raise PortError(f"measure {mname} on {column}")
                for argument, atol in (mkw.get("atol_dict") or {}).items():
                    # An infinite tolerance accepts any value of the argument.
                    if atol == float("inf"):
                        out.setdefault("argumentSimilarity", {})[argument] = "ignore"
                    else:
                        out.setdefault("tolerance", {})[argument] = atol
            return out
        if "content" in row and (sender, recipient) == ("AGENT", "EXECUTION_ENVIRONMENT"):
            # The agent's code for the execution environment containing a tool's name: an attempt to
            # call that tool, whatever its arguments and whether or not it succeeded.
            measure = measure_name(measures.get("content")) if "content" in measures else None
            if not measure or measure[0] != "column_contains_similarity" or not re.fullmatch(r"\w+", row["content"]):
                raise PortError(f"agent code to the environment matched by {measure}")
            return {"type": "tool-call", "tool": row["content"], "attempted": True}
        if "content" in row:
            if (sender, recipient) not in (("AGENT", "USER"), ("USER", "AGENT")):
                raise PortError(f"a message from {sender} to {recipient}")
            text = row["content"]
            if dependant:
                if keywords.get("fill_to") != "content":
                    raise PortError("content target filled into a tool trace")
                text = placeholder_text(text, keywords["extractor"].name, f"{prefix}{reference}")
            out = {"type": "message", "from": sender.lower(), "text": text}
            for column, measure in measures.items():
                mname, _ = measure_name(measure)
                if column != "content":
                    raise PortError(f"measure on {column}")
                out["similarity"] = {"column_contains_similarity": "contains", "column_rouge_l_similarity": "rouge-l"}[
                    mname
                ]
            return out
        raise PortError(f"SANDBOX target with columns {sorted(row)}")
    table = TABLES[namespace]
    target = [{k: cell(k, v) for k, v in row.items()} for row in rows]
    columns = {}
    for column, measure in measures.items():
        mname, mkw = measure_name(measure)
        if mname == "column_close_similarity":
            columns[column] = {"close": mkw["atol_dict"][column]}
        elif mname == "column_exact_match_similarity":
            columns[column] = "exact"
        elif mname == "column_contains_similarity":
            columns[column] = "contains"
        elif mname == "column_rouge_l_similarity":
            columns[column] = "rouge-l"
        else:
            raise PortError(f"measure {mname}")
    if name == "snapshot_similarity":
        out = {"type": "table", "table": table, "rows": target}
    elif name in ROW_CHANGES:
        out = {"type": ROW_CHANGES[name], "table": table, "rows": target}
        # -1 is the reference's initial world, toolgauge's default reference.
        if reference is not None and reference != -1:
            out["since"] = f"{prefix}{reference}"
        if in_minefield:
            out["including"] = False
    else:
        raise PortError(f"{namespace} constraint {name}")
    if columns:
        out["columns"] = columns
    return out


def chain(count: int) -> list[list[int]]:
    return [[index, index + 1] for index in range(count - 1)]


def translate_milestones(milestones: list, edges, prefix: str, minefield: bool, insufficient: bool):
    out = []
    for index, milestone in enumerate(milestones):
        constraints = milestone.fields["snapshot_constraints"]
        described = "; ".join(
            f"[{position}] {describe_constraint(c.fields)}" for position, c in enumerate(constraints)
        )
        entry = {
            "id": f"{prefix}{index}",
            "description": f"{'minefield' if minefield else 'milestone'} {index}: {described}",
            "constraints": [translate_constraint(c.fields, prefix, minefield) for c in constraints],
        }
        exclude = milestone.fields.get("guardrail_database_exclusion_list")
        if exclude:
            entry["guardrailExclude"] = [TABLES[n.name] for n in exclude if n.name in TABLES]
        if insufficient and not minefield:
            entry["scored"] = False
        out.append(entry)
    edge_list = chain(len(milestones)) if edges is None else [list(edge) for edge in edges]
    return out, [[f"{prefix}{a}", f"{prefix}{b}"] for a, b in edge_list]


def conversation(messages: list, instruction: str):
    """The user's instruction and opening turn(s), and the few-shot dialogues before them."""
    starts = [i for i, m in enumerate(messages) if m["sender"].name == "SYSTEM" and m["recipient"].name == "USER"]
    if not starts:
        raise PortError("no system instruction to the user")
    last = starts[-1]
    system = messages[last]["content"]
    if not system.startswith(instruction):
        raise PortError("the user's system message does not start with USER_INSTRUCTION")
    openings = [m["content"] for m in messages[last + 1 :] if m["sender"].name == "USER"]
    if not openings or any(m["sender"].name != "USER" for m in messages[last + 1 :]):
        raise PortError("the scenario's own messages are not the user's opening turn(s)")
    demonstrations = dialogues(messages[:last])
    return system[len(instruction) :], openings, demonstrations


def dialogues(messages: list) -> list[list[dict]]:
    """Few-shot dialogues as toolgauge demonstrations: each system→user instruction starts one."""
    out: list[list[dict]] = []
    for message in messages:
        sender, recipient = message["sender"].name, message["recipient"].name
        if sender == "SYSTEM" and recipient == "USER":
            out.append([])
        elif out and (sender, recipient) == ("USER", "AGENT"):
            out[-1].append({"from": "user", "text": message["content"]})
        elif out and (sender, recipient) == ("AGENT", "USER"):
            out[-1].append({"from": "agent", "text": message["content"]})
    return [dialogue for dialogue in out if dialogue]


def slug(name: str) -> str:
    return name.lower()


def unique_message_ids(rows: list[dict]) -> tuple[list[dict], list[str]]:
    """The base world gives two messages the same id; the second gets a derived one (a listed deviation)."""
    seen, notes, out = set(), [], []
    for row in rows:
        row = dict(row)
        if row["message_id"] in seen:
            original = row["message_id"]
            row["message_id"] = str(uuid.uuid5(uuid.NAMESPACE_URL, f"{original}#duplicate"))
            notes.append(f"message {original} appears twice in the base world; the second is {row['message_id']}")
        seen.add(row["message_id"])
        out.append(row)
    return out, notes


WORLD_KEYS = {"CONTACT": "contacts", "MESSAGING": "messages", "REMINDER": "reminders"}


def relative_cell(column: str, value):
    """A world cell: a time the reference computed from now() as seconds from the episode clock."""
    if isinstance(value, Named):
        return value.name
    if column.endswith("timestamp") and isinstance(value, (int, float)) and not isinstance(value, bool):
        offset = value - FIXED_NOW.timestamp()
        return {"$fromNow": int(offset) if float(offset).is_integer() else offset}
    return value


def world_tables(databases: dict) -> dict:
    """A base world as rows per toolgauge table, times relative to the episode clock."""
    tables: dict = {"settings": [{k: relative_cell(k, v) for k, v in row.items()} for row in databases["SETTING"]]}
    for namespace, table in WORLD_KEYS.items():
        rows = [{k: relative_cell(k, v) for k, v in row.items()} for row in databases.get(namespace, [])]
        if namespace == "MESSAGING":
            rows, _ = unique_message_ids(rows)
        tables[table] = rows
    return tables


__all__ = ["PortError", "translate_milestones", "conversation", "dialogues", "world_tables", "clock_now", "TIME_ZONE"]
