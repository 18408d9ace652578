// The top line: the tool, and the selected profile and session (picked with p and s).

import { Text } from 'ink';
import { useTheme } from './theme-context.js';

export interface HeaderProps {
  readonly profile: string | undefined;
  readonly session: string | undefined;
  /** The profile's `name:` field, if any. */
  readonly profileTitle: string | undefined;
}

const base = (file: string | undefined) => (file === undefined ? '—' : (file.split('/').at(-1) ?? file));

export function Header({ profile, session, profileTitle }: HeaderProps) {
  const theme = useTheme();
  return (
    <Text wrap="truncate-end">
      <Text bold {...theme.text('heading')}>recap studio</Text>
      <Text dimColor>{'  profile '}</Text>
      <Text bold>{base(profile)}</Text>
      <Text dimColor>{' (p)  session '}</Text>
      <Text bold>{base(session)}</Text>
      <Text dimColor>{' (s)'}</Text>
      {profileTitle === undefined ? null : <Text dimColor>{`  · ${profileTitle}`}</Text>}
    </Text>
  );
}
