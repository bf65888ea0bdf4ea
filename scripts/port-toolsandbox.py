#!/usr/bin/python3
"""Writes the ToolSandbox corpus (data/sandbox/corpora/toolsandbox/) from the reference's scenario modules.

Usage: /usr/bin/python3 scripts/port-toolsandbox.py [--reference DIR] [--out DIR] [--check]

Reads apple/ToolSandbox 165848b (default /work/shared/data/toolsandbox) with stand-in modules
(scripts/toolsandbox_port/reference_loader.py), translates each of its 129 scenarios constraint by
constraint (translate.py), derives a gold solution and wrong ones (gold.py) and writes one YAML file per
scenario under its original name, plus the user simulator's prompt and few-shot dialogues
(user-simulator.yaml). --check compares instead of writing and exits 1 on any difference.
Offline; needs PyYAML (Debian's python3-yaml).
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path

import yaml

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE / "toolsandbox_port"))

from gold import derive_gold, derive_wrong  # noqa: E402
from reference_loader import TIME_ZONE, load_reference  # noqa: E402
from translate import (  # noqa: E402
    CATEGORY_NAMES,
    PortError,
    clock_now,
    conversation,
    dialogues,
    translate_milestones,
    world_tables,
)

REPO = HERE.parent
DEFAULT_REFERENCE = Path("/work/shared/data/toolsandbox")
DEFAULT_OUT = REPO / "data" / "sandbox" / "corpora" / "toolsandbox"
# Written beside the corpus files, relative to --out (the generated scenario-by-scenario page).
DOCUMENT = "../../../../docs/toolsandbox-corpus-scenarios.md"
KNOWLEDGE = (
    "Only what your task above says. Do not make up anything else; when asked for something your task "
    "does not say, say you do not know."
)
# The only scenario edits the translation cannot make mechanically, each with its reason (also listed in
# docs/toolsandbox-corpus.md): a tool the original's own milestone needs but its allow list forgets;
# the scripted user's lines where the gold solution talks to the user more than once.
HAND_EDITS: dict[str, dict] = {
    "find_temperature_f_with_location_and_time_diff_low_battery_mode_multiple_user_turn": {
        "allow": ["unit_conversion"],
        "why": "unit_conversion added to the allow list: a milestone requires a unit_conversion call the original "
        "does not allow (only its all-tools variant could meet it)",
    },
    "update_contact_relationship_with_relationship_twice_multiple_user_turn": {
        "replies": ["Actually, change them back to my friends."],
        "why": "the scripted user's second request (from the instruction: after the change, ask to change them back)",
    },
}
# The paper's eight variants (scenarios/__init__.py): no distraction; 3, 10 and all distraction tools;
# four scramblings on top of 3 distraction tools (toolgauge's scrambled-arg-name is not one of them).
PAPER_AUGMENTATIONS = (
    "distraction-0",
    "distraction-3",
    "distraction-10",
    "distraction-all",
    "scrambled-tool-name",
    "scrambled-tool-description",
    "scrambled-arg-description",
    "scrambled-arg-type",
)
# Gold arguments for calls the original accepts with any arguments (its milestone names none) but that
# need some to succeed: what a sensible agent would pass, per scenario family (longest prefix wins).
SELF_PHONE = "+11233344455"
LAST_WEEK = {"$localTime": "2026-09-10T00:00:00"}
YESTERDAY = ({"$localTime": "2026-09-16T00:00:00"}, {"$localTime": "2026-09-16T23:59:59"})
GOLD_ARGUMENTS: dict[str, dict[str, dict]] = {
    "search_message_with_recency_": {"search_messages": {"recipient_phone_number": SELF_PHONE}},
    "search_sender_phone_number_with_content": {"search_messages": {"content": "GPU"}},
    "modify_contact_with_message_recency": {
        "search_messages": {"sender_phone_number": SELF_PHONE},
        "search_contacts": {"phone_number": "+10000000000"},
    },
    "search_reminder_with_recency_yesterday": {
        "search_reminder": {"reminder_timestamp_lowerbound": YESTERDAY[0], "reminder_timestamp_upperbound": YESTERDAY[1]}
    },
    "search_reminder_with_creation_recency_yesterday": {
        "search_reminder": {"creation_timestamp_lowerbound": YESTERDAY[0], "creation_timestamp_upperbound": YESTERDAY[1]}
    },
    "search_reminder_with_recency_upcoming": {
        "search_reminder": {"reminder_timestamp_lowerbound": {"$localTime": "2026-09-17T18:40:00"}}
    },
    "modify_reminder_with_recency_latest": {"search_reminder": {"creation_timestamp_lowerbound": LAST_WEEK}},
    "remove_reminder_with_recency_latest": {"search_reminder": {"creation_timestamp_lowerbound": LAST_WEEK}},
    "add_reminder_content_and_week_delta_and_time_and_location": {
        "search_location_around_lat_lon": {"location": "Whole Foods"}
    },
    # Location service stays off (the original allows no switch for it): the search needs a point.
    # The user wants the Whole Foods on McKinley Ave (the second the search returns).
    "add_reminder_content_and_week_delta_and_time_and_location_multiple_user_turn_alt": {
        "search_location_around_lat_lon": {"location": "Whole Foods"}
    },
    # Location service stays off (the original allows no switch for it): the search needs a point.
    "add_reminder_content_and_week_delta_and_time_and_location_low_battery_mode": {
        "search_location_around_lat_lon": {
            "location": "Whole Foods",
            "latitude": 37.334606,
            "longitude": -122.009102,
        }
    },
}


def hand_arguments(name: str) -> dict:
    keys = [key for key in GOLD_ARGUMENTS if name.startswith(key)]
    return GOLD_ARGUMENTS[max(keys, key=len)] if keys else {}


FOLDER_README = """# ToolSandbox corpus (generated)

