import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BUILTIN_TOOLTALK_FOLDER } from './index.js';
import { loadToolTalkFolder } from './load-conversations.js';

function copyOfBuiltIn(): string {
  const folder = mkdtempSync(join(tmpdir(), 'tooltalk-'));
  cpSync(BUILTIN_TOOLTALK_FOLDER, folder, { recursive: true });
  return folder;
}

describe('loading ToolTalk folders', () => {
  it('skips a malformed conversation naming file and field, and loads the rest', () => {
    const folder = copyOfBuiltIn();
    const before = loadToolTalkFolder(folder).cases.length;
    writeFileSync(join(folder, 'easy', 'broken.json'), JSON.stringify({ name: 'broken', conversation: [] }));
    writeFileSync(join(folder, 'easy', 'not-json.json'), '{');
    const file = join(folder, 'easy', 'AddAlarm-easy.json');
    const conversation = JSON.parse(readFileSync(file, 'utf8'));
    conversation.conversation[1].apis[0].request.api_name = 'AddAlarms';
    writeFileSync(join(folder, 'easy', 'typo.json'), JSON.stringify(conversation));
    const loaded = loadToolTalkFolder(folder);
    expect(loaded.cases.length).toBe(before);
    expect(loaded.problems).toContainEqual(
      expect.objectContaining({ file: 'easy/broken.json', field: 'conversation_id' }),
    );
    expect(loaded.problems).toContainEqual(expect.objectContaining({ file: 'easy/not-json.json' }));
    expect(loaded.problems).toContainEqual({
      file: 'easy/typo.json',
      field: 'conversation[1].apis[0].request.api_name',
      message: 'unknown tool "AddAlarms"',
    });
  });

  it('stops with a problem naming the database file and field when a database is malformed', () => {
    const folder = copyOfBuiltIn();
    writeFileSync(join(folder, 'databases', 'Alarm.json'), JSON.stringify({ mariko: { x: { alarm_id: 'x' } } }));
    const loaded = loadToolTalkFolder(folder);
    expect(loaded.cases).toEqual([]);
    expect(loaded.problems).toEqual([
      { file: 'databases/Alarm.json', field: 'mariko.x.time', message: expect.any(String) },
    ]);
  });

  it('reads one subset folder beside its databases, and labels the reference\'s tooltalk/ folder "hard"', () => {
    const hard = loadToolTalkFolder(join(BUILTIN_TOOLTALK_FOLDER, 'tooltalk'));
    expect(hard.problems).toEqual([]);
    expect(new Set(hard.cases.map((c) => c.subset))).toEqual(new Set(['hard']));
    expect(loadToolTalkFolder('/nonexistent/folder').problems[0]?.message).toMatch(/not a folder/);
  });
});
