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
const v63 = input["judgements"];
let v64 = (() => {
  let v65;
  if (v63 !== undefined) {
    if (!Array.isArray(v63)) return INVALID;
    const v66 = new Array(v63.length);
    for (let v67 = 0; v67 < v63.length; v67++) {
      const v68 = v63[v67];
      if (typeof v68 !== "object" || v68 === null || Array.isArray(v68)) return INVALID;
      const v69 = v68["milestone"];
      if (typeof v69 !== "string") return INVALID;
      const v70 = v68["messageIndex"];
      if (typeof v70 !== "number" || !Number.isFinite(v70)) return INVALID;
      const v71 = v68["correct"];
      if (typeof v71 !== "boolean") return INVALID;
      const v72 = v68["typed"];
      if (typeof v72 !== "boolean") return INVALID;
      const v73 = v68["reason"];
      if (typeof v73 !== "string") return INVALID;
      const v74 = { "milestone": v69, "messageIndex": v70, "correct": v71, "typed": v72, "reason": v73 };
      v66[v67] = v74;
    }
    v65 = v66;
  }
  return v65;
})();
if (v64 === INVALID) {
  if ("judgements" in input) return INVALID;
  v64 = undefined;
}
const v75 = input["milestoneGraph"];
let v76 = (() => {
  let v77;
  if (v75 !== undefined) {
    if (typeof v75 !== "object" || v75 === null || Array.isArray(v75)) return INVALID;
    const v78 = v75["nodes"];
    if (!Array.isArray(v78)) return INVALID;
    const v79 = new Array(v78.length);
    for (let v80 = 0; v80 < v78.length; v80++) {
      const v81 = v78[v80];
      if (typeof v81 !== "object" || v81 === null || Array.isArray(v81)) return INVALID;
      const v82 = v81["id"];
      if (typeof v82 !== "string") return INVALID;
      const v83 = v81["description"];
      let v84 = (() => {
        let v85;
        if (v83 !== undefined) {
          if (typeof v83 !== "string") return INVALID;
          v85 = v83;
        }
        return v85;
      })();
      if (v84 === INVALID) {
        if ("description" in v81) return INVALID;
        v84 = undefined;
      }
      const v86 = v81["scored"];
      if (typeof v86 !== "boolean") return INVALID;
      const v87 = {};
      v87["id"] = v82;
      if ("description" in v81) v87["description"] = v84;
      v87["scored"] = v86;
      v79[v80] = v87;
    }
    const v88 = v75["edges"];
    if (!Array.isArray(v88)) return INVALID;
    const v89 = new Array(v88.length);
    for (let v90 = 0; v90 < v88.length; v90++) {
      const v91 = v88[v90];
      if (!Array.isArray(v91)) return INVALID;
      if (v91.length < 2 || v91.length > 2) return INVALID;
      const v92 = [];
      const v93 = v91[0];
      if (typeof v93 !== "string") return INVALID;
      v92[0] = v93;
      const v94 = v91[1];
      if (typeof v94 !== "string") return INVALID;
      v92[1] = v94;
      v89[v90] = v92;
    }
    const v95 = { "nodes": v79, "edges": v89 };
    v77 = v95;
  }
  return v77;
})();
if (v76 === INVALID) {
  if ("milestoneGraph" in input) return INVALID;
  v76 = undefined;
}
const v96 = input["minefieldGraph"];
let v97 = (() => {
  let v98;
  if (v96 !== undefined) {
    if (typeof v96 !== "object" || v96 === null || Array.isArray(v96)) return INVALID;
    const v99 = v96["nodes"];
    if (!Array.isArray(v99)) return INVALID;
    const v100 = new Array(v99.length);
    for (let v101 = 0; v101 < v99.length; v101++) {
      const v102 = v99[v101];
      if (typeof v102 !== "object" || v102 === null || Array.isArray(v102)) return INVALID;
      const v103 = v102["id"];
      if (typeof v103 !== "string") return INVALID;
      const v104 = v102["description"];
      let v105 = (() => {
        let v106;
        if (v104 !== undefined) {
          if (typeof v104 !== "string") return INVALID;
          v106 = v104;
        }
        return v106;
      })();
      if (v105 === INVALID) {
        if ("description" in v102) return INVALID;
        v105 = undefined;
      }
      const v107 = v102["scored"];
      if (typeof v107 !== "boolean") return INVALID;
      const v108 = {};
      v108["id"] = v103;
      if ("description" in v102) v108["description"] = v105;
      v108["scored"] = v107;
      v100[v101] = v108;
    }
    const v109 = v96["edges"];
    if (!Array.isArray(v109)) return INVALID;
    const v110 = new Array(v109.length);
    for (let v111 = 0; v111 < v109.length; v111++) {
      const v112 = v109[v111];
      if (!Array.isArray(v112)) return INVALID;
      if (v112.length < 2 || v112.length > 2) return INVALID;
      const v113 = [];
      const v114 = v112[0];
      if (typeof v114 !== "string") return INVALID;
      v113[0] = v114;
      const v115 = v112[1];
      if (typeof v115 !== "string") return INVALID;
      v113[1] = v115;
      v110[v111] = v113;
    }
    const v116 = { "nodes": v100, "edges": v110 };
    v98 = v116;
  }
  return v98;
})();
if (v97 === INVALID) {
  if ("minefieldGraph" in input) return INVALID;
  v97 = undefined;
}
const v117 = input["termination"];
if (typeof v117 !== "object" || v117 === null || Array.isArray(v117)) return INVALID;
const v118 = v117["type"];
if (typeof v118 !== "string") return INVALID;
const v119 = { "type": v118 };
for (const k in v117) {
  if (k === "__proto__") continue;
  if (c2.has(k)) continue;
  v119[k] = v117[k];
}
const v120 = input["diagnostics"];
if (!c3(v120)) return INVALID;
const v121 = {};
const v124 = Object.getOwnPropertySymbols(v120);
const v125 = Object.getOwnPropertyNames(v120);
for (let v126 = 0; v126 < v125.length; v126++) {
  const v122 = v125[v126];
  if (v122 === "__proto__" || !c4.call(v120, v122)) continue;
  const v123 = v120[v122];
  if (typeof v123 !== "number" || !Number.isFinite(v123)) return INVALID;
  v121[v122] = v123;
}
for (let v126 = 0; v126 < v124.length; v126++) {
  const v122 = v124[v126];
  if (!c4.call(v120, v122)) continue;
  return INVALID;
}
const v127 = input["trajectory"];
if (!("trajectory" in input)) return INVALID;
const v128 = {};
v128["formatVersion"] = v0;
v128["caseId"] = v1;
v128["baseId"] = v2;
v128["scenarioId"] = v3;
v128["augmentation"] = v4;
v128["categories"] = v6;
v128["trial"] = v9;
v128["agent"] = v10;
v128["score"] = v11;
v128["milestoneScore"] = v12;
v128["minefieldScore"] = v13;
v128["turnCount"] = v14;
v128["milestones"] = v16;
v128["minefields"] = v33;
if ("penalties" in input) v128["penalties"] = v50;
if ("judgements" in input) v128["judgements"] = v64;
if ("milestoneGraph" in input) v128["milestoneGraph"] = v76;
if ("minefieldGraph" in input) v128["minefieldGraph"] = v97;
v128["termination"] = v119;
v128["diagnostics"] = v121;
if (v127 !== undefined || "trajectory" in input) v128["trajectory"] = v127;
for (const k in input) {
  if (k === "__proto__") continue;
  if (c5.has(k)) continue;
  v128[k] = input[k];
}
return v128;
})(NOT_SURE, new Set(["before","after"]), new Set(["ungrounded-claim","misinformed","wrong-change"]), new Set(["type"]), isPlainObject, Object.prototype.propertyIsEnumerable, new Set(["formatVersion","caseId","baseId","scenarioId","augmentation","categories","trial","agent","score","milestoneScore","minefieldScore","turnCount","milestones","minefields","penalties","judgements","milestoneGraph","minefieldGraph","termination","diagnostics","trajectory"]));
