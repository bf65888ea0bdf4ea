// @ts-nocheck
// Written by `TOOLGAUGE_WRITE_PARSERS=1 npx vitest run src/engine/compiled-parser-source.test.ts`: do not edit.
// zod's compiled parser of trajectorySchema (src/engine/trajectory-schema.ts).
import { NOT_SURE, isPlainObject } from './compiled-parser-helpers.generated.js';

export const parseTrajectoryFields = ((INVALID, c0, c1, c2, c3, c4, c5, c6, c7, c8, c9, c10, c11, c12, c13, c14) => (input) => {
if (typeof input !== "object" || input === null || Array.isArray(input)) return INVALID;
const v0 = input["formatVersion"];
if (v0 !== 1) return INVALID;
const v1 = input["episodeId"];
if (typeof v1 !== "string") return INVALID;
const v2 = input["agent"];
if (typeof v2 !== "string") return INVALID;
const v3 = input["user"];
if (typeof v3 !== "string") return INVALID;
const v4 = input["seed"];
if (typeof v4 !== "string") return INVALID;
const v5 = input["clock"];
if (typeof v5 !== "object" || v5 === null || Array.isArray(v5)) return INVALID;
const v6 = v5["now"];
if (typeof v6 !== "number" || !Number.isFinite(v6)) return INVALID;
const v7 = v5["timeZone"];
if (typeof v7 !== "string") return INVALID;
const v8 = { "now": v6, "timeZone": v7 };
const v9 = input["initialWorld"];
if (typeof v9 !== "object" || v9 === null || Array.isArray(v9)) return INVALID;
const v10 = v9["tables"];
if (!c0(v10)) return INVALID;
const v11 = {};
const v14 = Object.getOwnPropertySymbols(v10);
const v15 = Object.getOwnPropertyNames(v10);
for (let v16 = 0; v16 < v15.length; v16++) {
  const v12 = v15[v16];
  if (v12 === "__proto__" || !c1.call(v10, v12)) continue;
  const v13 = v10[v12];
  if (!Array.isArray(v13)) return INVALID;
  const v17 = new Array(v13.length);
  for (let v18 = 0; v18 < v13.length; v18++) {
    const v19 = v13[v18];
    if (!c0(v19)) return INVALID;
    const v20 = {};
    const v23 = Object.getOwnPropertySymbols(v19);
    const v24 = Object.getOwnPropertyNames(v19);
    for (let v25 = 0; v25 < v24.length; v25++) {
      const v21 = v24[v25];
      if (v21 === "__proto__" || !c1.call(v19, v21)) continue;
      const v22 = v19[v21];
      v20[v21] = v22;
    }
    for (let v25 = 0; v25 < v23.length; v25++) {
      const v21 = v23[v25];
      if (!c1.call(v19, v21)) continue;
      return INVALID;
    }
    v17[v18] = v20;
  }
  v11[v12] = v17;
}
for (let v16 = 0; v16 < v14.length; v16++) {
  const v12 = v14[v16];
  if (!c1.call(v10, v12)) continue;
  return INVALID;
}
const v26 = { "tables": v11 };
for (const k in v9) {
  if (k === "__proto__") continue;
  if (c2.has(k)) continue;
  v26[k] = v9[k];
}
const v27 = input["messages"];
if (!Array.isArray(v27)) return INVALID;
const v28 = new Array(v27.length);
for (let v29 = 0; v29 < v27.length; v29++) {
  const v30 = v27[v29];
  if (typeof v30 !== "object" || v30 === null || Array.isArray(v30)) return INVALID;
  const v31 = v30["index"];
  if (typeof v31 !== "number" || !Number.isFinite(v31)) return INVALID;
  if (!Number.isSafeInteger(v31)) return INVALID;
  if (v31 < 0) return INVALID;
  const v32 = v30["type"];
  if (!c3.has(v32)) return INVALID;
  const v33 = v30["sender"];
  if (!c4.has(v33)) return INVALID;
  const v34 = v30["recipient"];
  if (!c4.has(v34)) return INVALID;
  const v35 = v30["visibleTo"];
  if (!Array.isArray(v35)) return INVALID;
  const v36 = new Array(v35.length);
  for (let v37 = 0; v37 < v35.length; v37++) {
    const v38 = v35[v37];
    if (!c4.has(v38)) return INVALID;
    v36[v37] = v38;
  }
  const v39 = { "index": v31, "type": v32, "sender": v33, "recipient": v34, "visibleTo": v36 };
  for (const k in v30) {
    if (k === "__proto__") continue;
    if (c5.has(k)) continue;
    v39[k] = v30[k];
  }
  v28[v29] = v39;
}
const v40 = input["firstEpisodeMessage"];
if (typeof v40 !== "number" || !Number.isFinite(v40)) return INVALID;
if (!Number.isSafeInteger(v40)) return INVALID;
if (v40 < 0) return INVALID;
const v41 = input["worldChanges"];
if (!Array.isArray(v41)) return INVALID;
const v42 = new Array(v41.length);
for (let v43 = 0; v43 < v41.length; v43++) {
  const v44 = v41[v43];
  if (typeof v44 !== "object" || v44 === null || Array.isArray(v44)) return INVALID;
  const v45 = v44["messageIndex"];
  if (typeof v45 !== "number" || !Number.isFinite(v45)) return INVALID;
  if (!Number.isSafeInteger(v45)) return INVALID;
  const v46 = v44["diff"];
  if (!c0(v46)) return INVALID;
  const v47 = {};
  const v50 = Object.getOwnPropertySymbols(v46);
  const v51 = Object.getOwnPropertyNames(v46);
  for (let v52 = 0; v52 < v51.length; v52++) {
    const v48 = v51[v52];
    if (v48 === "__proto__" || !c1.call(v46, v48)) continue;
    const v49 = v46[v48];
    v47[v48] = v49;
  }
  for (let v52 = 0; v52 < v50.length; v52++) {
    const v48 = v50[v52];
    if (!c1.call(v46, v48)) continue;
    return INVALID;
  }
  const v53 = { "messageIndex": v45, "diff": v47 };
  for (const k in v44) {
    if (k === "__proto__") continue;
    if (c6.has(k)) continue;
    v53[k] = v44[k];
  }
  v42[v43] = v53;
}
const v54 = input["traces"];
if (!Array.isArray(v54)) return INVALID;
const v55 = new Array(v54.length);
for (let v56 = 0; v56 < v54.length; v56++) {
  const v57 = v54[v56];
  if (typeof v57 !== "object" || v57 === null || Array.isArray(v57)) return INVALID;
  const v58 = v57["callId"];
  if (typeof v58 !== "string") return INVALID;
  const v59 = v57["callMessageIndex"];
  if (typeof v59 !== "number" || !Number.isFinite(v59)) return INVALID;
  const v60 = v57["resultMessageIndex"];
  if (typeof v60 !== "number" || !Number.isFinite(v60)) return INVALID;
  const v61 = { "callId": v58, "callMessageIndex": v59, "resultMessageIndex": v60 };
  for (const k in v57) {
    if (k === "__proto__") continue;
    if (c7.has(k)) continue;
    v61[k] = v57[k];
  }
  v55[v56] = v61;
}
const v62 = input["diagnostics"];
if (typeof v62 !== "object" || v62 === null || Array.isArray(v62)) return INVALID;
const v63 = v62["counts"];
if (!c0(v63)) return INVALID;
const v64 = {};
const v67 = Object.getOwnPropertySymbols(v63);
const v68 = Object.getOwnPropertyNames(v63);
for (let v69 = 0; v69 < v68.length; v69++) {
  const v65 = v68[v69];
  if (v65 === "__proto__" || !c1.call(v63, v65)) continue;
  const v66 = v63[v65];
  if (typeof v66 !== "number" || !Number.isFinite(v66)) return INVALID;
  v64[v65] = v66;
}
for (let v69 = 0; v69 < v67.length; v69++) {
  const v65 = v67[v69];
  if (!c1.call(v63, v65)) continue;
  return INVALID;
}
const v70 = v62["findings"];
if (!Array.isArray(v70)) return INVALID;
const v71 = new Array(v70.length);
for (let v72 = 0; v72 < v70.length; v72++) {
  const v73 = v70[v72];
  v71[v72] = v73;
}
const v74 = { "counts": v64, "findings": v71 };
for (const k in v62) {
  if (k === "__proto__") continue;
  if (c8.has(k)) continue;
  v74[k] = v62[k];
}
const v75 = input["termination"];
const v76 = v75?.["type"];
let v77;
if (v76 === "user-ended") {
  if (typeof v75 !== "object" || v75 === null || Array.isArray(v75)) return INVALID;
  const v78 = v75["type"];
  if (v78 !== "user-ended") return INVALID;
  const v79 = { "type": v78 };
  for (const k in v75) {
    if (k === "__proto__") continue;
    if (c9.has(k)) continue;
    v79[k] = v75[k];
  }
  v77 = v79;
}
else if (v76 === "max-messages") {
  if (typeof v75 !== "object" || v75 === null || Array.isArray(v75)) return INVALID;
  const v80 = v75["type"];
  if (v80 !== "max-messages") return INVALID;
  const v81 = v75["limit"];
  if (typeof v81 !== "number" || !Number.isFinite(v81)) return INVALID;
  const v82 = { "type": v80, "limit": v81 };
  for (const k in v75) {
    if (k === "__proto__") continue;
    if (c10.has(k)) continue;
    v82[k] = v75[k];
  }
  v77 = v82;
}
else if (v76 === "agent-failure") {
  if (typeof v75 !== "object" || v75 === null || Array.isArray(v75)) return INVALID;
  const v83 = v75["type"];
  if (v83 !== "agent-failure") return INVALID;
  const v84 = v75["message"];
  if (typeof v84 !== "string") return INVALID;
  const v85 = { "type": v83, "message": v84 };
  for (const k in v75) {
    if (k === "__proto__") continue;
    if (c11.has(k)) continue;
    v85[k] = v75[k];
  }
  v77 = v85;
}
else if (v76 === "infrastructure-failure") {
  if (typeof v75 !== "object" || v75 === null || Array.isArray(v75)) return INVALID;
  const v86 = v75["type"];
  if (v86 !== "infrastructure-failure") return INVALID;
  const v87 = v75["message"];
  if (typeof v87 !== "string") return INVALID;
  const v88 = { "type": v86, "message": v87 };
  for (const k in v75) {
    if (k === "__proto__") continue;
    if (c12.has(k)) continue;
    v88[k] = v75[k];
  }
  v77 = v88;
}
else { return INVALID; }
const v89 = input["timing"];
if (typeof v89 !== "object" || v89 === null || Array.isArray(v89)) return INVALID;
const v90 = v89["startedAt"];
if (typeof v90 !== "string") return INVALID;
const v91 = v89["endedAt"];
if (typeof v91 !== "string") return INVALID;
const v92 = v89["durationMs"];
if (typeof v92 !== "number" || !Number.isFinite(v92)) return INVALID;
const v93 = { "startedAt": v90, "endedAt": v91, "durationMs": v92 };
for (const k in v89) {
  if (k === "__proto__") continue;
  if (c13.has(k)) continue;
  v93[k] = v89[k];
}
const v94 = { "formatVersion": v0, "episodeId": v1, "agent": v2, "user": v3, "seed": v4, "clock": v8, "initialWorld": v26, "messages": v28, "firstEpisodeMessage": v40, "worldChanges": v42, "traces": v55, "diagnostics": v74, "termination": v77, "timing": v93 };
for (const k in input) {
  if (k === "__proto__") continue;
  if (c14.has(k)) continue;
  v94[k] = input[k];
}
return v94;
})(NOT_SURE, isPlainObject, Object.prototype.propertyIsEnumerable, new Set(["tables"]), new Set(["text","tool-call","tool-result"]), new Set(["system","user","agent","executor"]), new Set(["index","type","sender","recipient","visibleTo"]), new Set(["messageIndex","diff"]), new Set(["callId","callMessageIndex","resultMessageIndex"]), new Set(["counts","findings"]), new Set(["type"]), new Set(["type","limit"]), new Set(["type","message"]), new Set(["type","message"]), new Set(["startedAt","endedAt","durationMs"]), new Set(["formatVersion","episodeId","agent","user","seed","clock","initialWorld","messages","firstEpisodeMessage","worldChanges","traces","diagnostics","termination","timing"]));
