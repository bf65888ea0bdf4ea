// @ts-nocheck
// Written by `TOOLGAUGE_WRITE_PARSERS=1 npx vitest run src/engine/compiled-parser-source.test.ts`: do not edit.
// zod's compiled parser of toolscanRecordSchema (src/benchmarks/toolscan/record-schema.ts).
import { NOT_SURE, isPlainObject } from '../../engine/compiled-parser-helpers.generated.js';

export const parseToolscanRecordFields = ((INVALID, c0, c1, c2, c3, c4, c5, c6) => (input) => {
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
const v9 = input["callsNotRun"];
let v10 = (() => {
  let v11;
  if (v9 !== undefined) {
    if (!Array.isArray(v9)) return INVALID;
    const v12 = new Array(v9.length);
    for (let v13 = 0; v13 < v9.length; v13++) {
      const v14 = v9[v13];
      if (typeof v14 !== "object" || v14 === null || Array.isArray(v14)) return INVALID;
      const v15 = v14["id"];
      if (typeof v15 !== "string") return INVALID;
      const v16 = v14["name"];
      if (typeof v16 !== "string") return INVALID;
      const v17 = v14["arguments"];
      let v18;
      v18 = (() => {
        if (!c1(v17)) return INVALID;
        const v19 = {};
        const v22 = Object.getOwnPropertySymbols(v17);
        const v23 = Object.getOwnPropertyNames(v17);
        for (let v24 = 0; v24 < v23.length; v24++) {
          const v20 = v23[v24];
          if (v20 === "__proto__" || !c2.call(v17, v20)) continue;
          const v21 = v17[v20];
          v19[v20] = v21;
        }
        for (let v24 = 0; v24 < v22.length; v24++) {
          const v20 = v22[v24];
          if (!c2.call(v17, v20)) continue;
          return INVALID;
        }
        return v19;
      })();
      if (v18 === INVALID) v18 = (() => {
        if (typeof v17 !== "string") return INVALID;
        return v17;
      })();
      if (v18 === INVALID) return INVALID;
      const v25 = { "id": v15, "name": v16, "arguments": v18 };
      v12[v13] = v25;
    }
    v11 = v12;
  }
  return v11;
})();
if (v10 === INVALID) {
  if ("callsNotRun" in input) return INVALID;
  v10 = undefined;
}
const v26 = input["trajectory"];
if (typeof v26 !== "object" || v26 === null || Array.isArray(v26)) return INVALID;
const v27 = v26["formatVersion"];
if (v27 !== 1) return INVALID;
const v28 = v26["messages"];
if (!Array.isArray(v28)) return INVALID;
const v29 = new Array(v28.length);
for (let v30 = 0; v30 < v28.length; v30++) {
  const v31 = v28[v30];
  v29[v30] = v31;
}
const v32 = v26["traces"];
if (!Array.isArray(v32)) return INVALID;
const v33 = new Array(v32.length);
for (let v34 = 0; v34 < v32.length; v34++) {
  const v35 = v32[v34];
  v33[v34] = v35;
}
const v36 = { "formatVersion": v27, "messages": v29, "traces": v33 };
for (const k in v26) {
  if (k === "__proto__") continue;
  if (c3.has(k)) continue;
  v36[k] = v26[k];
}
const v37 = input["score"];
if (typeof v37 !== "object" || v37 === null || Array.isArray(v37)) return INVALID;
const v38 = v37["success"];
if (typeof v38 !== "boolean") return INVALID;
const v39 = v37["finished"];
if (typeof v39 !== "boolean") return INVALID;
const v40 = v37["calls"];
if (typeof v40 !== "number" || !Number.isFinite(v40)) return INVALID;
if (!Number.isSafeInteger(v40)) return INVALID;
if (v40 < 0) return INVALID;
const v41 = v37["callPrecision"];
let v42 = (() => {
  let v43;
  if (v41 !== undefined) {
    let v44 = null;
    if (v41 !== null) {
      if (typeof v41 !== "number" || !Number.isFinite(v41)) return INVALID;
      v44 = v41;
    }
    v43 = v44;
  }
  return v43;
})();
if (v42 === INVALID) {
  if ("callPrecision" in v37) return INVALID;
  v42 = undefined;
}
const v45 = v37["scores"];
if (typeof v45 !== "object" || v45 === null || Array.isArray(v45)) return INVALID;
const v46 = v45["IAC"];
if (typeof v46 !== "number" || !Number.isFinite(v46)) return INVALID;
const v47 = v45["RAC"];
let v48 = null;
if (v47 !== null) {
  if (typeof v47 !== "number" || !Number.isFinite(v47)) return INVALID;
  v48 = v47;
}
const v49 = v45["IAV"];
let v50 = null;
if (v49 !== null) {
  if (typeof v49 !== "number" || !Number.isFinite(v49)) return INVALID;
  v50 = v49;
}
const v51 = v45["IFE"];
let v52 = null;
if (v51 !== null) {
  if (typeof v51 !== "number" || !Number.isFinite(v51)) return INVALID;
  v52 = v51;
}
const v53 = v45["IAT"];
let v54 = null;
if (v53 !== null) {
  if (typeof v53 !== "number" || !Number.isFinite(v53)) return INVALID;
  v54 = v53;
}
const v55 = v45["IAN"];
let v56 = null;
if (v55 !== null) {
  if (typeof v55 !== "number" || !Number.isFinite(v55)) return INVALID;
  v56 = v55;
}
const v57 = v45["IFN"];
let v58 = null;
if (v57 !== null) {
  if (typeof v57 !== "number" || !Number.isFinite(v57)) return INVALID;
  v58 = v57;
}
const v59 = { "IAC": v46, "RAC": v48, "IAV": v50, "IFE": v52, "IAT": v54, "IAN": v56, "IFN": v58 };
const v60 = v37["gold"];
if (typeof v60 !== "object" || v60 === null || Array.isArray(v60)) return INVALID;
const v61 = v60["chosen"];
if (typeof v61 !== "number" || !Number.isFinite(v61)) return INVALID;
if (!Number.isSafeInteger(v61)) return INVALID;
if (v61 < 0) return INVALID;
const v62 = v60["fits"];
if (!Array.isArray(v62)) return INVALID;
const v63 = new Array(v62.length);
for (let v64 = 0; v64 < v62.length; v64++) {
  const v65 = v62[v64];
  v63[v64] = v65;
}
const v66 = { "chosen": v61, "fits": v63 };
for (const k in v60) {
  if (k === "__proto__") continue;
  if (c4.has(k)) continue;
  v66[k] = v60[k];
}
const v67 = v37["marks"];
if (!Array.isArray(v67)) return INVALID;
const v68 = new Array(v67.length);
for (let v69 = 0; v69 < v67.length; v69++) {
  const v70 = v67[v69];
  if (typeof v70 !== "object" || v70 === null || Array.isArray(v70)) return INVALID;
  const v71 = v70["callId"];
  if (typeof v71 !== "string") return INVALID;
  const v72 = v70["api"];
  if (typeof v72 !== "string") return INVALID;
  const v73 = v70["patterns"];
  if (!Array.isArray(v73)) return INVALID;
  const v74 = new Array(v73.length);
  for (let v75 = 0; v75 < v73.length; v75++) {
    const v76 = v73[v75];
    if (typeof v76 !== "string") return INVALID;
    v74[v75] = v76;
  }
  const v77 = { "callId": v71, "api": v72, "patterns": v74 };
  for (const k in v70) {
    if (k === "__proto__") continue;
    if (c5.has(k)) continue;
    v77[k] = v70[k];
  }
  v68[v69] = v77;
}
const v78 = {};
v78["success"] = v38;
v78["finished"] = v39;
v78["calls"] = v40;
if ("callPrecision" in v37) v78["callPrecision"] = v42;
v78["scores"] = v59;
v78["gold"] = v66;
v78["marks"] = v68;
for (const k in v37) {
  if (k === "__proto__") continue;
  if (c6.has(k)) continue;
  v78[k] = v37[k];
}
const v79 = {};
v79["formatVersion"] = v0;
v79["queryId"] = v1;
v79["environment"] = v2;
v79["settings"] = v7;
v79["budgetExhausted"] = v8;
if ("callsNotRun" in input) v79["callsNotRun"] = v10;
v79["trajectory"] = v36;
v79["score"] = v78;
return v79;
})(NOT_SURE, new Set(["native","json","text"]), isPlainObject, Object.prototype.propertyIsEnumerable, new Set(["formatVersion","messages","traces"]), new Set(["chosen","fits"]), new Set(["callId","api","patterns"]), new Set(["success","finished","calls","callPrecision","scores","gold","marks"]));
