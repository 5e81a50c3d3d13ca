import { Link } from 'react-router';
import type { CurrentUser } from '../../lib/models.ts';
import { useBranding } from '../../lib/use-branding.ts';
import { BrandLogo } from './BrandLogo.tsx';
import { SettingsMenu } from './SettingsMenu.tsx';
import { UserMenu } from './UserMenu.tsx';
import './header.css';

/** Application header: logo to /gateway, settings (administrators) and the user menu. */
export function AppHeader({
  user,
  isAdministrator,
}: {
  user: CurrentUser;
  isAdministrator: boolean;
}) {
  const branding = useBranding();
  return (
    <header className="vt-header">
      <Link to="/gateway" aria-label={`${branding.productName}: inicio`}>
        <BrandLogo />
      </Link>
      <nav className="vt-header__actions" aria-label="Menú principal">
        {isAdministrator && <SettingsMenu />}
        <UserMenu user={user} />
      </nav>
    </header>
  );
}
