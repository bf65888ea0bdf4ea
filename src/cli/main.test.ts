import { describe, expect, it } from 'vitest';
import { buildProgram, COMMAND_GROUPS, commandWord } from './main.js';

const names = (argv?: readonly string[]) =>
  buildProgram(argv && commandWord(argv))
    .commands.map((command) => command.name())
    .sort();

describe('buildProgram', () => {
  it('the command groups name exactly the commands their register functions add', () => {
    const all = names();
    expect(all).toEqual(COMMAND_GROUPS.flatMap(([group]) => group).sort());
    for (const [group] of COMMAND_GROUPS) {
      for (const command of group) expect(names(['node', 'toolgauge', command, '--help'])).toEqual([...group].sort());
    }
  });

  it('builds every command for help, a mistyped command or no command', () => {
    const all = names();
    expect(all.length).toBeGreaterThan(8);
    expect(names(['node', 'toolgauge', '--help'])).toEqual(all);
    expect(names(['node', 'toolgauge', 'help', 'show'])).toEqual(all);
    expect(names(['node', 'toolgauge', 'shwo'])).toEqual(all);
    expect(names(['node', 'toolgauge'])).toEqual(all);
  });
});
