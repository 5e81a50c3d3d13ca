import { DownOutlined, UserOutlined } from '@ant-design/icons';
import { Button, Dropdown, type MenuProps } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { AboutModal } from '../../features/about/components/AboutModal.tsx';
import { signOut } from '../../features/auth/api/auth-api.ts';
import { ChangePasswordModal } from '../../features/auth/components/ChangePasswordModal.tsx';
import type { CurrentUser } from '../../lib/models.ts';

/** User dropdown (spec §2): first and last name; Cambiar contraseña, Acerca de, Cerrar sesión. */
export function UserMenu({ user }: { user: CurrentUser }) {
  const navigate = useNavigate();
  const [modal, setModal] = useState<'password' | 'about' | null>(null);
  const items: MenuProps['items'] = [
    { key: 'subscriptions', label: 'Mis suscripciones' },
    { key: 'password', label: 'Cambiar contraseña' },
    { key: 'about', label: 'Acerca de' },
    { type: 'divider' },
    { key: 'logout', label: 'Cerrar sesión' },
  ];
  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'subscriptions') {
      void navigate('/subscriptions');
    } else if (key === 'logout') {
      void signOut().then(() => navigate('/', { replace: true }));
    } else {
      setModal(key as 'password' | 'about');
    }
  };
  const fullName = `${user.firstname} ${user.lastname}`;
  return (
    <>
      <Dropdown menu={{ items, onClick }} trigger={['click']}>
        <Button type="text" icon={<UserOutlined />} aria-label={`Usuario: ${fullName}`}>
          <span className="vt-header__username">{fullName}</span>
          <DownOutlined style={{ fontSize: 10 }} />
        </Button>
      </Dropdown>
      <ChangePasswordModal open={modal === 'password'} onClose={() => setModal(null)} />
      <AboutModal open={modal === 'about'} onClose={() => setModal(null)} />
    </>
  );
}
