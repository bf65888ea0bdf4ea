/**
 * Reads T-Eval's data files: a JSON object keyed by sample id, each sample with `origin_prompt` (chat
 * messages), `ground_truth`, `meta` (PLAN: `prompt_type`, `API_list`) or `meta_data` (`response_format`),
 * and `template` (INSTRUCT). The file name says the subset (`plan_json_v1.json`, `reason_str_v2.json`,
 * `reason_retrieve_understand_json_v2.json`…). Files are parsed as Python's `json` reads them, so large
 * ids stay exact. A malformed sample is reported with its file and id and skipped.
 */
import { createHash } from 'node:crypto';
import { readdir, readFile, stat } from 'node:fs/promises';
import { basename, join } from 'node:path';
import type { CaseProblem } from '../../spec/index.js';
import { parsePythonJsonBytes } from './python-json.js';
import { pyRepr } from './python-repr.js';
import { isDict, isList, type PyValue } from './python-value.js';
import type { TevalCase, TevalFormat, TevalPromptMessage, TevalSubset } from './teval-case.js';

export interface ImportedItems {
  readonly cases: TevalCase[];
  readonly problems: CaseProblem[];
}

const ROLES = new Set(['system', 'user', 'assistant', 'function']);

/**
 * A message shorter than this is not worth storing apart: the marker that stands for a stored part is
 * 77 characters, and each part is serialized and hashed once per run.
 */
const MIN_SHARED_MESSAGE_CHARS = 256;

/** Prompt messages that several items of one import hold (the same object): see {@link isSharedPromptMessage}. */
const sharedMessages = new WeakSet<TevalPromptMessage>();

/**
 * Whether several items share this prompt message (a T-Eval file gives every REVIEW item the same
 * 1,500-character system prompt, and PLAN items of one tool set theirs): an episode's record names it
 * as a shared part, stored once for the whole run (`EpisodeResult.sharedParts`).
 */
export function isSharedPromptMessage(message: TevalPromptMessage): boolean {
  return sharedMessages.has(message);
}

/**
 * The prompt messages of one import, each distinct long (role, text) made once: items that repeat one
 * hold the same frozen object, which a record can then name as a shared part (see
 * {@link isSharedPromptMessage}).
 */
export class PromptMessages {
  private readonly byRole = new Map<string, Map<string, TevalPromptMessage>>();
  /** The last long message of each role: a file repeats its system prompt item after item. */
  private readonly lastOfRole = new Map<string, TevalPromptMessage>();

  message(role: TevalPromptMessage['role'], content: string): TevalPromptMessage {
    // A short message is never stored apart, so it is not looked up (hashing every text costs).
    if (content.length < MIN_SHARED_MESSAGE_CHARS) return Object.freeze({ role, content });
    const last = this.lastOfRole.get(role);
    if (last?.content === content) {
      sharedMessages.add(last);
      return last;
    }
    let byContent = this.byRole.get(role);
    if (!byContent) {
      byContent = new Map();
      this.byRole.set(role, byContent);
    }
    let message = byContent.get(content);
    if (message) sharedMessages.add(message);
    else {
      message = Object.freeze({ role, content });
      byContent.set(content, message);
    }
    this.lastOfRole.set(role, message);
    return message;
  }
}

/** The subset and (when the name says it) the format of a T-Eval file, from its name. */
export function subsetOfFile(fileName: string): { subset: TevalSubset; format?: TevalFormat } | undefined {
  const name = basename(fileName).toLowerCase();
  const format: TevalFormat | undefined = /_json(?:_|\.)/.test(name)
    ? 'json'
    : /_str(?:_|\.)/.test(name)
      ? 'str'
      : undefined;
  const withFormat = <T extends TevalSubset>(subset: T) => (format ? { subset, format } : { subset });
  if (name.startsWith('reason_retrieve_understand') || name.startsWith('rru')) return { subset: 'rru', format: 'json' };
  for (const subset of ['instruct', 'plan', 'reason', 'retrieve', 'understand', 'review'] as const) {
    if (name.startsWith(subset)) return withFormat(subset);
  }
  return undefined;
}

/**
 * Every T-Eval file of a folder (or the one file given); hidden files (a download's marker) are
 * skipped. A folder with no JSON files of its own but a `data/` folder (the reference repository's
 * layout: `T-Eval/data/*.json`) is read from there.
 */
