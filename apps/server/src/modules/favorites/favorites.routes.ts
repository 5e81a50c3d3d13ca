import {
  favoriteParamsSchema,
  favoriteRequestSchema,
  favoriteResponseSchema,
} from '@vitrina/contracts';
import type { ApiModule } from '../../context.ts';
import { sessionUser } from '../../plugins/auth.ts';
import type { FavoritesService } from './favorites.service.ts';

/** The signed-in user's favorite reports. */
export const favoritesModule = (favorites: FavoritesService): ApiModule => ({
  name: 'favorites',
  tag: 'favoritos',
  register(app) {
    app.post(
      '/favorite',
      app.signedIn('Marca un informe visible como favorito del usuario que llama', {
        body: favoriteRequestSchema,
        response: { 200: favoriteResponseSchema },
      }),
      async (request) => favorites.add(sessionUser(request), request.body),
    );

    app.delete(
      '/favorite/:reportId',
      app.signedIn('Quita el informe de los favoritos del usuario que llama', {
        params: favoriteParamsSchema,
        response: { 200: favoriteResponseSchema },
      }),
      async (request) => favorites.remove(sessionUser(request), request.params.reportId),
    );
  },
});
