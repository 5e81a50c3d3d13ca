import type { IEmbedConfigurationBase } from './embed-types.ts';
import { embedAttributes } from './embed-attributes.ts';
import { findQueryIdInUrl } from './id-from-url.ts';
import { addParamToUrl, createRandomString } from './util.ts';

/** uniqueId: config → `powerbi-name` → random. */
export function resolveUniqueId(config: IEmbedConfigurationBase, element: HTMLElement): string {
  return config.uniqueId || element.getAttribute(embedAttributes.name) || createRandomString();
}

/** embedUrl: config → `powerbi-embed-url`, else 2.8.0's Error. */
export function resolveEmbedUrl(config: IEmbedConfigurationBase, element: HTMLElement): string {
  const embedUrl = config.embedUrl || element.getAttribute(embedAttributes.embedUrl);
  if (typeof embedUrl !== 'string' || embedUrl.length === 0) {
    throw new Error(
      `Embed Url is required, but it was not found. You must provide an embed url either as part of embed configuration or as attribute '${embedAttributes.embedUrl}'.`,
    );
  }
  return embedUrl;
}

/** accessToken: config → `powerbi-access-token` → the service's global token, else 2.8.0's Error. */
export function resolveAccessToken(
  config: IEmbedConfigurationBase,
  element: HTMLElement,
  globalAccessToken: string | undefined,
): string {
  const token =
    config.accessToken || element.getAttribute(embedAttributes.accessToken) || globalAccessToken;
  if (!token) {
    throw new Error(
      `No access token was found for element. You must specify an access token directly on the element using attribute '${embedAttributes.accessToken}' or specify a global token at: powerbi.accessToken.`,
    );
  }
  return token;
}

/** groupId: config → `groupId=` in the embed URL. */
export function resolveGroupId(config: IEmbedConfigurationBase): string | undefined {
  return config.groupId || findQueryIdInUrl('groupId', config.embedUrl ?? '');
}

/** Appends `language` then `formatLocale` from the locale settings, unencoded. */
export function withLocaleParams(embedUrl: string, config: IEmbedConfigurationBase): string {
  const locale = config.settings?.localeSettings;
  let url = embedUrl;
  if (locale?.language) url = addParamToUrl(url, 'language', locale.language);
  if (locale?.formatLocale) url = addParamToUrl(url, 'formatLocale', locale.formatLocale);
  return url;
}
