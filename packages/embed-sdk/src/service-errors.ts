import { embedAttributes } from './embed-attributes.ts';
import type { IEmbedConfigurationBase } from './embed-types.ts';

/** The Service's errors, with 2.8.0's exact texts (typos and double spaces included). */

export function noType(config: IEmbedConfigurationBase, element: HTMLElement): Error {
  return new Error(
    `Attempted to embed using config ${JSON.stringify(config)} on element ${element.outerHTML}, but could not determine what type of component to embed. You must specify a type in the configuration or as an attribute such as '${embedAttributes.type}="report"'.`,
  );
}

export function unknownType(type: string): Error {
  return new Error(
    `Attempted to embed component of type: ${type} but did not find any matching component.  Please verify the type you specified is intended.`,
  );
}

export function notListed(config: IEmbedConfigurationBase, element: HTMLElement): Error {
  return new Error(
    `Attempted to embed using config ${JSON.stringify(config)} on element ${element.outerHTML} which already has embedded comopnent associated, but could not find the existing comopnent in the list of active components. This could indicate the embeds list is out of sync with the DOM, or the component is referencing the incorrect HTML element.`,
  );
}

/** 2.8.0 names the *service* config's type here, which is always undefined; kept verbatim. */
export function differentType(
  config: IEmbedConfigurationBase,
  element: HTMLElement,
  serviceType: string | undefined,
): Error {
  return new Error(
    `Embedding on an existing element with a different type than the previous embed object is not supported.  Attempted to embed using config ${JSON.stringify(config)} on element ${element.outerHTML}, but the existing element contains an embed of type: ${serviceType} which does not match the new type: ${config.type}`,
  );
}

export function noEmbed(element: HTMLElement): Error {
  return new Error(
    `You attempted to get an instance of powerbi component associated with element: ${element.outerHTML} but there was no associated instance.`,
  );
}

export function alreadyEmbedded(element: HTMLElement): Error {
  return new Error(
    `Attempted to bootstrap element ${element.outerHTML}, but the element is already a powerbi element.`,
  );
}