The paper's 129 scenarios (`--corpus toolsandbox`), one file per scenario under its original name, and
`corpus.yaml` (the manifest: scoring, augmentations, user simulator prompt and few-shot dialogues).

Made by `scripts/port-toolsandbox.py` from apple/ToolSandbox `165848b` (an unchanged copy in
`../shared/data/toolsandbox`), with Debian's Python 3.11 (`/usr/bin/python3`) and its PyYAML 6:

    /usr/bin/python3 scripts/port-toolsandbox.py            # write
    /usr/bin/python3 scripts/port-toolsandbox.py --check    # compare (src/benchmarks/sandbox/toolsandbox-corpus.test.ts)

Do not edit these files by hand: change the script (its hand edits are listed in it and in
docs/toolsandbox-corpus.md) and run it again.
"""
HEADER = "# Generated by scripts/port-toolsandbox.py from apple/ToolSandbox 165848b. Do not edit by hand.\n"


class Dumper(yaml.SafeDumper):
    def ignore_aliases(self, data):
        return True


def _str(dumper, value):
    style = "|" if "\n" in value else None
    return dumper.represent_scalar("tag:yaml.org,2002:str", value, style=style)


Dumper.add_representer(str, _str)


def dump(data) -> str:
    return HEADER + yaml.dump(data, Dumper=Dumper, sort_keys=False, allow_unicode=True, width=120)


def agent_prompt(reference: dict) -> str:
    """The base world's system message to the agent (the paper's minimalist prompt)."""
    prompts = [
        row["content"]
        for row in reference["base_worlds"]["base"]["SANDBOX"]
        if row["sender"].name == "SYSTEM" and row["recipient"].name == "AGENT"
    ]
    if len(prompts) != 1:
        raise PortError(f"expected one system message to the agent in the base world, found {len(prompts)}")
    return prompts[0]


def world_rows(world: dict) -> dict:
    """The world's rows by table, for the gold's look-ups (ids and values; times are not read)."""
    return world


# The agent's question in a gold solution that asks before acting (so the scripted user gives its line).
GOLD_QUESTION = "Could you tell me exactly what you would like me to do?"
NO_MORE_INFORMATION = "I don't know anything more than that."
# Written by hand from the instruction where the single-turn version differs (another Whole Foods, an
# extra "resolve any issue alone") or does not exist.
MCKINLEY = "Remind me to buy chocolate milk tomorrow 5PM at the Whole Foods on McKinley Ave."
GRAND_CANYON_LOWS = "What's the lowest temperature in Grand Canyon today, and then tomorrow, in Fahrenheit?"
FREDRIK = "Send Fredrik Thordendal a message saying: How's the new album coming along."
SCRIPTED_LINES = {
    "add_reminder_content_and_week_delta_and_time_and_location_multiple_user_turn_alt": MCKINLEY,
    "add_reminder_content_and_week_delta_and_time_and_location_low_battery_mode_multiple_user_turn_alt": MCKINLEY,
    "find_distance_with_location_name_low_battery_mode_multiple_user_turn": "How far am I from the Golden Gate Bridge?",
    "find_temperature_f_with_location_and_time_diff_multiple_user_turn": GRAND_CANYON_LOWS,
    "find_temperature_f_with_location_and_time_diff_wifi_off_multiple_user_turn": GRAND_CANYON_LOWS,
    "find_temperature_f_with_location_and_time_diff_low_battery_mode_multiple_user_turn": GRAND_CANYON_LOWS,
    "send_message_with_contact_content_cellular_off_multiple_user_turn": FREDRIK,
    "send_message_with_contact_content_cellular_off_multiple_user_turn_alt": FREDRIK,
}


def scripted_line(extension: dict, openings: dict[str, str]) -> str | None:
    """The scripted user's line, written once from the scenario's instruction:

    - a multiple-user-turn scenario's user, asked what it wants, says the whole request as the same
      scenario's single-turn version opens it (its name without `_multiple_user_turn`);
    - an insufficient-information scenario's user knows nothing beyond its opening.
    """
    if extension["name"] in SCRIPTED_LINES:
        return SCRIPTED_LINES[extension["name"]]
    if extension["module"] == "multiple_user_turn_scenarios":
        return openings.get(extension["name"].replace("_multiple_user_turn", ""))
    if extension["module"] == "insufficient_information_scenarios":
        return NO_MORE_INFORMATION
    return None


def port_scenario(extension: dict, reference: dict) -> dict:
    insufficient = "INSUFFICIENT_INFORMATION" in extension["categories"]
    goal, openings, demos = conversation(extension["messages"], reference["user_instruction"])
    base_demos = dialogues(reference["base_worlds"]["base"].get("SANDBOX", []))
    milestones, edges = translate_milestones(
        extension.get("milestones", []), extension.get("milestone_edge_list"), "m", False, False
    )
    minefields, minefield_edges = translate_milestones(
        extension.get("minefields", []), extension.get("minefield_edge_list"), "f", True, insufficient
    )
    notes = []
    if not milestones:
        # The reference scores such a scenario by its minefields alone; toolgauge's format needs a
        # milestone, so the port adds one that is shown and never counted.
        milestones = [
            {
                "id": "m0",
                "description": "added by the port (the original has no milestones): the agent answers; not counted",
                "constraints": [{"type": "message", "from": "agent", "text": "I cannot do that."}],
                "scored": False,
            }
        ]
        notes.append("no milestones in the original: an uncounted answer milestone added")
    world = world_tables(reference["base_worlds"][extension["base_scenario"]])
    gold = derive_gold(milestones, edges, world_rows(world), hand_arguments(extension["name"]))
    edit = HAND_EDITS.get(extension["name"], {})
    if edit:
        notes.append(edit["why"])
    if extension["name"] in SCRIPTED_LINES:
        notes.append("the scripted user's line written by hand from the instruction")
    picked = hand_arguments(extension["name"])
    if picked:
        notes.append(f"gold arguments chosen for {', '.join(sorted(picked))} (the original accepts any call)")
    if any('\\": null' in entry["description"] for entry in milestones + minefields):
        notes.append("a tool argument the original requires as null is not checked")
    wrong = derive_wrong(gold, minefields, world_rows(world))
    if insufficient:
        wrong = wrong[1:] if len(wrong) > 1 else wrong
    categories = [CATEGORY_NAMES[c] for c in extension["categories"]]
    deny = list(extension.get("tool_deny_list") or [])
    # The reference offers a tool only if it is allowed and not denied; toolgauge refuses a tool in both
    # lists, so a denied tool leaves the allow list (the agent sees the same tools).
    allow = [t for t in extension["tool_allow_list"] if t != "end_conversation" and t not in deny]
    allow += [t for t in HAND_EDITS.get(extension["name"], {}).get("allow", []) if t not in allow]
    tools = {"allow": allow}
    if deny:
        tools["deny"] = deny
    user = {"goal": goal, "knowledge": KNOWLEDGE, "opening": openings[0]}
    if edit.get("replies"):
        user["replies"] = edit["replies"]
    else:
        line = scripted_line(extension, reference["openings"])
        if line is not None:
            # The gold asks first, and the scripted user answers with its line.
            user["replies"] = [line]
            gold = [{"say": GOLD_QUESTION}, *gold]
    if len(openings) > 1:
        raise PortError("more than one opening turn")
    user["demonstrations"] = base_demos + demos
    scenario = {
        "formatVersion": 1,
        "id": extension["name"],
        "description": f"ToolSandbox scenario {extension['name']} ({extension['module']}.py, base world "
        f"{extension['base_scenario']})" + (f"; port notes: {'; '.join(notes)}" if notes else ""),
        "categories": categories,
        "world": {"preset": extension["base_scenario"]},
        "clock": {"now": clock_now(), "timeZone": TIME_ZONE},
        "tools": tools,
        "user": user,
        "milestones": milestones,
        "edges": edges,
    }
    if minefields:
        scenario["minefields"] = minefields
        scenario["minefieldEdges"] = minefield_edges
    scenario["solutions"] = {"gold": gold, "wrong": wrong}
    return scenario


def compact(constraint: dict) -> str:
    return json.dumps(constraint, ensure_ascii=False, separators=(", ", ": ")).replace("|", "\\|")


def original_parts(description: str) -> list[str]:
    """The original constraints a milestone's description names ("[0] …; [1] …")."""
    body = description.split(": ", 1)[1]
    return [part.strip() for part in re.split(r"(?:^|; )\[\d+\] ", body) if part.strip()]


