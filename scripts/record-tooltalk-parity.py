#!/usr/bin/env python3
"""Records what the ToolTalk reference evaluator says about a set of replays, for toolgauge's parity test.

It imports and runs the reference's own code (microsoft/ToolTalk, taken from a mirror at a pinned commit
into a temporary folder): its ToolExecutor replays each conversation with a predictor that plays a plan,
`evaluate_predictions` flags every prediction and computes the conversation's metrics, and
`calculate_error_types.main` computes the error taxonomy. Nothing of the reference is copied into the
project; only its outputs are written.

The plans are the ground truth of each conversation (the oracle replays) and the ground truth changed by
the edits in `perturbations.json` (toolgauge's test applies the same edits). The reference embeds free
text with sent2vec (DistilBERT); here a stand-in `sent2vec.vectorizer` module gives it the hashed
bag-of-words vectors that the TypeScript test gives toolgauge (`parity-embedder.ts`), so both sides
compare identical vectors against the reference's own thresholds (0.9 and 0.8).

Usage:
  python3 scripts/record-tooltalk-parity.py --mirror /work/.mirror/microsoft+ToolTalk/repo \
      --commit e05f4ce --data /work/shared/data/tooltalk --out test/fixtures/tooltalk-parity
"""
import argparse
import copy
import hashlib
import io
import json
import os
import re
import subprocess
import sys
import tarfile
import tempfile
import traceback

PARITY_DIMENSIONS = 64


def parity_vector(text):
    """Hashed bag of words: a bias dimension, then word counts in 63 md5 buckets (see parity-embedder.ts)."""
    vector = [0.0] * PARITY_DIMENSIONS
    vector[0] = 1.0
    for word in re.findall(r"[a-z0-9]+", text.lower()):
        bucket = int(hashlib.md5(word.encode("utf-8")).hexdigest()[:8], 16) % (PARITY_DIMENSIONS - 1)
        vector[1 + bucket] += 1.0
    return vector


STAND_IN_VECTORIZER = '''
import numpy as np
from record_tooltalk_parity_vectors import parity_vector


class Vectorizer:
    """Stand-in for sent2vec's Vectorizer: same interface, hashed bag-of-words vectors."""

    def __init__(self):
        self.vectors = []

    def run(self, sentences):
        for sentence in sentences:
            # text.lower() fails on non-text as the real tokenizer does
            self.vectors.append(np.array(parity_vector(sentence), dtype=np.float64))
'''


def extract_reference(mirror, commit, into):
    archive = subprocess.run(["git", "-C", mirror, "archive", commit], check=True, capture_output=True).stdout
    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        tar.extractall(into)
    stand_ins = os.path.join(into, "stand-ins")
    os.makedirs(os.path.join(stand_ins, "sent2vec"))
    with open(os.path.join(stand_ins, "sent2vec", "__init__.py"), "w") as out:
        out.write("")
    with open(os.path.join(stand_ins, "sent2vec", "vectorizer.py"), "w") as out:
        out.write(STAND_IN_VECTORIZER)
    with open(os.path.join(stand_ins, "record_tooltalk_parity_vectors.py"), "w") as out:
        out.write(f"import hashlib, re\nPARITY_DIMENSIONS = {PARITY_DIMENSIONS}\n")
        out.write(inspect_source(parity_vector))
    sys.path[:0] = [os.path.join(into, "src"), stand_ins]


def inspect_source(function):
    import inspect

    return inspect.getsource(function)


def load_cases(data):
    cases = {}
    for folder, subset in (("easy", "easy"), ("tooltalk", "hard")):
        for name in sorted(os.listdir(os.path.join(data, folder))):
            if name.endswith(".json"):
                with open(os.path.join(data, folder, name), encoding="utf-8") as reader:
                    cases[f"{subset}/{name[:-5]}"] = json.load(reader)
    return cases


def ground_truth_plan(conversation):
    """Per assistant turn, its ground-truth calls without the injected session token."""
    from tooltalk.apis import APIS_BY_NAME

    plan = []
    for turn in conversation["conversation"]:
        if turn["role"] != "assistant":
            continue
        calls = []
        for api in turn.get("apis", []):
            name = api["request"]["api_name"]
            parameters = copy.deepcopy(api["request"]["parameters"])
            if APIS_BY_NAME[name].requires_auth:
                parameters.pop("session_token", None)
            calls.append({"name": name, "arguments": parameters})
        plan.append(calls)
    return plan


def apply_edits(plan, edits):
    """The edit language of perturbations.json (the TypeScript test implements the same one)."""
    plan = copy.deepcopy(plan)
    for edit in edits:
        op = edit["op"]
        turn = plan[edit["turn"]]
        if op == "set":
            turn[edit["call"]]["arguments"][edit["key"]] = copy.deepcopy(edit["value"])
        elif op == "unset":
            del turn[edit["call"]]["arguments"][edit["key"]]
        elif op == "rename":
            turn[edit["call"]]["name"] = edit["name"]
        elif op == "remove":
            del turn[edit["call"]]
        elif op == "insert":
            turn.insert(edit["at"], {"name": edit["name"], "arguments": copy.deepcopy(edit["arguments"])})
        elif op == "move":
            call = turn.pop(edit["call"])
            plan[edit["toTurn"]].insert(edit["at"], call)
        elif op == "duplicate":
            turn.insert(edit["call"] + 1, copy.deepcopy(turn[edit["call"]]))
        elif op == "unparsable":
            turn[edit["call"]]["arguments"] = None
        elif op == "clear":
            turn.clear()
        else:
            raise ValueError(f"unknown edit {op}")
    return plan


