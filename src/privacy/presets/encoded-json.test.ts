import { describe, expect, it } from 'vitest';
import { findPresetMatches, PRESET_NAMES, type PresetName } from '../presets.js';
import { encodedJsonIn } from './encoded-json.js';

const base64 = (value: unknown, alphabet: 'base64' | 'base64url' = 'base64url') => Buffer.from(JSON.stringify(value)).toString(alphabet);
const all = new Set<PresetName>(PRESET_NAMES);
const found = (text: string, presets: ReadonlySet<PresetName> = all) => findPresetMatches(text, presets).map(({ start, end, preset }) => [text.slice(start, end), preset]);

describe('a JSON object written in base64', () => {
  it('is replaced whole by the placeholder of what the presets find in it, wherever it stands', () => {
    const state = base64({ email: 'ada@example.com', next: '/settings' });
    expect(found(`https://app.example/auth/callback?state=${state}&lang=en`)).toEqual([[state, 'email']]);
    const embed = base64({ user: 'bob', phone: '+44 20 7946 0958' });
    expect(found(`https://app.example/embed/${embed}/view`)).toEqual([[embed, 'phone']]);
    // Standard base64 with its padding, and the padding escaped as a URL writes it.
    const cookie = base64({ id: 'u-1', traits: { card: '4111 1111 1111 1111' } }, 'base64');
    expect(found(`ajs_user=${cookie}; theme=dark`)).toEqual([[cookie, 'card']]);
    const escaped = encodeURIComponent(base64({ e: 'ada@example.com' }, 'base64'));
    expect(escaped).toContain('%3D');
    expect(found(`?t=${escaped}`)).toEqual([[escaped, 'email']]);
    // Under the preset alone that finds something in it.
    expect(found(`?state=${state}`, new Set(['email']))).toEqual([[state, 'email']]);
    expect(found(`?state=${state}`, new Set(['phone']))).toEqual([]);
  });

  it('is left as it is when the presets find nothing in it, and is no JWT', () => {
    const plain = base64({ dashboard: 12, params: { range: 'Last 7 days' } });
    expect(found(`https://app.example/embed/${plain}/view`)).toEqual([]);
    expect(found('eyJnot-base64-json-at-all and eyJ')).toEqual([]);
    // A JWT is the secret preset's, whole: its segments are not read apart.
    const jwt = `eyJhbGciOiJIUzI1NiJ9.${base64({ email: 'ada@example.com' })}.c2lnbmF0dXJlMTIz`;
    expect(found(`Bearer ${jwt}`)).toEqual([[jwt, 'secret']]);
    expect(found(`Bearer ${jwt}`, new Set(['email']))).toEqual([]);
  });

  it('reads a token that runs on into a path as the part that decodes', () => {
    const token = base64({ user: 'ada@example.com' });
    expect(encodedJsonIn(`/e/${token}/next`)).toEqual([{ start: 3, end: 3 + token.length, decoded: '{"user":"ada@example.com"}' }]);
  });
});
