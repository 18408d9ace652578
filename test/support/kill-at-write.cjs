// Preloaded into a child recap process (NODE_OPTIONS=--require) by the crash tests: counts every
// change the process makes to files under RECAP_TEST_KILL_ROOT (a write, an append, a rename, a
// link, an unlink, a truncate, a new folder) and SIGKILLs the process at the RECAP_TEST_KILL_AT-th
// one, so that a test stops a command at a chosen write without depending on timing.
//   RECAP_TEST_KILL_MODE  before: killed before the change; torn: half of the data written, then
//                         killed (a write cut short); after: killed right after the change.
//   RECAP_TEST_KILL_LOG   a file (outside the root) that gets one line per change: the counting run.
// Test support only: recap's own code has no kill switch.
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const { syncBuiltinESMExports } = require('node:module');

const root = process.env.RECAP_TEST_KILL_ROOT;
const killAt = Number(process.env.RECAP_TEST_KILL_AT ?? '0');
const mode = process.env.RECAP_TEST_KILL_MODE ?? 'before';
const log = process.env.RECAP_TEST_KILL_LOG;
const original = { appendFileSync: fs.appendFileSync };
let count = 0;

const inRoot = (file) => root !== undefined && typeof file === 'string' && path.resolve(file).startsWith(root + path.sep);
const die = () => process.kill(process.pid, 'SIGKILL');

/** Counts one change of `file`; `half` writes the cut-short part (torn mode); `change` does it. */
function point(operation, file, change, half) {
  if (!inRoot(file)) return change();
  count++;
  if (log !== undefined) original.appendFileSync(log, `${count} ${operation} ${path.relative(root, path.resolve(file))}\n`);
  if (count !== killAt) return change();
  if (mode === 'before') die();
  if (mode === 'torn') {
    if (half !== undefined) {
      const done = half();
      if (done !== null && typeof done === 'object' && typeof done.then === 'function') return done.then(die);
    }
    die();
  }
  const result = change();
  if (result !== null && typeof result === 'object' && typeof result.then === 'function') return result.then((value) => (die(), value));
  die();
  return result;
}

const halfOf = (data) => (typeof data === 'string' ? data.slice(0, Math.floor(data.length / 2)) : Buffer.from(data).subarray(0, Math.floor(data.length / 2)));
const isWriteFlag = (flags) => typeof flags === 'string' && /[wa+]/.test(flags);
const handles = new WeakMap();
const descriptors = new Map();

function wrapHandle(handle, file) {
  handles.set(handle, file);
  const write = handle.write.bind(handle);
  const writeFile = handle.writeFile.bind(handle);
  const truncate = handle.truncate.bind(handle);
  handle.write = (data, ...rest) => point('write', file, () => write(data, ...rest), () => write(halfOf(data)));
  handle.writeFile = (data, ...rest) => point('write', file, () => writeFile(data, ...rest), () => writeFile(halfOf(data)));
  handle.appendFile = handle.writeFile;
  handle.truncate = (...rest) => point('truncate', file, () => truncate(...rest));
  return handle;
}

const promises = fs.promises;
const p = Object.fromEntries(['writeFile', 'appendFile', 'rename', 'link', 'unlink', 'truncate', 'mkdir', 'rm', 'open', 'copyFile', 'symlink'].map((name) => [name, promises[name]]));
promises.writeFile = (file, data, options) => point('writeFile', file, () => p.writeFile(file, data, options), () => p.writeFile(file, halfOf(data), options));
promises.appendFile = (file, data, options) => point('appendFile', file, () => p.appendFile(file, data, options), () => p.appendFile(file, halfOf(data), options));
promises.rename = (from, to) => point('rename', to, () => p.rename(from, to));
promises.link = (from, to) => point('link', to, () => p.link(from, to));
promises.unlink = (file) => point('unlink', file, () => p.unlink(file));
promises.truncate = (file, length) => point('truncate', file, () => p.truncate(file, length));
promises.mkdir = (file, options) => point('mkdir', file, () => p.mkdir(file, options));
promises.rm = (file, options) => point('rm', file, () => p.rm(file, options));
promises.copyFile = (from, to, flags) => point('copyFile', to, () => p.copyFile(from, to, flags));
promises.symlink = (target, file, type) => point('symlink', file, () => p.symlink(target, file, type));
promises.open = async (file, flags, modeBits) => {
  const open = () => p.open(file, flags, modeBits);
  const handle = isWriteFlag(flags) ? await point(`open:${flags}`, file, open) : await open();
  return inRoot(file) ? wrapHandle(handle, file) : handle;
};

const s = Object.fromEntries(['writeFileSync', 'appendFileSync', 'renameSync', 'linkSync', 'unlinkSync', 'truncateSync', 'mkdirSync', 'rmSync', 'openSync', 'writeSync'].map((name) => [name, fs[name]]));
fs.writeFileSync = (file, data, options) => point('writeFileSync', file, () => s.writeFileSync(file, data, options), () => s.writeFileSync(file, halfOf(data), options));
fs.appendFileSync = (file, data, options) => point('appendFileSync', file, () => s.appendFileSync(file, data, options), () => s.appendFileSync(file, halfOf(data), options));
fs.renameSync = (from, to) => point('renameSync', to, () => s.renameSync(from, to));
fs.linkSync = (from, to) => point('linkSync', to, () => s.linkSync(from, to));
fs.unlinkSync = (file) => point('unlinkSync', file, () => s.unlinkSync(file));
fs.truncateSync = (file, length) => point('truncateSync', file, () => s.truncateSync(file, length));
fs.mkdirSync = (file, options) => point('mkdirSync', file, () => s.mkdirSync(file, options));
fs.rmSync = (file, options) => point('rmSync', file, () => s.rmSync(file, options));
fs.openSync = (file, flags, modeBits) => {
  const open = () => s.openSync(file, flags, modeBits);
  const descriptor = isWriteFlag(flags) ? point(`openSync:${flags}`, file, open) : open();
  if (inRoot(file)) descriptors.set(descriptor, file);
  return descriptor;
};
fs.writeSync = (descriptor, data, ...rest) => {
  const file = descriptors.get(descriptor);
  if (file === undefined) return s.writeSync(descriptor, data, ...rest);
  return point('writeSync', file, () => s.writeSync(descriptor, data, ...rest), () => s.writeSync(descriptor, halfOf(data)));
};
syncBuiltinESMExports();