class PlanPredictor:
    """Plays a plan: the number of user/assistant entries in the history says which turn this is."""

    def __init__(self, conversation, plan):
        self.assistant_ordinal = {}
        for index, turn in enumerate(conversation["conversation"]):
            if turn["role"] == "assistant":
                self.assistant_ordinal[index] = len(self.assistant_ordinal)
        self.conversation = conversation
        self.plan = plan

    def __call__(self, metadata, history):
        turn_index = 0
        api_index = 0
        for entry in history:
            if entry["role"] in ("assistant", "user"):
                api_index = 0
                turn_index += 1
            else:
                api_index += 1
        calls = self.plan[self.assistant_ordinal[turn_index]]
        if api_index < len(calls):
            call = calls[api_index]
            arguments = copy.deepcopy(call["arguments"])
            return {"role": "api", "request": {"api_name": call["name"], "parameters": arguments}}
        return {"role": "assistant", "text": self.conversation["conversation"][turn_index]["text"]}


def error_types(conversation, scratch):
    """The reference's calculate_error_types over this one conversation."""
    from tooltalk.evaluation import calculate_error_types

    folder = tempfile.mkdtemp(dir=scratch)
    with open(os.path.join(folder, "conversation.json"), "w", encoding="utf-8") as writer:
        json.dump(conversation, writer)
    metrics_path = os.path.join(scratch, "error-types.json")
    saved = sys.argv
    sys.argv = ["calculate_error_types", "--dataset", folder, "--metrics", metrics_path]
    try:
        calculate_error_types.main()
    finally:
        sys.argv = saved
    with open(metrics_path, encoding="utf-8") as reader:
        return json.load(reader)


def json_numbers(value):
    """Integral floats as ints (3.0 -> 3), as JavaScript's JSON writes them."""
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, dict):
        return {key: json_numbers(item) for key, item in value.items()}
    if isinstance(value, list):
        return [json_numbers(item) for item in value]
    return value


def digest(value):
    """SHA-256 of the value as sorted, compact JSON (responses hold the original data, which stays out of the repo)."""
    text = json.dumps(json_numbers(value), sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def score(executor, conversation, plan, scratch):
    conversation = copy.deepcopy(conversation)
    try:
        replayed = executor.run_conversation(conversation, PlanPredictor(conversation, plan))
        evaluated = executor.evaluate_predictions(replayed)
    except Exception as error:  # the reference itself failed on this replay
        frame = traceback.extract_tb(error.__traceback__)[-1]
        return {"crash": f"{type(error).__name__}: {error}", "at": f"{os.path.basename(frame.filename)}:{frame.name}"}
    turns = []
    for turn in evaluated["conversation"]:
        if turn["role"] != "assistant":
            continue
        turns.append({
            "predictions": [
                {
                    "api_name": prediction["request"]["api_name"],
                    "match": prediction["match"],
                    "bad_action": prediction["bad_action"],
                    "exception": prediction["exception"],
                    "response_sha256": digest(prediction["response"]),
                }
                for prediction in turn["predictions"]
                if prediction["role"] == "api"
            ],
            "ground_truth": [api["match"] for api in turn.get("apis", [])],
        })
    return {"turns": turns, "metrics": evaluated["metrics"], "error_types": error_types(evaluated, scratch)}


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--mirror", required=True)
    parser.add_argument("--commit", default="e05f4ce")
    parser.add_argument("--data", required=True)
    parser.add_argument("--out", required=True, help="the fixture folder holding perturbations.json")
    args = parser.parse_args()

    scratch = tempfile.mkdtemp(prefix="tooltalk-parity-")
    extract_reference(args.mirror, args.commit, scratch)
    from tooltalk.evaluation.tool_executor import ToolExecutor

    executor = ToolExecutor(init_database_dir=os.path.join(args.data, "databases"))
    cases = load_cases(args.data)
    with open(os.path.join(args.out, "perturbations.json"), encoding="utf-8") as reader:
        perturbations = json.load(reader)["perturbations"]

    results = {"oracle": {}, "perturbations": {}}
    for case_id, conversation in cases.items():
        results["oracle"][case_id] = score(executor, conversation, ground_truth_plan(conversation), scratch)
    for perturbation in perturbations:
        conversation = cases[perturbation["case"]]
        plan = apply_edits(ground_truth_plan(conversation), perturbation["edits"])
        results["perturbations"][perturbation["id"]] = score(executor, conversation, plan, scratch)

    recorded = {
        "reference": {"repository": "microsoft/ToolTalk", "commit": args.commit},
        "python": sys.version.split()[0],
        "numpy": __import__("numpy").__version__,
        **results,
    }
    with open(os.path.join(args.out, "reference-results.json"), "w", encoding="utf-8") as writer:
        json.dump(recorded, writer, indent=1, ensure_ascii=False, sort_keys=False)
        writer.write("\n")
    crashes = [key for key, value in results["perturbations"].items() if "crash" in value]
    print(f"{len(results['oracle'])} oracle replays, {len(results['perturbations'])} perturbations, crashes: {crashes}")


if __name__ == "__main__":
    main()