export async function importTevalData(source: string): Promise<ImportedItems> {
  const info = await stat(source);
  const jsonFiles = async (folder: string) =>
    (await readdir(folder))
      .filter((name) => name.endsWith('.json') && !name.startsWith('.'))
      .sort()
      .map((name) => join(folder, name));
  let files = info.isDirectory() ? await jsonFiles(source) : [source];
  if (info.isDirectory() && files.length === 0) {
    const nested = join(source, 'data');
    const nestedInfo = await stat(nested).catch(() => undefined);
    if (nestedInfo?.isDirectory()) files = await jsonFiles(nested);
  }
  const cases: TevalCase[] = [];
  const problems: CaseProblem[] = [];
  const messages = new PromptMessages();
  for (const file of files) {
    const imported = await importTevalFile(file, file, messages);
    cases.push(...imported.cases);
    problems.push(...imported.problems);
  }
  if (files.length === 0) problems.push({ file: source, message: 'no .json files here' });
  return { cases, problems };
}

/** One T-Eval file's items; `messages` makes repeated prompt messages one object (across files when shared). */
export async function importTevalFile(
  file: string,
  origin = file,
  messages = new PromptMessages(),
): Promise<ImportedItems> {
  const kind = subsetOfFile(file);
  if (!kind) {
    return {
      cases: [],
      problems: [
        {
          file,
          message:
            'the file name does not name a T-Eval subset (instruct, plan_json/plan_str, reason_retrieve_understand_json, reason_str, retrieve_str, understand_str, review_str)',
        },
      ],
    };
  }
  let document: PyValue;
  try {
    // Read in one piece: `readFile(file, 'utf8')` joins decoded chunks into a rope, which the reader's
    // character-by-character scan walked again and again (43 ms against 5 ms on a 1.4 MB file); and
    // decoded string by string (see `parsePythonJsonBytes`).
    document = parsePythonJsonBytes(await readFile(file));
  } catch (error) {
    return {
      cases: [],
      problems: [{ file, message: `not JSON: ${error instanceof Error ? error.message : String(error)}` }],
    };
  }
  if (!isDict(document))
    return { cases: [], problems: [{ file, message: 'the file is not a JSON object keyed by sample id' }] };
  const stem = basename(file).replace(/\.json$/i, '');
  const cases: TevalCase[] = [];
  const problems: CaseProblem[] = [];
  for (const [key, sample] of document.entries()) {
    const sampleId = String(typeof key === 'string' ? key : pyRepr(key));
    const result = readSample(kind.subset, kind.format, sample, messages);
    if ('problem' in result) {
      problems.push({ file, caseId: sampleId, field: result.field, message: result.problem });
      continue;
    }
    cases.push({
      id: `${stem}/${sampleId}`,
      labels: {
        ability: result.subset === 'rru' ? ['reason', 'retrieve', 'understand'] : result.subset,
        format: result.format,
        subset: result.subset,
        source: stem,
      },
      origin: `${origin}#${sampleId}`,
      ...result,
    });
  }
  return { cases, problems };
}

type SampleResult = Omit<TevalCase, 'id' | 'labels' | 'origin'> | { readonly problem: string; readonly field: string };

function readSample(
  subset: TevalSubset,
  fileFormat: TevalFormat | undefined,
  sample: PyValue,
  messages: PromptMessages,
): SampleResult {
  if (!isDict(sample)) return { problem: 'the sample is not an object', field: '' };
  const prompt = readPrompt(sample.get('origin_prompt'), messages);
  if (typeof prompt === 'string') return { problem: prompt, field: 'origin_prompt' };
  const groundTruth = sample.get('ground_truth');
  if (groundTruth === undefined) return { problem: 'no ground_truth', field: 'ground_truth' };
  const meta = sample.get('meta');
  const metaData = sample.get('meta_data');
  const declared =
    (isDict(meta) ? meta.get('prompt_type') : undefined) ??
    (isDict(metaData) ? metaData.get('response_format') : undefined);
  // The reference writes INSTRUCT string samples as "string" (`string_format_metric`), others as "str".
  const format =
    declared === 'json' || declared === 'str'
      ? declared
      : declared === 'string'
        ? 'str'
        : (fileFormat ?? (subset === 'review' ? 'str' : undefined));
  if (format === undefined) {
    return {
      problem: 'no format: meta.prompt_type or meta_data.response_format must be json or str',
      field: 'meta_data.response_format',
    };
  }
  const template = sample.get('template') ?? null;
  const apiListValue = isDict(meta) ? meta.get('API_list') : undefined;
  const apiList = isList(apiListValue) ? apiListValue.filter((name): name is string => typeof name === 'string') : [];
  const check = checkGroundTruth(subset, format, groundTruth, template, apiList);
  if (check) return check;
  const prediction = sample.get('prediction');
  return {
    subset,
    format,
    prompt,
    groundTruth,
    apiList,
    template,
    ...(typeof prediction === 'string' ? { recorded: prediction } : {}),
  };
}

