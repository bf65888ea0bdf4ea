// @ts-nocheck
// Written by `TOOLGAUGE_WRITE_PARSERS=1 npx vitest run src/engine/compiled-parser-source.test.ts`: do not edit.
// zod's compiled parser of recordSchema (src/benchmarks/sandbox/record.ts).
import { NOT_SURE, isPlainObject } from '../../engine/compiled-parser-helpers.generated.js';

export const parseRecordFields = ((INVALID, c0, c1, c2, c3, c4, c5) => (input) => {
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
const v49 = input["penalties"];
let v50 = (() => {
  let v51;
  if (v49 !== undefined) {
    if (!Array.isArray(v49)) return INVALID;
    const v52 = new Array(v49.length);
    for (let v53 = 0; v53 < v49.length; v53++) {
      const v54 = v49[v53];
      if (typeof v54 !== "object" || v54 === null || Array.isArray(v54)) return INVALID;
      const v55 = v54["kind"];
      if (!c1.has(v55)) return INVALID;
      const v56 = v54["messageIndex"];
      if (typeof v56 !== "number" || !Number.isFinite(v56)) return INVALID;
      const v57 = v54["milestone"];
      let v58 = (() => {
        let v59;
        if (v57 !== undefined) {
          if (typeof v57 !== "string") return INVALID;
          v59 = v57;
        }
        return v59;
      })();
      if (v58 === INVALID) {
        if ("milestone" in v54) return INVALID;
        v58 = undefined;
      }
      const v60 = v54["factor"];
      if (typeof v60 !== "number" || !Number.isFinite(v60)) return INVALID;
      const v61 = v54["detail"];
      if (typeof v61 !== "string") return INVALID;
      const v62 = {};
      v62["kind"] = v55;
      v62["messageIndex"] = v56;
      if ("milestone" in v54) v62["milestone"] = v58;
      v62["factor"] = v60;
      v62["detail"] = v61;
      v52[v53] = v62;
    }
    v51 = v52;
  }
  return v51;
})();
if (v50 === INVALID) {
  if ("penalties" in input) return INVALID;
  v50 = undefined;
}
const v63 = input["milestoneGraph"];
let v64 = (() => {
  let v65;
  if (v63 !== undefined) {
    if (typeof v63 !== "object" || v63 === null || Array.isArray(v63)) return INVALID;
    const v66 = v63["nodes"];
    if (!Array.isArray(v66)) return INVALID;
    const v67 = new Array(v66.length);
    for (let v68 = 0; v68 < v66.length; v68++) {
      const v69 = v66[v68];
      if (typeof v69 !== "object" || v69 === null || Array.isArray(v69)) return INVALID;
      const v70 = v69["id"];
      if (typeof v70 !== "string") return INVALID;
      const v71 = v69["description"];
      let v72 = (() => {
        let v73;
        if (v71 !== undefined) {
          if (typeof v71 !== "string") return INVALID;
          v73 = v71;
        }
        return v73;
      })();
      if (v72 === INVALID) {
        if ("description" in v69) return INVALID;
        v72 = undefined;
      }
      const v74 = v69["scored"];
      if (typeof v74 !== "boolean") return INVALID;
      const v75 = {};
      v75["id"] = v70;
      if ("description" in v69) v75["description"] = v72;
      v75["scored"] = v74;
      v67[v68] = v75;
    }
    const v76 = v63["edges"];
    if (!Array.isArray(v76)) return INVALID;
    const v77 = new Array(v76.length);
    for (let v78 = 0; v78 < v76.length; v78++) {
      const v79 = v76[v78];
      if (!Array.isArray(v79)) return INVALID;
      if (v79.length < 2 || v79.length > 2) return INVALID;
      const v80 = [];
      const v81 = v79[0];
      if (typeof v81 !== "string") return INVALID;
      v80[0] = v81;
      const v82 = v79[1];
      if (typeof v82 !== "string") return INVALID;
      v80[1] = v82;
      v77[v78] = v80;
    }
    const v83 = { "nodes": v67, "edges": v77 };
    v65 = v83;
  }
  return v65;
})();
if (v64 === INVALID) {
  if ("milestoneGraph" in input) return INVALID;
  v64 = undefined;
}
const v84 = input["minefieldGraph"];
let v85 = (() => {
  let v86;
  if (v84 !== undefined) {
    if (typeof v84 !== "object" || v84 === null || Array.isArray(v84)) return INVALID;
    const v87 = v84["nodes"];
    if (!Array.isArray(v87)) return INVALID;
    const v88 = new Array(v87.length);
    for (let v89 = 0; v89 < v87.length; v89++) {
      const v90 = v87[v89];
      if (typeof v90 !== "object" || v90 === null || Array.isArray(v90)) return INVALID;
      const v91 = v90["id"];
      if (typeof v91 !== "string") return INVALID;
      const v92 = v90["description"];
      let v93 = (() => {
        let v94;
        if (v92 !== undefined) {
          if (typeof v92 !== "string") return INVALID;
          v94 = v92;
        }
        return v94;
      })();
      if (v93 === INVALID) {
        if ("description" in v90) return INVALID;
        v93 = undefined;
      }
      const v95 = v90["scored"];
      if (typeof v95 !== "boolean") return INVALID;
      const v96 = {};
      v96["id"] = v91;
      if ("description" in v90) v96["description"] = v93;
      v96["scored"] = v95;
      v88[v89] = v96;
    }
    const v97 = v84["edges"];
    if (!Array.isArray(v97)) return INVALID;
    const v98 = new Array(v97.length);
    for (let v99 = 0; v99 < v97.length; v99++) {
      const v100 = v97[v99];
      if (!Array.isArray(v100)) return INVALID;
      if (v100.length < 2 || v100.length > 2) return INVALID;
      const v101 = [];
      const v102 = v100[0];
      if (typeof v102 !== "string") return INVALID;
      v101[0] = v102;
      const v103 = v100[1];
      if (typeof v103 !== "string") return INVALID;
      v101[1] = v103;
      v98[v99] = v101;
    }
    const v104 = { "nodes": v88, "edges": v98 };
    v86 = v104;
  }
  return v86;
})();
if (v85 === INVALID) {
  if ("minefieldGraph" in input) return INVALID;
  v85 = undefined;
}
const v105 = input["termination"];
if (typeof v105 !== "object" || v105 === null || Array.isArray(v105)) return INVALID;
const v106 = v105["type"];
if (typeof v106 !== "string") return INVALID;
const v107 = { "type": v106 };
for (const k in v105) {
  if (k === "__proto__") continue;
  if (c2.has(k)) continue;
  v107[k] = v105[k];
}
const v108 = input["diagnostics"];
if (!c3(v108)) return INVALID;
const v109 = {};
const v112 = Object.getOwnPropertySymbols(v108);
const v113 = Object.getOwnPropertyNames(v108);
for (let v114 = 0; v114 < v113.length; v114++) {
  const v110 = v113[v114];
  if (v110 === "__proto__" || !c4.call(v108, v110)) continue;
  const v111 = v108[v110];
  if (typeof v111 !== "number" || !Number.isFinite(v111)) return INVALID;
  v109[v110] = v111;
}
for (let v114 = 0; v114 < v112.length; v114++) {
  const v110 = v112[v114];
  if (!c4.call(v108, v110)) continue;
  return INVALID;
}
const v115 = input["trajectory"];
if (!("trajectory" in input)) return INVALID;
const v116 = {};
v116["formatVersion"] = v0;
v116["caseId"] = v1;
v116["baseId"] = v2;
v116["scenarioId"] = v3;
v116["augmentation"] = v4;
v116["categories"] = v6;
v116["trial"] = v9;
v116["agent"] = v10;
v116["score"] = v11;
v116["milestoneScore"] = v12;
v116["minefieldScore"] = v13;
v116["turnCount"] = v14;
v116["milestones"] = v16;
v116["minefields"] = v33;
if ("penalties" in input) v116["penalties"] = v50;
if ("milestoneGraph" in input) v116["milestoneGraph"] = v64;
if ("minefieldGraph" in input) v116["minefieldGraph"] = v85;
v116["termination"] = v107;
v116["diagnostics"] = v109;
if (v115 !== undefined || "trajectory" in input) v116["trajectory"] = v115;
for (const k in input) {
  if (k === "__proto__") continue;
  if (c5.has(k)) continue;
  v116[k] = input[k];
}
return v116;
})(NOT_SURE, new Set(["before","after"]), new Set(["ungrounded-claim","misinformed","wrong-change"]), new Set(["type"]), isPlainObject, Object.prototype.propertyIsEnumerable, new Set(["formatVersion","caseId","baseId","scenarioId","augmentation","categories","trial","agent","score","milestoneScore","minefieldScore","turnCount","milestones","minefields","penalties","milestoneGraph","minefieldGraph","termination","diagnostics","trajectory"]));
