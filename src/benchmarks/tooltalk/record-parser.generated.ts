// @ts-nocheck
// Written by `TOOLGAUGE_WRITE_PARSERS=1 npx vitest run src/engine/compiled-parser-source.test.ts`: do not edit.
// zod's compiled parser of tooltalkRecordSchema (src/benchmarks/tooltalk/record-schema.ts).
import { NOT_SURE, isPlainObject } from '../../engine/compiled-parser-helpers.generated.js';

export const parseToolTalkRecordFields = ((INVALID, c0, c1, c2, c3) => (input) => {
if (typeof input !== "object" || input === null || Array.isArray(input)) return INVALID;
const v0 = input["formatVersion"];
if (v0 !== 1) return INVALID;
const v1 = input["caseId"];
if (typeof v1 !== "string") return INVALID;
const v2 = input["mode"];
if (!c0.has(v2)) return INVALID;
const v3 = input["toolSet"];
if (typeof v3 !== "string") return INVALID;
const v4 = input["documentation"];
if (typeof v4 !== "boolean") return INVALID;
const v5 = input["maxCallsPerTurn"];
if (typeof v5 !== "number" || !Number.isFinite(v5)) return INVALID;
const v6 = input["embedder"];
let v7 = null;
if (v6 !== null) {
  if (typeof v6 !== "string") return INVALID;
  v7 = v6;
}
const v8 = input["turns"];
if (!Array.isArray(v8)) return INVALID;
const v9 = new Array(v8.length);
for (let v10 = 0; v10 < v8.length; v10++) {
  const v11 = v8[v10];
  if (typeof v11 !== "object" || v11 === null || Array.isArray(v11)) return INVALID;
  const v12 = v11["turnIndex"];
  if (typeof v12 !== "number" || !Number.isFinite(v12)) return INVALID;
  if (!Number.isSafeInteger(v12)) return INVALID;
  const v13 = v11["predictions"];
  if (!Array.isArray(v13)) return INVALID;
  const v14 = new Array(v13.length);
  for (let v15 = 0; v15 < v13.length; v15++) {
    const v16 = v13[v15];
    if (typeof v16 !== "object" || v16 === null || Array.isArray(v16)) return INVALID;
    const v17 = v16["request"];
    if (typeof v17 !== "object" || v17 === null || Array.isArray(v17)) return INVALID;
    const v18 = v17["api_name"];
    if (typeof v18 !== "string") return INVALID;
    const v19 = v17["parameters"];
    let v20 = null;
    if (v19 !== null) {
      if (!c1(v19)) return INVALID;
      const v21 = {};
      const v24 = Object.getOwnPropertySymbols(v19);
      const v25 = Object.getOwnPropertyNames(v19);
      for (let v26 = 0; v26 < v25.length; v26++) {
        const v22 = v25[v26];
        if (v22 === "__proto__" || !c2.call(v19, v22)) continue;
        const v23 = v19[v22];
        v21[v22] = v23;
      }
      for (let v26 = 0; v26 < v24.length; v26++) {
        const v22 = v24[v26];
        if (!c2.call(v19, v22)) continue;
        return INVALID;
      }
      v20 = v21;
    }
    const v27 = { "api_name": v18, "parameters": v20 };
    const v28 = v16["response"];
    if (!("response" in v16)) return INVALID;
    const v29 = v16["exception"];
    let v30 = null;
    if (v29 !== null) {
      if (typeof v29 !== "string") return INVALID;
      v30 = v29;
    }
    const v31 = v16["match"];
    if (typeof v31 !== "boolean") return INVALID;
    const v32 = v16["incorrectAction"];
    if (typeof v32 !== "boolean") return INVALID;
    const v33 = {};
    v33["request"] = v27;
    if (v28 !== undefined || "response" in v16) v33["response"] = v28;
    v33["exception"] = v30;
    v33["match"] = v31;
    v33["incorrectAction"] = v32;
    v14[v15] = v33;
  }
  const v34 = v11["groundTruth"];
  if (!Array.isArray(v34)) return INVALID;
  const v35 = new Array(v34.length);
  for (let v36 = 0; v36 < v34.length; v36++) {
    const v37 = v34[v36];
    if (typeof v37 !== "object" || v37 === null || Array.isArray(v37)) return INVALID;
    const v38 = v37["request"];
    if (typeof v38 !== "object" || v38 === null || Array.isArray(v38)) return INVALID;
    const v39 = v38["api_name"];
    if (typeof v39 !== "string") return INVALID;
    const v40 = v38["parameters"];
    let v41 = null;
    if (v40 !== null) {
      if (!c1(v40)) return INVALID;
      const v42 = {};
      const v45 = Object.getOwnPropertySymbols(v40);
      const v46 = Object.getOwnPropertyNames(v40);
      for (let v47 = 0; v47 < v46.length; v47++) {
        const v43 = v46[v47];
        if (v43 === "__proto__" || !c2.call(v40, v43)) continue;
        const v44 = v40[v43];
        v42[v43] = v44;
      }
      for (let v47 = 0; v47 < v45.length; v47++) {
        const v43 = v45[v47];
        if (!c2.call(v40, v43)) continue;
        return INVALID;
      }
      v41 = v42;
    }
    const v48 = { "api_name": v39, "parameters": v41 };
    const v49 = v37["response"];
    if (!("response" in v37)) return INVALID;
    const v50 = v37["exception"];
    let v51 = null;
    if (v50 !== null) {
      if (typeof v50 !== "string") return INVALID;
      v51 = v50;
    }
    const v52 = v37["match"];
    if (typeof v52 !== "boolean") return INVALID;
    const v53 = {};
    v53["request"] = v48;
    if (v49 !== undefined || "response" in v37) v53["response"] = v49;
    v53["exception"] = v51;
    v53["match"] = v52;
    v35[v36] = v53;
  }
  const v54 = v11["reply"];
  let v55 = null;
  if (v54 !== null) {
    if (typeof v54 !== "string") return INVALID;
    v55 = v54;
  }
  const v56 = v11["callCapHit"];
  if (typeof v56 !== "boolean") return INVALID;
  const v57 = v11["termination"];
  let v58;
  v58 = (() => {
    if (typeof v57 !== "object" || v57 === null || Array.isArray(v57)) return INVALID;
    const v59 = v57["type"];
    if (v59 !== "user-ended") return INVALID;
    const v60 = { "type": v59 };
    return v60;
  })();
  if (v58 === INVALID) v58 = (() => {
    if (typeof v57 !== "object" || v57 === null || Array.isArray(v57)) return INVALID;
    const v61 = v57["type"];
    if (v61 !== "max-messages") return INVALID;
    const v62 = v57["limit"];
    if (typeof v62 !== "number" || !Number.isFinite(v62)) return INVALID;
    const v63 = { "type": v61, "limit": v62 };
    return v63;
  })();
  if (v58 === INVALID) v58 = (() => {
    if (typeof v57 !== "object" || v57 === null || Array.isArray(v57)) return INVALID;
    const v64 = v57["type"];
    if (v64 !== "agent-failure") return INVALID;
    const v65 = v57["message"];
    if (typeof v65 !== "string") return INVALID;
    const v66 = { "type": v64, "message": v65 };
    return v66;
  })();
  if (v58 === INVALID) v58 = (() => {
    if (typeof v57 !== "object" || v57 === null || Array.isArray(v57)) return INVALID;
    const v67 = v57["type"];
    if (v67 !== "infrastructure-failure") return INVALID;
    const v68 = v57["message"];
    if (typeof v68 !== "string") return INVALID;
    const v69 = v57["role"];
    let v70 = (() => {
      let v71;
      if (v69 !== undefined) {
        if (typeof v69 !== "string") return INVALID;
        v71 = v69;
      }
      return v71;
    })();
    if (v70 === INVALID) {
      if ("role" in v57) return INVALID;
      v70 = undefined;
    }
    const v72 = {};
    v72["type"] = v67;
    v72["message"] = v68;
    if ("role" in v57) v72["role"] = v70;
    return v72;
  })();
  if (v58 === INVALID) return INVALID;
  const v73 = v11["trajectory"];
  let v74 = (() => {
    let v75;
    if (v73 !== undefined) {
      if (typeof v73 !== "object" || v73 === null || Array.isArray(v73)) return INVALID;
      const v76 = v73["formatVersion"];
      if (v76 !== 1) return INVALID;
      const v77 = v73["episodeId"];
      if (typeof v77 !== "string") return INVALID;
      const v78 = v73["messages"];
      if (!Array.isArray(v78)) return INVALID;
      const v79 = new Array(v78.length);
      for (let v80 = 0; v80 < v78.length; v80++) {
        const v81 = v78[v80];
        v79[v80] = v81;
      }
      const v82 = v73["traces"];
      if (!Array.isArray(v82)) return INVALID;
      const v83 = new Array(v82.length);
      for (let v84 = 0; v84 < v82.length; v84++) {
        const v85 = v82[v84];
        v83[v84] = v85;
      }
      const v86 = { "formatVersion": v76, "episodeId": v77, "messages": v79, "traces": v83 };
      for (const k in v73) {
        if (k === "__proto__") continue;
        if (c3.has(k)) continue;
        v86[k] = v73[k];
      }
      v75 = v86;
    }
    return v75;
  })();
  if (v74 === INVALID) {
    if ("trajectory" in v11) return INVALID;
    v74 = undefined;
  }
  const v87 = {};
  v87["turnIndex"] = v12;
  v87["predictions"] = v14;
  v87["groundTruth"] = v35;
  v87["reply"] = v55;
  v87["callCapHit"] = v56;
  v87["termination"] = v58;
  if ("trajectory" in v11) v87["trajectory"] = v74;
  v9[v10] = v87;
}
const v88 = input["metrics"];
let v89 = null;
if (v88 !== null) {
  if (!c1(v88)) return INVALID;
  const v90 = {};
  const v93 = Object.getOwnPropertySymbols(v88);
  const v94 = Object.getOwnPropertyNames(v88);
  for (let v95 = 0; v95 < v94.length; v95++) {
    const v91 = v94[v95];
    if (v91 === "__proto__" || !c2.call(v88, v91)) continue;
    const v92 = v88[v91];
    let v96;
    v96 = (() => {
      if (typeof v92 !== "number" || !Number.isFinite(v92)) return INVALID;
      return v92;
    })();
    if (v96 === INVALID) v96 = (() => {
      if (typeof v92 !== "boolean") return INVALID;
      return v92;
    })();
    if (v96 === INVALID) return INVALID;
    v90[v91] = v96;
  }
  for (let v95 = 0; v95 < v93.length; v95++) {
    const v91 = v93[v95];
    if (!c2.call(v88, v91)) continue;
    return INVALID;
  }
  v89 = v90;
}
const v97 = input["errorTypes"];
let v98 = null;
if (v97 !== null) {
  if (typeof v97 !== "object" || v97 === null || Array.isArray(v97)) return INVALID;
  const v99 = v97["overTrigger"];
  if (typeof v99 !== "number" || !Number.isFinite(v99)) return INVALID;
  const v100 = v97["badPlanning"];
  if (typeof v100 !== "number" || !Number.isFinite(v100)) return INVALID;
  const v101 = v97["badCall"];
  if (typeof v101 !== "number" || !Number.isFinite(v101)) return INVALID;
  const v102 = { "overTrigger": v99, "badPlanning": v100, "badCall": v101 };
  v98 = v102;
}
const v103 = input["reference"];
let v104 = (() => {
  let v105;
  if (v103 !== undefined) {
    if (typeof v103 !== "object" || v103 === null || Array.isArray(v103)) return INVALID;
    const v106 = v103["file"];
    if (typeof v106 !== "string") return INVALID;
    const v107 = v103["metrics"];
    let v108 = null;
    if (v107 !== null) {
      if (!c1(v107)) return INVALID;
      const v109 = {};
      const v112 = Object.getOwnPropertySymbols(v107);
      const v113 = Object.getOwnPropertyNames(v107);
      for (let v114 = 0; v114 < v113.length; v114++) {
        const v110 = v113[v114];
        if (v110 === "__proto__" || !c2.call(v107, v110)) continue;
        const v111 = v107[v110];
        let v115;
        v115 = (() => {
          if (typeof v111 !== "number" || !Number.isFinite(v111)) return INVALID;
          return v111;
        })();
        if (v115 === INVALID) v115 = (() => {
          if (typeof v111 !== "boolean") return INVALID;
          return v111;
        })();
        if (v115 === INVALID) return INVALID;
        v109[v110] = v115;
      }
      for (let v114 = 0; v114 < v112.length; v114++) {
        const v110 = v112[v114];
        if (!c2.call(v107, v110)) continue;
        return INVALID;
      }
      v108 = v109;
    }
    const v116 = v103["differences"];
    let v117 = null;
    if (v116 !== null) {
      if (!Array.isArray(v116)) return INVALID;
      const v118 = new Array(v116.length);
      for (let v119 = 0; v119 < v116.length; v119++) {
        const v120 = v116[v119];
        if (typeof v120 !== "string") return INVALID;
        v118[v119] = v120;
      }
      v117 = v118;
    }
    const v121 = { "file": v106, "metrics": v108, "differences": v117 };
    v105 = v121;
  }
  return v105;
})();
if (v104 === INVALID) {
  if ("reference" in input) return INVALID;
  v104 = undefined;
}
const v122 = {};
v122["formatVersion"] = v0;
v122["caseId"] = v1;
v122["mode"] = v2;
v122["toolSet"] = v3;
v122["documentation"] = v4;
v122["maxCallsPerTurn"] = v5;
v122["embedder"] = v7;
v122["turns"] = v9;
v122["metrics"] = v89;
v122["errorTypes"] = v98;
if ("reference" in input) v122["reference"] = v104;
return v122;
})(NOT_SURE, new Set(["default","reference-compatible"]), isPlainObject, Object.prototype.propertyIsEnumerable, new Set(["formatVersion","episodeId","messages","traces"]));
