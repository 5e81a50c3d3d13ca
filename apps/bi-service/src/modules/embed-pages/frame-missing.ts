/** Shown by the embed pages when the report frame has not been built (status 503). */
export const frameMissingPage = `<!doctype html>
<html lang="es">
  <head>
    <meta charset="utf-8" />
    <title>Visor no disponible</title>
    <style>
      body { font-family: system-ui, sans-serif; margin: 2rem; color: #1f1f1f; }
      code { background: #f0f0f0; padding: 0 0.25rem; }
    </style>
  </head>
  <body>
    <h1>El visor de informes no está compilado</h1>
    <p>Ejecute <code>npm run build</code> (o <code>npm start</code>, que compila lo necesario) y recargue la página.</p>
    <hr />
    <p lang="en">The report frame is not built. Run <code>npm run build</code> (or <code>npm start</code>) and reload.</p>
  </body>
</html>
`;
