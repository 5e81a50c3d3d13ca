import { Button, Result } from 'antd';
import { Link } from 'react-router';

export function NotFoundRoute() {
  return (
    <Result
      status="404"
      title="Página no encontrada"
      extra={
        <Link to="/gateway">
          <Button type="primary">Ir al inicio</Button>
        </Link>
      }
    />
  );
}
