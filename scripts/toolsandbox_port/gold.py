"""Derives a gold solution (and wrong ones) from a ported scenario's milestones, mechanically.

The reference ships no solutions. Walking the milestones in an order their edges allow, each
constraint asks for one thing an agent does: a tool-call constraint is that call; a settings
constraint is the switch's set call; an added, removed or updated row is the tool that adds, removes
or changes it (ids and values from the row, or from the base world when the target names only some
columns); an agent message is said. A placeholder ``{{mK.path}}`` becomes ``{{result:N.path}}``,
N being the gold call that met milestone K.
"""

from __future__ import annotations

import copy
import re

from translate import SWITCH_TOOLS, PortError

# Tools that change the world (the rest read it).
ACTION_PREFIXES = ("set_", "add_", "modify_", "remove_", "send_")
# A made-up time in the wrong solutions (2026-09-10T00:00 in the corpus zone).
GUESSED_TIMESTAMP = {"$localTime": "2026-09-10T00:00:00"}
PLACEHOLDER = re.compile(r"\{\{(\w+)((?:\.\w+)*)\}\}")


def topological(milestones: list[dict], edges: list[list[str]]) -> list[dict]:
    ids = [m["id"] for m in milestones]
    before = {i: {a for a, b in edges if b == i} for i in ids}
    done: list[str] = []
    while len(done) < len(ids):
        ready = [i for i in ids if i not in done and before[i] <= set(done)]
        if not ready:
            raise PortError("cyclic milestone edges")
        done.append(ready[0])
    return [next(m for m in milestones if m["id"] == i) for i in done]


def fill(value, calls_of: dict[str, int]):
    def replace(match: re.Match) -> str:
        if match.group(1) not in calls_of:
            raise PortError(f"placeholder of {match.group(1)}, which no gold call met")
        return "{{result:" + str(calls_of[match.group(1)]) + match.group(2) + "}}"

    if isinstance(value, str):
        return PLACEHOLDER.sub(replace, value)
    if isinstance(value, dict):
        return {k: fill(v, calls_of) for k, v in value.items()}
    if isinstance(value, list):
        return [fill(v, calls_of) for v in value]
    return value


def row_call(constraint: dict, world: dict) -> list[dict]:
    table, kind = constraint["table"], constraint["type"]
    calls = []
    for row in constraint["rows"]:
        if table == "settings" and kind == "table":
            for column, value in row.items():
                if column not in SWITCH_TOOLS:
                    raise PortError(f"settings column {column}")
                calls.append({"tool": SWITCH_TOOLS[column], "arguments": {"on": value}})
        elif kind == "rows-added" and table == "contacts":
            calls.append({"tool": "add_contact", "arguments": dict(row)})
        elif kind == "rows-added" and table == "reminders":
            calls.append({"tool": "add_reminder", "arguments": dict(row)})
        elif kind == "rows-added" and table == "messages":
            args = {"phone_number": row["recipient_phone_number"], "content": row["content"]}
            calls.append({"tool": "send_message_with_phone_number", "arguments": args})
        elif kind == "rows-removed" and table == "contacts":
            calls.append({"tool": "remove_contact", "arguments": {"person_id": row["person_id"]}})
        elif kind == "rows-removed" and table == "reminders":
            calls.append({"tool": "remove_reminder", "arguments": {"reminder_id": row["reminder_id"]}})
        elif kind == "rows-updated" and table == "contacts":
            current = next((r for r in world["contacts"] if r["person_id"] == row["person_id"]), None)
            if current is None:
                raise PortError(f"no contact {row['person_id']} to update")
            # The columns that differ from the world as the gold has left it so far (a second update may
            # undo the first).
            changed = {k: v for k, v in row.items() if k != "person_id" and current.get(k) != v}
            current.update(changed)
            calls.append({"tool": "modify_contact", "arguments": {"person_id": row["person_id"], **changed}})
        elif kind == "rows-updated" and table == "reminders":
            current = next((r for r in world["reminders"] if r["reminder_id"] == row["reminder_id"]), None)
            if current is None:
                raise PortError(f"no reminder {row['reminder_id']} to update")
            changed = {k: v for k, v in row.items() if k != "reminder_id" and current.get(k) != v}
            current.update(changed)
            calls.append({"tool": "modify_reminder", "arguments": {"reminder_id": row["reminder_id"], **changed}})
        else:
            raise PortError(f"no gold call for {kind} on {table}")
    return calls


def agent_text(constraints: list[dict]) -> str | None:
    texts = [c for c in constraints if c["type"] == "message" and c["from"] == "agent"]
    if not texts:
        return None
    main = next((c["text"] for c in texts if c.get("similarity", "rouge-l") == "rouge-l"), texts[0]["text"])
    for c in texts:
        if c.get("similarity") == "contains" and c["text"].lower() not in main.lower():
            raise PortError(f"the answer's texts disagree: {main!r} does not contain {c['text']!r}")
    return main