def scenario_document(ported: list[tuple[dict, dict]]) -> str:
    """docs/toolsandbox-corpus-scenarios.md: the 129 with categories and notes, and a sample checked constraint by constraint."""
    lines = [
        "<!-- Generated by scripts/port-toolsandbox.py; do not edit by hand. -->",
        "# The ToolSandbox corpus, scenario by scenario",
        "",
        "The paper's 129 scenarios as `--corpus toolsandbox` holds them (each in 8 augmentations: 1,032 cases). "
        "See [toolsandbox-corpus.md](toolsandbox-corpus.md) for the design and every deviation.",
        "",
        "## All 129",
        "",
        "| scenario | module | categories | base world | milestones | minefields | port notes |",
        "|---|---|---|---|---|---|---|",
    ]
    for extension, scenario in ported:
        notes = scenario["description"].split("; port notes: ", 1)
        lines.append(
            f"| `{scenario['id']}` | {extension['module'].removesuffix('_scenarios')} | {', '.join(scenario['categories'])} "
            f"| {extension['base_scenario']} | {len(scenario['milestones'])} | {len(scenario.get('minefields', []))} "
            f"| {notes[1] if len(notes) > 1 else ''} |"
        )
    lines += [
        "",
        "## A sample checked constraint by constraint",
        "",
        "Six scenarios of each module (evenly spread over the module's order). Each row is one constraint of the "
        "port beside the original constraint it came from (namespace, similarity function, target frame, column "
        "measures, reference milestone), in the original's order.",
    ]
    by_module: dict[str, list] = {}
    for extension, scenario in ported:
        by_module.setdefault(extension["module"], []).append((extension, scenario))
    for module, entries in by_module.items():
        step = max(1, len(entries) // 6)
        for extension, scenario in entries[::step][:6]:
            lines += ["", f"### `{scenario['id']}` ({module}.py)", "", "| id | port | original |", "|---|---|---|"]
            for entry in scenario["milestones"] + scenario.get("minefields", []):
                originals = original_parts(entry["description"]) if "[0]" in entry["description"] else []
                for index, constraint in enumerate(entry["constraints"]):
                    origin = originals[index] if index < len(originals) else "(added by the port)"
                    origin = origin.replace("|", "\\|")
                    lines.append(f"| {entry['id']} | `{compact(constraint)}` | `{origin}` |")
    return "\n".join(lines) + "\n"


def outputs(reference_dir: Path) -> tuple[dict[str, str], list[str]]:
    reference = load_reference(reference_dir)
    reference["openings"] = {
        extension["name"]: conversation(extension["messages"], reference["user_instruction"])[1][0]
        for extension in reference["extensions"]
    }
    files: dict[str, str] = {}
    failures: list[str] = []
    ported: list[tuple[dict, dict]] = []
    for extension in reference["extensions"]:
        try:
            scenario = port_scenario(extension, reference)
        except PortError as error:
            failures.append(f"{extension['name']}: {error}")
            continue
        ported.append((extension, scenario))
        files[f"{extension['module'].removesuffix('_scenarios')}/{extension['name']}.yaml"] = dump(scenario)
    files[DOCUMENT] = scenario_document(ported)
    files["README.md"] = FOLDER_README
    files["corpus.yaml"] = dump(
        {
            "formatVersion": 1,
            "name": "toolsandbox",
            "description": "The ToolSandbox paper's test set (apple/ToolSandbox 165848b): 129 scenarios, each in the "
            "paper's 8 tool augmentations (1,032 cases), scored by the paper's rules unless --scoring says otherwise.",
            "scoring": "paper",
            "augmentations": list(PAPER_AUGMENTATIONS),
            "countInsufficientInformationMilestones": True,
            "worlds": {name: world_tables(databases) for name, databases in reference["base_worlds"].items()},
            "trivialAgentFloors": "measured",
            "agentPrompt": agent_prompt(reference),
            "distractionGroups": reference["tool_modules"],
            "userSimulator": {
            "instruction": reference["user_instruction"],
            "fewShot": {
                name: [
                    {
                        "sender": m["sender"].name,
                        "recipient": m["recipient"].name,
                        "content": m["content"],
                    }
                    for m in messages
                ]
                for name, messages in reference["few_shot"].items()
            },
            },
        }
    )
    return files, failures


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--reference", type=Path, default=DEFAULT_REFERENCE)
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT)
    parser.add_argument("--check", action="store_true")
    args = parser.parse_args()
    if not (args.reference / "tool_sandbox" / "scenarios").is_dir():
        print(f"no ToolSandbox reference at {args.reference}", file=sys.stderr)
        return 2
    files, failures = outputs(args.reference)
    for failure in failures:
        print(f"not ported: {failure}", file=sys.stderr)
    differences = []
    for relative, text in sorted(files.items()):
        path = args.out / relative
        if args.check:
            if not path.exists() or path.read_text() != text:
                differences.append(relative)
        else:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text)
    existing = {str(p.relative_to(args.out)) for p in args.out.rglob("*.yaml")} if args.out.exists() else set()
    existing.add("README.md")
    existing.add(DOCUMENT)
    stale = sorted(existing - set(files))
    if args.check:
        for relative in differences + stale:
            print(f"differs: {relative}", file=sys.stderr)
        return 1 if differences or stale else 0
    for relative in stale:
        (args.out / relative).unlink()
    print(f"wrote {len(files) - 3} scenarios, corpus.yaml and the scenario page to {args.out} ({len(failures)} not ported)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
