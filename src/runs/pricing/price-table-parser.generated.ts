// @ts-nocheck
// Written by `TOOLGAUGE_WRITE_PARSERS=1 npx vitest run src/engine/compiled-parser-source.test.ts`: do not edit.
// zod's compiled parser of priceTableSchema (src/runs/pricing/price-table.ts).
import { NOT_SURE, isPlainObject } from '../../engine/compiled-parser-helpers.generated.js';

export const parsePriceTableFile = ((INVALID, c0, c1) => (input) => {
if (typeof input !== "object" || input === null || Array.isArray(input)) return INVALID;
const v0 = input["formatVersion"];
if (v0 !== 1) return INVALID;
const v1 = input["version"];
if (typeof v1 !== "string") return INVALID;
const v2 = input["currency"];
if (typeof v2 !== "string") return INVALID;
const v3 = input["description"];
let v4 = (() => {
  let v5;
  if (v3 !== undefined) {
    if (typeof v3 !== "string") return INVALID;
    v5 = v3;
  }
  return v5;
})();
if (v4 === INVALID) {
  if ("description" in input) return INVALID;
  v4 = undefined;
}
const v6 = input["models"];
if (!c0(v6)) return INVALID;
const v7 = {};
const v10 = Object.getOwnPropertySymbols(v6);
const v11 = Object.getOwnPropertyNames(v6);
for (let v12 = 0; v12 < v11.length; v12++) {
  const v8 = v11[v12];
  if (v8 === "__proto__" || !c1.call(v6, v8)) continue;
  const v9 = v6[v8];
  if (typeof v9 !== "object" || v9 === null || Array.isArray(v9)) return INVALID;
  const v13 = v9["inputPerMillion"];
  if (typeof v13 !== "number" || !Number.isFinite(v13)) return INVALID;
  if (v13 < 0) return INVALID;
  const v14 = v9["outputPerMillion"];
  if (typeof v14 !== "number" || !Number.isFinite(v14)) return INVALID;
  if (v14 < 0) return INVALID;
  for (const k in v9) {
    if (k !== "inputPerMillion" && k !== "outputPerMillion") return INVALID;
  }
  const v15 = { "inputPerMillion": v13, "outputPerMillion": v14 };
  v7[v8] = v15;
}
for (let v12 = 0; v12 < v10.length; v12++) {
  const v8 = v10[v12];
  if (!c1.call(v6, v8)) continue;
  return INVALID;
}
for (const k in input) {
  if (k !== "formatVersion" && k !== "version" && k !== "currency" && k !== "description" && k !== "models") return INVALID;
}
const v16 = {};
v16["formatVersion"] = v0;
v16["version"] = v1;
v16["currency"] = v2;
if ("description" in input) v16["description"] = v4;
v16["models"] = v7;
return v16;
})(NOT_SURE, isPlainObject, Object.prototype.propertyIsEnumerable);
