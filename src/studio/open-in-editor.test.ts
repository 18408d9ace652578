import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { editorCommand, editorInvocation, openInEditor } from './open-in-editor.js';

let directory: string | undefined;
afterEach(() => {
  if (directory !== undefined) rmSync(directory, { recursive: true, force: true });
});

describe('editorCommand', () => {
  it('takes $VISUAL, then $EDITOR, then vi', () => {
    expect(editorCommand({ VISUAL: 'code --wait', EDITOR: 'nano' })).toBe('code --wait');
    expect(editorCommand({ VISUAL: ' ', EDITOR: 'nano' })).toBe('nano');
    expect(editorCommand({})).toBe('vi');
  });
});

describe('editorInvocation', () => {
  it('runs the command through the shell with the file as its argument, as git does', () => {
    expect(editorInvocation('code --wait', '/p/a b.yaml', 'linux')).toEqual({ program: 'sh', args: ['-c', 'code --wait "$@"', 'code --wait', '/p/a b.yaml'], shell: false });
  });
});

describe('openInEditor', () => {
  it('runs an editor whose quoted path holds spaces, and hands it a file name with spaces and quotes whole', () => {
    directory = mkdtempSync(path.join(tmpdir(), 'recap-editor-'));
    const folder = path.join(directory, 'My Editor');
    mkdirSync(folder);
    const editor = path.join(folder, 'edit');
    const seen = path.join(directory, 'arguments.json');
    writeFileSync(editor, `#!/usr/bin/env node\nrequire('node:fs').writeFileSync(${JSON.stringify(seen)}, JSON.stringify(process.argv.slice(2)));\n`);
    chmodSync(editor, 0o755);
    const file = path.join(directory, "it's $HOME `x`.yaml");
    writeFileSync(file, 'name: x\n');
    const result = openInEditor(file, { EDITOR: `"${editor}" --wait` });
    expect(result).toEqual({ ok: true });
    expect(JSON.parse(readFileSync(seen, 'utf8'))).toEqual(['--wait', file]);
  });

  it('says when the editor cannot be found', () => {
    const result = openInEditor('/nowhere/profile.yaml', { EDITOR: '/nowhere/no-such-editor' });
    expect(result).toEqual({ ok: false, message: 'could not start the editor "/nowhere/no-such-editor" (not found); set $EDITOR' });
  });
});
