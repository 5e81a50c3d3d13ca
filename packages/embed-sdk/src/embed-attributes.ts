/** The container attributes 2.8.0 reads as config fallbacks (declarative embedding). */
export const embedAttributes = {
  accessToken: 'powerbi-access-token',
  embedUrl: 'powerbi-embed-url',
  name: 'powerbi-name',
  type: 'powerbi-type',
} as const;
