import { cleanup, render } from 'ink-testing-library';
import { afterEach, describe, expect, it } from 'vitest';
import { Header } from './Header.js';

afterEach(() => {
  cleanup();
});

describe('Header', () => {
  it('shows the tool, both files and their keys when they fit', () => {
    const { lastFrame } = render(<Header profile="profiles/plain-summary.yaml" session="sessions-fixtures/checkout-abandon.json" profileTitle={undefined} width={80} />);
    expect(lastFrame()).toBe('recap studio  profile plain-summary.yaml (p)  session checkout-abandon.json (s)');
  });

  it('gives up the tool name, then the key hints, before a file name is cut', () => {
    const long = render(<Header profile="profiles/friction-report.yaml" session="sessions-fixtures/form-validation-errors.json" profileTitle={undefined} width={80} />);
    expect(long.lastFrame()).toBe('profile friction-report.yaml (p)  session form-validation-errors.json (s)');
    const longer = render(<Header profile="profiles/friction-report.yaml" session="sessions-fixtures/form-validation-errors-2026.json" profileTitle={undefined} width={70} />);
    expect(longer.lastFrame()).toBe('profile friction-report.yaml  session form-validation-errors-2026.json');
  });
});
