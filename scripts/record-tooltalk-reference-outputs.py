#!/usr/bin/env python3
"""Writes a ToolTalk reference output folder: what the reference's own `evaluate_openai.py` writes to its
`--output_dir`, for toolgauge's `--agent recorded` test.

It imports and runs the reference (microsoft/ToolTalk, from a mirror at a pinned commit, extracted into a
temporary folder as `record-tooltalk-parity.py` does, with its sent2vec stand-in) and calls
`evaluate_openai.main` itself — prediction, evaluation and validation — with stand-in `openai` and `tqdm`
modules. The stand-in `openai.ChatCompletion.create` plays a plan instead of a model: the ground truth
of each conversation (the oracle), or the ground truth changed by an edit of the parity fixtures'
`perturbations.json`. Nothing of the reference is copied into the project; the output folder holds the
original conversations, so write it outside the repository.

Output:
  <out>/easy/<name>.json, <out>/tooltalk/<name>.json   the oracle's predictions, the data's layout
  <out>/<name>--<perturbation>.json                    each perturbation (flat, one main() per file)
  <out>/perturbed-data/                                those conversations as a data folder for toolgauge
                                                       (links to the originals and their databases)
  <out>/crashed.json                                   perturbations the reference raised on (no file)

With --time-evaluation it then runs the reference's evaluate mode alone (`--modes evaluate validate`, as
one evaluates stored predictions) over the oracle outputs and the perturbed outputs, and prints the
CPU seconds of each as a JSON line (for bench/tooltalk-recorded.ts).

Usage:
  python3 scripts/record-tooltalk-reference-outputs.py --mirror /work/.mirror/microsoft+ToolTalk/repo \
      --commit e05f4ce --data /work/shared/data/tooltalk --out /tmp/tooltalk-reference-outputs
"""
import argparse
import importlib.util
import json
import os
import sys
import tempfile
import types

HERE = os.path.dirname(os.path.abspath(__file__))
PARITY_FIXTURES = os.path.join(HERE, "..", "test", "fixtures", "tooltalk-parity")
UNPARSABLE_ARGUMENTS = '{"alarm_id": '

spec = importlib.util.spec_from_file_location("record_tooltalk_parity", os.path.join(HERE, "record-tooltalk-parity.py"))
parity = importlib.util.module_from_spec(spec)
spec.loader.exec_module(parity)

# The plan of the conversation being predicted, by conversation_id (set before each main()).
PLANS = {}
CONVERSATIONS = {}


def plan_completion(model, messages, functions):
    """The stand-in ChatCompletion.create: the plan's next call, or the turn's ground-truth text."""
    texts = [m for m in messages if m["role"] in ("user", "assistant") and m.get("content") is not None]
    turn_index = len(texts)
    last_text = max(i for i, m in enumerate(messages) if m in texts)
    api_index = sum(1 for m in messages[last_text + 1:] if m["role"] == "function")
    (conversation_id,) = PLANS.keys()
    conversation = CONVERSATIONS[conversation_id]
    ordinal = sum(1 for turn in conversation["conversation"][:turn_index] if turn["role"] == "assistant")
    calls = PLANS[conversation_id][ordinal]
    if api_index < len(calls):
        call = calls[api_index]
        arguments = UNPARSABLE_ARGUMENTS if call["arguments"] is None else json.dumps(call["arguments"])
        message = {"role": "assistant", "content": None, "function_call": {"name": call["name"], "arguments": arguments}}
    else:
        message = {"role": "assistant", "content": conversation["conversation"][turn_index]["text"]}
    return {"choices": [{"message": message}]}


def install_stand_ins():
    openai = types.ModuleType("openai")
    openai.api_key = None
    openai.ChatCompletion = types.SimpleNamespace(create=plan_completion)
    openai.Completion = types.SimpleNamespace(create=plan_completion)
    openai.error = types.SimpleNamespace(RateLimitError=RuntimeError)
    sys.modules["openai"] = openai
    tqdm = types.ModuleType("tqdm")
    tqdm.tqdm = lambda iterable, **_: iterable
    sys.modules["tqdm"] = tqdm
    os.environ["OPENAI_KEY"] = "stand-in"


