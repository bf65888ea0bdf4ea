#!/usr/bin/env python3
"""Records what the ToolScan reference code counts for toolgauge's scripted episodes.

The reference (Shirley-Kokane/ToolScan) is extracted from its mirror into a temporary folder and imported,
never copied. Its own step loop (`EvalTool.evaluate_env` in `toolscan/tool.py`), parser
(`utils/tool/helpers.py`) and counting (`ErrorMetric` in `utils/tool/error_utils.py`) run unchanged; only
what they reach outside the counting is replaced by stand-ins:

- the agent replays the episode's raw outputs, one per step (the reference's `agent.run()` result);
- the environment is a stand-in with the reference environments' `step` structure (dispatch on the action
  name inside `try`, an error observation when the call raises, `done` when the name contains "finish", an
  unknown name falling through to an unset observation): a known API returns a fixed observation when its
  required arguments are given and raises otherwise; `finish` needs `answer`;
- the API list and gold come from toolgauge's environments and queries
  (`scripts/toolscan-reference-context.mjs`), in the reference's shapes;
- the dataset, LLM, prompt and logging modules are stand-ins (no network, no keys).

Usage (after `npm run build`):

    python3 scripts/record-toolscan-reference.py --mirror /work/.mirror/Shirley-Kokane+ToolScan/repo \
        --commit cb0168d --episodes test/fixtures/toolscan-reference/episodes.json \
        --out test/fixtures/toolscan-reference/reference-results.json
"""

import argparse
import copy
import io
import json
import os
import platform
import subprocess
import sys
import tarfile
import tempfile
import types

FIXED_OBSERVATION = "OK (stand-in observation)"


def extract_reference(mirror, commit, into):
    archive = subprocess.run(
        ["git", "-C", mirror, "archive", commit], check=True, capture_output=True
    ).stdout
    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        tar.extractall(into)
    return os.path.join(into, "toolscan")


def context_for(query_ids, root):
    node = [os.path.join(root, "scripts", "node22"), "node"]
    script = os.path.join(root, "scripts", "toolscan-reference-context.mjs")
    out = subprocess.run(node + [script, *sorted(query_ids)], check=True, capture_output=True, text=True, cwd=root)
    return json.loads(out.stdout)


def stub(name, **attributes):
    module = types.ModuleType(name)
    for key, value in attributes.items():
        setattr(module, key, value)
    sys.modules[name] = module
    return module


class Silent:
    def __getattr__(self, _name):
        return lambda *args, **kwargs: None


class ScriptedAgent:
    """Replays raw outputs; records what the loop shows it."""

    def __init__(self, outputs):
        self.outputs = list(outputs)
        self.next = 0
        self.shown = []

    def reset(self, goal, init_obs):
        self.goal = goal

    def run(self):
        output = self.outputs[self.next] if self.next < len(self.outputs) else ""
        self.next += 1
        return None, output

    def update(self, action, state):
        self.shown.append({"action": action, "observation": state})


class StandInEnvironment:
    def __init__(self, apis):
        self.apis = apis
        self.done = False
        self.action_path = []
        self.weather_toolkits = types.SimpleNamespace()
        self.calls = []

    def step(self, action_type, params, action_path=None):
        self.calls.append({"action": action_type, "params": params})
        try:
            if action_type in self.apis:
                for name, spec in self.apis[action_type]["parameters"].items():
                    if spec["required"]:
                        params[name]  # raises as the reference's `params["x"]` does
                observation = FIXED_OBSERVATION
            elif action_type == "finish":
                observation = str((True, params["answer"]))
        except Exception as error:  # as the reference environments do
            return "ERROR | " + type(error).__name__ + "(" + str(error) + ")", self.done
        done = "Finish" in action_type or "finish" in action_type
        self.done = done
        return str(observation), self.done


