import { describe, expect, it } from 'vitest';
import { editorMessagesFor } from './editor-messages.ts';

/** Words that are the same in both languages. */
const SAME_IN_BOTH = new Set(['KPI']);

/** Every text as `path: value`, nested groups (roles, types, legend positions…) included. */
function texts(messages: object, prefix = ''): Map<string, string> {
  const found = new Map<string, string>();
  for (const [key, value] of Object.entries(messages)) {
    if (typeof value === 'string') found.set(prefix + key, value);
    else if (typeof value === 'function') found.set(prefix + key, String(value(1)));
    else for (const [k, v] of texts(value as object, `${prefix}${key}.`)) found.set(k, v);
  }
  return found;
}

describe('editor texts', () => {
  it('has every text in English, none left in Spanish', () => {
    const es = texts(editorMessagesFor('es'));
    const en = texts(editorMessagesFor('en'));
    expect([...en.keys()]).toEqual([...es.keys()]);
    const untranslated = [...es].filter(([key, text]) => en.get(key) === text);
    expect(untranslated.filter(([, text]) => !SAME_IN_BOTH.has(text))).toEqual([]);
    expect(en.get('legendPositions.TopCenter')).toBe('Top center');
    expect(es.get('legendPositions.Top')).toBe('Arriba');
  });
});
