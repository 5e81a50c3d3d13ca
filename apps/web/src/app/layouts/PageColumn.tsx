import type { ReactNode } from 'react';

/** The column a full page sits in: centred, at most 1400 px, with the same margin as every page. */
export function PageColumn({ children }: { children: ReactNode }) {
  return (
    <div
      style={{
        padding: 16,
        width: '100%',
        maxWidth: 1400,
        margin: '0 auto',
        boxSizing: 'border-box',
      }}
    >
      {children}
    </div>
  );
}
