import { describe, expect, it } from 'vitest';
import { studioLayout } from './studio-layout.js';

describe('studioLayout', () => {
  it('stacks everything at 80×24, leaving a row so Ink never clears the screen', () => {
    const layout = studioLayout({ columns: 80, rows: 24 }, []);
    expect(layout).toMatchObject({ width: 80, height: 23, sidebarWidth: 0, mainWidth: 80, paneRows: 19, sideBySide: false });
  });

  it('puts the file lists beside the panes and compares side by side in a large terminal', () => {
    const layout = studioLayout({ columns: 160, rows: 50 }, []);
    expect(layout.sidebarWidth).toBeGreaterThan(0);
    expect(layout.mainWidth).toBe(160 - layout.sidebarWidth);
    expect(layout.sideBySide).toBe(true);
  });

  it('gives the whole width to a comparison, side by side from 100 columns', () => {
    expect(studioLayout({ columns: 125, rows: 40 }, [], { comparing: true })).toMatchObject({ sidebarWidth: 0, mainWidth: 125, sideBySide: true });
    expect(studioLayout({ columns: 99, rows: 40 }, [], { comparing: true }).sideBySide).toBe(false);
  });

  it('makes room for problem lines, wrapped, up to a limit', () => {
    expect(studioLayout({ columns: 80, rows: 24 }, ['x'.repeat(100)]).problemRows).toBe(2);
    expect(studioLayout({ columns: 80, rows: 24 }, Array.from({ length: 20 }, () => 'short')).problemRows).toBe(5);
  });

  it('gives the privacy line a row of the status bar, taken from the pane', () => {
    const without = studioLayout({ columns: 80, rows: 24 }, []);
    const withLine = studioLayout({ columns: 80, rows: 24 }, [], { privacyLine: true });
    expect([without.statusRows, withLine.statusRows]).toEqual([2, 3]);
    expect(withLine.paneRows).toBe(without.paneRows - 1);
  });
});
