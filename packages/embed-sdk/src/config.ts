/** The SDK identity sent on every request as the `x-sdk-type` and `x-sdk-version` headers. */
export const config = {
  version: '2.8.0',
  type: 'js',
} as const;
