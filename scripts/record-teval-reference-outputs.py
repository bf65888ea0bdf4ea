#!/usr/bin/env python3
"""Writes T-Eval results files (the data files with each sample's `prediction`, as the T-Eval harness saves
them) and times the reference evaluators' own scoring of them, for bench/teval-recorded.ts.

The reference (open-compass/T-Eval v1 `bab8696` and v2 `58f2240`) is extracted from its mirror and imported
with the stand-in modules of the parity suite, exactly as
src/benchmarks/teval/fixtures/reference-parity/record_reference.py does (its functions are reused here):
the similarity model is the parity embedder (stand_ins.py), so toolgauge can be given the same vectors.

Three sets of results files:
  oracle     the v1 data files (<data>/data: plan_json, plan_str, review_str), each sample answered as
             toolgauge's oracle answers it (teval-oracle.ts `oracleReply`, written here in Python; the bench
             checks they are the same texts)
  perturbed  the same files answered less well: PLAN replies are the gold plan reordered by the parity
             suite's perturbations (parity_inputs.py: gold, reversed, first-twice, drop-first, swap-ends,
             in turn), REVIEW replies in turn right, another letter, unparsable, a thought then the answer
  parity     the parity suite's own inputs (parity_inputs.py: every file kind, malformed replies included)
A sample the reference raises on (under either protocol) is left out of its file, since the reference's
evaluate() would stop there; the set's `dropped` lists them.

Each file is then scored by the reference's own evaluate() (construct the evaluator, `evaluate()`: it reads
the file, parses, embeds, matches and averages), timed with time.process_time() around that step alone
(imports and interpreter start-up excluded), best of --repeat runs. Under v2 the predictions first pass
through v2's harness clean-up (`test.py` `split_special_tokens`, as its harness saved them), outside the
timing. The per-sample fields (record_reference's score_one, untimed) are recorded for the comparison.

Output: <out>/<set>/<file>.json (the results files) and <out>/reference.json (timings, aggregates and
per-sample fields, by set, protocol and file); the last line printed is that file's path.

Usage (Debian's Python: numpy, networkx 2.8.8):
  /usr/bin/python3 scripts/record-teval-reference-outputs.py --data /work/shared/data/teval --out /tmp/teval-outputs
"""
import argparse
import contextlib
import copy
import io
import json
import os
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, '..', 'src', 'benchmarks', 'teval', 'fixtures', 'reference-parity'))
import record_reference as recorder  # noqa: E402  (also puts stand_ins and parity_inputs on the path)
import stand_ins  # noqa: E402
from parity_inputs import PERTURBATIONS, build_inputs, perturb_json, perturb_str  # noqa: E402

DATA_FILES = ['plan_json_v1.json', 'plan_str_v1.json', 'review_str_v1.json']
LETTERS = 'ABCDE'


def json_text(value):
    return json.dumps(value, ensure_ascii=False)


def oracle_reply(file_name, gold):
    """toolgauge's oracle (teval-oracle.ts `oracleReply`) for the PLAN and REVIEW files."""
    if file_name.startswith('plan_json'):
        return '[' + ', '.join(
            f'{{"id": {json_text(step.get("id"))}, "name": {json_text(step.get("name", ""))}, '
            f'"args": {json_text(str(step.get("args", {})))}}}' for step in gold) + ']'
    if file_name.startswith('plan_str'):
        return '\n'.join(f"Use {step.get('name', '')} with {step.get('args', {})}"
                         for step in gold if step.get('name') != 'FinishAction')
    return f"Answer: {gold.get('answer', '')}"


def perturbed_reply(file_name, gold, index):
    if file_name.startswith('plan_json'):
        return json_text(perturb_json(gold, PERTURBATIONS[index % len(PERTURBATIONS)]))
    if file_name.startswith('plan_str'):
        return perturb_str(gold, PERTURBATIONS[index % len(PERTURBATIONS)])
    answer = gold.get('answer', 'A')
    return [f'Answer: {answer}',
            f'Answer: {LETTERS[(LETTERS.index(answer) + 1) % 5] if answer in LETTERS else "A"}',
            'I cannot tell from this response.',
            f"{gold.get('thought', '')} Answer: {answer}"][index % 4]


def candidate_sets(data_dir):
    sets = {'oracle': {}, 'perturbed': {}}
    for file_name in DATA_FILES:
        with open(os.path.join(data_dir, 'data', file_name), encoding='utf-8') as handle:
            dataset = json.load(handle)
        for label in sets:
            items = {}
            for index, (key, datum) in enumerate(dataset.items()):
                item = copy.deepcopy(datum)
                gold = item['ground_truth']
                item['prediction'] = (oracle_reply(file_name, gold) if label == 'oracle'
                                      else perturbed_reply(file_name, gold, index))
                items[key] = item
            sets[label][file_name] = items
    sets['parity'] = json.loads(json.dumps(build_inputs()))  # as the reference reads them: from a JSON file
    return sets


