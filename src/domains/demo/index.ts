import { z } from 'zod';
import type { Row, TableSchema } from '../../spec/index.js';
import { defineTool } from '../../tools/define-tool.js';
import type { WorldTransaction } from '../../tools/tool-context.js';
import { fail } from '../../tools/tool-failure.js';
import type { Domain } from '../domain.js';

/**
 * A deliberately tiny domain: a device with a wifi switch and a notice board that needs wifi. It shows
 * the engine's moving parts (a hidden state dependency, a typed connection error, world changes) in a
 * few lines, runs the built-in example episode, and serves tests as a small, complete domain.
 */
const deviceTable: TableSchema = {
  name: 'device',
  primaryKey: 'device_id',
  columns: {
    device_id: { type: 'string' },
    wifi: { type: 'boolean', description: 'Whether wifi is on.' },
  },
};

const noticeTable: TableSchema = {
  name: 'notices',
  primaryKey: 'notice_id',
  columns: {
    notice_id: { type: 'string' },
    text: { type: 'string' },
    posted_at: { type: 'number', description: 'Seconds since the Unix epoch.' },
  },
};

function device(world: WorldTransaction): Row {
  const row = world.rows('device')[0];
  if (!row) throw fail('internal', 'The device has no settings row.');
  return row;
}

const setWifi = defineTool({
  name: 'set_wifi',
  description: 'Turn the device wifi on or off.',
  parameters: z.object({ on: z.boolean().describe('true to turn wifi on, false to turn it off.') }),
  returns: 'Nothing.',
  kind: 'action',
  domain: 'demo',
  run: ({ on }, { world }) => {
    world.update('device', device(world).device_id ?? null, { wifi: on });
    return null;
  },
});

const getWifi = defineTool({
  name: 'get_wifi',
  description: 'Tell whether the device wifi is on.',
  parameters: z.object({}),
  returns: 'true when wifi is on.',
  kind: 'read',
  domain: 'demo',
  run: (_args, { world }) => device(world).wifi === true,
});

const postNotice = defineTool({
  name: 'post_notice',
  description: 'Post a short notice to the shared online notice board.',
  parameters: z.object({ text: z.string().min(1).describe('The notice, in plain words.') }),
  returns: 'The id of the new notice.',
  kind: 'action',
  domain: 'demo',
  dependsOn: ['wifi'],
  run: ({ text }, { world, clock }) => {
    if (device(world).wifi !== true) {
      throw fail(
        'connection',
        'Wifi is off, so the notice board cannot be reached.',
        'Turn wifi on with set_wifi first.',
      );
    }
    const notice_id = world.newId();
    world.insert('notices', { notice_id, text, posted_at: clock.now() });
    return notice_id;
  },
});

const listNotices = defineTool({
  name: 'list_notices',
  description: 'List the notices on the board, oldest first.',
  parameters: z.object({
    contains: z.string().optional().describe('Only notices whose text contains this, ignoring case.'),
  }),
  returns: 'A list of {notice_id, text, posted_at}.',
  kind: 'read',
  domain: 'demo',
  run: ({ contains }, { world }) =>
    world.rows('notices').filter((row) => !contains || String(row.text).toLowerCase().includes(contains.toLowerCase())),
});

export const demoDomain: Domain = {
  name: 'demo',
  description: 'A device with a wifi switch and an online notice board that needs it.',
  tables: [deviceTable, noticeTable],
  tools: [setWifi, getWifi, postNotice, listNotices],
};

/** The demo world: one device with wifi off and an empty board. */
export function demoWorldRows(): Record<string, Row[]> {
  return { device: [{ device_id: 'demo-device', wifi: false }], notices: [] };
}
