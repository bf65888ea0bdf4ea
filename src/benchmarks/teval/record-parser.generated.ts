// @ts-nocheck
// Written by `TOOLGAUGE_WRITE_PARSERS=1 npx vitest run src/engine/compiled-parser-source.test.ts`: do not edit.
// zod's compiled parser of tevalRecordSchema (src/benchmarks/teval/record-schema.ts).
import { NOT_SURE, isPlainObject } from '../../engine/compiled-parser-helpers.generated.js';

export const parseTevalRecordFields = ((INVALID, c0, c1, c2) => (input) => {
if (typeof input !== "object" || input === null || Array.isArray(input)) return INVALID;
const v0 = input["formatVersion"];
if (v0 !== 1) return INVALID;
const v1 = input["caseId"];
if (typeof v1 !== "string") return INVALID;
const v2 = input["subset"];
if (typeof v2 !== "string") return INVALID;
const v3 = input["format"];
if (typeof v3 !== "string") return INVALID;
const v4 = input["protocol"];
if (typeof v4 !== "string") return INVALID;
const v5 = input["quirks"];
if (typeof v5 !== "string") return INVALID;
const v6 = input["embedder"];
if (typeof v6 !== "string") return INVALID;
const v7 = input["prompt"];
if (!Array.isArray(v7)) return INVALID;
const v8 = new Array(v7.length);
for (let v9 = 0; v9 < v7.length; v9++) {
  const v10 = v7[v9];
  if (typeof v10 !== "object" || v10 === null || Array.isArray(v10)) return INVALID;
  const v11 = v10["role"];
  if (!c0.has(v11)) return INVALID;
  const v12 = v10["content"];
  if (typeof v12 !== "string") return INVALID;
  const v13 = { "role": v11, "content": v12 };
  v8[v9] = v13;
}
const v14 = input["reply"];
if (typeof v14 !== "string") return INVALID;
const v15 = input["cleaned"];
if (typeof v15 !== "string") return INVALID;
const v16 = input["parse"];
if (!("parse" in input)) return INVALID;
const v17 = input["scores"];
if (!c1(v17)) return INVALID;
const v18 = {};
const v21 = Object.getOwnPropertySymbols(v17);
const v22 = Object.getOwnPropertyNames(v17);
for (let v23 = 0; v23 < v22.length; v23++) {
  const v19 = v22[v23];
  if (v19 === "__proto__" || !c2.call(v17, v19)) continue;
  const v20 = v17[v19];
  let v24 = null;
  if (v20 !== null) {
    if (typeof v20 !== "number" || !Number.isFinite(v20)) return INVALID;
    v24 = v20;
  }
  v18[v19] = v24;
}
for (let v23 = 0; v23 < v21.length; v23++) {
  const v19 = v21[v23];
  if (!c2.call(v17, v19)) continue;
  return INVALID;
}
const v25 = input["error"];
let v26 = (() => {
  let v27;
  if (v25 !== undefined) {
    if (typeof v25 !== "string") return INVALID;
    v27 = v25;
  }
  return v27;
})();
if (v26 === INVALID) {
  if ("error" in input) return INVALID;
  v26 = undefined;
}
const v28 = {};
v28["formatVersion"] = v0;
v28["caseId"] = v1;
v28["subset"] = v2;
v28["format"] = v3;
v28["protocol"] = v4;
v28["quirks"] = v5;
v28["embedder"] = v6;
v28["prompt"] = v8;
v28["reply"] = v14;
v28["cleaned"] = v15;
if (v16 !== undefined || "parse" in input) v28["parse"] = v16;
v28["scores"] = v18;
if ("error" in input) v28["error"] = v26;
return v28;
})(NOT_SURE, new Set(["system","user","assistant","function"]), isPlainObject, Object.prototype.propertyIsEnumerable);
