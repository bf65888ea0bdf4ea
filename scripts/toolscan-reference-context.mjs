/**
 * Prints, as JSON, what the ToolScan reference code needs to count toolgauge's episodes: each
 * environment's APIs in the reference's API-list shape (`{name: {description, parameters: {arg: {type,
 * required, description}}}}`) and each named query's gold trajectories in the reference's ground-truth
 * shape (`[{api: [arguments, ...]}, ...]`). Gold values the reference cannot express are written as the
 * value it would have to match exactly: `$any` becomes the reference's `"optional"`, `$near` and `$min`
 * their number. Used by `scripts/record-toolscan-reference.py` (after `npm run build`):
 *
 *   node scripts/toolscan-reference-context.mjs movies-001 weather-004 ...
 */

import { loadToolscanQueries } from '../dist/benchmarks/toolscan/internals.js';
import { TOOLSCAN_ENVIRONMENTS } from '../dist/domains/toolscan/index.js';

const REFERENCE_TYPE = { string: 'string', integer: 'number', number: 'number', boolean: 'boolean', array: 'array' };

function referenceValue(value) {
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    if ('$any' in value) return 'optional';
    if ('$near' in value) return value.$near;
    if ('$min' in value) return value.$min;
  }
  return value;
}

const apis = {};
for (const environment of TOOLSCAN_ENVIRONMENTS) {
  apis[environment.id] = Object.fromEntries(
    environment.tools.map((tool) => {
      const schema = tool.parameters;
      const required = new Set(schema.required ?? []);
      const parameters = Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([name, property]) => [
          name,
          {
            type: REFERENCE_TYPE[property.type] ?? String(property.type),
            required: required.has(name),
            description: property.description ?? '',
          },
        ]),
      );
      return [tool.name, { description: tool.description, parameters }];
    }),
  );
}

const wanted = new Set(process.argv.slice(2));
const queries = {};
for (const item of loadToolscanQueries(undefined, 'all').cases) {
  if (!wanted.has(item.id)) continue;
  queries[item.id] = {
    environment: item.environment,
    gold: item.query.trajectories.map((trajectory) => {
      const byApi = {};
      for (const call of trajectory) {
        const args = Object.fromEntries(
          Object.entries(call.arguments).map(([name, value]) => [name, referenceValue(value)]),
        );
        byApi[call.api] = [...(byApi[call.api] ?? []), args];
      }
      return byApi;
    }),
  };
}
const missing = [...wanted].filter((id) => !(id in queries));
if (missing.length > 0) {
  console.error(`unknown queries: ${missing.join(', ')}`);
  process.exit(1);
}
console.log(JSON.stringify({ apis, queries }));
