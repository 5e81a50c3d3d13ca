import { RightOutlined, SettingOutlined } from '@ant-design/icons';
import { Button, Dropdown, type MenuProps } from 'antd';
import { useNavigate } from 'react-router';

const items: MenuProps['items'] = [
  { key: '/administration/account', label: 'Cuentas' },
  { key: '/administration/user', label: 'Usuarios' },
  { key: '/administration/data', label: 'Datos' },
  { key: '/subscriptions', label: 'Suscripciones' },
  { key: '/administration/usage', label: 'Uso' },
  { key: '/administration/access-reviews', label: 'Revisiones de acceso' },
  {
    key: 'permissions',
    label: 'Permisos',
    children: [
      { key: '/administration/permission/user', label: 'Por usuario' },
      { key: '/administration/permission/report', label: 'Por reporte' },
    ],
  },
  { key: '/administration/audit', label: 'Auditoría' },
];

/** Settings dropdown, shown to administrators only (spec §2). */
export function SettingsMenu() {
  const navigate = useNavigate();
  return (
    <Dropdown
      menu={{
        items,
        onClick: ({ key }) => navigate(key),
        // A decorative arrow: without aria-hidden the submenu would be announced as "Permisos right".
        expandIcon: <RightOutlined aria-hidden className="ant-dropdown-menu-submenu-arrow-icon" />,
      }}
      trigger={['click']}
    >
      <Button type="text" icon={<SettingOutlined />} aria-label="Administración" />
    </Dropdown>
  );
}
