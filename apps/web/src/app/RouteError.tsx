import { useRouteError } from 'react-router';

/** Last-resort screen when a route chunk fails to load (for example after a redeploy). */
export function RouteError() {
  const error = useRouteError();
  const message = error instanceof Error ? error.message : 'Error inesperado.';
  return (
    <main style={{ padding: 32, fontFamily: 'sans-serif' }}>
      <h1>Algo salió mal</h1>
      <p>{message}</p>
      <a href="/gateway">Volver al inicio</a>
    </main>
  );
}
