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
const v7 = v3["reference"];
let v8 = (() => {
  let v9;
  if (v7 !== undefined) {
    if (typeof v7 !== "boolean") return INVALID;
    v9 = v7;
  }
  return v9;
})();
if (v8 === INVALID) {
  if ("reference" in v3) return INVALID;
  v8 = undefined;
}
const v10 = {};
v10["feedback"] = v4;
v10["output"] = v5;
v10["steps"] = v6;
if ("reference" in v3) v10["reference"] = v8;
const v11 = input["budgetExhausted"];
if (typeof v11 !== "boolean") return INVALID;
const v12 = input["callsNotRun"];
let v13 = (() => {
  let v14;
  if (v12 !== undefined) {
    if (!Array.isArray(v12)) return INVALID;
    const v15 = new Array(v12.length);
    for (let v16 = 0; v16 < v12.length; v16++) {
      const v17 = v12[v16];
      if (typeof v17 !== "object" || v17 === null || Array.isArray(v17)) return INVALID;
      const v18 = v17["id"];
      if (typeof v18 !== "string") return INVALID;
      const v19 = v17["name"];
      if (typeof v19 !== "string") return INVALID;
      const v20 = v17["arguments"];
      let v21;
      v21 = (() => {
        if (!c1(v20)) return INVALID;
        const v22 = {};
        const v25 = Object.getOwnPropertySymbols(v20);
        const v26 = Object.getOwnPropertyNames(v20);
        for (let v27 = 0; v27 < v26.length; v27++) {
          const v23 = v26[v27];
          if (v23 === "__proto__" || !c2.call(v20, v23)) continue;
          const v24 = v20[v23];
          v22[v23] = v24;
        }
        for (let v27 = 0; v27 < v25.length; v27++) {
          const v23 = v25[v27];
          if (!c2.call(v20, v23)) continue;
          return INVALID;
        }
        return v22;
      })();
      if (v21 === INVALID) v21 = (() => {
        if (typeof v20 !== "string") return INVALID;
        return v20;
      })();
      if (v21 === INVALID) return INVALID;
      const v28 = { "id": v18, "name": v19, "arguments": v21 };
      v15[v16] = v28;
    }
    v14 = v15;
  }
  return v14;
})();
if (v13 === INVALID) {
  if ("callsNotRun" in input) return INVALID;
  v13 = undefined;
}
const v29 = input["trajectory"];
if (typeof v29 !== "object" || v29 === null || Array.isArray(v29)) return INVALID;
const v30 = v29["formatVersion"];
if (v30 !== 1) return INVALID;
const v31 = v29["messages"];
if (!Array.isArray(v31)) return INVALID;
const v32 = new Array(v31.length);
for (let v33 = 0; v33 < v31.length; v33++) {
  const v34 = v31[v33];
  v32[v33] = v34;
}
const v35 = v29["traces"];
if (!Array.isArray(v35)) return INVALID;
const v36 = new Array(v35.length);
for (let v37 = 0; v37 < v35.length; v37++) {
  const v38 = v35[v37];
  v36[v37] = v38;
}
const v39 = { "formatVersion": v30, "messages": v32, "traces": v36 };
for (const k in v29) {
  if (k === "__proto__") continue;
  if (c3.has(k)) continue;
  v39[k] = v29[k];
}
const v40 = input["score"];
if (typeof v40 !== "object" || v40 === null || Array.isArray(v40)) return INVALID;
const v41 = v40["success"];
if (typeof v41 !== "boolean") return INVALID;
const v42 = v40["finished"];
if (typeof v42 !== "boolean") return INVALID;
const v43 = v40["calls"];
if (typeof v43 !== "number" || !Number.isFinite(v43)) return INVALID;
if (!Number.isSafeInteger(v43)) return INVALID;
if (v43 < 0) return INVALID;
const v44 = v40["callPrecision"];
let v45 = (() => {
  let v46;
  if (v44 !== undefined) {
    let v47 = null;
    if (v44 !== null) {
      if (typeof v44 !== "number" || !Number.isFinite(v44)) return INVALID;
      v47 = v44;
    }
    v46 = v47;
  }
  return v46;
})();
if (v45 === INVALID) {
  if ("callPrecision" in v40) return INVALID;
  v45 = undefined;
}
const v48 = v40["scores"];
if (typeof v48 !== "object" || v48 === null || Array.isArray(v48)) return INVALID;
const v49 = v48["IAC"];
if (typeof v49 !== "number" || !Number.isFinite(v49)) return INVALID;
const v50 = v48["RAC"];
let v51 = null;
if (v50 !== null) {
  if (typeof v50 !== "number" || !Number.isFinite(v50)) return INVALID;
  v51 = v50;
}
const v52 = v48["IAV"];
let v53 = null;
if (v52 !== null) {
  if (typeof v52 !== "number" || !Number.isFinite(v52)) return INVALID;
  v53 = v52;
}
const v54 = v48["IFE"];
let v55 = null;
if (v54 !== null) {
  if (typeof v54 !== "number" || !Number.isFinite(v54)) return INVALID;
  v55 = v54;
}
const v56 = v48["IAT"];
let v57 = null;
if (v56 !== null) {
  if (typeof v56 !== "number" || !Number.isFinite(v56)) return INVALID;
  v57 = v56;
}
const v58 = v48["IAN"];
let v59 = null;
if (v58 !== null) {
  if (typeof v58 !== "number" || !Number.isFinite(v58)) return INVALID;
  v59 = v58;
}
const v60 = v48["IFN"];
let v61 = null;
if (v60 !== null) {
  if (typeof v60 !== "number" || !Number.isFinite(v60)) return INVALID;
  v61 = v60;
}
const v62 = { "IAC": v49, "RAC": v51, "IAV": v53, "IFE": v55, "IAT": v57, "IAN": v59, "IFN": v61 };
const v63 = v40["gold"];
if (typeof v63 !== "object" || v63 === null || Array.isArray(v63)) return INVALID;
const v64 = v63["chosen"];
if (typeof v64 !== "number" || !Number.isFinite(v64)) return INVALID;
if (!Number.isSafeInteger(v64)) return INVALID;
if (v64 < 0) return INVALID;
const v65 = v63["fits"];
if (!Array.isArray(v65)) return INVALID;
const v66 = new Array(v65.length);
for (let v67 = 0; v67 < v65.length; v67++) {
  const v68 = v65[v67];
  v66[v67] = v68;
}
const v69 = { "chosen": v64, "fits": v66 };
for (const k in v63) {
  if (k === "__proto__") continue;
  if (c4.has(k)) continue;
  v69[k] = v63[k];
}
const v70 = v40["marks"];
if (!Array.isArray(v70)) return INVALID;
const v71 = new Array(v70.length);
for (let v72 = 0; v72 < v70.length; v72++) {
  const v73 = v70[v72];
  if (typeof v73 !== "object" || v73 === null || Array.isArray(v73)) return INVALID;
  const v74 = v73["callId"];
  if (typeof v74 !== "string") return INVALID;
  const v75 = v73["api"];
  if (typeof v75 !== "string") return INVALID;
  const v76 = v73["patterns"];
  if (!Array.isArray(v76)) return INVALID;
  const v77 = new Array(v76.length);
  for (let v78 = 0; v78 < v76.length; v78++) {
    const v79 = v76[v78];
    if (typeof v79 !== "string") return INVALID;
    v77[v78] = v79;
  }
  const v80 = { "callId": v74, "api": v75, "patterns": v77 };
  for (const k in v73) {
    if (k === "__proto__") continue;
    if (c5.has(k)) continue;
    v80[k] = v73[k];
  }
  v71[v72] = v80;
}
const v81 = {};
v81["success"] = v41;
v81["finished"] = v42;
v81["calls"] = v43;
if ("callPrecision" in v40) v81["callPrecision"] = v45;
v81["scores"] = v62;
v81["gold"] = v69;
v81["marks"] = v71;
for (const k in v40) {
  if (k === "__proto__") continue;
  if (c6.has(k)) continue;
  v81[k] = v40[k];
}
const v82 = {};
v82["formatVersion"] = v0;
v82["queryId"] = v1;
v82["environment"] = v2;
v82["settings"] = v10;
v82["budgetExhausted"] = v11;
if ("callsNotRun" in input) v82["callsNotRun"] = v13;
v82["trajectory"] = v39;
v82["score"] = v81;
return v82;
})(NOT_SURE, new Set(["native","json","text"]), isPlainObject, Object.prototype.propertyIsEnumerable, new Set(["formatVersion","messages","traces"]), new Set(["chosen","fits"]), new Set(["callId","api","patterns"]), new Set(["success","finished","calls","callPrecision","scores","gold","marks"]));
