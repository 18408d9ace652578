// File names as the studio shows them: relative to the working directory, so that problems read
// `profiles/checkout.yaml:7:9 ...` as in `recap validate`.

import path from 'node:path';

export const PROFILE_EXTENSIONS: readonly string[] = ['.yaml', '.yml'];
export const SESSION_EXTENSIONS: readonly string[] = ['.json'];
/** The privacy rules beside the profiles (as `recap run` looks for them): never listed as a profile. */
export const PRIVACY_FILE_NAME = 'privacy.yaml';

/** `absolute` relative to `cwd` when inside it, else absolute; always with `/`. */
export function displayPath(cwd: string, absolute: string): string {
  const relative = path.relative(cwd, absolute);
  const shown = relative === '' || relative.startsWith('..') || path.isAbsolute(relative) ? absolute : relative;
  return shown.split(path.sep).join('/');
}

export function absolutePath(cwd: string, shown: string): string {
  return path.resolve(cwd, shown);
}

export function hasExtension(file: string, extensions: readonly string[]): boolean {
  const lower = file.toLowerCase();
  return extensions.some((extension) => lower.endsWith(extension));
}

/**
 * The privacy rules file as shown: `--privacy FILE` when given, else privacy.yaml in the profiles
 * folder, which is beside every profile the studio lists.
 */
export function privacyFilePath(cwd: string, profilesFolder: string, privacyFile?: string): string {
  return displayPath(cwd, path.resolve(cwd, privacyFile ?? path.join(profilesFolder, PRIVACY_FILE_NAME)));
}
