// @ts-nocheck
// Written by `TOOLGAUGE_WRITE_PARSERS=1 npx vitest run src/engine/compiled-parser-source.test.ts`: do not edit.
// What zod's compiled parsers use.

/** What a parser returns when it is not sure the value fits: the zod schema decides (and names the field). */
export const NOT_SURE = Symbol('not sure');

function isObject(data) {
    return typeof data === "object" && data !== null && !Array.isArray(data);
}

export function isPlainObject(o) {
    if (isObject(o) === false)
        return false;
    // modified constructor
    const ctor = o.constructor;
    if (ctor === undefined)
        return true;
    if (typeof ctor !== "function")
        return true;
    // modified prototype
    const prot = ctor.prototype;
    if (isObject(prot) === false)
        return false;
    // ctor doesn't have static `isPrototypeOf`
    if (Object.prototype.hasOwnProperty.call(prot, "isPrototypeOf") === false) {
        return false;
    }
    return true;
}
