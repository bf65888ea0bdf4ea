/**
 * For authors of ToolTalk conversations (built-in or your own): replays every ground-truth call of each
 * conversation file in a folder, in order, on the folder's databases, and writes back what the tools
 * return — `response`, `exception`, the session token the executor injects — plus `apis_used` and
 * `suites_used`. Write the requests and texts; let the tools fill in the results.
 *
 *   npm run build && node scripts/tooltalk-fill-responses.ts data/tooltalk
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ToolTalkCallExecutor } from '../dist/benchmarks/tooltalk/call-executor.js';
import { loadToolTalkFolder } from '../dist/benchmarks/tooltalk/load-conversations.js';
import { conversationClock, startingSession } from '../dist/benchmarks/tooltalk/turn-replay.js';
import { TOOLTALK_TOOLS_BY_NAME, worldFromDatabases } from '../dist/domains/tooltalk/index.js';

const folder = process.argv[2];
if (!folder) {
  console.error('usage: node scripts/tooltalk-fill-responses.ts <data folder>');
  process.exit(2);
}
const loaded = loadToolTalkFolder(folder);
for (const problem of loaded.problems)
  console.error(`${problem.file}${problem.field ? ` ${problem.field}` : ''}: ${problem.message}`);

for (const benchmarkCase of loaded.cases) {
  const path = join(folder, benchmarkCase.file);
  const file = JSON.parse(readFileSync(path, 'utf8'));
  const executor = new ToolTalkCallExecutor(conversationClock(benchmarkCase.conversation));
  let world = worldFromDatabases(benchmarkCase.databases, startingSession(benchmarkCase.conversation));
  const apis = new Set<string>();
  const suites = new Set<string>();
  for (const turn of file.conversation) {
    for (const [position, call] of (turn.apis ?? []).entries()) {
      const name = call.request.api_name;
      const { session_token: _token, ...args } = call.request.parameters;
      const executed = await executor.execute({ id: `fill-${position}`, name, arguments: args }, world);
      world = executed.world;
      call.request.parameters = executed.record.request.parameters;
      call.response = executed.record.response;
      call.exception = executed.record.exception;
      if (call.exception !== null) console.warn(`${benchmarkCase.file}: ${name} failed: ${call.exception}`);
      apis.add(name);
      const suite = TOOLTALK_TOOLS_BY_NAME.get(name)?.suite;
      if (suite) suites.add(suite);
    }
  }
  file.apis_used = [...apis];
  file.suites_used = [...suites];
  writeFileSync(path, `${JSON.stringify(file, null, 2)}\n`);
}
console.log(`filled ${loaded.cases.length} conversations in ${folder}`);