def cleaned(items, clean):
    if clean is None:
        return items
    out = copy.deepcopy(items)
    for datum in out.values():
        datum['prediction'] = clean(datum['prediction'])
    return out


def score_samples(evaluators, capture, file_name, items):
    """Per-sample fields of the reference (record_reference.score_one), or the exception it raised."""
    with tempfile.NamedTemporaryFile('w', suffix='.json', delete=False) as handle:
        json.dump({}, handle)
    evaluator = recorder.evaluator_for(evaluators, file_name, handle.name)
    os.unlink(handle.name)
    fields = {}
    for key, datum in items.items():
        try:
            with contextlib.redirect_stdout(io.StringIO()):
                fields[key] = recorder.score_one(evaluator, capture, file_name, copy.deepcopy(datum))
            fields[key].pop('matching', None)
        except Exception as error:  # the reference itself fails on this sample
            fields[key] = {'crash': f'{type(error).__name__}: {error}'}
    return fields


def time_evaluate(evaluators, file_name, path, repeat):
    """CPU seconds of the reference's evaluate step on one results file (construct + evaluate())."""
    seconds = []
    for _ in range(repeat):
        sink = io.StringIO()
        with contextlib.redirect_stdout(sink):
            started = time.process_time()
            evaluator = recorder.evaluator_for(evaluators, file_name, path)
            aggregate = evaluator.evaluate()
            seconds.append(time.process_time() - started)
    return seconds, {key: recorder.plain(value) for key, value in aggregate.items()}


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument('--mirror', default='/work/.mirror/open-compass+T-Eval/repo')
    parser.add_argument('--data', default='/work/shared/data/teval')
    parser.add_argument('--out', required=True)
    parser.add_argument('--repeat', type=int, default=3)
    parser.add_argument('--sets', default='oracle,perturbed,parity')
    args = parser.parse_args()
    stand_ins.install()
    import networkx
    import numpy

    wanted = args.sets.split(',')
    sets = {label: files for label, files in candidate_sets(args.data).items() if label in wanted}
    roots = {protocol: recorder.extract(args.mirror, commit) for protocol, commit, _ in recorder.PROTOCOLS}

    # 1. Per-sample fields under each protocol (networkx matching and means wrapped by record_reference's
    #    Capture, so this pass is not the timed one).
    fields = {label: {} for label in sets}
    for protocol, _, package in recorder.PROTOCOLS:
        evaluators, modules, harness = recorder.import_reference(roots[protocol], package)
        capture = recorder.Capture(modules)
        clean = harness.split_special_tokens if harness is not None else None
        for label, files in sets.items():
            fields[label][protocol] = {file_name: score_samples(evaluators, capture, file_name, cleaned(items, clean))
                                       for file_name, items in files.items()}

    # 2. The results files, without the samples the reference raises on under either protocol.
    dropped = {}
    for label, files in sets.items():
        os.makedirs(os.path.join(args.out, label), exist_ok=True)
        for file_name, items in files.items():
            crashed = sorted(key for key in items if any(
                'crash' in fields[label][protocol][file_name][key] for protocol in fields[label]))
            for key in crashed:
                del items[key]
                for protocol in fields[label]:
                    del fields[label][protocol][file_name][key]
            if crashed:
                dropped.setdefault(label, {})[file_name] = crashed
            with open(os.path.join(args.out, label, file_name), 'w', encoding='utf-8') as handle:
                json.dump(items, handle, ensure_ascii=False)

    # 3. The reference's evaluate() on each file, freshly imported (no wrappers), timed.
    timings = {label: {} for label in sets}
    for protocol, _, package in recorder.PROTOCOLS:
        evaluators, _, harness = recorder.import_reference(roots[protocol], package)
        clean = harness.split_special_tokens if harness is not None else None
        scratch = tempfile.mkdtemp(prefix=f'teval-results-{protocol}-')
        for label, files in sets.items():
            timings[label][protocol] = {}
            for file_name, items in files.items():
                path = os.path.join(args.out, label, file_name)
                if clean is not None:  # what v2's harness saved: the cleaned generations
                    path = os.path.join(scratch, f'{label}-{file_name}')
                    with open(path, 'w', encoding='utf-8') as handle:
                        json.dump(cleaned(items, clean), handle, ensure_ascii=False)
                seconds, aggregate = time_evaluate(evaluators, file_name, path, args.repeat)
                timings[label][protocol][file_name] = {'items': len(items), 'cpu_seconds': seconds,
                                                       'aggregate': aggregate,
                                                       'fields': fields[label][protocol][file_name]}

    meta = {'commits': {protocol: commit for protocol, commit, _ in recorder.PROTOCOLS},
            'python': sys.version.split()[0], 'numpy': numpy.__version__, 'networkx': networkx.__version__,
            'repeat': args.repeat, 'dropped': dropped}
    target = os.path.join(args.out, 'reference.json')
    with open(target, 'w', encoding='utf-8') as handle:
        json.dump({'meta': meta, 'sets': timings}, handle)
    print(target)


if __name__ == '__main__':
    main()