/** The longest prompt message an item may have: T-Eval's are a few thousand characters. */
export const MAX_PROMPT_MESSAGE_CHARS = 1_000_000;

function readPrompt(value: PyValue | undefined, interned: PromptMessages): TevalPromptMessage[] | string {
  if (!isList(value) || value.length === 0) return 'origin_prompt must be a non-empty list of {role, content} messages';
  const messages: TevalPromptMessage[] = [];
  for (const [index, message] of value.entries()) {
    const role = isDict(message) ? message.get('role') : undefined;
    const content = isDict(message) ? message.get('content') : undefined;
    if (typeof role !== 'string' || !ROLES.has(role)) {
      return `origin_prompt[${index}].role must be system, user, assistant or function`;
    }
    if (typeof content !== 'string') return `origin_prompt[${index}].content must be a string`;
    if (content.length > MAX_PROMPT_MESSAGE_CHARS) {
      return `origin_prompt[${index}].content is ${(content.length / 1e6).toFixed(1)} million characters, over the limit of ${MAX_PROMPT_MESSAGE_CHARS / 1e6} million (T-Eval's are a few thousand)`;
    }
    messages.push(interned.message(role as TevalPromptMessage['role'], content));
  }
  return messages;
}

function checkGroundTruth(
  subset: TevalSubset,
  format: TevalFormat,
  groundTruth: PyValue,
  template: PyValue,
  apiList: readonly string[],
): { problem: string; field: string } | undefined {
  const problem = (message: string, field = 'ground_truth') => ({ problem: message, field });
  switch (subset) {
    case 'plan':
      if (!isList(groundTruth) || groundTruth.length === 0)
        return problem('a PLAN ground truth is a non-empty list of steps');
      for (const [index, step] of groundTruth.entries()) {
        if (!isDict(step) || typeof step.get('name') !== 'string' || !step.has('id') || !step.has('args')) {
          return problem(`step ${index} needs id, name and args`, `ground_truth[${index}]`);
        }
      }
      if (format === 'str' && apiList.length === 0)
        return problem('a string PLAN sample needs meta.API_list', 'meta.API_list');
      return undefined;
    case 'review': {
      const answer = isDict(groundTruth) ? groundTruth.get('answer') : undefined;
      if (typeof answer !== 'string' || !/^[A-E]$/.test(answer))
        return problem('ground_truth.answer must be one of A–E', 'ground_truth.answer');
      return undefined;
    }
    case 'instruct':
      if (!isDict(groundTruth) || !groundTruth.has('action'))
        return problem('an INSTRUCT ground truth needs action and args');
      if (!isDict(template)) return problem('an INSTRUCT sample needs a template object', 'template');
      return undefined;
    default:
      if (!isDict(groundTruth) || typeof groundTruth.get('name') !== 'string') {
        return problem('a step ground truth is {thought, name, args}');
      }
      return undefined;
  }
}

/** A hash of everything that can change a score: ids, prompts, ground truths, templates, API lists. */
export function caseSetHash(cases: readonly TevalCase[]): string {
  const hash = createHash('sha256');
  for (const item of cases) {
    // One update per item (the same bytes as one update per part: a hash reads a stream).
    hash.update(
      `${item.id}\u0000${JSON.stringify(item.prompt)}${pyRepr(item.groundTruth)}${pyRepr(item.template)}${item.apiList.join('\u0001')}\u0002`,
    );
  }
  return hash.digest('hex');
}
