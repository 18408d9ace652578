// The top line: the tool, and the selected profile and session (picked with p and s). When the
// line is too long for the width, the tool's name goes first, then the key hints, so that the two
// file names stay whole as long as they can.

import { Text } from 'ink';
import { printable } from './printable.js';
import { useTheme } from './theme-context.js';

export interface HeaderProps {
  readonly profile: string | undefined;
  readonly session: string | undefined;
  /** The profile's `name:` field, if any. */
  readonly profileTitle: string | undefined;
  /** Columns for the line. */
  readonly width: number;
}

/** The file's name as drawn: a name may hold control characters, shown as escapes. */
const base = (file: string | undefined) => (file === undefined ? '—' : printable(file.split('/').at(-1) ?? file));

const TOOL = 'recap studio  ';

export function Header({ profile, session, profileTitle, width }: HeaderProps) {
  const theme = useTheme();
  const profileName = base(profile);
  const sessionName = base(session);
  const files = `profile ${profileName}  session ${sessionName}`.length;
  const hints = ' (p)'.length + ' (s)'.length;
  const withTool = TOOL.length + files + hints <= width;
  const withHints = withTool || files + hints <= width;
  return (
    <Text wrap="truncate-end">
      {withTool ? (
        <Text bold {...theme.text('heading')}>
          recap studio
        </Text>
      ) : null}
      <Text dimColor>{withTool ? '  profile ' : 'profile '}</Text>
      <Text bold>{profileName}</Text>
      <Text dimColor>{withHints ? ' (p)  session ' : '  session '}</Text>
      <Text bold>{sessionName}</Text>
      {withHints ? <Text dimColor>{' (s)'}</Text> : null}
      {profileTitle === undefined ? null : <Text dimColor>{`  · ${printable(profileTitle)}`}</Text>}
    </Text>
  );
}
