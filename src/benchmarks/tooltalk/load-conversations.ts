/**
 * Reads ToolTalk data in the original layout: a folder holding `databases/` (one JSON file per mock
 * database) and one folder per subset of conversation files (`easy/`, `tooltalk/` — reported as `hard`).
 * A folder of conversation files whose parent holds `databases/` works too. Every problem names its file
 * and field; a bad conversation is skipped and the rest load; a bad database stops the load (no
 * conversation can be replayed without it).
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import {
  DATABASE_NAMES,
  DATABASE_SCHEMAS,
  TOOLTALK_TOOLS_BY_NAME,
  type ToolTalkDatabases,
} from '../../domains/tooltalk/index.js';
import type { CaseProblem, LoadedCases } from '../../spec/index.js';
import { type ConversationFile, conversationFileSchema, fieldPath } from './conversation-file.js';
import type { ToolTalkCase } from './tooltalk-case.js';

/** Subset folder name → the label reports use (the reference's `tooltalk/` folder is the paper's "hard"). */
const SUBSET_LABELS: Readonly<Record<string, string>> = { easy: 'easy', tooltalk: 'hard' };

export function subsetLabel(folder: string): string {
  return SUBSET_LABELS[folder] ?? folder;
}

interface SubsetFolder {
  readonly path: string;
  readonly label: string;
}

export function loadToolTalkFolder(source: string, sourceName = source): LoadedCases<ToolTalkCase> {
  const problems: CaseProblem[] = [];
  if (!existsSync(source) || !statSync(source).isDirectory()) {
    return empty(sourceName, [{ file: source, message: 'is not a folder (expected a ToolTalk data folder)' }]);
  }
  const root = existsSync(join(source, 'databases')) ? source : dirname(source);
  const databaseFolder = join(root, 'databases');
  if (!existsSync(databaseFolder)) {
    return empty(sourceName, [
      { file: source, message: "no databases/ folder here or beside it (expected a ToolTalk checkout's data/ folder)" },
    ]);
  }
  const databases = loadDatabases(databaseFolder, root, problems);
  if (!databases) return empty(sourceName, problems);

  const subsets: SubsetFolder[] =
    root === source
      ? readdirSync(source)
          .filter((name) => name !== 'databases' && statSync(join(source, name)).isDirectory())
          .sort(subsetOrder)
          .map((name) => ({ path: join(source, name), label: subsetLabel(name) }))
      : [{ path: source, label: subsetLabel(basename(source)) }];

  const cases: ToolTalkCase[] = [];
  const hash = createHash('sha256');
  for (const name of DATABASE_NAMES) hash.update(JSON.stringify(databases[name]));
  for (const subset of subsets) {
    const files = readdirSync(subset.path)
      .filter((name) => name.endsWith('.json'))
      .sort();
    for (const fileName of files) {
      const file = relative(root, join(subset.path, fileName));
      const conversation = readConversation(join(subset.path, fileName), file, problems);
      if (!conversation) continue;
      const id = `${subset.label}/${fileName.replace(/\.json$/, '')}`;
      if (cases.some((existing) => existing.id === id)) {
        problems.push({ file, caseId: id, message: `duplicate case id ${id}` });
        continue;
      }
      hash.update(`\u0000${id}\u0000${JSON.stringify(conversation)}`);
      cases.push({
        id,
        labels: { subset: subset.label, suites: conversation.suites_used },
        subset: subset.label,
        file,
        conversation,
        databases,
      });
    }
  }
  return { cases, problems, caseSetHash: hash.digest('hex'), source: sourceName };
}

function subsetOrder(a: string, b: string): number {
  const rank = (name: string) => (name === 'easy' ? 0 : name === 'tooltalk' ? 1 : 2);
  return rank(a) - rank(b) || a.localeCompare(b);
}

function empty(source: string, problems: CaseProblem[]): LoadedCases<ToolTalkCase> {
  return { cases: [], problems, caseSetHash: createHash('sha256').digest('hex'), source };
}

function readJson(path: string, file: string, problems: CaseProblem[]): unknown {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    problems.push({ file, message: `is not valid JSON: ${error instanceof Error ? error.message : String(error)}` });
    return undefined;
  }
}

function loadDatabases(folder: string, root: string, problems: CaseProblem[]): ToolTalkDatabases | undefined {
  const loaded: Partial<Record<string, unknown>> = {};
  let ok = true;
  for (const name of DATABASE_NAMES) {
    const path = join(folder, `${name}.json`);
    const file = relative(root, path);
    if (!existsSync(path)) {
      problems.push({ file, message: `the ${name} database is missing` });
      ok = false;
      continue;
    }
    const json = readJson(path, file, problems);
    if (json === undefined) {
      ok = false;
      continue;
    }
    const parsed = DATABASE_SCHEMAS[name].safeParse(json);
    if (!parsed.success) {
      for (const issue of parsed.error.issues.slice(0, 5)) {
        problems.push({ file, field: fieldPath(issue.path), message: issue.message });
      }
      ok = false;
      continue;
    }
    loaded[name] = parsed.data;
  }
  return ok ? (loaded as ToolTalkDatabases) : undefined;
}

/** Reads and checks one conversation file; problems name the file and field. */
export function readConversation(path: string, file: string, problems: CaseProblem[]): ConversationFile | undefined {
  const json = readJson(path, file, problems);
  if (json === undefined) return undefined;
  return checkConversation(json, file, problems);
}

export function checkConversation(json: unknown, file: string, problems: CaseProblem[]): ConversationFile | undefined {
  const parsed = conversationFileSchema.safeParse(json);
  if (!parsed.success) {
    for (const issue of parsed.error.issues.slice(0, 5)) {
      problems.push({ file, field: fieldPath(issue.path), message: issue.message });
    }
    return undefined;
  }
  const conversation = parsed.data;
  let ok = true;
  conversation.conversation.forEach((turn, turnIndex) => {
    if (turn.role === 'user' && turn.apis && turn.apis.length > 0) {
      problems.push({ file, field: `conversation[${turnIndex}].apis`, message: 'a user turn cannot hold tool calls' });
      ok = false;
    }
    (turn.apis ?? []).forEach((call, callIndex) => {
      const field = `conversation[${turnIndex}].apis[${callIndex}].request`;
      const tool = TOOLTALK_TOOLS_BY_NAME.get(call.request.api_name);
      if (!tool) {
        problems.push({ file, field: `${field}.api_name`, message: `unknown tool "${call.request.api_name}"` });
        ok = false;
        return;
      }
      const declared = Object.keys((tool.tool.parameters.properties ?? {}) as object);
      for (const key of Object.keys(call.request.parameters)) {
        if (key !== 'session_token' && !declared.includes(key)) {
          problems.push({
            file,
            field: `${field}.parameters.${key}`,
            message: `${tool.tool.name} has no argument "${key}"`,
          });
          ok = false;
        }
      }
    });
  });
  if (!conversation.conversation.some((turn) => turn.role === 'assistant')) {
    problems.push({ file, field: 'conversation', message: 'has no assistant turn to replay' });
    ok = false;
  }
  return ok ? conversation : undefined;
}
