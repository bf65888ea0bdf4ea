#!/usr/bin/python3
"""Records nltk's Porter stems and rouge_score-style ROUGE-L F-measures as fixtures for toolgauge's tests.

Run from the repository root with Debian's Python, which has nltk (python3-nltk 3.8):

    /usr/bin/python3 scripts/record-porter-fixtures.py

Writes test/fixtures/rouge-nltk/porter-stems.txt and rouge-l-scores.json. The words are every token of
toolgauge's sandbox scenarios (their target messages, solutions, rows), of the reference ToolSandbox
repository's files in ../shared/data/toolsandbox (its scenarios and evaluation code), of the papers and
data in ../shared, and a sample of the papers' words with each suffix the stemmer's rules know appended
(the papers do not change, so neither does the sample). rouge_score itself is not installed: its tokenizer and ROUGE-L formula are
restated below from its documented behaviour (lower case, every run of characters outside a-z0-9 a
space, tokens over three characters stemmed with nltk's default PorterStemmer(), tokens matching
^[a-z0-9]+$ kept; LCS precision / recall / F1, zero when either side has no token).
"""

import json
import pathlib
import re
import sys

import nltk
import yaml
from nltk.stem.porter import PorterStemmer

ROOT = pathlib.Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared"
OUT = ROOT / "test" / "fixtures" / "rouge-nltk"
STEMMER = PorterStemmer()
assert STEMMER.mode == PorterStemmer.NLTK_EXTENSIONS


def raw_tokens(text):
    return [token for token in re.split(r"\s+", re.sub(r"[^a-z0-9]+", " ", text.lower())) if token]


def rouge_tokens(text):
    tokens = re.split(r"\s+", re.sub(r"[^a-z0-9]+", " ", text.lower()))
    tokens = [STEMMER.stem(token) if len(token) > 3 else token for token in tokens]
    return [token for token in tokens if re.match(r"^[a-z0-9]+$", token)]


def lcs_length(a, b):
    previous = [0] * (len(b) + 1)
    for token in a:
        current = [0] * (len(b) + 1)
        for j in range(1, len(b) + 1):
            current[j] = previous[j - 1] + 1 if token == b[j - 1] else max(previous[j], current[j - 1])
        previous = current
    return previous[len(b)]


def rouge_l(target, prediction):
    target_tokens, prediction_tokens = rouge_tokens(target), rouge_tokens(prediction)
    if not target_tokens or not prediction_tokens:
        return 0.0
    common = lcs_length(target_tokens, prediction_tokens)
    precision = common / len(prediction_tokens)
    recall = common / len(target_tokens)
    return 2 * precision * recall / (precision + recall) if precision + recall > 0 else 0.0


def files(folder, patterns):
    if not folder.exists():
        print(f"absent, skipped: {folder}", file=sys.stderr)
        return []
    return sorted(path for pattern in patterns for path in folder.rglob(pattern) if path.is_file())


SCENARIOS = files(ROOT / "data" / "sandbox" / "scenarios", ["*.yaml"])
SOURCES = {
    "toolgauge sandbox scenarios": SCENARIOS,
    "reference ToolSandbox": files(SHARED / "data" / "toolsandbox", ["*.py", "*.md"]),
    "papers": files(SHARED / "papers", ["*.txt", "*.md"]),
    "ToolTalk and T-Eval data": files(SHARED / "data" / "tooltalk", ["*.json"])
    + files(SHARED / "data" / "teval", ["*.json"]),
}

# Every suffix a rule of steps 1–5 looks at, appended to a sample of the words to reach every rule.
SUFFIXES = (
    "s sses ies ss ied eed ed ing y ational tional enci anci izer bli abli alli entli eli ousli ization "
    "ation ator alism iveness fulness ousness aliti iviti biliti fulli logi icate ative alize iciti ical "
    "ful ness al ance ence er ic able ible ant ement ment ent ion sion tion ou ism ate iti ous ive ize e ll"
).split()


def main():
    words = set()
    counts = {}
    paper_words = set()
    for name, paths in SOURCES.items():
        before = len(words)
        for path in paths:
            tokens = {token for token in raw_tokens(path.read_text(errors="replace")) if len(token) > 3}
            words |= tokens
            if name == "papers":
                paper_words |= tokens
        counts[name] = len(words) - before
    alphabetic = sorted(word for word in paper_words if word.isalpha() and len(word) <= 12)
    sample = alphabetic[:: max(1, len(alphabetic) // 300)]
    derived = {stem + suffix for stem in sample for suffix in SUFFIXES} - words
    words |= derived
    counts["derived (sample × suffixes)"] = len(derived)

    OUT.mkdir(parents=True, exist_ok=True)
    lines = []
    for word in sorted(words):
        stem = STEMMER.stem(word)
        lines.append(word if stem == word else f"{word} {stem}")
    (OUT / "porter-stems.txt").write_text("\n".join(lines) + "\n")

    pairs = sentence_pairs()
    scores = [{"target": target, "prediction": prediction, "f": rouge_l(target, prediction)} for target, prediction in pairs]
    meta = {
        "nltk": nltk.__version__,
        "python": sys.version.split()[0],
        "stemmer": "nltk.stem.porter.PorterStemmer() (mode NLTK_EXTENSIONS)",
        "words": len(words),
        "wordsBySource": counts,
    }
    (OUT / "rouge-l-scores.json").write_text(json.dumps({"meta": meta, "scores": scores}, indent=2, ensure_ascii=False) + "\n")
    print(json.dumps(meta, indent=1))
    print(f"{len(scores)} sentence pairs")


def strings_under(node, keys):
    """String values under the given keys anywhere in a parsed YAML document, in document order."""
    if isinstance(node, dict):
        for key, value in node.items():
            if key in keys and isinstance(value, str):
                yield value
            else:
                yield from strings_under(value, keys)
    elif isinstance(node, list):
        for value in node:
            yield from strings_under(value, keys)


def sentence_pairs():
    """Target messages of the scenarios against the agent texts of their solutions, and edge cases."""
    pairs = []
    for path in SCENARIOS:
        document = yaml.safe_load(path.read_text())
        targets = list(strings_under(document.get("milestones", []), {"text", "content"}))
        said = list(strings_under(document.get("solutions", {}), {"say"}))
        if targets and said:
            pairs.extend((targets[0], text) for text in said[:2])
    chosen = pairs[:: max(1, len(pairs) // 40)][:40]
    chosen += [
        ("", ""),
        ("", "something"),
        ("!!! ...", "—"),
        ("The news: skies are clear, nobody is dying.", "news of clear sky; no one died"),
        ("Proceed to succeed, exceed the innings.", "proceeding succeeded exceeding inning"),
        ("Café crème costs €4.50 — naïve?", "cafe creme costs 4 50 naive"),
        ("İstanbul ÇAY 3x2", "istanbul cay 3x2"),
        ("a a a b", "a b b b"),
    ]
    return chosen


if __name__ == "__main__":
    main()
