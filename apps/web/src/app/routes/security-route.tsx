import { Outlet } from 'react-router';
import { BrandLogo } from '../layouts/BrandLogo.tsx';
import '../layouts/header.css';

/** Security layout: branded header over the centred login card. */
export function SecurityRoute() {
  return (
    <div style={{ minHeight: '100%', display: 'flex', flexDirection: 'column' }}>
      <header className="vt-header">
        <BrandLogo />
      </header>
      <main
        style={{
          flex: 1,
          display: 'flex',
          justifyContent: 'center',
          alignItems: 'flex-start',
          padding: '10vh 16px',
        }}
      >
        <Outlet />
      </main>
    </div>
  );
}
