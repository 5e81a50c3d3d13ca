import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createExportHandles } from './export-handles.ts';

describe('export handles', () => {
  const handles = createExportHandles(randomBytes(32));
  const biId = 'Mi9C5419i/abc+PS4=';

  it('give the BI export id back to the user who started it, for that report only', () => {
    const handle = handles.issue(7, 'u-1', biId);
    expect(handles.open(7, 'u-1', handle)).toBe(biId);
    expect(handles.open(8, 'u-1', handle)).toBeUndefined();
    expect(handles.open(7, 'u-2', handle)).toBeUndefined();
  });

  it('refuse a changed id, a bare BI id and a handle made with another key', () => {
    const handle = handles.issue(7, 'u-1', biId);
    expect(handles.open(7, 'u-1', `${handle}x`)).toBeUndefined();
    expect(handles.open(7, 'u-1', biId)).toBeUndefined();
    expect(handles.open(7, 'u-1', '')).toBeUndefined();
    const other = createExportHandles(randomBytes(32)).issue(7, 'u-1', biId);
    expect(handles.open(7, 'u-1', other)).toBeUndefined();
  });
});
