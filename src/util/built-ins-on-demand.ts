/**
 * Node built-ins that a module needs only on some paths, loaded on first use. Importing `node:crypto`
 * costs ~5 ms and `node:child_process` ~3 ms (it brings net and dgram) at start-up, which every command and
 * importing the library paid whether it hashed or forked or not. `process.getBuiltinModule` returns the
 * module Node already has after the first call.
 */
export const crypto = () => process.getBuiltinModule('node:crypto');
export const childProcess = () => process.getBuiltinModule('node:child_process');
export const v8 = () => process.getBuiltinModule('node:v8');
