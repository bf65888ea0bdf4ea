// @ts-nocheck
// Written by `TOOLGAUGE_WRITE_PARSERS=1 npx vitest run src/engine/compiled-parser-source.test.ts`: do not edit.
// zod's compiled parser of recordSchema (src/benchmarks/sandbox/record.ts).
import { NOT_SURE, isPlainObject } from '../../engine/compiled-parser-helpers.generated.js';

export const parseRecordFields = ((INVALID, c0, c1, c2, c3, c4) => (input) => {
if (typeof input !== "object" || input === null || Array.isArray(input)) return INVALID;
const v0 = input["formatVersion"];
if (v0 !== 1) return INVALID;
const v1 = input["caseId"];
if (typeof v1 !== "string") return INVALID;
const v2 = input["baseId"];
if (typeof v2 !== "string") return INVALID;
const v3 = input["scenarioId"];
if (typeof v3 !== "string") return INVALID;
const v4 = input["augmentation"];
if (typeof v4 !== "string") return INVALID;
const v5 = input["categories"];
if (!Array.isArray(v5)) return INVALID;
const v6 = new Array(v5.length);
for (let v7 = 0; v7 < v5.length; v7++) {
  const v8 = v5[v7];
  if (typeof v8 !== "string") return INVALID;
  v6[v7] = v8;
}
const v9 = input["trial"];
if (typeof v9 !== "number" || !Number.isFinite(v9)) return INVALID;
if (!Number.isSafeInteger(v9)) return INVALID;
if (v9 < 0) return INVALID;
const v10 = input["agent"];
if (typeof v10 !== "string") return INVALID;
const v11 = input["score"];
if (typeof v11 !== "number" || !Number.isFinite(v11)) return INVALID;
const v12 = input["milestoneScore"];
if (typeof v12 !== "number" || !Number.isFinite(v12)) return INVALID;
const v13 = input["minefieldScore"];
if (typeof v13 !== "number" || !Number.isFinite(v13)) return INVALID;
const v14 = input["turnCount"];
if (typeof v14 !== "number" || !Number.isFinite(v14)) return INVALID;
const v15 = input["milestones"];
if (!Array.isArray(v15)) return INVALID;
const v16 = new Array(v15.length);
for (let v17 = 0; v17 < v15.length; v17++) {
  const v18 = v15[v17];
  if (typeof v18 !== "object" || v18 === null || Array.isArray(v18)) return INVALID;
  const v19 = v18["milestone"];
  if (typeof v19 !== "string") return INVALID;
  const v20 = v18["messageIndex"];
  if (typeof v20 !== "number" || !Number.isFinite(v20)) return INVALID;
  const v21 = v18["similarity"];
  if (typeof v21 !== "number" || !Number.isFinite(v21)) return INVALID;
  const v22 = v18["guardrail"];
  let v23 = (() => {
    let v24;
    if (v22 !== undefined) {
      if (typeof v22 !== "object" || v22 === null || Array.isArray(v22)) return INVALID;
      const v25 = v22["table"];
      if (typeof v25 !== "string") return INVALID;
      const v26 = v22["changedAt"];
      if (typeof v26 !== "number" || !Number.isFinite(v26)) return INVALID;
      const v27 = v22["wouldMatch"];
      if (typeof v27 !== "number" || !Number.isFinite(v27)) return INVALID;
      const v28 = v22["unguardedSimilarity"];
      if (typeof v28 !== "number" || !Number.isFinite(v28)) return INVALID;
      const v29 = v22["window"];
      if (!c0.has(v29)) return INVALID;
      const v30 = { "table": v25, "changedAt": v26, "wouldMatch": v27, "unguardedSimilarity": v28, "window": v29 };
      v24 = v30;
    }
    return v24;
  })();
  if (v23 === INVALID) {
    if ("guardrail" in v18) return INVALID;
    v23 = undefined;
  }
  const v31 = {};
  v31["milestone"] = v19;
  v31["messageIndex"] = v20;
  v31["similarity"] = v21;
  if ("guardrail" in v18) v31["guardrail"] = v23;
  v16[v17] = v31;
}
const v32 = input["minefields"];
if (!Array.isArray(v32)) return INVALID;
const v33 = new Array(v32.length);
for (let v34 = 0; v34 < v32.length; v34++) {
  const v35 = v32[v34];
  if (typeof v35 !== "object" || v35 === null || Array.isArray(v35)) return INVALID;
  const v36 = v35["milestone"];
  if (typeof v36 !== "string") return INVALID;
  const v37 = v35["messageIndex"];
  if (typeof v37 !== "number" || !Number.isFinite(v37)) return INVALID;
  const v38 = v35["similarity"];
  if (typeof v38 !== "number" || !Number.isFinite(v38)) return INVALID;
  const v39 = v35["guardrail"];
  let v40 = (() => {
    let v41;
    if (v39 !== undefined) {
      if (typeof v39 !== "object" || v39 === null || Array.isArray(v39)) return INVALID;
      const v42 = v39["table"];
      if (typeof v42 !== "string") return INVALID;
      const v43 = v39["changedAt"];
      if (typeof v43 !== "number" || !Number.isFinite(v43)) return INVALID;
      const v44 = v39["wouldMatch"];
      if (typeof v44 !== "number" || !Number.isFinite(v44)) return INVALID;
      const v45 = v39["unguardedSimilarity"];
      if (typeof v45 !== "number" || !Number.isFinite(v45)) return INVALID;
      const v46 = v39["window"];
      if (!c0.has(v46)) return INVALID;
      const v47 = { "table": v42, "changedAt": v43, "wouldMatch": v44, "unguardedSimilarity": v45, "window": v46 };
      v41 = v47;
    }
    return v41;
  })();
  if (v40 === INVALID) {
    if ("guardrail" in v35) return INVALID;
    v40 = undefined;
  }
  const v48 = {};
  v48["milestone"] = v36;
  v48["messageIndex"] = v37;
  v48["similarity"] = v38;
  if ("guardrail" in v35) v48["guardrail"] = v40;
  v33[v34] = v48;
}
const v49 = input["milestoneGraph"];
let v50 = (() => {
  let v51;
  if (v49 !== undefined) {
    if (typeof v49 !== "object" || v49 === null || Array.isArray(v49)) return INVALID;
    const v52 = v49["nodes"];
    if (!Array.isArray(v52)) return INVALID;
    const v53 = new Array(v52.length);
    for (let v54 = 0; v54 < v52.length; v54++) {
      const v55 = v52[v54];
      if (typeof v55 !== "object" || v55 === null || Array.isArray(v55)) return INVALID;
      const v56 = v55["id"];
      if (typeof v56 !== "string") return INVALID;
      const v57 = v55["description"];
      let v58 = (() => {
        let v59;
        if (v57 !== undefined) {
          if (typeof v57 !== "string") return INVALID;
          v59 = v57;
        }
        return v59;
      })();
      if (v58 === INVALID) {
        if ("description" in v55) return INVALID;
        v58 = undefined;
      }
      const v60 = v55["scored"];
      if (typeof v60 !== "boolean") return INVALID;
      const v61 = {};
      v61["id"] = v56;
      if ("description" in v55) v61["description"] = v58;
      v61["scored"] = v60;
      v53[v54] = v61;
    }
    const v62 = v49["edges"];
    if (!Array.isArray(v62)) return INVALID;
    const v63 = new Array(v62.length);
    for (let v64 = 0; v64 < v62.length; v64++) {
      const v65 = v62[v64];
      if (!Array.isArray(v65)) return INVALID;
      if (v65.length < 2 || v65.length > 2) return INVALID;
      const v66 = [];
      const v67 = v65[0];
      if (typeof v67 !== "string") return INVALID;
      v66[0] = v67;
      const v68 = v65[1];
      if (typeof v68 !== "string") return INVALID;
      v66[1] = v68;
      v63[v64] = v66;
    }
    const v69 = { "nodes": v53, "edges": v63 };
    v51 = v69;
  }
  return v51;
})();
if (v50 === INVALID) {
  if ("milestoneGraph" in input) return INVALID;
  v50 = undefined;
}
const v70 = input["minefieldGraph"];
let v71 = (() => {
  let v72;
  if (v70 !== undefined) {
    if (typeof v70 !== "object" || v70 === null || Array.isArray(v70)) return INVALID;
    const v73 = v70["nodes"];
    if (!Array.isArray(v73)) return INVALID;
    const v74 = new Array(v73.length);
    for (let v75 = 0; v75 < v73.length; v75++) {
      const v76 = v73[v75];
      if (typeof v76 !== "object" || v76 === null || Array.isArray(v76)) return INVALID;
      const v77 = v76["id"];
      if (typeof v77 !== "string") return INVALID;
      const v78 = v76["description"];
      let v79 = (() => {
        let v80;
        if (v78 !== undefined) {
          if (typeof v78 !== "string") return INVALID;
          v80 = v78;
        }
        return v80;
      })();
      if (v79 === INVALID) {
        if ("description" in v76) return INVALID;
        v79 = undefined;
      }
      const v81 = v76["scored"];
      if (typeof v81 !== "boolean") return INVALID;
      const v82 = {};
      v82["id"] = v77;
      if ("description" in v76) v82["description"] = v79;
      v82["scored"] = v81;
      v74[v75] = v82;
    }
    const v83 = v70["edges"];
    if (!Array.isArray(v83)) return INVALID;
    const v84 = new Array(v83.length);
    for (let v85 = 0; v85 < v83.length; v85++) {
      const v86 = v83[v85];
      if (!Array.isArray(v86)) return INVALID;
      if (v86.length < 2 || v86.length > 2) return INVALID;
      const v87 = [];
      const v88 = v86[0];
      if (typeof v88 !== "string") return INVALID;
      v87[0] = v88;
      const v89 = v86[1];
      if (typeof v89 !== "string") return INVALID;
      v87[1] = v89;
      v84[v85] = v87;
    }
    const v90 = { "nodes": v74, "edges": v84 };
    v72 = v90;
  }
  return v72;
})();
if (v71 === INVALID) {
  if ("minefieldGraph" in input) return INVALID;
  v71 = undefined;
}
const v91 = input["termination"];
if (typeof v91 !== "object" || v91 === null || Array.isArray(v91)) return INVALID;
const v92 = v91["type"];
if (typeof v92 !== "string") return INVALID;
const v93 = { "type": v92 };
for (const k in v91) {
  if (k === "__proto__") continue;
  if (c1.has(k)) continue;
  v93[k] = v91[k];
}
const v94 = input["diagnostics"];
if (!c2(v94)) return INVALID;
const v95 = {};
const v98 = Object.getOwnPropertySymbols(v94);
const v99 = Object.getOwnPropertyNames(v94);
for (let v100 = 0; v100 < v99.length; v100++) {
  const v96 = v99[v100];
  if (v96 === "__proto__" || !c3.call(v94, v96)) continue;
  const v97 = v94[v96];
  if (typeof v97 !== "number" || !Number.isFinite(v97)) return INVALID;
  v95[v96] = v97;
}
for (let v100 = 0; v100 < v98.length; v100++) {
  const v96 = v98[v100];
  if (!c3.call(v94, v96)) continue;
  return INVALID;
}
const v101 = input["trajectory"];
if (!("trajectory" in input)) return INVALID;
const v102 = {};
v102["formatVersion"] = v0;
v102["caseId"] = v1;
v102["baseId"] = v2;
v102["scenarioId"] = v3;
v102["augmentation"] = v4;
v102["categories"] = v6;
v102["trial"] = v9;
v102["agent"] = v10;
v102["score"] = v11;
v102["milestoneScore"] = v12;
v102["minefieldScore"] = v13;
v102["turnCount"] = v14;
v102["milestones"] = v16;
v102["minefields"] = v33;
if ("milestoneGraph" in input) v102["milestoneGraph"] = v50;
if ("minefieldGraph" in input) v102["minefieldGraph"] = v71;
v102["termination"] = v93;
v102["diagnostics"] = v95;
if (v101 !== undefined || "trajectory" in input) v102["trajectory"] = v101;
for (const k in input) {
  if (k === "__proto__") continue;
  if (c4.has(k)) continue;
  v102[k] = input[k];
}
return v102;
})(NOT_SURE, new Set(["before","after"]), new Set(["type"]), isPlainObject, Object.prototype.propertyIsEnumerable, new Set(["formatVersion","caseId","baseId","scenarioId","augmentation","categories","trial","agent","score","milestoneScore","minefieldScore","turnCount","milestones","minefields","milestoneGraph","minefieldGraph","termination","diagnostics","trajectory"]));
