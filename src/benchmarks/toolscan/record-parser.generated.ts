// @ts-nocheck
// Written by `TOOLGAUGE_WRITE_PARSERS=1 npx vitest run src/engine/compiled-parser-source.test.ts`: do not edit.
// zod's compiled parser of toolscanRecordSchema (src/benchmarks/toolscan/record-schema.ts).
import { NOT_SURE } from '../../engine/compiled-parser-helpers.generated.js';

export const parseToolscanRecordFields = ((INVALID, c0, c1, c2, c3, c4) => (input) => {
if (typeof input !== "object" || input === null || Array.isArray(input)) return INVALID;
const v0 = input["formatVersion"];
if (v0 !== 1) return INVALID;
const v1 = input["queryId"];
if (typeof v1 !== "string") return INVALID;
const v2 = input["environment"];
if (typeof v2 !== "string") return INVALID;
const v3 = input["settings"];
if (typeof v3 !== "object" || v3 === null || Array.isArray(v3)) return INVALID;
const v4 = v3["feedback"];
if (typeof v4 !== "boolean") return INVALID;
const v5 = v3["output"];
if (!c0.has(v5)) return INVALID;
const v6 = v3["steps"];
if (typeof v6 !== "number" || !Number.isFinite(v6)) return INVALID;
if (!Number.isSafeInteger(v6)) return INVALID;
if (v6 <= 0) return INVALID;
const v7 = { "feedback": v4, "output": v5, "steps": v6 };
const v8 = input["budgetExhausted"];
if (typeof v8 !== "boolean") return INVALID;
const v9 = input["trajectory"];
if (typeof v9 !== "object" || v9 === null || Array.isArray(v9)) return INVALID;
const v10 = v9["formatVersion"];
if (v10 !== 1) return INVALID;
const v11 = v9["messages"];
if (!Array.isArray(v11)) return INVALID;
const v12 = new Array(v11.length);
for (let v13 = 0; v13 < v11.length; v13++) {
  const v14 = v11[v13];
  v12[v13] = v14;
}
const v15 = v9["traces"];
if (!Array.isArray(v15)) return INVALID;
const v16 = new Array(v15.length);
for (let v17 = 0; v17 < v15.length; v17++) {
  const v18 = v15[v17];
  v16[v17] = v18;
}
const v19 = { "formatVersion": v10, "messages": v12, "traces": v16 };
for (const k in v9) {
  if (k === "__proto__") continue;
  if (c1.has(k)) continue;
  v19[k] = v9[k];
}
const v20 = input["score"];
if (typeof v20 !== "object" || v20 === null || Array.isArray(v20)) return INVALID;
const v21 = v20["success"];
if (typeof v21 !== "boolean") return INVALID;
const v22 = v20["finished"];
if (typeof v22 !== "boolean") return INVALID;
const v23 = v20["calls"];
if (typeof v23 !== "number" || !Number.isFinite(v23)) return INVALID;
if (!Number.isSafeInteger(v23)) return INVALID;
if (v23 < 0) return INVALID;
const v24 = v20["scores"];
if (typeof v24 !== "object" || v24 === null || Array.isArray(v24)) return INVALID;
const v25 = v24["IAC"];
if (typeof v25 !== "number" || !Number.isFinite(v25)) return INVALID;
const v26 = v24["RAC"];
let v27 = null;
if (v26 !== null) {
  if (typeof v26 !== "number" || !Number.isFinite(v26)) return INVALID;
  v27 = v26;
}
const v28 = v24["IAV"];
let v29 = null;
if (v28 !== null) {
  if (typeof v28 !== "number" || !Number.isFinite(v28)) return INVALID;
  v29 = v28;
}
const v30 = v24["IFE"];
let v31 = null;
if (v30 !== null) {
  if (typeof v30 !== "number" || !Number.isFinite(v30)) return INVALID;
  v31 = v30;
}
const v32 = v24["IAT"];
let v33 = null;
if (v32 !== null) {
  if (typeof v32 !== "number" || !Number.isFinite(v32)) return INVALID;
  v33 = v32;
}
const v34 = v24["IAN"];
let v35 = null;
if (v34 !== null) {
  if (typeof v34 !== "number" || !Number.isFinite(v34)) return INVALID;
  v35 = v34;
}
const v36 = v24["IFN"];
let v37 = null;
if (v36 !== null) {
  if (typeof v36 !== "number" || !Number.isFinite(v36)) return INVALID;
  v37 = v36;
}
const v38 = { "IAC": v25, "RAC": v27, "IAV": v29, "IFE": v31, "IAT": v33, "IAN": v35, "IFN": v37 };
const v39 = v20["gold"];
if (typeof v39 !== "object" || v39 === null || Array.isArray(v39)) return INVALID;
const v40 = v39["chosen"];
if (typeof v40 !== "number" || !Number.isFinite(v40)) return INVALID;
if (!Number.isSafeInteger(v40)) return INVALID;
if (v40 < 0) return INVALID;
const v41 = v39["fits"];
if (!Array.isArray(v41)) return INVALID;
const v42 = new Array(v41.length);
for (let v43 = 0; v43 < v41.length; v43++) {
  const v44 = v41[v43];
  v42[v43] = v44;
}
const v45 = { "chosen": v40, "fits": v42 };
for (const k in v39) {
  if (k === "__proto__") continue;
  if (c2.has(k)) continue;
  v45[k] = v39[k];
}
const v46 = v20["marks"];
if (!Array.isArray(v46)) return INVALID;
const v47 = new Array(v46.length);
for (let v48 = 0; v48 < v46.length; v48++) {
  const v49 = v46[v48];
  if (typeof v49 !== "object" || v49 === null || Array.isArray(v49)) return INVALID;
  const v50 = v49["callId"];
  if (typeof v50 !== "string") return INVALID;
  const v51 = v49["api"];
  if (typeof v51 !== "string") return INVALID;
  const v52 = v49["patterns"];
  if (!Array.isArray(v52)) return INVALID;
  const v53 = new Array(v52.length);
  for (let v54 = 0; v54 < v52.length; v54++) {
    const v55 = v52[v54];
    if (typeof v55 !== "string") return INVALID;
    v53[v54] = v55;
  }
  const v56 = { "callId": v50, "api": v51, "patterns": v53 };
  for (const k in v49) {
    if (k === "__proto__") continue;
    if (c3.has(k)) continue;
    v56[k] = v49[k];
  }
  v47[v48] = v56;
}
const v57 = { "success": v21, "finished": v22, "calls": v23, "scores": v38, "gold": v45, "marks": v47 };
for (const k in v20) {
  if (k === "__proto__") continue;
  if (c4.has(k)) continue;
  v57[k] = v20[k];
}
const v58 = { "formatVersion": v0, "queryId": v1, "environment": v2, "settings": v7, "budgetExhausted": v8, "trajectory": v19, "score": v57 };
return v58;
})(NOT_SURE, new Set(["native","json","text"]), new Set(["formatVersion","messages","traces"]), new Set(["chosen","fits"]), new Set(["callId","api","patterns"]), new Set(["success","finished","calls","scores","gold","marks"]));