def jsonable(value):
    return json.loads(json.dumps(value, default=repr))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--mirror", required=True)
    parser.add_argument("--commit", required=True)
    parser.add_argument("--episodes", required=True)
    parser.add_argument("--out", required=True)
    args = parser.parse_args()
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    with open(args.episodes) as f:
        episodes = json.load(f)["episodes"]
    context = context_for({e["query"] for e in episodes}, root)

    workdir = tempfile.mkdtemp(prefix="toolscan-ref-")
    code = extract_reference(args.mirror, args.commit, workdir)
    sys.path.insert(0, code)
    state = {}
    stub("llm", load_llm=lambda *a, **k: None)
    stub("agents", load_agent=lambda *a, **k: state["agent"])
    stub("environment", load_environment=lambda *a, **k: state["env"])
    stub("apilist", load_apilist=lambda tool, category: copy.deepcopy(state["apis"]))
    stub("prompts", load_prompt_example=lambda *a, **k: [])
    stub("utils.tool.data_utils", ToolDataset=object)
    stub("utils.logging.logger", TaskLogger=lambda *a, **k: Silent())
    # helpers.py imports a `SpecLogger` that toollogger.py at this commit does not define.
    import utils.logging.toollogger as toollogger  # noqa: E402

    toollogger.SpecLogger = lambda *a, **k: Silent()
    import tool as reference_tool  # noqa: E402  (the reference's tool.py)

    reference_tool.logger = Silent()
    # What the loop read at each step, for the test's mapping (the functions run unchanged).
    extract, parse = reference_tool.extract_action_name_and_action_input, reference_tool.parse_action

    def logged_extract(text):
        state["steps"].append({"extracted": None, "parsed": None})
        found = extract(text)
        state["steps"][-1]["extracted"] = list(found)
        return found

    def logged_parse(text):
        found = parse(text)
        state["steps"][-1]["parsed"] = list(found) if found else None
        return found

    reference_tool.extract_action_name_and_action_input = logged_extract
    reference_tool.parse_action = logged_parse

    results = []
    for episode in episodes:
        query = context["queries"][episode["query"]]
        apis = context["apis"][query["environment"]]
        state["apis"] = apis
        state["agent"] = ScriptedAgent(episode["outputs"])
        state["env"] = StandInEnvironment(apis)
        state["steps"] = []
        evaluator = object.__new__(reference_tool.EvalTool)
        evaluator.feedback_flag = episode["feedback"]
        evaluator.run_config = {"feedback_flag": episode["feedback"], "max_num_steps": episode["steps"]}
        evaluator.agent = state["agent"]
        evaluator.toolscan = Silent()
        evaluator.env_config = {}
        evaluator.prompt_edit = lambda *a, **k: None
        evaluator.dataset = types.SimpleNamespace(
            goals=[episode["query"]],
            ground_truth=[query["gold"]],
            ground_truths=[query["gold"]],
            tools=["toolgauge-" + query["environment"]],
            category=[None],
            goal_types=[0],
            init_configs=[{}],
        )
        success, steps, output, errors = evaluator.evaluate_env(0)
        metric = evaluator.errormetric
        results.append(
            {
                "id": episode["id"],
                "success": bool(success),
                "steps": steps,
                "output": output,
                "errors": jsonable(errors),
                "raw": {
                    "format_errors": metric.format_errors,
                    "invalid_function_name": metric.invalid_function_name,
                    "invalid_argument_name": metric.invalid_argument_name,
                    "invalid_argument_type": metric.invalid_argument_type,
                    "missing_argument": metric.missing_argument,
                    "repeat_calls": metric.repeat_calls,
                    "distinct_apis_run": metric.total_interactions,
                },
                "read": jsonable(state["steps"]),
                "ran": jsonable(state["env"].calls),
                "shown": jsonable(state["agent"].shown),
            }
        )

    with open(args.out, "w") as f:
        json.dump(
            {
                "reference": {"repository": "Shirley-Kokane/ToolScan", "commit": args.commit},
                "python": platform.python_version(),
                "context": context,
                "episodes": results,
            },
            f,
            indent=1,
            sort_keys=True,
        )
        f.write("\n")
    print(f"recorded {len(results)} episodes into {args.out}")


if __name__ == "__main__":
    main()