def local_time_arguments(milestones: list[dict]) -> dict | None:
    """datetime_info_to_timestamp's arguments for the one local time the milestones' rows name, if any."""
    for milestone in milestones:
        for constraint in milestone["constraints"]:
            for row in constraint.get("rows", []):
                value = row.get("reminder_timestamp")
                if isinstance(value, dict) and "$localTime" in value:
                    date, time = value["$localTime"].split("T")
                    year, month, day = (int(x) for x in date.split("-"))
                    hour, minute, second = (int(x) for x in time.split(":"))
                    return {"year": year, "month": month, "day": day, "hour": hour, "minute": minute, "second": second}
    return None


def merge_same_tool(calls: list[dict]) -> list[dict]:
    """One call for constraints of one milestone on the same tool (timestamp_diff's two filled arguments)."""
    out: list[dict] = []
    for call in calls:
        last = out[-1] if out else None
        if (
            last
            and last["tool"] == call["tool"]
            and all(last["arguments"].get(k, v) == v for k, v in call["arguments"].items())
        ):
            last["arguments"] = {**last["arguments"], **call["arguments"]}
        else:
            out.append({"tool": call["tool"], "arguments": dict(call["arguments"])})
    return out


def derive_gold(
    milestones: list[dict], edges: list[list[str]], world: dict, hand_arguments: dict | None = None
) -> list[dict]:
    world = copy.deepcopy(world)
    turns: list[dict] = []
    calls_of: dict[str, int] = {}
    call_count = 0
    for milestone in topological(milestones, edges):
        constraints = milestone["constraints"]
        calls = []
        for constraint in constraints:
            if constraint["type"] == "tool-call":
                arguments = constraint.get("arguments", {})
                tool = constraint["tool"]
                if not arguments and tool in (hand_arguments or {}):
                    arguments = hand_arguments[tool]
                elif not arguments and tool == "datetime_info_to_timestamp":
                    arguments = local_time_arguments(milestones) or {}
                calls.append({"tool": tool, "arguments": arguments})
            elif constraint["type"] in ("table", "rows-added", "rows-removed", "rows-updated"):
                calls.extend(row_call(constraint, world))
            elif constraint["type"] == "message" and constraint["from"] == "user":
                raise PortError("a milestone on the user's words")
        calls = merge_same_tool(calls)
        merged = False
        if len(calls) == 1 and turns and "call" in turns[-1]:
            # Two milestones on one call: the reference fills timestamp_0 and timestamp_1 of the same
            # timestamp_diff call from two milestones; one call with both arguments meets both.
            previous = turns[-1]["call"][-1]
            candidate = fill(calls[0], calls_of)
            if previous["tool"] == candidate["tool"] and all(
                previous["arguments"].get(k, v) == v for k, v in candidate["arguments"].items()
            ) and not set(candidate["arguments"]) <= set(previous["arguments"]):
                previous["arguments"].update(candidate["arguments"])
                calls_of[milestone["id"]] = call_count - 1
                merged = True
        if not merged:
            for call in calls:
                turns.append({"call": [fill(call, calls_of)]})
                call_count += 1
            if calls:
                calls_of[milestone["id"]] = call_count - 1
        text = agent_text(constraints)
        if text is not None:
            turns.append({"say": fill(text, calls_of)})
    if not turns or "say" not in turns[-1]:
        # No answer milestone: the gold still answers, with what its last call did or found.
        last = turns[-1]["call"][-1]["tool"] if turns and "call" in turns[-1] else None
        if last is not None and not last.startswith(ACTION_PREFIXES):
            turns.append({"say": "Here is what I found: {{result:" + str(call_count - 1) + "}}."})
        else:
            turns.append({"say": "Done."})
    return turns


def derive_wrong(gold: list[dict], minefields: list[dict], world: dict) -> list[list[dict]]:
    """A solution that must score less: the gold without its final answer, and one that steps on a minefield."""
    wrong = []
    # The gold without its last action and with an empty answer: the final state change (or look-up)
    # and the answer are missing.
    calls = [index for index, turn in enumerate(gold) if "call" in turn]
    if calls:
        kept = [turn for index, turn in enumerate(gold[:-1]) if index != calls[-1]]
        wrong.append(kept + [{"say": "Okay."}])
    else:
        wrong.append([{"say": "Okay."}])
    for minefield in minefields:
        for constraint in minefield["constraints"]:
            if constraint["type"] == "message" and constraint["from"] == "agent":
                wrong.append([{"say": constraint["text"]}])
                return wrong
            if constraint["type"] == "tool-call":
                arguments = dict(constraint.get("arguments", {}))
                for name, measure in constraint.get("argumentSimilarity", {}).items():
                    # Any value counts: a guessed time (the agent made one up without reading the clock).
                    if measure == "ignore" and name in arguments:
                        arguments[name] = GUESSED_TIMESTAMP
                if not arguments and constraint["tool"] in ("modify_reminder", "remove_reminder"):
                    # The change the minefield forbids, on the latest reminder of the world.
                    arguments = {"reminder_id": world["reminders"][-1]["reminder_id"]}
                    if constraint["tool"] == "modify_reminder":
                        arguments["reminder_timestamp"] = GUESSED_TIMESTAMP
                call = {"tool": constraint["tool"], "arguments": arguments}
                wrong.append([{"call": [call]}, gold[-1]])
                return wrong
    return wrong