def evaluate(dataset, databases, output_dir, conversation, plan):
    from tooltalk.evaluation import evaluate_openai

    PLANS.clear()
    CONVERSATIONS.clear()
    PLANS[conversation["conversation_id"]] = plan
    CONVERSATIONS[conversation["conversation_id"]] = conversation
    try:
        evaluate_openai.main(["--dataset", dataset, "--database", databases, "--output_dir", output_dir, "--reset"])
    except ZeroDivisionError:
        # main's dataset totals divide by the actions made, after it wrote the conversation's file: with
        # one conversation of no action that division fails, the file stands.
        if not os.path.exists(os.path.join(output_dir, os.path.basename(dataset))):
            raise


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--mirror", required=True)
    parser.add_argument("--commit", default="e05f4ce")
    parser.add_argument("--data", required=True)
    parser.add_argument("--out", required=True)
    parser.add_argument("--time-evaluation", action="store_true")
    args = parser.parse_args()

    scratch = tempfile.mkdtemp(prefix="tooltalk-outputs-")
    parity.extract_reference(args.mirror, args.commit, scratch)
    install_stand_ins()
    import logging

    logging.disable(logging.INFO)
    databases = os.path.join(args.data, "databases")
    data_view = os.path.join(args.out, "perturbed-data")
    os.makedirs(os.path.join(data_view, "perturbed"), exist_ok=True)
    if not os.path.exists(os.path.join(data_view, "databases")):
        os.symlink(os.path.abspath(databases), os.path.join(data_view, "databases"))

    # One main() per conversation (the stand-in model plays that conversation's plan).
    for folder in ("easy", "tooltalk"):
        os.makedirs(os.path.join(args.out, folder), exist_ok=True)
        for name in sorted(os.listdir(os.path.join(args.data, folder))):
            path = os.path.join(args.data, folder, name)
            with open(path, encoding="utf-8") as reader:
                conversation = json.load(reader)
            plan = parity.ground_truth_plan(conversation)
            evaluate(path, databases, os.path.join(args.out, folder), conversation, plan)

    with open(os.path.join(PARITY_FIXTURES, "perturbations.json"), encoding="utf-8") as reader:
        perturbations = json.load(reader)["perturbations"]
    cases = parity.load_cases(args.data)
    folders = {"easy": "easy", "hard": "tooltalk"}
    crashed = {}
    for perturbation in perturbations:
        subset, stem = perturbation["case"].split("/")
        conversation = cases[perturbation["case"]]
        name = f"{stem}--{perturbation['id']}.json"
        linked = os.path.join(data_view, "perturbed", name)
        if not os.path.exists(linked):
            os.symlink(os.path.abspath(os.path.join(args.data, folders[subset], f"{stem}.json")), linked)
        plan = parity.apply_edits(parity.ground_truth_plan(conversation), perturbation["edits"])
        try:
            evaluate(linked, databases, args.out, conversation, plan)
        except Exception as error:  # the reference itself fails on this replay: it writes no file
            crashed[perturbation["id"]] = f"{type(error).__name__}: {error}"
            os.remove(linked)

    with open(os.path.join(args.out, "crashed.json"), "w", encoding="utf-8") as writer:
        json.dump({"reference": {"commit": args.commit}, "python": sys.version.split()[0], "crashed": crashed}, writer, indent=1)
    print(f"{len(cases)} oracle outputs, {len(perturbations) - len(crashed)} perturbed outputs, crashed: {sorted(crashed)}")
    if args.time_evaluation:
        time_evaluation(args.out, databases, len(perturbations) - len(crashed))


def time_evaluation(out, databases, perturbed):
    """The reference's evaluate mode alone over the written outputs: CPU seconds per folder."""
    import time
    from tooltalk.evaluation import evaluate_openai

    timings = {}
    for label, folders in (("oracle", ["easy", "tooltalk"]), ("perturbed", ["."])):
        started = time.process_time()
        conversations = 0
        for folder in folders:
            source = os.path.join(out, folder)
            evaluated = tempfile.mkdtemp(prefix="tooltalk-evaluated-")
            if folder == ".":
                # the flat perturbed files only (not the subset folders nor the data view)
                source = tempfile.mkdtemp(prefix="tooltalk-perturbed-")
                for name in os.listdir(out):
                    if "--" in name and name.endswith(".json"):
                        os.symlink(os.path.join(os.path.abspath(out), name), os.path.join(source, name))
            conversations += len(os.listdir(source))
            flags = ["--dataset", source, "--database", databases, "--output_dir", evaluated, "--reset"]
            evaluate_openai.main([*flags, "--modes", "evaluate", "validate"])
        timings[label] = {"conversations": conversations, "cpu_seconds": time.process_time() - started}
    assert timings["perturbed"]["conversations"] == perturbed
    print(json.dumps({"reference_evaluation": timings}))


if __name__ == "__main__":
    main()
