/** The frame's React screen, mounted on the page's root once this chunk has arrived. */
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';
import type { Frame } from './boot.ts';

export function renderApp({ session, editor }: Frame): void {
  createRoot(document.getElementById('root')!).render(<App session={session} editor={editor} />);
}
