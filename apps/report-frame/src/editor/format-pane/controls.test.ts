// @vitest-environment jsdom
import { act, createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { CommitField } from './controls.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const host = document.createElement('div');
document.body.append(host);
const root = createRoot(host);
afterEach(() => act(() => root.render(null)));

function show(value: string, commits: string[]) {
  act(() =>
    root.render(
      createElement(CommitField<string>, {
        label: 'Título',
        value,
        parse: (text: string) => text,
        commit: (v: string | undefined) => commits.push(v ?? '') > 0,
      }),
    ),
  );
  return host.querySelector('input')!;
}

/** Types as a user does: React reads the new value from the native input event. */
function type(input: HTMLInputElement, text: string) {
  const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
  act(() => {
    setValue.call(input, text);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

describe('a format pane text field', () => {
  it('applies what was typed on blur and on Enter, once, and not when nothing changed', () => {
    const commits: string[] = [];
    const input = show('Ventas', commits);
    act(() => input.focus());
    act(() => input.blur());
    expect(commits).toEqual([]);
    act(() => input.focus());
    type(input, 'Ventas por canal');
    act(() => input.blur());
    expect(commits).toEqual(['Ventas por canal']);
    type(input, 'Ventas netas');
    act(() => {
      input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    });
    expect(commits).toEqual(['Ventas por canal', 'Ventas netas']);
  });

  it('shows the definition again when it changes under it (undo), and Escape restores it', () => {
    const commits: string[] = [];
    let input = show('Ventas por canal', commits);
    type(input, 'Borrador');
    input = show('Ventas', commits);
    expect(input.value).toBe('Ventas');
    type(input, 'Otro');
    act(() => {
      input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    });
    expect(input.value).toBe('Ventas');
    expect(commits).toEqual([]);
  });
});
